//===- PlanSmem.cpp - Shared-memory planning of cute.smem_alloc -----------===//
//
// Per kernel: one shared buffer, every cute.smem_alloc at an aligned offset in
// program order (the members of an `alias` union at one offset). Static shared
// memory (an internal addrspace-3 global) while the kernel stays within the
// chip's static limit, dynamic shared memory (an external zero-sized
// addrspace-3 array) above it. The allocations keep their op until
// convert-cute-to-llvm, which reads `buffer` and `offset`.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "cute/Target/Chip.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEPLANSMEM
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

constexpr unsigned kSharedAddrSpace = 3;
constexpr int64_t kDynamicSmemAlign = 1024;
constexpr llvm::StringLiteral kDynamicBufferName = "__cute_dynamic_smem";

/// Bytes of the kernel's workgroup attributions (static shared memory that
/// exists without cute.smem_alloc).
static int64_t attributionBytes(gpu::GPUFuncOp fn) {
  int64_t bytes = 0;
  for (BlockArgument a : fn.getWorkgroupAttributions())
    if (auto mt = dyn_cast<MemRefType>(a.getType()); mt && mt.hasStaticShape())
      bytes += mt.getNumElements() * ((mt.getElementTypeBitWidth() + 7) / 8);
  return bytes;
}

/// The ops that use `v` or a view derived from it (any op result of a
/// cute tensor or pointer type made from it), transitively.
static void collectUses(Value v, SmallVectorImpl<Operation *> &out,
                        llvm::SmallPtrSetImpl<Operation *> &seen) {
  for (Operation *user : v.getUsers()) {
    if (!seen.insert(user).second)
      continue;
    out.push_back(user);
    for (Value r : user->getResults())
      if (isa<CuteTensorTypeInterface, PtrType>(r.getType()))
        collectUses(r, out, seen);
  }
}

/// Whether `op` makes the CTA's threads wait for each other.
static bool isBlockBarrier(Operation *op) {
  StringRef n = op->getName().getStringRef();
  return n == "gpu.barrier" || n == "nvvm.barrier0" ||
         n == "cute_nvgpu.cluster_sync";
}

/// The members of an `alias` union share bytes, so their uses must not
/// overlap: in the kernel's body, the top-level ops that use one member
/// (or a view of it) all come before those that use the other, with a
/// block barrier between them. Uses inside one top-level op (a loop, a
/// warp role, a branch) count as overlapping: the compiler cannot see
/// that they are not live together there (warp roles run at once).
static LogicalResult checkUnion(gpu::GPUFuncOp fn, StringRef name,
                                ArrayRef<SmemAllocOp> members) {
  Block &body = fn.getBody().front();
  struct Span {
    SmemAllocOp alloc;
    Operation *first = nullptr, *last = nullptr;
  };
  SmallVector<Span> spans;
  for (SmemAllocOp a : members) {
    SmallVector<Operation *> uses;
    llvm::SmallPtrSet<Operation *, 16> seen;
    collectUses(a.getResult(), uses, seen);
    Span sp{a};
    for (Operation *u : uses) {
      Operation *top = body.findAncestorOpInBlock(*u);
      if (!top)
        continue;
      if (!sp.first || top->isBeforeInBlock(sp.first))
        sp.first = top;
      if (!sp.last || sp.last->isBeforeInBlock(top))
        sp.last = top;
    }
    if (sp.first)
      spans.push_back(sp);
  }
  llvm::sort(spans, [](const Span &x, const Span &y) {
    return x.first != y.first && x.first->isBeforeInBlock(y.first);
  });
  for (size_t i = 1; i < spans.size(); ++i) {
    Span &a = spans[i - 1], &b = spans[i];
    if (a.last == b.first || b.first->isBeforeInBlock(a.last)) {
      InFlightDiagnostic d =
          b.alloc.emitOpError()
          << "shares the shared-memory union \"" << name
          << "\" with an allocation that is still in use: both are used in "
             "one top-level op of the kernel (or in interleaved ones), where "
             "the compiler cannot show they are never live together; give "
             "them separate allocations, or end the use of one, then a "
             "barrier, then use the other";
      d.attachNote(a.alloc.getLoc())
          << "the other member of \"" << name << "\"";
      d.attachNote(b.first->getLoc()) << "used together here";
      return failure();
    }
    bool barrier = false;
    for (Operation *op = a.last->getNextNode(); op && op != b.first;
         op = op->getNextNode())
      barrier |= isBlockBarrier(op);
    if (!barrier) {
      InFlightDiagnostic d =
          b.alloc.emitOpError()
          << "shares the shared-memory union \"" << name
          << "\" with an allocation used before it, but no block barrier "
             "(gpu.barrier) separates the last use of that one from the "
             "first use of this one: other threads may still read or write "
             "the bytes";
      d.attachNote(a.last->getLoc()) << "last use of the other member";
      d.attachNote(b.first->getLoc()) << "first use of this one";
      return failure();
    }
  }
  return success();
}

