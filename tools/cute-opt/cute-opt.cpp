//===- cute-opt.cpp - The cute-mlir optimizer driver ----------------------===//
//
// mlir-opt for cute-mlir: registers only the dialects, interfaces and passes
// the cute pipeline uses (cute/Registration/Registration.h, shared with the
// JIT).
// `--cute-compile="chip=sm_100a"` runs the whole pipeline from cute kernels
// to PTX/cubin.
//
//===----------------------------------------------------------------------===//
#include "cute/Registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "cute-mlir version " << CUTE_VERSION << " (LLVM/MLIR "
       << CUTE_LLVM_VERSION << ")\n";
  });
  mlir::DialectRegistry registry;
  mlir::cute::registerCuteDialects(registry);
  mlir::cute::registerCutePassesAndPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "cute-mlir optimizer driver\n", registry));
}
