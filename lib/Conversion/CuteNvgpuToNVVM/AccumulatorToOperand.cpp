//===- AccumulatorToOperand.cpp - wgmma accumulators as register A --------===//
//
// cute_nvgpu.accumulator_to_operand -> a new register fragment (a
// cute.make_fragment that convert-cute-to-llvm makes an alloca; SROA keeps
// it in registers), filled per K block of the next MMA as
// cute/Atom/Sm90GmmaRs.h says:
//  - 16-bit: A register r = nvvm.convert.f32x2.to.{bf16,f16}x2 (rn) of
//    accumulator values 2r + 1 (high) and 2r (low) of the K block;
//  - 8-bit: pairs nvvm.convert.f32x2.to.f8x2 (rn, satfinite) packed into
//    the E and O words, two nvvm.shfl.sync idx per row half, nvvm.prmt.
// Every offset is a constant of the static layouts.
//
//===----------------------------------------------------------------------===//
#include "MmaCommon.h"

#include "cute/Atom/Sm90GmmaRs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
using mlir::cute::CuteMemRefType;

namespace {

Value gep(OpBuilder &b, Location loc, Value base, int64_t byteOff) {
  if (!byteOff)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(byteOff)});
}

struct AccumulatorToOperandLowering
    : OpConversionPattern<AccumulatorToOperandOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AccumulatorToOperandOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resTy = cast<CuteMemRefType>(op.getType());
    Value frag = mlir::cute::MakeFragmentOp::create(rewriter, loc, resTy);
    GemmOperandLayout acc(op.getAccumulator()), out(frag);
    Value src = tensorBasePtr(rewriter, loc, op.getAccumulator(), 0);
    Value dst = tensorBasePtr(rewriter, loc, frag, 0);
    Type elem = resTy.getElementType();
    unsigned bits = mlir::cute::storageBits(elem);
    int64_t perBlock = ::cute::atom::rsWgmmaK(bits) / 2;
    int64_t vals = ::cute::layout::size(acc.block()).value();
    // Whole K blocks per accumulator atom (wgmma); 0 for mma.sync m16n8,
    // whose K block j is atoms 2j and 2j + 1 (16-bit only).
    int64_t blocksPerAtom = vals / perBlock;
    Type f32 = rewriter.getF32Type(), i32t = rewriter.getI32Type();

    auto value = [&](int64_t v, int64_t m, int64_t n) -> Value {
      return LLVM::LoadOp::create(
          rewriter, loc, f32, gep(rewriter, loc, src, acc.offset(v, m, n) * 4),
          4);
    };
    // Register r (A values r * 32/bits ..) of A block (m, kb).
    auto storeReg = [&](Value reg, int64_t r, int64_t m, int64_t kb) {
      int64_t off = out.offset(r * (32 / bits), m, kb) * bits / 8;
      LLVM::StoreOp::create(rewriter, loc, reg, gep(rewriter, loc, dst, off),
                            4);
    };

    // 8-bit only: this lane's quad lane and the shuffle pieces.
    Value q, qOdd, qLow, quadBase;
    if (bits == 8) {
      Value lane = NVVM::LaneIdOp::create(rewriter, loc, i32t);
      q = arith::AndIOp::create(rewriter, loc, lane, i32(rewriter, loc, 3));
      quadBase = arith::SubIOp::create(rewriter, loc, lane, q);
      qOdd = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(rewriter, loc, q, i32(rewriter, loc, 1)),
          i32(rewriter, loc, 0));
      qLow = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, q,
                                   i32(rewriter, loc, 2));
    }
    // The quad lane q reads in shuffle s, as a select over q's four values
    // (rsF8SourceLane is a function of q alone).
    auto sourceLane = [&](int s) -> Value {
      Value r = i32(rewriter, loc, ::cute::atom::rsF8SourceLane(3, s));
      for (int qq = 2; qq >= 0; --qq) {
        Value is = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, q, i32(rewriter, loc, qq));
        r = arith::SelectOp::create(
            rewriter, loc, is,
            i32(rewriter, loc, ::cute::atom::rsF8SourceLane(qq, s)), r);
      }
      return arith::AddIOp::create(rewriter, loc, quadBase, r);
    };
    Value src0, src1;
    if (bits == 8) {
      src0 = sourceLane(0);
      src1 = sourceLane(1);
    }

    // 16-bit: value a of K block kb is value f % vals of accumulator atom
    // f / vals, f = kb perBlock + a (the accumulator's values, atom after
    // atom along N, in K order): within one atom for wgmma, across two
    // for mma.sync m16n8.
    if (bits == 16) {
      auto vt = VectorType::get({2}, elem);
      int64_t restK = acc.rest(2) * vals / perBlock;
      for (int64_t m = 0; m < acc.rest(1); ++m)
        for (int64_t kb = 0; kb < restK; ++kb)
          for (int64_t r = 0; r < 4; ++r) {
            int64_t f = kb * perBlock + 2 * r;
            Value hi = value(f % vals + 1, m, f / vals);
            Value lo = value(f % vals, m, f / vals);
            Value pair = isa<BFloat16Type>(elem)
                             ? NVVM::ConvertF32x2ToBF16x2Op::create(
                                   rewriter, loc, vt, hi, lo, Value(),
                                   NVVM::FPRoundingMode::RN)
                                   .getResult()
                             : NVVM::ConvertF32x2ToF16x2Op::create(
                                   rewriter, loc, vt, hi, lo, Value(),
                                   NVVM::FPRoundingMode::RN)
                                   .getResult();
            storeReg(LLVM::BitcastOp::create(rewriter, loc, i32t, pair), r, m,
                     kb);
          }
      rewriter.replaceOp(op, frag);
      return success();
    }
    // 8-bit (wgmma only): two shuffles and a byte permute per register.
    for (int64_t m = 0; m < acc.rest(1); ++m)
      for (int64_t n = 0; n < acc.rest(2); ++n)
        for (int64_t j = 0; j < blocksPerAtom; ++j) {
          int64_t kb = n * blocksPerAtom + j, first = j * perBlock;
          for (int h = 0; h < 2; ++h) {
            Value pairs[4];
            for (int g = 0; g < 4; ++g) {
              Value hi =
                  value(first + ::cute::atom::rsF8PairValue(g, h, 1), m, n);
              Value lo =
                  value(first + ::cute::atom::rsF8PairValue(g, h, 0), m, n);
              Value p = NVVM::ConvertF32x2ToF8x2Op::create(
                  rewriter, loc, rewriter.getI16Type(), hi, lo,
                  NVVM::FPRoundingMode::RN, NVVM::SaturationMode::SATFINITE,
                  false, elem);
              pairs[g] = LLVM::ZExtOp::create(rewriter, loc, i32t, p);
            }
            auto word = [&](int w) -> Value {
              Value high = LLVM::ShlOp::create(rewriter, loc, pairs[w + 2],
                                               i32(rewriter, loc, 16));
              return LLVM::OrOp::create(rewriter, loc, pairs[w], high);
            };
            Value e = word(0), o = word(1);
            // Shuffle 0: even lanes send E, odd ones O; shuffle 1 the other.
            Value send0 = arith::SelectOp::create(rewriter, loc, qOdd, o, e);
            Value send1 = arith::SelectOp::create(rewriter, loc, qOdd, e, o);
            auto shfl = [&](Value v, Value from) -> Value {
              return NVVM::ShflOp::create(
                  rewriter, loc, i32t, i32(rewriter, loc, -1), v, from,
                  i32(rewriter, loc, 0x1f), NVVM::ShflKind::idx, UnitAttr());
            };
            Value x = shfl(send0, src0), y = shfl(send1, src1);
            for (int u = 0; u < 2; ++u) {
              Value sel = arith::SelectOp::create(
                  rewriter, loc, qLow,
                  i32(rewriter, loc, ::cute::atom::rsF8Selector(0, u)),
                  i32(rewriter, loc, ::cute::atom::rsF8Selector(2, u)));
              Value reg = NVVM::PermuteOp::create(
                  rewriter, loc, i32t, x, y, sel, NVVM::PermuteMode::DEFAULT);
              storeReg(reg, h + 2 * u, m, kb);
            }
          }
        }
    rewriter.replaceOp(op, frag);
    return success();
  }
};

} // namespace

void lowering::populateAccumulatorToOperandPatterns(const TypeConverter &tc,
                                                    RewritePatternSet &p) {
  p.add<AccumulatorToOperandLowering>(tc, p.getContext());
}
