//===- PreciseSqrt.cpp - math.sqrt as the correctly rounded sqrt.rn -------===//
//
// cute-precise-sqrt: an f32 math.sqrt without afn becomes the intrinsic
// llvm.nvvm.sqrt.rn.f (.ftz.f in a cute.ftz kernel) before the GPU-to-NVVM
// conversion would make it a call of libdevice's
// __nv_sqrtf (which picks sqrt.approx.f32 here, its __CUDA_PREC_SQRT
// reflect flag being unset): sqrt.rn.f32. With afn the conversion's
// libdevice call stays.
//
//===----------------------------------------------------------------------===//
#include "cute/Target/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEPRECISESQRT
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;

namespace {

struct PreciseSqrtPass
    : public mlir::cute::impl::CutePreciseSqrtBase<PreciseSqrtPass> {
  void runOnOperation() override {
    SmallVector<math::SqrtOp> sqrts;
    getOperation()->walk([&](math::SqrtOp op) {
      if (!getElementTypeOrSelf(op.getType()).isF32())
        return;
      if (bitEnumContainsAll(op.getFastmath(), arith::FastMathFlags::afn))
        return;
      sqrts.push_back(op);
    });
    for (math::SqrtOp op : sqrts) {
      // llvm.intr.sqrt is illegal in the GPU-to-NVVM conversion; the NVVM
      // intrinsic is the same instruction (.ftz in a cute.ftz kernel).
      auto fn = op->getParentOfType<gpu::GPUFuncOp>();
      bool ftz = fn && fn->hasAttr("cute.ftz");
      StringRef name = ftz ? "llvm.nvvm.sqrt.rn.ftz.f" : "llvm.nvvm.sqrt.rn.f";
      OpBuilder b(op);
      Value x = op.getOperand();
      Value r;
      if (auto vt = dyn_cast<VectorType>(x.getType())) {
        // Element by element: the intrinsic is scalar.
        r = LLVM::PoisonOp::create(b, op.getLoc(), vt);
        for (int64_t i = 0; i < vt.getNumElements(); ++i) {
          Value e = vector::ExtractOp::create(b, op.getLoc(), x, i);
          Value s = LLVM::CallIntrinsicOp::create(b, op.getLoc(), e.getType(),
                                                  b.getStringAttr(name), e)
                        .getResult(0);
          r = vector::InsertOp::create(b, op.getLoc(), s, r, i);
        }
      } else {
        r = LLVM::CallIntrinsicOp::create(b, op.getLoc(), x.getType(),
                                          b.getStringAttr(name), x)
                .getResult(0);
      }
      op.getResult().replaceAllUsesWith(r);
      op.erase();
    }
  }
};

} // namespace
