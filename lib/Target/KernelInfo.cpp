//===- KernelInfo.cpp - Launch facts of a gpu.func kernel -----------------===//
#include "cute/Target/KernelInfo.h"
#include "KernelViews.h"
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/IR/CuteTensor.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Support/KernelMetadataSchema.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cute;
namespace kind = ::cute::metadata::kind;
namespace md = ::cute::metadata;

static std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

static bool isIntegerElem(StringRef elem) {
  for (StringRef prefix : {"ui", "si", "i"})
    if (elem.consume_front(prefix)) {
      unsigned width = 0;
      return !elem.getAsInteger(10, width) && width >= 8 && width <= 64;
    }
  return false;
}

static std::array<int32_t, 3> dims(Attribute a) {
  std::array<int32_t, 3> d{1, 1, 1};
  if (auto arr = dyn_cast_or_null<DenseI32ArrayAttr>(a))
    for (size_t i = 0; i < std::min<size_t>(3, arr.size()); ++i)
      d[i] = arr[i];
  return d;
}

//===----------------------------------------------------------------------===//
// Parameter names
//===----------------------------------------------------------------------===//

std::string mlir::cute::ssaNameAt(StringRef line, unsigned column) {
  if (column == 0 || column > line.size())
    return "";
  StringRef rest = line.drop_front(column - 1);
  if (!rest.consume_front("%"))
    return "";
  // MLIR's suffix-id: digits, or a letter or one of $._- then those and
  // digits. Only the named form is a name.
  auto idChar = [](char c) {
    return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
  };
  size_t n = 0;
  while (n < rest.size() && idChar(rest[n]))
    ++n;
  StringRef id = rest.take_front(n);
  if (id.empty() || llvm::isDigit(id.front()))
    return "";
  return id.str();
}

/// The name of `fn`'s argument `i`, its `cute.param_name`; "" without one.
static std::string paramName(gpu::GPUFuncOp fn, unsigned i) {
  if (auto name = fn.getArgAttrOfType<StringAttr>(i, attrs::ParamName))
    return name.getValue().str();
  return "";
}

//===----------------------------------------------------------------------===//
// Launch facts
//===----------------------------------------------------------------------===//

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
  fn.walk([&](cute_nvgpu::TmemAllocOp a) { k.tmemColumns += a.getColumns(); });
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
  llvm::StringSet<> taken;
  auto unique = [&](std::string name, size_t i) {
    if (name.empty() || taken.contains(name))
      name = "arg" + std::to_string(i);
    for (unsigned n = 1; taken.contains(name); ++n)
      name = "arg" + std::to_string(i) + "_" + std::to_string(n);
    taken.insert(name);
    return name;
  };
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    std::string base = unique(paramName(fn, i), i);
    KernelParam p;
    p.name = base;
    p.arg = i;
    if (isa<LLVM::LLVMPointerType>(t)) {
      p.kind = kind::Pointer;
      p.bytes = 8;
      if (auto e = fn.getArgAttrOfType<TypeAttr>(i, attrs::ArgElem))
        p.elem = typeName(e.getValue());
      k.params.push_back(p);
      continue;
    }
    if (auto td = dyn_cast<cute_nvgpu::TmaDescType>(t)) {
      // A derived descriptor (cute-nvgpu-outline-tma): filled in below.
      p.kind = kind::TmaDesc;
      p.bytes = 128;
      p.elem = typeName(td.getBox().getElementType());
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
        q.arg = i;
        q.leaf = leaf;
        q.name = unique(base + ".leaf" + std::to_string(leaf++), i);
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
  if (failed(describeParamViews(fn, k)))
    return failure();
  return k;
}

//===----------------------------------------------------------------------===//
// Specialized clones
//===----------------------------------------------------------------------===//

