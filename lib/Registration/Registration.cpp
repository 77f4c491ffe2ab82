//===- Registration.cpp - Everything the cute pipeline registers ----===//
#include "cute/Registration/Registration.h"

#include "cute/Conversion/Passes.h"
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h"
#include "cute/Target/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

void mlir::cute::registerCuteDialects(DialectRegistry &registry) {
  registry.insert<cute::CuteDialect, cute_nvgpu::CuteNvgpuDialect,
                  arith::ArithDialect, func::FuncDialect, scf::SCFDialect,
                  cf::ControlFlowDialect, math::MathDialect,
                  memref::MemRefDialect, vector::VectorDialect, gpu::GPUDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect>();
  // func.call/func.return inlining (--cute-compile inlines helpers first).
  func::registerInlinerExtension(registry);
  // Lowering interfaces and the NVVM target used by the pipeline.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  NVVM::registerConvertGpuToNVVMInterface(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerCuteNvgpuMmaLowerings(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
}

void mlir::cute::registerCutePassesAndPipelines() {
  // MLIR aborts when a pipeline is registered twice.
  static std::once_flag once;
  std::call_once(once, [] {
    // Generic and upstream passes the pipeline is made of, so that each stage
    // can also be run (and dumped) on its own.
    registerCanonicalizerPass();
    registerCSEPass();
    registerGpuNVVMAttachTarget();
    registerGpuModuleToBinaryPass();
    registerConvertGpuOpsToNVVMOps();
    registerArithToLLVMConversionPass();
    registerConvertMathToLLVMPass();
    registerSCFToControlFlowPass();
    registerConvertControlFlowToLLVMPass();
    registerReconcileUnrealizedCastsPass();

    registerCutePasses();
    cute_nvgpu::registerCuteNvgpuPasses();
    registerCuteConversionPasses();
    registerCuteTargetPasses();
    registerCompilePipeline();
  });
}
