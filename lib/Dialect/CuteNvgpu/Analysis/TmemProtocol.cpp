//===- TmemProtocol.cpp - Tensor Memory protocol rules of a kernel --------===//
//
// cute-verify-kernel's Tensor Memory protocol rules
// (../shared/design/NOTES-NVVM22.md, "TMEM" and trap 5): allocations after
// the permit is relinquished, dealloc columns against the allocation, tmem
// tensors inside their allocation, warp-collective ops outside elect_one,
// the lane quarter of each warp's tcgen05.ld/st, and tcgen05.wait::ld
// before the registers of a load are used or its TMEM freed. A rule that
// cannot decide (a dynamic offset, an unknown warp, a slot from a block
// argument) stays silent. (Whether the chip has Tensor Memory, and how
// much, is lib/Target's: it reads the chip table.)
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/Analysis/TmemProtocol.h"

#include "cute/Atom/Sm100Tmem.h"
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::cute;
namespace nv = mlir::cute_nvgpu;
namespace atom = ::cute::atom;

bool mlir::cute_nvgpu::isTmemOp(Operation *op) {
  if (isa<nv::TmemAllocOp, nv::TmemTensorOp, nv::TmemDeallocOp,
          nv::TmemRelinquishAllocPermitOp, nv::Tcgen05WaitLdOp,
          nv::Tcgen05WaitStOp, nv::Tcgen05FenceBeforeThreadSyncOp,
          nv::Tcgen05FenceAfterThreadSyncOp, nv::Tcgen05CommitOp,
          nv::Tcgen05CpOp>(op))
    return true;
  if (auto c = dyn_cast<CopyOp>(op))
    return isa<nv::Tcgen05LdAttr, nv::Tcgen05StAttr>(c.getAtomOrDefault());
  return false;
}

bool mlir::cute_nvgpu::isTmemType(Type t) {
  if (auto p = dyn_cast<PtrType>(t))
    return p.getMemSpace() == MemSpace::tmem;
  auto m = dyn_cast<CuteMemRefType>(t);
  return m && m.getMemSpace() == MemSpace::tmem;
}

namespace {

//===----------------------------------------------------------------------===//
// Tracing tmem views and fragments
//===----------------------------------------------------------------------===//

/// A view op's operand and its static offset (TMEM address units for a
/// tmem tensor, elements otherwise); std::nullopt for other ops or a
/// dynamic offset.
template <class OpT>
std::optional<std::pair<Value, int64_t>> staticViewStep(Operation *op) {
  auto v = dyn_cast<OpT>(op);
  if (!v)
    return std::nullopt;
  ::cute::layout::DynamicSymbols syms;
  SmallVector<Type> types(op->getOperandTypes());
  auto r = OpT::computeView(types, typename OpT::Adaptor(v), syms);
  if (!r || !r->offset.isInt() || !r->offset.value().isStatic())
    return std::pair<Value, int64_t>(Value(), 0);
  return std::pair<Value, int64_t>(op->getOperand(0),
                                   r->offset.value().value());
}

/// The view ops a tmem tensor or a register fragment passes through.
bool isViewOp(Operation *op) {
  return isa<LocalTileOp, LocalPartitionOp, PartitionTVOp, MmaPartitionOp,
             TensorSliceOp, AddOffsetOp>(op);
}

/// The tmem_tensor a tmem value views and the static offset of the view;
/// a null op when it cannot be traced or the offset is dynamic.
std::pair<nv::TmemTensorOp, int64_t> traceTmem(Value v) {
  int64_t off = 0;
  for (int depth = 0; depth < 64; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return {};
    if (auto t = dyn_cast<nv::TmemTensorOp>(def))
      return {t, off};
    std::optional<std::pair<Value, int64_t>> s;
    if (!(s = staticViewStep<LocalTileOp>(def)) &&
        !(s = staticViewStep<LocalPartitionOp>(def)) &&
        !(s = staticViewStep<PartitionTVOp>(def)) &&
        !(s = staticViewStep<MmaPartitionOp>(def)) &&
        !(s = staticViewStep<TensorSliceOp>(def)) &&
        !(s = staticViewStep<AddOffsetOp>(def)))
      return {};
    if (!s->first)
      return {}; // a dynamic offset
    off += s->second;
    v = s->first;
  }
  return {};
}

/// The value a register fragment is a view of (through view ops).
Value fragmentRoot(Value v) {
  for (int depth = 0; depth < 64; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def || !isViewOp(def))
      return v;
    v = def->getOperand(0);
  }
  return v;
}

