//===- Pipeline.cpp - The one-flag pipeline: cute kernels to PTX/cubin ----===//
#include "cute/Conversion/Passes.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h"
#include "cute/Target/Chip.h"
#include "cute/Target/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::cute;

void mlir::cute::buildCompilePipeline(OpPassManager &pm,
                                      const CompileOptions &o) {
  const ::cute::target::ChipInfo *info = ::cute::target::lookupChip(o.chip);
  // An unknown chip is reported by cute-verify-kernel; keep a valid feature.
  std::string features = info ? info->ptxFeature : "";

  // Helpers first: func.func helpers of a kernel file (taking pipelines,
  // states, descriptors, tensors) are inlined into the kernels wherever
  // they are called (cute-inline-helpers: also at a gpu.func's top level,
  // which the upstream inliner leaves), without canonicalizing, and the
  // private ones left unused are removed; every later pass (the protocol
  // verifier among them) sees whole kernels.
  pm.addPass(createCuteInlineHelpers());
  pm.addPass(createSymbolDCEPass());
  // Branches on instance parameters: each instance keeps only its own code
  // (a descriptor used only by another instance's branch is no parameter).
  pm.addPass(createCuteResolveStaticBranches());
  // cute.constants, i32 grid indices, broadcast arithmetic: the ops they
  // stand for, before any pass looks for constants.
  pm.addPass(createCuteExpandShorthands());
  // Tile schedulers into arith: the protocol analyses see plain loops.
  pm.addPass(createCuteExpandTileSchedulers());
  // TMA copies on cute.copy into tma_load / tma_store (box origins from
  // the coordinate tiles), so that everything after sees TMA ops.
  pm.addPass(cute_nvgpu::createCuteNvgpuLowerTmaCopies());
  // Pipeline numbers left out (tx_bytes, consumers) from the whole kernels.
  pm.addPass(cute_nvgpu::createCuteNvgpuInferPipelineCounts());
  // TMA descriptors become kernel parameters before anything copies kernels.
  pm.addPass(cute_nvgpu::createCuteNvgpuOutlineTma());
  // Specialized clones first: every later pass treats them as kernels.
  if (o.specialize)
    pm.addPass(createCuteSpecialize());
  // Shared memory next: the plan's bytes are checked and recorded below.
  CutePlanSmemOptions plan;
  plan.chip = o.chip;
  plan.report = o.report;
  pm.addPass(createCutePlanSmem(plan));
  CuteVerifyKernelOptions verify;
  verify.chip = o.chip;
  verify.protocol = o.verifyProtocol;
  verify.report = o.report;
  pm.addPass(createCuteVerifyKernel(verify));
  pm.addPass(createCuteCollectKernelMetadata(
      CuteCollectKernelMetadataOptions{o.chip}));
  // Pipelines to mbarrier ops (after the protocol checks read them).
  pm.addPass(cute_nvgpu::createCuteNvgpuExpandPipelines());
  if (o.fastMath)
    pm.addPass(createCuteFastMath());
  pm.addPass(createCuteExpandFastExp());
  pm.addPass(createCuteUnrollLoops());
  pm.addPass(createCuteLowerMaskedCopies());
  pm.addPass(createCuteFoldStatic());
  CuteExpandOpsOptions expand;
  expand.debugChecks = o.debugChecks;
  pm.addPass(createCuteExpandOps(expand));
  pm.addPass(createCuteLowerReductions());
  pm.addPass(createCanonicalizerPass());
  // extf/truncf on f8/f6/f4/E8M0 to cvt instructions or integer sequences,
  // on the final vectors and before anything lowers arith to LLVM.
  CuteLowerNarrowFloatsOptions narrow;
  narrow.chip = o.chip;
  pm.addPass(createCuteLowerNarrowFloats(narrow));
  // Architecture ops to NVVM, then tensors, views, copies and leftover
  // layout values to LLVM/arith/scf.
  ConvertCuteNvgpuToNVVMOptions nvgpu;
  nvgpu.debugHangs = o.debugHangs;
  pm.addPass(createConvertCuteNvgpuToNVVM(nvgpu));
  pm.addPass(createConvertCuteToLLVM());
  pm.addPass(createCanonicalizerPass());

  GpuNVVMAttachTargetOptions target;
  target.chip = o.chip;
  target.features = features;
  target.optLevel = o.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  // Control flow first: the block-reduction rewrite splits blocks, which an
  // scf.for body (e.g. a persistent kernel's loop) may not hold.
  pm.addPass(createSCFToControlFlowPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCuteLowerGpuReductions());
  // f32 math.sqrt without afn: sqrt.rn (libdevice would give sqrt.approx).
  pm.addPass(createCutePreciseSqrt());
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps());
  pm.addPass(createCuteNvgpuGridConstantArgs());
  // Kernels marked cute.ftz: f32 denormals flushed (ex2.approx.ftz).
  pm.addPass(createCuteFlushDenormals());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  // NVVM ops without an LLVM intrinsic (wgmma.mma_async) become inline PTX.
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());

  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(toBinary));

  CuteEmitArtifactsOptions emit;
  emit.chip = o.chip;
  emit.outputDir = o.outputDir;
  emit.format = o.format;
  emit.ptxas = o.ptxas;
  emit.ptxasOptLevel = o.optLevel;
  pm.addPass(createCuteEmitArtifacts(emit));
}

void mlir::cute::registerCompilePipeline() {
  PassPipelineRegistration<CompileOptions>(
      "cute-compile",
      "Compile a gpu.module of cute kernels to PTX (and cubin with "
      "format=cubin) for one chip; see docs/pipeline.md",
      buildCompilePipeline);
}
