//===- MmaSyncToNVVM.cpp - cute.gemm with mma.sync atoms ------------------===//
//
// cute.gemm over partitioned operands, unrolled like CuTe's gemm dispatch:
// for every k, m and n one nvvm.mma.sync on A(_,m,k), B(_,n,k), C(_,m,n).
// Register fragments are static: each value sits at a constant offset of
// the fragment's alloca, and value i of the atom's thread-value layout is
// register element i of the instruction (CuTe orders values that way), so
// operands are loaded, packed into b32 registers, run and stored back;
// SROA keeps them in registers.
//
//===----------------------------------------------------------------------===//
#include "MmaCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;

namespace {

/// 32-bit registers holding consecutive pairs of 16-bit values: i32 for
/// bf16 (what nvvm.mma.sync takes), vector<2xf16> for f16.
SmallVector<Value> packPairs(OpBuilder &b, Location loc, ArrayRef<Value> vals) {
  SmallVector<Value> regs;
  Type elem = vals.front().getType();
  auto vt = VectorType::get({2}, elem);
  for (size_t i = 0; i + 1 < vals.size(); i += 2) {
    Value v = LLVM::PoisonOp::create(b, loc, vt);
    for (int j = 0; j < 2; ++j)
      v = LLVM::InsertElementOp::create(b, loc, v, vals[i + j], i32(b, loc, j));
    if (isa<BFloat16Type>(elem))
      v = LLVM::BitcastOp::create(b, loc, b.getI32Type(), v);
    regs.push_back(v);
  }
  return regs;
}

struct MmaSyncLowering
    : MmaLoweringAttrInterface::ExternalModel<MmaSyncLowering, MmaSyncAttr> {
  LogicalResult lowerGemm(Attribute attr, RewriterBase &rewriter,
                          mlir::cute::GemmOp op, Value accumulate) const {
    auto atom = cast<MmaSyncAttr>(attr);
    Location loc = op.getLoc();
    GemmOperandLayout a(op.getA()), b(op.getB()), c(op.getC());
    Value pa = fragmentPtr(rewriter, loc, op.getA());
    Value pb = fragmentPtr(rewriter, loc, op.getB());
    Value pc = fragmentPtr(rewriter, loc, op.getC());
    int64_t na = atom.getK() == 16 ? 8 : 4, nb = na / 2, nc = 4;
    bool bf16 = isa<BFloat16Type>(atom.getA());
    auto ptx = bf16 ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16;
    Type f32 = rewriter.getF32Type();
    auto resTy = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                  SmallVector<Type>(nc, f32));
    forEachMmaBlock(a, c, [&](int64_t m, int64_t n, int64_t k) {
      SmallVector<Value> ra =
          packPairs(rewriter, loc, loadValues(rewriter, loc, pa, a, na, m, k));
      SmallVector<Value> rb =
          packPairs(rewriter, loc, loadValues(rewriter, loc, pb, b, nb, n, k));
      SmallVector<Value> rc = loadValues(rewriter, loc, pc, c, nc, m, n);
      // accumulate(%flag) false: the first k-block starts from zero.
      if (k == 0 && accumulate) {
        Value zero = arith::ConstantOp::create(rewriter, loc,
                                               rewriter.getF32FloatAttr(0));
        for (Value &x : rc)
          x = arith::SelectOp::create(rewriter, loc, accumulate, x, zero);
      }
      Value d = NVVM::MmaOp::create(
          rewriter, loc, resTy, ra, rb, rc,
          {atom.getM(), atom.getN(), atom.getK()}, std::nullopt, std::nullopt,
          std::array<NVVM::MMATypes, 2>{ptx, ptx},
          std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                         NVVM::MMALayout::col});
      storeValues(rewriter, loc, pc, c, unpackStruct(rewriter, loc, d, nc), m,
                  n);
    });
    return success();
  }
};

} // namespace

void lowering::attachMmaSyncLowerings(MLIRContext *ctx) {
  MmaSyncAttr::attachInterface<MmaSyncLowering>(*ctx);
}