/// The allocations writing `slot` (the same value).
SmallVector<nv::TmemAllocOp> allocsOf(gpu::GPUFuncOp fn, Value slot) {
  SmallVector<nv::TmemAllocOp> out;
  fn.walk([&](nv::TmemAllocOp a) {
    if (a.getSlot() == slot)
      out.push_back(a);
  });
  return out;
}

/// The columns every allocation of `slot` has, or std::nullopt (none, or
/// they differ).
std::optional<nv::TmemAllocOp> uniqueAlloc(gpu::GPUFuncOp fn, Value slot) {
  SmallVector<nv::TmemAllocOp> allocs = allocsOf(fn, slot);
  if (allocs.empty())
    return std::nullopt;
  for (nv::TmemAllocOp a : allocs)
    if (a.getColumns() != allocs.front().getColumns() ||
        a.getCtaGroup() != allocs.front().getCtaGroup())
      return std::nullopt;
  return allocs.front();
}

//===----------------------------------------------------------------------===//
// The protocol rules
//===----------------------------------------------------------------------===//

/// The role region of `roles` holding `op`, or -1.
int roleOf(nv::WarpSpecializeOp roles, Operation *op) {
  for (auto [i, r] : llvm::enumerate(roles.getRoles()))
    if (r.isAncestor(op->getParentRegion()))
      return int(i);
  return -1;
}

/// True when `a` and `b` are in different roles of one warp_specialize
/// (they run at the same time: their order is unknown).
bool inParallelRoles(Operation *a, Operation *b) {
  for (auto ws = a->getParentOfType<nv::WarpSpecializeOp>(); ws;
       ws = ws->getParentOfType<nv::WarpSpecializeOp>())
    if (ws->isAncestor(b)) {
      int ra = roleOf(ws, a), rb = roleOf(ws, b);
      return ra >= 0 && rb >= 0 && ra != rb;
    }
  return false;
}

LogicalResult checkRelinquish(gpu::GPUFuncOp fn) {
  bool ok = true;
  SmallVector<nv::TmemRelinquishAllocPermitOp> seen;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto r = dyn_cast<nv::TmemRelinquishAllocPermitOp>(op)) {
      seen.push_back(r);
      return;
    }
    auto a = dyn_cast<nv::TmemAllocOp>(op);
    if (!a)
      return;
    for (nv::TmemRelinquishAllocPermitOp r : seen)
      if (!inParallelRoles(r, a)) {
        a.emitOpError("allocates after cute_nvgpu.tmem_relinquish_alloc_"
                      "permit: once a CTA relinquished the permit it may not "
                      "allocate Tensor Memory (deallocating is fine)")
                .attachNote(r.getLoc())
            << "relinquished here";
        ok = false;
        return;
      }
    // A relinquish later in an enclosing loop's body comes before the next
    // iteration's allocation.
    for (Operation *loop = a->getParentOp(); loop && loop != fn;
         loop = loop->getParentOp()) {
      if (!isa<LoopLikeOpInterface>(loop))
        continue;
      nv::TmemRelinquishAllocPermitOp later;
      loop->walk([&](nv::TmemRelinquishAllocPermitOp r) {
        if (!later && !inParallelRoles(r, a))
          later = r;
      });
      if (later) {
        a.emitOpError("allocates in a loop that relinquishes the permit: the "
                      "next iteration allocates after cute_nvgpu.tmem_"
                      "relinquish_alloc_permit")
                .attachNote(later.getLoc())
            << "relinquished here";
        ok = false;
        return;
      }
    }
  });
  return success(ok);
}

LogicalResult checkDeallocs(gpu::GPUFuncOp fn) {
  bool ok = true;
  fn.walk([&](nv::TmemDeallocOp d) {
    auto [tensor, off] = traceTmem(d.getTmem());
    if (!tensor)
      return;
    if (off != 0) {
      d.emitOpError("frees Tensor Memory at lane ")
          << off / atom::kTmemLaneStride << ", column "
          << off % atom::kTmemLaneStride
          << " of the allocation; tcgen05.dealloc takes the address "
             "tcgen05.alloc wrote (the tmem_tensor itself)";
      ok = false;
      return;
    }
    std::optional<nv::TmemAllocOp> a = uniqueAlloc(fn, tensor.getSlot());
    if (!a)
      return;
    if (a->getColumns() != d.getColumns() ||
        a->getCtaGroup() != d.getCtaGroup()) {
      InFlightDiagnostic diag = d.emitOpError("frees ");
      diag << d.getColumns() << " columns (cta_group " << d.getCtaGroup()
           << "), but its allocation has " << a->getColumns() << " (cta_group "
           << a->getCtaGroup()
           << "): tcgen05.dealloc takes what tcgen05.alloc allocated";
      diag.attachNote(a->getLoc()) << "allocated here";
      ok = false;
    }
  });
  return success(ok);
}

