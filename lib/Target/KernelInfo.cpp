//===- KernelInfo.cpp - Launch facts of a gpu.func kernel -----------------===//
#include "cute/Target/KernelInfo.h"

#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/IR/CuteTensor.h"
#include "cute/Support/KernelMetadataSchema.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cute;
namespace key = ::cute::metadata::key;
namespace kind = ::cute::metadata::kind;

static std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

static std::array<int32_t, 3> dims(Attribute a) {
  std::array<int32_t, 3> d{1, 1, 1};
  if (auto arr = dyn_cast_or_null<DenseI32ArrayAttr>(a))
    for (size_t i = 0; i < std::min<size_t>(3, arr.size()); ++i)
      d[i] = arr[i];
  return d;
}

FailureOr<KernelInfo> mlir::cute::computeKernelInfo(gpu::GPUFuncOp fn) {
  KernelInfo k;
  k.name = fn.getName().str();
  // Both spellings: the discardable `gpu.known_block_size` kernels write in
  // `attributes {...}`, and gpu.func's inherent `known_block_size`.
  Attribute known =
      fn->getAttr(gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
  if (auto kb = fn.getKnownBlockSizeAttr())
    known = kb;
  k.block = dims(known);
  k.knownBlock = bool(known);
  k.cluster = dims(fn->getAttr(attrs::ClusterDims));
  if (auto ds = fn->getAttrOfType<IntegerAttr>(attrs::DynamicSmem))
    k.dynamicSmem = ds.getInt();
  for (BlockArgument a : fn.getWorkgroupAttributions()) {
    auto mt = dyn_cast<MemRefType>(a.getType());
    if (!mt || !mt.hasStaticShape()) {
      fn.emitError("kernel @") << k.name << ": workgroup attribution of type "
                               << a.getType() << " has no static size";
      return failure();
    }
    k.staticSmem +=
        mt.getNumElements() * ((mt.getElementTypeBitWidth() + 7) / 8);
  }
  // cute.smem_alloc planned into static shared memory (cute-plan-smem); a
  // dynamic plan is already in `cute.dynamic_smem`.
  if (auto plan = fn->getAttrOfType<DictionaryAttr>(attrs::SmemPlan)) {
    auto dyn = plan.getAs<BoolAttr>(attrs::SmemPlanDynamic);
    auto bytes = plan.getAs<IntegerAttr>(attrs::SmemPlanBytes);
    if (bytes && !(dyn && dyn.getValue()))
      k.staticSmem += bytes.getInt();
  }
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    std::string base = "arg" + std::to_string(i);
    KernelParam p;
    p.name = base;
    if (isa<LLVM::LLVMPointerType>(t)) {
      p.kind = kind::Pointer;
      p.bytes = 8;
      if (auto e = fn.getArgAttrOfType<TypeAttr>(i, attrs::ArgElem))
        p.elem = typeName(e.getValue());
      k.params.push_back(p);
      continue;
    }
    if (t.isIntOrFloat()) {
      p.kind = kind::Scalar;
      p.elem = typeName(t);
      p.bytes = (t.getIntOrFloatBitWidth() + 7) / 8;
      k.params.push_back(p);
      continue;
    }
    if (isa<CuteDialect>(t.getDialect())) {
      // A cute value is passed flattened (see convert-cute-to-llvm): the
      // pointer of a ptr/memref, then one integer per dynamic leaf.
      Type elem;
      if (auto pt = dyn_cast<PtrType>(t)) {
        elem = pt.getElementType();
        p.align = pt.getAlignment();
      } else if (auto mt = dyn_cast<CuteMemRefType>(t)) {
        elem = mt.getElementType();
        p.align = mt.getAlignment();
      }
      if (elem) {
        p.kind = kind::Pointer;
        p.bytes = 8;
        p.elem = typeName(elem);
        k.params.push_back(p);
      }
      unsigned leaf = 0;
      for (const ::cute::layout::Int &v : dynamicLeavesOfType(t)) {
        KernelParam q;
        q.name = base + ".leaf" + std::to_string(leaf++);
        q.kind = kind::Scalar;
        q.elem = "i" + std::to_string(v.width());
        q.bytes = (v.width() + 7) / 8;
        k.params.push_back(q);
      }
      continue;
    }
    fn.emitError("kernel @") << k.name << ": cannot describe parameter " << i
                             << " of type " << t << " in the launch metadata";
    return failure();
  }
  return k;
}

llvm::json::Object mlir::cute::toJSON(const KernelInfo &k) {
  llvm::json::Array params;
  for (const KernelParam &p : k.params) {
    llvm::json::Object o{{key::Name, p.name},
                         {key::Kind, p.kind},
                         {key::Elem, p.elem},
                         {key::Bytes, p.bytes}};
    if (p.align > 1)
      o[key::Align] = p.align;
    params.push_back(std::move(o));
  }
  auto arr = [](const std::array<int32_t, 3> &d) {
    return llvm::json::Array{d[0], d[1], d[2]};
  };
  return llvm::json::Object{{key::Name, k.name},
                            {key::Params, std::move(params)},
                            {key::Block, arr(k.block)},
                            {key::Cluster, arr(k.cluster)},
                            {key::SmemStatic, k.staticSmem},
                            {key::SmemDynamic, k.dynamicSmem}};
}

llvm::json::Object mlir::cute::metadataDocument(llvm::StringRef chip,
                                                llvm::StringRef module,
                                                llvm::json::Array kernels) {
  return llvm::json::Object{
      {key::SchemaVersion, ::cute::metadata::kSchemaVersion},
      {key::Chip, chip},
      {key::Module, module},
      {key::Kernels, std::move(kernels)}};
}
