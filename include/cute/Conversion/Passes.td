//===- Passes.td - cute conversion passes -------------------*- tablegen -*-===//
#ifndef CUTE_CONVERSION_PASSES_TD
#define CUTE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertCuteToLLVM : Pass<"convert-cute-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower cute pointers, tensors, layouts, copies to LLVM";
  let description = [{
    Pointers become `!llvm.ptr` in the memory space's address space (gmem 1,
    smem 3, rmem 0); a memref value becomes its pointer followed by its
    dynamic layout leaves, any other cute value its dynamic leaves (1:N, so
    a kernel taking `!cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">`
    takes `(!llvm.ptr<1>, i32, i32, i32)`). Address arithmetic comes from
    the layout library (symbolic leaves emitted as arith); swizzles are
    arith.xori/andi/shrui on the address. Register fragments are
    llvm.alloca in the entry block. cute.copy becomes aligned vector
    llvm.load/llvm.store (predicated copies: scf.if per element). arith and
    scf ops are produced; run the usual arith/scf/cf-to-llvm passes after.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // CUTE_CONVERSION_PASSES_TD