/// Every tmem_tensor stays inside its slot's allocation: lanes < 128,
/// columns < the allocated columns.
LogicalResult checkTensors(gpu::GPUFuncOp fn) {
  bool ok = true;
  fn.walk([&](nv::TmemTensorOp t) {
    auto m = cast<CuteMemRefType>(t.getType());
    const ::cute::layout::Layout &l = m.getLayout().layout;
    int64_t n = ::cute::layout::size(l).value();
    int64_t maxLane = 0, maxCol = 0;
    if (n > int64_t(atom::kTmemLanes) * atom::kTmemColumns) {
      t.emitOpError("the tmem tensor \"")
          << l.str() << "\" has " << n << " elements; Tensor Memory holds "
          << atom::kTmemLanes * atom::kTmemColumns << " per CTA";
      ok = false;
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      int64_t o = l.eval(i);
      if (o < 0) {
        t.emitOpError("the tmem tensor \"")
            << l.str() << "\" reaches offset " << o
            << ", before the allocation's address";
        ok = false;
        return;
      }
      maxLane = std::max(maxLane, o / atom::kTmemLaneStride);
      maxCol = std::max(maxCol, o % atom::kTmemLaneStride);
    }
    if (maxLane >= atom::kTmemLanes) {
      t.emitOpError("the tmem tensor \"")
          << l.str() << "\" reaches lane " << maxLane << "; Tensor Memory has "
          << atom::kTmemLanes << " lanes";
      ok = false;
      return;
    }
    std::optional<nv::TmemAllocOp> a = uniqueAlloc(fn, t.getSlot());
    if (a && maxCol >= a->getColumns()) {
      InFlightDiagnostic diag = t.emitOpError("the tmem tensor \"");
      diag << l.str() << "\" reaches column " << maxCol
           << ", but the allocation of its slot has " << a->getColumns()
           << " columns";
      diag.attachNote(a->getLoc()) << "allocated here";
      ok = false;
    }
  });
  return success(ok);
}

/// tcgen05.alloc/dealloc/relinquish/ld/st/wait are .sync.aligned: the whole
/// warp executes them, never one elected lane.
LogicalResult checkWarpCollective(gpu::GPUFuncOp fn) {
  bool ok = true;
  fn.walk([&](Operation *op) {
    bool collective =
        isa<nv::TmemAllocOp, nv::TmemDeallocOp, nv::TmemRelinquishAllocPermitOp,
            nv::Tcgen05WaitLdOp, nv::Tcgen05WaitStOp>(op) ||
        (isa<CopyOp>(op) && nv::isTmemOp(op));
    if (!collective || !op->getParentOfType<nv::ElectOneOp>())
      return;
    op->emitOpError("is executed by all 32 threads of a warp (a "
                    ".sync.aligned tcgen05 instruction), but it is inside "
                    "cute_nvgpu.elect_one (one lane)");
    ok = false;
  });
  return success(ok);
}

/// The warps that execute `op`: a role's [begin, end), or all warps of a
/// kernel with a known block size; std::nullopt when some enclosing
/// construct may select warps (scf.if, scf.while, a loop with
/// non-constant bounds).
std::optional<std::pair<int64_t, int64_t>>
warpsOf(Operation *op, gpu::GPUFuncOp fn, int64_t blockThreads) {
  for (Operation *p = op->getParentOp(); p && p != fn; p = p->getParentOp()) {
    if (auto ws = dyn_cast<nv::WarpSpecializeOp>(p)) {
      int r = roleOf(ws, op);
      if (r < 0)
        return std::nullopt;
      return std::pair<int64_t, int64_t>(ws.getWarpBegin()[r],
                                         ws.getWarpEnd()[r]);
    }
    if (auto loop = dyn_cast<scf::ForOp>(p)) {
      auto isConst = [](Value v) {
        return v.getDefiningOp<arith::ConstantOp>() != nullptr;
      };
      if (isConst(loop.getLowerBound()) && isConst(loop.getUpperBound()) &&
          isConst(loop.getStep()))
        continue;
    }
    return std::nullopt;
  }
  if (blockThreads <= 0)
    return std::nullopt;
  return std::pair<int64_t, int64_t>(0, (blockThreads + 31) / 32);
}

