//===- VerifyKernel.cpp - Kernel limits from the chip table ---------------===//
#include "cute/Target/Chip.h"
#include "cute/Target/KernelInfo.h"
#include "cute/Target/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEVERIFYKERNEL
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

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
      if (failed |= ::mlir::failed(k))
        return;
      int64_t threads = int64_t(k->block[0]) * k->block[1] * k->block[2];
      if (threads > info->maxThreadsPerBlock) {
        fn.emitError("kernel @")
            << fn.getName() << " has " << threads << " threads per block; "
            << info->name << " allows at most " << info->maxThreadsPerBlock;
        failed = true;
      }
      if (k->staticSmem > info->maxStaticSmemBytes) {
        fn.emitError("kernel @")
            << fn.getName() << " uses " << k->staticSmem
            << " bytes of static shared memory; the limit is "
            << info->maxStaticSmemBytes
            << " (use dynamic shared memory above 48 KiB)";
        failed = true;
      }
      int64_t total = k->staticSmem + k->dynamicSmem;
      if (total > info->maxDynamicSmemBytes) {
        fn.emitError("kernel @")
            << fn.getName() << " uses " << total
            << " bytes of shared memory (static " << k->staticSmem
            << " + dynamic " << k->dynamicSmem << "); " << info->name
            << " allows at most " << info->maxDynamicSmemBytes
            << " bytes per block";
        failed = true;
      }
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
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
