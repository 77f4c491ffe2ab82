//===- cute-opt.cpp - The cute-mlir optimizer driver ----------------------===//
//
// mlir-opt for cute-mlir: registers only the dialects and passes we use.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/Cute.h"
#include "cute/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
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
                  mlir::func::FuncDialect, mlir::scf::SCFDialect>();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::cute::registerCutePasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cute-mlir optimizer driver\n", registry));
}
