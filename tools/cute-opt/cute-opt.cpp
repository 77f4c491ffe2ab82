//===- cute-opt.cpp - The cute-mlir optimizer driver ----------------------===//
//
// mlir-opt for cute-mlir: registers only the dialects, interfaces and passes
// the cute pipeline uses. `--cute-compile="chip=sm_100a"` runs the whole
// pipeline from cute kernels to PTX/cubin.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/Cute.h"
#include "cute/Target/Passes.h"
#include "cute/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
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
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "cute-mlir version " << CUTE_VERSION << " (LLVM/MLIR "
       << CUTE_LLVM_VERSION << ")\n";
  });
  mlir::DialectRegistry registry;
  registry.insert<mlir::cute::CuteDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect,
                  mlir::cf::ControlFlowDialect, mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::vector::VectorDialect, mlir::gpu::GPUDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  // Lowering interfaces and the NVVM target used by the pipeline.
  mlir::arith::registerConvertArithToLLVMInterface(registry);
  mlir::cf::registerConvertControlFlowToLLVMInterface(registry);
  mlir::registerConvertMathToLLVMInterface(registry);
  mlir::registerConvertMemRefToLLVMInterface(registry);
  mlir::NVVM::registerConvertGpuToNVVMInterface(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::registerGPUDialectTranslation(registry);

  // Generic and upstream passes the pipeline is made of, so that each stage
  // can also be run (and dumped) on its own.
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerGpuNVVMAttachTarget();
  mlir::registerGpuModuleToBinaryPass();
  mlir::registerConvertGpuOpsToNVVMOps();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerSCFToControlFlowPass();
  mlir::registerConvertControlFlowToLLVMPass();
  mlir::registerReconcileUnrealizedCastsPass();

  mlir::cute::registerCutePasses();
  mlir::cute::registerCuteTargetPasses();
  mlir::cute::registerCompilePipeline();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cute-mlir optimizer driver\n", registry));
}
