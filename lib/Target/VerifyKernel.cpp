//===- VerifyKernel.cpp - Kernel limits from the chip table ---------------===//
//
// cute-verify-kernel: the limits of the chip table (threads, shared
// memory, clusters, Tensor Memory, MMA atoms) checked here, and the
// protocol rules of the cute_nvgpu analyses (Dialect/CuteNvgpu/Analysis:
// pipelines, Tensor Memory) called with the chip's facts.
//
//===----------------------------------------------------------------------===//
#include "cute/Target/Chip.h"
#include "cute/Target/KernelInfo.h"
#include "cute/Target/Passes.h"

#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/CuteNvgpu/Analysis/PipelineProtocol.h"
#include "cute/Dialect/CuteNvgpu/Analysis/TmemProtocol.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEVERIFYKERNEL
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;
namespace nv = mlir::cute_nvgpu;

namespace {

/// The largest value `v` can take, from integer range analysis (thread ids
/// are bounded by the kernel's known block size), or std::nullopt.
std::optional<int64_t> maxValueOf(DataFlowSolver &solver, Value v) {
  if (!v.getType().isSignlessInteger())
    return std::nullopt;
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(v);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  const ConstantIntRanges &r = lattice->getValue().getValue();
  if (r.smax().getBitWidth() > 64)
    return std::nullopt;
  return r.smax().getSExtValue();
}

/// A thread-value partition (partition_tv, local_partition) must fit the
/// block: its layout cannot have more threads than the kernel runs, and the
/// thread index cannot reach past the layout's threads (those threads would
/// read or write elements outside the tile).
LogicalResult checkThreadLayout(Operation *op, StringRef what,
                                const ::cute::layout::Layout &layout,
                                const ::cute::layout::Int &threadCount,
                                Value tid, int64_t blockThreads,
                                gpu::GPUFuncOp fn, DataFlowSolver &solver) {
  if (!threadCount.isStatic())
    return success();
  int64_t n = threadCount.value();
  if (blockThreads > 0 && n > blockThreads)
    return op->emitOpError()
           << what << " " << layout.str() << " has " << n
           << " threads, but kernel @" << fn.getName() << " runs "
           << blockThreads
           << " threads per block (gpu.known_block_size); the values of "
              "threads "
           << blockThreads << ".." << n - 1 << " would never be moved";
  if (std::optional<int64_t> hi = maxValueOf(solver, tid); hi && *hi >= n)
    return op->emitOpError()
           << "the thread index can reach " << *hi << ", but " << what << " "
           << layout.str() << " has only " << n << " threads; threads " << n
           << ".." << *hi
           << " would access elements outside the tile (partition with "
              "a layout of "
           << *hi + 1 << " threads, or derive the index from fewer threads)";
  return success();
}

LogicalResult checkThreadLayouts(gpu::GPUFuncOp fn, const KernelInfo &k) {
  // The range analysis only serves thread partitions: skip kernels without.
  WalkResult found = fn.walk([](Operation *op) {
    return isa<PartitionTVOp, LocalPartitionOp>(op) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
  });
  if (!found.wasInterrupted())
    return success();
  DataFlowSolver solver;
  dataflow::loadBaselineAnalyses(solver);
  solver.load<dataflow::IntegerRangeAnalysis>();
  if (failed(solver.initializeAndRun(fn)))
    return fn.emitError("integer range analysis failed on kernel @")
           << fn.getName();
  int64_t blockThreads =
      k.knownBlock ? int64_t(k.block[0]) * k.block[1] * k.block[2] : 0;
  bool ok = true;
  fn.walk([&](Operation *op) {
    if (auto tv = dyn_cast<PartitionTVOp>(op)) {
      const ::cute::layout::Layout &l = tv.getTvLayout().getValue().layout;
      if (l.rank() == 2)
        ok &= succeeded(checkThreadLayout(
            op, "the TV layout", l, ::cute::layout::size(l[0]), tv.getTid(),
            blockThreads, fn, solver));
    } else if (auto lp = dyn_cast<LocalPartitionOp>(op)) {
      const ::cute::layout::Layout &l = lp.getThrLayout().getValue().layout;
      ok &= succeeded(checkThreadLayout(op, "the thread layout", l,
                                        ::cute::layout::size(l), lp.getIndex(),
                                        blockThreads, fn, solver));
    }
  });
  return success(ok);
}

/// "sm_100a" or "sm_90a, sm_100a": the chips of the table with `has`.
std::string chipsWith(bool ::cute::target::ChipInfo::*has) {
  std::string s;
  for (const ::cute::target::ChipInfo &c : ::cute::target::chipTable())
    if (c.*has)
      s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

/// The MMA atoms of a kernel's cute.gemm ops exist on the chip: wgmma on
/// the chips with wgmma (sm_90a), tcgen05.mma on those with Tensor Memory
/// (sm_100a), block-scaled mma.sync on those with it (PTX: mma with
/// .block_scale needs sm_120a, sm_120f or sm_121a; ptxas 13.0 rejects it
/// for sm_100a/sm_100f/sm_103a and sm_90a). A 2-CTA tcgen05.mma runs on a
/// pair of CTAs of a cluster (ranks 2i, 2i+1: an even cluster along x).
LogicalResult checkMmaAtoms(gpu::GPUFuncOp fn, const KernelInfo &k,
                            const ::cute::target::ChipInfo &chip) {
  namespace nv = mlir::cute_nvgpu;
  using ::cute::target::ChipInfo;
  bool ok = true;
  fn.walk([&](GemmOp g) {
    Attribute atom = g.getAtom();
    StringRef name = g.getAtom().getAtomName();
    auto fail = [&]() {
      ok = false;
      return g.emitOpError() << "with " << name << ": ";
    };
    int64_t ctaGroup = 1;
    if (auto t = dyn_cast<nv::Tcgen05MmaAttr>(atom))
      ctaGroup = t.getCtaGroup();
    else if (auto t = dyn_cast<nv::Tcgen05MmaBlockScaleAttr>(atom))
      ctaGroup = t.getCtaGroup();
    if (isa<nv::Tcgen05MmaAttr, nv::Tcgen05MmaBlockScaleAttr>(atom)) {
      if (!chip.hasTcgen05) {
        fail() << "tcgen05.mma needs Tensor Memory, which " << chip.name
               << " lacks (tcgen05 runs on " << chipsWith(&ChipInfo::hasTcgen05)
               << ")";
        return;
      }
      int64_t cluster = int64_t(k.cluster[0]) * k.cluster[1] * k.cluster[2];
      if (ctaGroup == 2 && k.cluster[0] % 2 != 0)
        fail() << "cta_group = 2 runs on a pair of CTAs (cluster ranks 2i "
                  "and 2i+1), but the cluster of kernel @"
               << fn.getName() << " is " << k.cluster[0] << "x" << k.cluster[1]
               << "x" << k.cluster[2] << " (" << cluster << " CTA"
               << (cluster == 1 ? "" : "s")
               << "); set cute.cluster_dims with an even x extent";
      return;
    }
    if (isa<nv::WgmmaAttr>(atom) && !chip.hasWgmma) {
      fail() << "wgmma runs on " << chipsWith(&ChipInfo::hasWgmma) << " only; "
             << chip.name << " has none ("
             << (chip.hasTcgen05 ? "use tcgen05_mma" : "use mma_sync") << ")";
      return;
    }
    if (auto sync = dyn_cast<nv::MmaSyncAttr>(atom);
        sync && sync.getK() == 32 && isa<FloatType>(sync.getA()) &&
        !chip.hasMmaSyncF8F6F4) {
      fail() << "mma.sync kind::f8f6f4 (" << sync.getA() << " x " << sync.getB()
             << ") runs on " << chipsWith(&ChipInfo::hasMmaSyncF8F6F4)
             << " only; " << chip.name << " has none";
      return;
    }
    if (isa<nv::MmaBlockScaleAttr>(atom) && !chip.hasBlockScaledMmaSync)
      fail() << "block-scaled mma.sync runs on "
             << chipsWith(&ChipInfo::hasBlockScaledMmaSync)
             << " only (PTX: mma with .block_scale needs sm_120a or the "
                "sm_120f family); "
             << chip.name << " has none"
             << (chip.hasTcgen05 ? " (use tcgen05_mma_block_scale)" : "");
  });
  // ptxas rejects a function whose tcgen05 instructions use both
  // cta_group::1 and cta_group::2 ("uses single CTA and CTA pair
  // granularity"): the MMAs and the TMEM ops (cta_group attributes).
  Operation *first = nullptr;
  int64_t firstGroup = 0;
  fn.walk([&](Operation *op) {
    int64_t group = 0;
    if (auto g = dyn_cast<GemmOp>(op)) {
      if (auto t = dyn_cast<nv::Tcgen05MmaAttr>(g.getAtom()))
        group = t.getCtaGroup();
      else if (auto t = dyn_cast<nv::Tcgen05MmaBlockScaleAttr>(g.getAtom()))
        group = t.getCtaGroup();
    } else if (isa<nv::CuteNvgpuDialect>(op->getDialect())) {
      // Not tcgen05: TMA loads (cta_group 2 only names the barrier's CTA)
      // and pipelines without tcgen05 (tma_async, async, tma_store).
      if (isa<nv::TmaLoadOp>(op))
        return;
      if (auto p = dyn_cast<nv::PipelineCreateOp>(op))
        if (p.getType().getKind() != nv::PipelineKind::tma_umma &&
            p.getType().getKind() != nv::PipelineKind::umma_async)
          return;
      if (auto a = op->getAttrOfType<IntegerAttr>("cta_group"))
        group = a.getInt();
    }
    if (!group || !ok)
      return;
    if (!first) {
      first = op, firstGroup = group;
      return;
    }
    if (group == firstGroup)
      return;
    InFlightDiagnostic d = op->emitOpError()
                           << "uses cta_group = " << group << " but kernel @"
                           << fn.getName()
                           << " already uses cta_group = " << firstGroup
                           << "; ptxas rejects a kernel whose tcgen05 "
                              "instructions mix the two";
    d.attachNote(first->getLoc()) << "cta_group = " << firstGroup << " here";
    ok = false;
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Tensor Memory on the chip
//===----------------------------------------------------------------------===//

/// Threads per block; 0 when the kernel declares no block size.
int64_t blockThreadsOf(const KernelInfo &k) {
  return k.knownBlock ? int64_t(k.block[0]) * k.block[1] * k.block[2] : 0;
}

/// "sm_100a": the chips with Tensor Memory.
std::string chipsWithTmem() {
  std::string s;
  for (const ::cute::target::ChipInfo &c : ::cute::target::chipTable())
    if (c.tmemColumns > 0)
      s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

LogicalResult checkChip(gpu::GPUFuncOp fn,
                        const ::cute::target::ChipInfo &chip) {
  if (chip.tmemColumns > 0)
    return success();
  bool ok = true;
  auto why = [&](InFlightDiagnostic d) {
    d << "needs Tensor Memory, which " << chip.name << " lacks (TMEM and "
      << "tcgen05 are on " << chipsWithTmem() << ")";
    ok = false;
  };
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
    if (nv::isTmemType(t))
      why(fn.emitError("kernel @")
          << fn.getName() << " argument " << i << " is in Tensor Memory: it ");
  fn.walk([&](Operation *op) {
    if (nv::isTmemOp(op))
      why(op->emitOpError());
  });
  return success(ok);
}

LogicalResult checkBudget(gpu::GPUFuncOp fn, const KernelInfo &k,
                          const ::cute::target::ChipInfo &chip) {
  if (chip.tmemColumns == 0 || k.tmemColumns <= chip.tmemColumns)
    return success();
  InFlightDiagnostic d = fn.emitError("kernel @")
                         << fn.getName() << " allocates " << k.tmemColumns
                         << " columns of Tensor Memory; " << chip.name
                         << " has " << chip.tmemColumns << " per CTA";
  fn.walk([&](nv::TmemAllocOp a) {
    d.attachNote(a.getLoc()) << a.getColumns() << " columns here";
  });
  return failure();
}

/// Tensor Memory on the chip, the kernel's TMEM plan and, with `protocol`,
/// the TMEM protocol rules; `report` remarks the plan.
LogicalResult verifyTmem(gpu::GPUFuncOp fn, const KernelInfo &k,
                         const ::cute::target::ChipInfo &chip, bool protocol,
                         bool report) {
  if (failed(checkChip(fn, chip)))
    return failure();
  if (report && k.tmemColumns) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "kernel @" << fn.getName() << ": Tensor Memory " << k.tmemColumns
       << " of " << chip.tmemColumns << " columns";
    AsmState state(fn);
    bool first = true;
    fn.walk([&](nv::TmemAllocOp a) {
      os << (first ? ": " : ", ") << a.getColumns() << " at ";
      a.getSlot().printAsOperand(os, state);
      if (a.getCtaGroup() == 2)
        os << " (cta_group 2)";
      first = false;
    });
    fn.emitRemark(text);
  }
  bool ok = succeeded(checkBudget(fn, k, chip));
  if (!protocol)
    return success(ok);
  ok &= succeeded(nv::verifyTmemProtocol(fn, blockThreadsOf(k)));
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Naming values in messages, and the shared memory breakdown
//===----------------------------------------------------------------------===//

/// The source line a location points at (files read once per kernel).
class SourceLines {
public:
  StringRef get(FileLineColLoc loc) {
    StringRef file = loc.getFilename().getValue();
    auto [it, inserted] = files_.try_emplace(file);
    if (inserted && !file.empty() && !file.starts_with("<") && file != "-")
      if (auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/true))
        it->second = std::move(*buf);
    if (!it->second || loc.getLine() == 0)
      return "";
    StringRef text = it->second->getBuffer();
    for (unsigned l = 1; l < loc.getLine(); ++l) {
      size_t nl = text.find('\n');
      if (nl == StringRef::npos)
        return "";
      text = text.drop_front(nl + 1);
    }
    return text.take_until([](char c) { return c == '\n'; });
  }

private:
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> files_;
};

/// "%name" of `v` for a message: a kernel argument's `cute.param_name`;
/// for an op's single result its SSA name as the source spells it (the IR
/// keeps none: an op's location points at its name, after `%name = `);
/// else "(line N)" or "".
std::string nameOf(Value v, SourceLines &lines) {
  if (std::string n = nv::irNameOf(v); !n.empty())
    return n;
  Operation *def = v.getDefiningOp();
  if (!def)
    return "";
  auto loc = def->getLoc()->findInstanceOf<FileLineColLoc>();
  if (!loc)
    return "";
  StringRef line = lines.get(loc);
  if (def->getNumResults() == 1 && loc.getColumn() > 1 &&
      loc.getColumn() <= line.size()) {
    StringRef before = line.take_front(loc.getColumn() - 1).rtrim();
    if (before.consume_back("=")) {
      before = before.rtrim();
      size_t pct = before.rfind('%');
      if (pct != StringRef::npos) {
        std::string name = ssaNameAt(before, unsigned(pct) + 1);
        if (!name.empty() && pct + 1 + name.size() == before.size())
          return "%" + name;
      }
    }
  }
  return "(line " + std::to_string(loc.getLine()) + ")";
}

/// The pipeline protocol rules with the chip's facts.
LogicalResult verifyPipelines(gpu::GPUFuncOp fn, const KernelInfo &k,
                              const ::cute::target::ChipInfo &chip,
                              bool report) {
  nv::KernelFacts facts;
  facts.blockThreads = blockThreadsOf(k);
  for (int i = 0; i < 3; ++i)
    facts.cluster[i] = k.cluster[i];
  facts.chipName = chip.name;
  facts.maxClusterSize = chip.maxClusterSize;
  facts.hasTcgen05 = chip.hasTcgen05;
  SourceLines lines;
  return nv::verifyPipelineProtocol(fn, facts, report,
                                    [&](Value v) { return nameOf(v, lines); });
}

/// Notes on `d`, one per cute.smem_alloc of `fn`: its bytes, planned
/// offset, and what it holds when that is known (TMA boxes, barriers).
void noteSmemAllocations(InFlightDiagnostic &d, gpu::GPUFuncOp fn) {
  // What each allocation holds: the largest TMA box copied into or out of
  // a view of it, or the barriers of a pipeline.
  llvm::DenseMap<Operation *, int64_t> boxBytes;
  llvm::DenseMap<Operation *, unsigned> barrierStages;
  fn.walk([&](Operation *op) {
    Value smem;
    nv::TmaDescType desc;
    if (auto l = dyn_cast<nv::TmaLoadOp>(op))
      smem = l.getSmem(), desc = l.getDesc().getType();
    else if (auto s = dyn_cast<nv::TmaStoreOp>(op))
      smem = s.getSmem(), desc = s.getDesc().getType();
    else if (auto p = dyn_cast<nv::PipelineCreateOp>(op)) {
      if (p.getStorage())
        if (SmemAllocOp a = nv::rootSmemAlloc(p.getStorage()))
          barrierStages[a] = p.getType().getStages();
      return;
    }
    if (!smem)
      return;
    if (SmemAllocOp a = nv::rootSmemAlloc(smem)) {
      int64_t &b = boxBytes[a];
      b = std::max(b, nv::tmaBoxOf(desc).bytes);
    }
  });
  fn.walk([&](SmemAllocOp a) {
    int64_t size = a.getSizeInBytes();
    Diagnostic &n = d.attachNote(a.getLoc());
    n << size << " bytes";
    if (auto off = a.getOffset())
      n << " at offset " << int64_t(*off);
    if (auto it = barrierStages.find(a); it != barrierStages.end())
      n << ": the barriers of a " << it->second << "-stage pipeline";
    else if (auto it = boxBytes.find(a);
             it != boxBytes.end() && it->second > 0 && size % it->second == 0)
      n << ": " << size / it->second
        << (size / it->second == 1 ? " TMA box of " : " TMA boxes of ")
        << it->second << " bytes";
  });
}

struct CuteVerifyKernelPass
    : public mlir::cute::impl::CuteVerifyKernelBase<CuteVerifyKernelPass> {
  using Base::Base;

  void runOnOperation() override {
    const ::cute::target::ChipInfo *info = ::cute::target::lookupChip(chip);
    if (!info) {
      getOperation()->emitError("unknown chip '")
          << chip << "'; supported: " << ::cute::target::supportedChipNames();
      return signalPassFailure();
    }
    bool failed = false;
    getOperation()->walk([&](gpu::GPUFuncOp fn) {
      if (!fn.isKernel())
        return;
      FailureOr<KernelInfo> k = computeKernelInfo(fn);
      // (Not `failed |= ...`: a kernel after a failing one is still checked.)
      if (::mlir::failed(k)) {
        failed = true;
        return;
      }
      int64_t threads = int64_t(k->block[0]) * k->block[1] * k->block[2];
      if (threads > info->maxThreadsPerBlock) {
        fn.emitError("kernel @")
            << fn.getName() << " has " << threads << " threads per block; "
            << info->name << " allows at most " << info->maxThreadsPerBlock;
        failed = true;
      }
      if (k->staticSmem > info->maxStaticSmemBytes) {
        InFlightDiagnostic d = fn.emitError("kernel @")
                               << fn.getName() << " uses " << k->staticSmem
                               << " bytes of static shared memory; the limit "
                                  "is "
                               << info->maxStaticSmemBytes
                               << " (use dynamic shared memory above 48 KiB)";
        noteSmemAllocations(d, fn);
        failed = true;
      }
      int64_t total = k->staticSmem + k->dynamicSmem;
      if (total > info->maxDynamicSmemBytes) {
        InFlightDiagnostic d =
            fn.emitError("kernel @")
            << fn.getName() << " uses " << total
            << " bytes of shared memory (static " << k->staticSmem
            << " + dynamic " << k->dynamicSmem << "); " << info->name
            << " allows at most " << info->maxDynamicSmemBytes
            << " bytes per block";
        noteSmemAllocations(d, fn);
        failed = true;
      } else if (report) {
        fn.emitRemark("kernel @")
            << fn.getName() << ": " << threads << " threads, " << total
            << " bytes of shared memory (static " << k->staticSmem
            << " + dynamic " << k->dynamicSmem << ") of the "
            << info->maxDynamicSmemBytes << " " << info->name
            << " allows per block";
      }
      if (::mlir::failed(checkThreadLayouts(fn, *k)))
        failed = true;
      if (::mlir::failed(checkMmaAtoms(fn, *k, *info)))
        failed = true;
      if (::mlir::failed(verifyTmem(
              fn, *k, *info, protocol && !fn->hasAttr(attrs::SpecializationOf),
              report)))
        failed = true;
      int64_t cluster = int64_t(k->cluster[0]) * k->cluster[1] * k->cluster[2];
      if (cluster > info->maxClusterSize) {
        fn.emitError("kernel @")
            << fn.getName() << " asks for a cluster of " << cluster
            << " blocks; " << info->name
            << (info->maxClusterSize == 1
                    ? " is compiled without clusters"
                    : " allows at most " +
                          std::to_string(info->maxClusterSize));
        failed = true;
      }
      // A specialized clone (cute-specialize) has its generic kernel's
      // pipelines, roles and copies: checking it would repeat each message.
      if (protocol && !fn->hasAttr(attrs::SpecializationOf) &&
          ::mlir::failed(verifyPipelines(fn, *k, *info, report)))
        failed = true;
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
