//===- FlushDenormals.cpp - cute.ftz kernels flush f32 denormals ----------===//
//
// cute-flush-denormals: a gpu.func marked `cute.ftz` keeps the attribute
// through the GPU-to-NVVM conversion; its llvm.func then gets
// denormal_fp_math_f32 = "preserve-sign", which the NVPTX backend reads
// (NVPTXTargetLowering::useF32FTZ) to emit the .ftz forms of f32
// arithmetic. math.exp2 has become a call of libdevice's __nv_exp2f by
// then, which picks ex2.approx.ftz.f32 only under the module-wide
// __nvvm_reflect("__CUDA_FTZ") flag; in a cute.ftz kernel the call becomes
// the intrinsic llvm.nvvm.ex2.approx.ftz.f itself (what __nv_exp2f does
// under that flag), so the choice stays per kernel.
//
//===----------------------------------------------------------------------===//
#include "cute/Target/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEFLUSHDENORMALS
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

struct FlushDenormalsPass
    : public mlir::cute::impl::CuteFlushDenormalsBase<FlushDenormalsPass> {
  void runOnOperation() override {
    getOperation()->walk([](LLVM::LLVMFuncOp fn) {
      if (!fn->hasAttr("cute.ftz"))
        return;
      fn.setDenormalFpMathF32Attr(
          StringAttr::get(fn.getContext(), "preserve-sign"));
      SmallVector<LLVM::CallOp> exp2;
      fn.walk([&](LLVM::CallOp call) {
        if (call.getCallee() == "__nv_exp2f")
          exp2.push_back(call);
      });
      for (LLVM::CallOp call : exp2) {
        OpBuilder b(call);
        auto ex2 = LLVM::CallIntrinsicOp::create(
            b, call.getLoc(), call.getResult().getType(),
            b.getStringAttr("llvm.nvvm.ex2.approx.ftz.f"), call.getOperands());
        call.getResult().replaceAllUsesWith(ex2.getResult(0));
        call.erase();
      }
    });
  }
};

} // namespace
