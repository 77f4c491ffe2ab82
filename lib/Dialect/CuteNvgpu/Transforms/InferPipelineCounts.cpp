//===- InferPipelineCounts.cpp - A pipeline's counts from the kernel ------===//
//
// A pipeline_create that leaves out tx_bytes, consumers or producers gets
// them from the protocol analysis (Analysis/PipelineProtocol.h); one it
// cannot infer is an error that says why.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/CuteNvgpu/Analysis/PipelineProtocol.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::cute_nvgpu {
#define GEN_PASS_DEF_CUTENVGPUINFERPIPELINECOUNTS
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h.inc"
} // namespace mlir::cute_nvgpu

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

/// Sets `attr` of `p` to the inferred count, or reports why it cannot be.
LogicalResult fill(PipelineCreateOp p, StringRef attr, const InferredCount &c,
                   int64_t limit) {
  if (c.value && *c.value >= 1 && *c.value < limit) {
    p->setAttr(
        attr, IntegerAttr::get(IntegerType::get(p.getContext(), 32), *c.value));
    return success();
  }
  InFlightDiagnostic d = p.emitError();
  if (c.value)
    d << "inferred " << attr << " = " << *c.value << " (" << c.reason
      << ") is out of range: an mbarrier counts 1 to " << limit - 1;
  else
    d << "cannot infer " << attr << " of this "
      << stringifyPipelineKind(p.getType().getKind())
      << " pipeline: " << c.reason << "; write " << attr << " = N";
  if (c.at)
    d.attachNote(c.at->getLoc()) << "here";
  return failure();
}

/// The counts of `p` this pass infers: tx_bytes of a TMA pipeline,
/// consumers of all but tma_store, producers of an async one.
struct Wanted {
  bool txBytes, consumers, producers;
  explicit Wanted(PipelineCreateOp p) {
    PipelineKind kind = p.getType().getKind();
    txBytes = kind == PipelineKind::tma_async || kind == PipelineKind::tma_umma;
    consumers = kind != PipelineKind::tma_store;
    producers = kind == PipelineKind::async;
  }
  /// Whether one of them is left out.
  bool missing(PipelineCreateOp p) const {
    return (txBytes && !p.getTxBytesAttr()) ||
           (consumers && !p.getConsumersAttr()) ||
           (producers && !p.getProducersAttr());
  }
};

struct InferPipelineCountsPass
    : public mlir::cute_nvgpu::impl::CuteNvgpuInferPipelineCountsBase<
          InferPipelineCountsPass> {
  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk([&](gpu::GPUFuncOp fn) {
      int64_t blockThreads = knownBlockThreads(fn);
      // A pipeline nothing uses whose counts are left out (one that only
      // another instance's branch used: cute-resolve-static-branches
      // removed its steps) is no pipeline of this kernel: it goes, with
      // barrier storage that only it used, rather than being an error for
      // counts nobody needs.
      SmallVector<PipelineCreateOp> unused;
      fn.walk([&](PipelineCreateOp p) {
        if (p->use_empty() && Wanted(p).missing(p))
          unused.push_back(p);
      });
      for (PipelineCreateOp p : unused) {
        Operation *storage =
            p->getNumOperands() ? p->getOperand(0).getDefiningOp() : nullptr;
        p->erase();
        if (isa_and_nonnull<mlir::cute::SmemAllocOp>(storage) &&
            storage->use_empty())
          storage->erase();
      }
      fn.walk([&](PipelineCreateOp p) {
        Wanted want(p);
        if (want.txBytes && !p.getTxBytesAttr() &&
            failed(fill(p, p.getTxBytesAttrName().getValue(),
                        inferTxBytes(p, fn, blockThreads), 1 << 20)))
          ok = false;
        // The empty barrier counts consumers x multicast x cta_group.
        int64_t limit = (1 << 20) / (int64_t(p.getMulticast()) *
                                     std::max<int64_t>(1, p.getCtaGroup()));
        if (want.consumers && !p.getConsumersAttr() &&
            failed(fill(p, p.getConsumersAttrName().getValue(),
                        inferConsumers(p, fn, blockThreads), limit)))
          ok = false;
        // The full barrier of an async pipeline counts its producers.
        if (want.producers && !p.getProducersAttr() &&
            failed(fill(p, p.getProducersAttrName().getValue(),
                        inferProducers(p, fn, blockThreads), 1 << 20)))
          ok = false;
      });
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