namespace {

std::string describeParam(const KernelParam &p) {
  std::string s = p.kind;
  if (!p.elem.empty())
    s += " " + p.elem;
  return s;
}

/// The conditions of `clone`'s `cute.specialization`, mapped from gpu.func
/// argument indices to indices into `info.params`.
FailureOr<std::vector<VariantCondition>>
specializationConditions(gpu::GPUFuncOp clone, const KernelInfo &info,
                         Attribute attr) {
  auto fail = [&](const Twine &msg) {
    clone.emitError("kernel @")
        << info.name << ": " << attrs::Specialization << " " << msg;
    return failure();
  };
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list)
    return fail("must be an array of dictionaries");
  if (list.empty())
    return fail("has no conditions: a clone that always applies makes the "
                "generic kernel unreachable");
  std::vector<VariantCondition> when;
  unsigned numArgs = clone.getNumArguments();
  for (auto [c, entry] : llvm::enumerate(list)) {
    std::string where = "condition " + std::to_string(c);
    auto dict = dyn_cast<DictionaryAttr>(entry);
    if (!dict)
      return fail(where + " must be a dictionary");
    for (NamedAttribute na : dict) {
      StringRef k = na.getName().getValue();
      if (k != attrs::SpecParam && k != attrs::SpecAlign &&
          k != attrs::SpecDiv && k != attrs::SpecLeaf)
        return fail(where + ": unknown key '" + k +
                    "' (allowed: param, align, div, leaf)");
      if (!isa<IntegerAttr>(na.getValue()))
        return fail(where + ": '" + k + "' must be an integer");
    }
    auto get = [&](StringRef k) -> std::optional<int64_t> {
      if (auto a = dict.getAs<IntegerAttr>(k))
        return a.getValue().getSExtValue();
      return std::nullopt;
    };
    std::optional<int64_t> arg = get(attrs::SpecParam);
    std::optional<int64_t> align = get(attrs::SpecAlign);
    std::optional<int64_t> div = get(attrs::SpecDiv);
    std::optional<int64_t> leaf = get(attrs::SpecLeaf);
    if (!arg)
      return fail(where + ": missing 'param'");
    if (*arg < 0 || *arg >= int64_t(numArgs))
      return fail(where + ": param " + std::to_string(*arg) +
                  " is out of range: the kernel has " +
                  std::to_string(numArgs) + " argument(s)");
    if (bool(align) == bool(div))
      return fail(where + ": needs exactly one of 'align' and 'div'");
    VariantCondition cond;
    auto params = llvm::make_filter_range(
        info.params, [&](const KernelParam &p) { return p.arg == *arg; });
    auto indexOf = [&](const KernelParam &p) {
      return int64_t(&p - info.params.data());
    };
    std::string argDesc = "argument " + std::to_string(*arg);
    if (align) {
      if (*align <= 0 || (*align & (*align - 1)))
        return fail(where + ": align " + std::to_string(*align) +
                    " is not a positive power of two");
      if (leaf)
        return fail(where + ": 'leaf' goes with 'div', not 'align'");
      const KernelParam *ptr = nullptr;
      for (const KernelParam &p : params)
        if (p.leaf < 0 && p.kind == kind::Pointer)
          ptr = &p;
      if (!ptr)
        return fail(where + ": align needs a pointer, and " + argDesc +
                    " is not one");
      cond.param = indexOf(*ptr);
      cond.align = *align;
    } else {
      if (*div <= 0)
        return fail(where + ": div " + std::to_string(*div) +
                    " is not positive");
      SmallVector<const KernelParam *> ints;
      for (const KernelParam &p : params)
        if (p.kind == kind::Scalar && isIntegerElem(p.elem) &&
            (!leaf || p.leaf == *leaf))
          ints.push_back(&p);
      if (leaf && ints.empty())
        return fail(where + ": " + argDesc + " has no dynamic leaf " +
                    std::to_string(*leaf));
      if (ints.empty())
        return fail(where + ": div needs an integer scalar, and " + argDesc +
                    " is not one");
      if (ints.size() > 1)
        return fail(where + ": " + argDesc + " has " +
                    std::to_string(ints.size()) +
                    " dynamic leaves; say which with 'leaf'");
      cond.param = indexOf(*ints.front());
      cond.div = *div;
    }
    when.push_back(cond);
  }
  return when;
}

} // namespace

