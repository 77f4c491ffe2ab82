//===- cute-lsp-server.cpp - Language server for cute kernels -------------===//
//
// MLIR's language server with the dialects the cute pipeline registers
// (cute/Registration/Registration.h, shared with cute-opt and the JIT): an
// editor gets diagnostics (every verifier, including the layout algebra's
// type inference), hover with the inferred types, go-to-definition and
// document symbols for kernel files. See docs/editor.md for the setup.
//
//===----------------------------------------------------------------------===//
#include "cute/Registration/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::cute::registerCuteDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