LogicalResult checkLaneQuarters(gpu::GPUFuncOp fn, int64_t blockThreads) {
  bool ok = true;
  fn.walk([&](CopyOp c) {
    Attribute a = c.getAtomOrDefault();
    atom::TmemLdStShape shape;
    int64_t num;
    StringRef name;
    Value tmem;
    if (auto ld = dyn_cast<nv::Tcgen05LdAttr>(a)) {
      shape = ld.getAtomShape(), num = ld.getNum(), name = "tcgen05.ld",
      tmem = c.getSrc();
    } else if (auto st = dyn_cast<nv::Tcgen05StAttr>(a)) {
      shape = st.getAtomShape(), num = st.getNum(), name = "tcgen05.st",
      tmem = c.getDst();
    } else {
      return;
    }
    auto [tensor, off] = traceTmem(tmem);
    if (!tensor)
      return;
    std::optional<std::pair<int64_t, int64_t>> warps =
        warpsOf(c, fn, blockThreads);
    if (!warps)
      return;
    int64_t lane = off / atom::kTmemLaneStride;
    int64_t lanes = atom::tmemLdStLanes(shape);
    for (int64_t w = warps->first; w < warps->second; ++w) {
      int64_t lo = 32 * (w % 4);
      if (lane >= lo && lane + lanes <= lo + 32)
        continue;
      c.emitOpError() << name << "." << atom::tmemLdStShapeName(shape) << ".x"
                      << num << " of warp " << w << " touches TMEM lanes "
                      << lane << ".." << lane + lanes - 1 << ", but warp " << w
                      << " may access only lanes " << lo << ".." << lo + 31
                      << " (its lane quarter, 32 x (warp % 4))";
      ok = false;
      return;
    }
  });
  return success(ok);
}

/// Calls `f` on each op after `from` in program order: the rest of its
/// block (ops nested in them included, pre-order), then the rest of each
/// enclosing block up to the kernel, not leaving a loop body (its next
/// iteration is not followed). Stops when `f` returns true.
void forEachLater(Operation *from, gpu::GPUFuncOp fn,
                  function_ref<bool(Operation *)> f) {
  Operation *at = from;
  while (at && at != fn) {
    for (Operation *op = at->getNextNode(); op; op = op->getNextNode()) {
      bool stop = false;
      op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
        if (stop || f(inner)) {
          stop = true;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (stop)
        return;
    }
    Operation *parent = at->getParentOp();
    if (!parent || isa<LoopLikeOpInterface>(parent))
      return;
    at = parent;
  }
}

LogicalResult checkWaitLd(gpu::GPUFuncOp fn) {
  bool ok = true;
  fn.walk([&](CopyOp c) {
    if (!isa<nv::Tcgen05LdAttr>(c.getAtomOrDefault()))
      return;
    Value regs = fragmentRoot(c.getDst());
    forEachLater(c, fn, [&](Operation *op) {
      if (isa<nv::Tcgen05WaitLdOp>(op))
        return true;
      if (isa<nv::TmemDeallocOp>(op)) {
        op->emitOpError("frees Tensor Memory while a tcgen05.ld may still "
                        "read it: cute_nvgpu.tcgen05_wait_ld first")
                .attachNote(c.getLoc())
            << "the tcgen05.ld";
        ok = false;
        return true;
      }
      for (Value v : op->getOperands())
        if (isa<CuteMemRefType>(v.getType()) && fragmentRoot(v) == regs &&
            !isViewOp(op)) {
          op->emitOpError("uses the registers of a tcgen05.ld before "
                          "cute_nvgpu.tcgen05_wait_ld: they are undefined "
                          "until the wait")
                  .attachNote(c.getLoc())
              << "the tcgen05.ld";
          ok = false;
          return true;
        }
      return false;
    });
  });
  return success(ok);
}

} // namespace

LogicalResult mlir::cute_nvgpu::verifyTmemProtocol(gpu::GPUFuncOp fn,
                                                   int64_t blockThreads) {
  bool ok = succeeded(checkRelinquish(fn));
  ok &= succeeded(checkDeallocs(fn));
  ok &= succeeded(checkTensors(fn));
  ok &= succeeded(checkWarpCollective(fn));
  ok &= succeeded(checkLaneQuarters(fn, blockThreads));
  ok &= succeeded(checkWaitLd(fn));
  return success(ok);
}