FailureOr<std::vector<KernelInfo>>
mlir::cute::collectKernelInfos(gpu::GPUModuleOp mod) {
  std::vector<KernelInfo> infos;
  SmallVector<gpu::GPUFuncOp> fns;
  bool ok = true;
  for (auto fn : mod.getOps<gpu::GPUFuncOp>()) {
    if (!fn.isKernel())
      continue;
    FailureOr<KernelInfo> k = computeKernelInfo(fn);
    if (failed(k)) {
      ok = false;
      continue;
    }
    infos.push_back(std::move(*k));
    fns.push_back(fn);
  }
  if (!ok)
    return failure();
  auto find = [&](StringRef name) -> KernelInfo * {
    for (KernelInfo &k : infos)
      if (k.name == name)
        return &k;
    return nullptr;
  };
  for (auto [fn, info] : llvm::zip(fns, infos)) {
    Attribute of = fn->getAttr(attrs::SpecializationOf);
    Attribute spec = fn->getAttr(attrs::Specialization);
    if (!of && !spec)
      continue;
    // "kernel @k__spec0 is ..." or, with a colon, "kernel @k__spec0: x ...".
    auto err = [&, &info = info, &fn = fn](bool colon) -> InFlightDiagnostic {
      ok = false;
      InFlightDiagnostic d = fn.emitError("kernel @");
      d << info.name << (colon ? ": " : " ");
      return d;
    };
    if (!of || !spec) {
      err(false) << "has "
                 << (of ? attrs::SpecializationOf : attrs::Specialization)
                 << " without "
                 << (of ? attrs::Specialization : attrs::SpecializationOf);
      continue;
    }
    auto ofName = dyn_cast<StringAttr>(of);
    if (!ofName) {
      err(true) << attrs::SpecializationOf
                << " must be a string naming the generic kernel, got " << of;
      continue;
    }
    KernelInfo *generic = find(ofName.getValue());
    if (!generic) {
      err(false) << "is a specialization of '" << ofName.getValue()
                 << "', which is not a kernel of gpu.module @" << mod.getName();
      continue;
    }
    if (generic == &info) {
      err(false) << "is a specialization of itself";
      continue;
    }
    if (auto genericFn = mod.lookupSymbol<gpu::GPUFuncOp>(generic->name);
        genericFn && genericFn->hasAttr(attrs::SpecializationOf)) {
      err(false) << "is a specialization of '" << generic->name
                 << "', which is itself a specialization";
      continue;
    }
    if (info.params.size() != generic->params.size()) {
      err(false) << "takes " << info.params.size()
                 << " runtime parameter(s), but its generic kernel '"
                 << generic->name << "' takes " << generic->params.size()
                 << "; a specialization must take the same ones";
      continue;
    }
    bool same = true;
    for (auto [i, p, q] : llvm::enumerate(info.params, generic->params)) {
      if (p.kind == q.kind && p.elem == q.elem && p.bytes == q.bytes)
        continue;
      err(true) << "parameter " << i << " ('" << p.name << "') is "
                << describeParam(p) << ", but its generic kernel '"
                << generic->name << "' has " << describeParam(q)
                << "; a specialization must take the same parameters";
      same = false;
      break;
    }
    if (!same)
      continue;
    FailureOr<std::vector<VariantCondition>> when =
        specializationConditions(fn, info, spec);
    if (failed(when)) {
      ok = false;
      continue;
    }
    // The runtime checks the clone's own alignments at launch: a condition
    // must guarantee each that the generic kernel does not.
    for (auto [i, p, q] : llvm::enumerate(info.params, generic->params)) {
      if (p.kind != kind::Pointer || p.align <= std::max<int64_t>(q.align, 1))
        continue;
      bool guaranteed =
          llvm::any_of(*when, [&, i = i, &p = p](const VariantCondition &c) {
            return c.param == int64_t(i) && c.align >= p.align;
          });
      if (!guaranteed) {
        err(false) << "assumes parameter " << i << " ('" << p.name
                   << "') is aligned to " << p.align << " bytes, but '"
                   << generic->name << "' promises "
                   << std::max<int64_t>(q.align, 1) << " and no condition of "
                   << attrs::Specialization << " checks it";
        break;
      }
    }
    if (!ok)
      continue;
    generic->variants.push_back(KernelVariant{info.name, std::move(*when)});
  }
  if (!ok)
    return failure();
  return infos;
}

//===----------------------------------------------------------------------===//
// The metadata document
//===----------------------------------------------------------------------===//

FailureOr<md::Document> mlir::cute::kernelMetadata(gpu::GPUModuleOp mod,
                                                   StringRef chip) {
  FailureOr<std::vector<KernelInfo>> infos = collectKernelInfos(mod);
  if (failed(infos))
    return failure();
  md::Document doc;
  doc.chip = chip.str();
  doc.module = mod.getName().str();
  auto dim3 = [](const std::array<int32_t, 3> &d) {
    return md::Dim3(unsigned(d[0]), unsigned(d[1]), unsigned(d[2]));
  };
  for (const KernelInfo &k : *infos) {
    md::Kernel mk;
    mk.name = k.name;
    for (auto [i, p] : llvm::enumerate(k.params)) {
      md::Param q;
      q.name = p.name;
      q.kind = p.kind == kind::Pointer  ? md::ParamKind::Pointer
               : p.kind == kind::Scalar ? md::ParamKind::Scalar
                                        : md::ParamKind::TmaDesc;
      q.bytes = size_t(p.bytes);
      if (!p.elem.empty())
        q.elem = md::parseElemType(p.elem);
      if (!q.elem && q.kind == md::ParamKind::Scalar) {
        mod.lookupSymbol(k.name)->emitError("kernel @")
            << k.name << ": parameter " << i << " ('" << p.name
            << "') is a scalar of type " << p.elem
            << ", which the launch metadata cannot describe (its element "
               "types: cute/Support/ElemType.h)";
        return failure();
      }
      q.align = p.align > 1 ? size_t(p.align) : 1;
      q.views = p.views;
      q.tma = p.tma;
      mk.params.push_back(std::move(q));
    }
    mk.block = dim3(k.block);
    mk.cluster = dim3(k.cluster);
    mk.smemStatic = size_t(k.staticSmem);
    mk.smemDynamic = size_t(k.dynamicSmem);
    mk.tmemColumns = int(k.tmemColumns);
    for (const KernelVariant &v : k.variants) {
      md::Variant mv;
      mv.name = v.name;
      for (const VariantCondition &c : v.when) {
        md::Condition mc;
        mc.param = size_t(c.param);
        mc.kind =
            c.align ? md::Condition::Kind::Align : md::Condition::Kind::Div;
        mc.value = uint64_t(c.align ? c.align : c.div);
        mv.when.push_back(mc);
      }
      mk.variants.push_back(std::move(mv));
    }
    doc.kernels.push_back(std::move(mk));
  }
  return doc;
}