struct CutePlanSmemPass
    : public mlir::cute::impl::CutePlanSmemBase<CutePlanSmemPass> {
  using Base::Base;

  void runOnOperation() override {
    // An unknown chip is reported by cute-verify-kernel; plan for 48 KiB.
    const ::cute::target::ChipInfo *info = ::cute::target::lookupChip(chip);
    int64_t staticLimit = info ? info->maxStaticSmemBytes : 48 * 1024;
    getOperation()->walk([&](gpu::GPUModuleOp mod) {
      SymbolTable symbols(mod);
      for (auto fn : llvm::make_early_inc_range(mod.getOps<gpu::GPUFuncOp>()))
        if (fn.isKernel())
          planKernel(fn, mod, symbols, staticLimit);
    });
  }

  void planKernel(gpu::GPUFuncOp fn, gpu::GPUModuleOp mod, SymbolTable &symbols,
                  int64_t staticLimit) {
    if (fn->hasAttr(attrs::SmemPlan))
      return;
    SmallVector<SmemAllocOp> allocs;
    fn.walk<WalkOrder::PreOrder>([&](SmemAllocOp a) { allocs.push_back(a); });
    if (allocs.empty())
      return;

    int64_t existingDynamic = 0;
    if (auto ds = fn->getAttrOfType<IntegerAttr>(attrs::DynamicSmem))
      existingDynamic = ds.getInt();

    // An `alias` union takes the largest size and alignment of its members,
    // whose uses must not overlap.
    llvm::StringMap<std::pair<int64_t, int64_t>> unions; // name -> size, align
    llvm::MapVector<StringRef, SmallVector<SmemAllocOp>> members;
    for (SmemAllocOp a : allocs)
      if (auto name = a.getAliasAttr()) {
        auto &[sz, al] = unions[name.getValue()];
        sz = std::max(sz, a.getSizeInBytes());
        al = std::max(al, a.getRequiredAlignment());
        members[name.getValue()].push_back(a);
      }
    for (auto &[name, ms] : members)
      if (failed(checkUnion(fn, name, ms)))
        return signalPassFailure();

    // Offsets relative to the start of the planned region; a union is
    // placed where its first member is.
    SmallVector<int64_t> offsets, sizes, aligns;
    llvm::StringMap<int64_t> unionOffset;
    int64_t cur = 0, maxAlign = 16;
    for (SmemAllocOp a : allocs) {
      int64_t al = a.getRequiredAlignment(), sz = a.getSizeInBytes();
      sizes.push_back(sz);
      aligns.push_back(al);
      StringAttr name = a.getAliasAttr();
      if (name) {
        if (auto it = unionOffset.find(name.getValue());
            it != unionOffset.end()) {
          offsets.push_back(it->second);
          continue;
        }
        std::tie(sz, al) = unions[name.getValue()];
      }
      cur = int64_t(llvm::alignTo(uint64_t(cur), uint64_t(al)));
      offsets.push_back(cur);
      if (name)
        unionOffset[name.getValue()] = cur;
      cur += sz;
      maxAlign = std::max(maxAlign, al);
    }
    int64_t total = cur;
    bool dynamic = attributionBytes(fn) + total > staticLimit;

    // The buffer: a static global of its own, or the module's dynamic array
    // (after any dynamic shared memory the kernel already declares).
    OpBuilder b(&getContext());
    b.setInsertionPoint(fn); // the buffer precedes its (first) kernel
    MLIRContext *ctx = &getContext();
    Type i8 = IntegerType::get(ctx, 8);
    int64_t base = 0;
    StringAttr bufName;
    if (!dynamic) {
      auto g = LLVM::GlobalOp::create(
          b, fn.getLoc(), LLVM::LLVMArrayType::get(i8, total),
          /*isConstant=*/false, LLVM::Linkage::Internal,
          ("__cute_smem_" + fn.getName()).str(), Attribute(),
          uint64_t(maxAlign), kSharedAddrSpace);
      bufName = symbols.insert(g);
    } else {
      maxAlign = std::max(maxAlign, kDynamicSmemAlign);
      base =
          int64_t(llvm::alignTo(uint64_t(existingDynamic), uint64_t(maxAlign)));
      auto g = symbols.lookup<LLVM::GlobalOp>(kDynamicBufferName);
      if (!g) {
        g = LLVM::GlobalOp::create(
            b, fn.getLoc(), LLVM::LLVMArrayType::get(i8, 0),
            /*isConstant=*/false, LLVM::Linkage::External, kDynamicBufferName,
            Attribute(), uint64_t(maxAlign), kSharedAddrSpace);
        symbols.insert(g);
      } else if (g.getAlignment().value_or(0) < uint64_t(maxAlign)) {
        g.setAlignment(uint64_t(maxAlign));
      }
      bufName = g.getSymNameAttr();
      int64_t need = base + total;
      fn->setAttr(attrs::DynamicSmem,
                  IntegerAttr::get(IntegerType::get(ctx, 64),
                                   std::max(existingDynamic, need)));
    }

    auto sym = FlatSymbolRefAttr::get(bufName);
    SmallVector<int64_t> absolute;
    for (auto [a, off] : llvm::zip(allocs, offsets)) {
      absolute.push_back(base + off);
      a.setOffsetAttr(b.getI64IntegerAttr(base + off));
      a.setBufferAttr(sym);
    }
    fn->setAttr(
        attrs::SmemPlan,
        b.getDictionaryAttr({
            b.getNamedAttr(attrs::SmemPlanBytes, b.getI64IntegerAttr(total)),
            b.getNamedAttr(attrs::SmemPlanDynamic, b.getBoolAttr(dynamic)),
            b.getNamedAttr(attrs::SmemPlanAlign, b.getI64IntegerAttr(maxAlign)),
            b.getNamedAttr(attrs::SmemPlanBuffer, sym),
            b.getNamedAttr(attrs::SmemPlanOffsets,
                           b.getDenseI64ArrayAttr(absolute)),
        }));

    if (report) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "kernel @" << fn.getName() << ": shared memory " << total
         << " bytes (" << (dynamic ? "dynamic" : "static") << ")";
      AsmState state(fn);
      for (auto [i, a] : llvm::enumerate(allocs)) {
        os << (i ? ", " : ": ");
        a.getResult().printAsOperand(os, state);
        os << " at " << absolute[i] << " (" << sizes[i] << " B, align "
           << aligns[i];
        if (StringAttr name = a.getAliasAttr())
          os << ", alias \"" << name.getValue() << "\"";
        os << ")";
      }
      fn.emitRemark(text);
    }
  }
};

} // namespace
