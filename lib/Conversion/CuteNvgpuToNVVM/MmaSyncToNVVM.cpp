//===- MmaSyncToNVVM.cpp - cute.gemm with mma.sync atoms ------------------===//
//
// cute.gemm over partitioned operands, unrolled like CuTe's gemm dispatch:
// for every k, m and n one nvvm.mma.sync on A(_,m,k), B(_,n,k), C(_,m,n).
// Register fragments are static: each value sits at a constant offset of
// the fragment's alloca, and value i of the atom's thread-value layout is
// register element i of the instruction (CuTe orders values that way), so
// operands are loaded, packed into b32 registers, run and stored back;
// SROA keeps them in registers. 16-bit operands pack two values per
// register; m16n8k32 s8/u8 (i8 fragments) four, value 4r+j in byte j of
// register r (PTX ISA, "Matrix Fragments for mma.m16n8k32"), with s32
// accumulators that wrap on overflow (no .satfinite, as CuTe's
// SM80_16x8x32_S32S8S8S32_TN). m16n8k32 kind::f8f6f4 (sm_120a, CuTe's
// SM120_16x8x32_TN) packs the same way, one 8-bit container per value (an
// e2m1 code in bits [2,6) of its byte, as CuTe's fp4_shift_A/B put it);
// NVVM 22's nvvm.mma.sync has no kind::f8f6f4, so it is a call of LLVM's
// typed intrinsic llvm.nvvm.mma.m16n8k32.row.col.kind.f8f6f4.f32.<A>.<B>.f32
// (no inline PTX).
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

/// The PTX name of a kind::f8f6f4 operand type.
StringRef f8f6f4Name(Type t) {
  if (isa<Float8E5M2Type>(t))
    return "e5m2";
  if (isa<Float4E2M1FNType>(t))
    return "e2m1";
  if (isa<Float6E2M3FNType>(t))
    return "e2m3";
  if (isa<Float6E3M2FNType>(t))
    return "e3m2";
  return "e4m3";
}

/// The PTX type of an s8/u8 operand (si8 / ui8).
NVVM::MMATypes intPtxType(Type t) {
  return cast<IntegerType>(t).isUnsigned() ? NVVM::MMATypes::u8
                                           : NVVM::MMATypes::s8;
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
    bool int8 = isa<IntegerType>(atom.getA());
    bool f8f6f4 = atom.getK() == 32 && !int8;
    // kind::f8f6f4 keeps e2m1 in bits [2,6) of its byte.
    auto shiftOf = [](Type t) -> unsigned {
      return isa<Float4E2M1FNType>(t) ? 2 : 0;
    };
    std::string intrinsic =
        ("llvm.nvvm.mma.m16n8k32.row.col.kind.f8f6f4.f32." +
         f8f6f4Name(atom.getA()) + "." + f8f6f4Name(atom.getB()) + ".f32")
            .str();
    Type accTy = atom.getC();
    constexpr int64_t nc = 4;
    auto resTy = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                  SmallVector<Type>(nc, accTy));
    FragmentReader ra(rewriter, loc, pa, a), rb(rewriter, loc, pb, b);
    Value zero;
    forEachMmaBlock(a, c, [&](int64_t m, int64_t n, int64_t k) {
      SmallVector<Value> regA, regB;
      std::array<NVVM::MMATypes, 2> ptx{};
      if (f8f6f4) {
        regA = byteRegisters(ra, a, 4, m, k, shiftOf(atom.getA()));
        regB = byteRegisters(rb, b, 2, n, k, shiftOf(atom.getB()));
      } else if (int8) {
        regA = byteRegisters(ra, a, 4, m, k, 0);
        regB = byteRegisters(rb, b, 2, n, k, 0);
        ptx = {intPtxType(atom.getA()), intPtxType(atom.getB())};
      } else {
        int64_t na = atom.getK() == 16 ? 8 : 4, nb = na / 2;
        regA = packPairs(rewriter, loc,
                         loadValues(rewriter, loc, pa, a, na, m, k));
        regB = packPairs(rewriter, loc,
                         loadValues(rewriter, loc, pb, b, nb, n, k));
        auto t = isa<BFloat16Type>(atom.getA()) ? NVVM::MMATypes::bf16
                                                : NVVM::MMATypes::f16;
        ptx = {t, t};
      }
      SmallVector<Value> rc = loadValues(rewriter, loc, pc, c, nc, m, n);
      // accumulate(%flag) false: the first k-block starts from zero.
      if (k == 0 && accumulate) {
        if (!zero)
          zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(accTy));
        for (Value &x : rc)
          x = arith::SelectOp::create(rewriter, loc, accumulate, x, zero);
      }
      Value d;
      if (f8f6f4) {
        SmallVector<Value> args(regA);
        args.append(regB.begin(), regB.end());
        args.append(rc.begin(), rc.end());
        d = LLVM::CallIntrinsicOp::create(
                rewriter, loc, resTy, rewriter.getStringAttr(intrinsic), args)
                ->getResult(0);
        storeValues(rewriter, loc, pc, c, unpackStruct(rewriter, loc, d, nc), m,
                    n);
        return;
      }
      std::optional<NVVM::MMAIntOverflow> overflow;
      if (int8)
        overflow = NVVM::MMAIntOverflow::wrapped;
      d = NVVM::MmaOp::create(rewriter, loc, resTy, regA, regB, rc,
                              {atom.getM(), atom.getN(), atom.getK()},
                              std::nullopt, overflow, ptx,
                              std::array<NVVM::MMALayout, 2>{
                                  NVVM::MMALayout::row, NVVM::MMALayout::col});
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
