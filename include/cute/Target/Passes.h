//===- Passes.h - cute target passes and the compile pipeline ---*- C++ -*-===//
#ifndef CUTE_TARGET_PASSES_H
#define CUTE_TARGET_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::cute {

#define GEN_PASS_DECL
#include "cute/Target/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute/Target/Passes.h.inc"

/// Options of the one-flag pipeline `--cute-compile`.
struct CompileOptions : public PassPipelineOptions<CompileOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("sm_90a, sm_100a or sm_120a"),
                           llvm::cl::init("sm_90a")};
  Option<std::string> format{*this, "format", llvm::cl::desc("ptx or cubin"),
                             llvm::cl::init("ptx")};
  Option<std::string> outputDir{
      *this, "output-dir",
      llvm::cl::desc("Write <module>.<chip>.{ptx,cubin,json} here")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("LLVM and ptxas optimization level"),
                            llvm::cl::init(3)};
  Option<std::string> ptxas{*this, "ptxas", llvm::cl::desc("ptxas to run")};
  Option<bool> debugChecks{
      *this, "debug-checks",
      llvm::cl::desc("Check the layout algebra's preconditions on dynamic "
                     "values at run time (print and trap; off by default)"),
      llvm::cl::init(false)};
  Option<int64_t> debugHangs{
      *this, "debug-hangs",
      llvm::cl::desc("Give up every mbarrier wait after this many polling "
                     "rounds, print where it hung (kernel, block, warp, "
                     "pipeline, barrier, role, stage, phase) and trap; 0 "
                     "(the default) waits forever"),
      llvm::cl::init(0)};
  Option<bool> verifyProtocol{
      *this, "verify-protocol",
      llvm::cl::desc("Check the protocols of cute_nvgpu pipelines, "
                     "barriers and TMA copies in cute-verify-kernel (on by "
                     "default; off only to build a deliberately broken "
                     "kernel)"),
      llvm::cl::init(true)};
  Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("Approximate exp/log/sin/cos/rsqrt/division "
                     "(cute-fast-math; off by default)"),
      llvm::cl::init(false)};
  Option<bool> specialize{
      *this, "specialize",
      llvm::cl::desc("Also compile each kernel's clone for 16-byte aligned "
                     "pointers and sizes divisible by 16 (cute-specialize; "
                     "on by default)"),
      llvm::cl::init(true)};
  Option<bool> report{
      *this, "report",
      llvm::cl::desc("Remark each kernel's shared-memory plan "
                     "(cute-plan-smem) and the facts cute-verify-kernel "
                     "verified (threads, shared memory against the chip's "
                     "limit, pipeline stage bytes and arrivals, the TMEM "
                     "plan); off by default"),
      llvm::cl::init(false)};
};

/// The ptxas cute-emit-artifacts runs: `requested` when given, else
/// $CUDA_HOME/bin/ptxas, /usr/local/cuda/bin/ptxas, then PATH; "" if none.
std::string findPtxas(llvm::StringRef requested);

/// gpu.module of cute kernels -> PTX (-> cubin) for one chip.
void buildCompilePipeline(OpPassManager &pm, const CompileOptions &options);
void registerCompilePipeline();

} // namespace mlir::cute

#endif // CUTE_TARGET_PASSES_H
