//===- LowerNarrowFloats.cpp - extf/truncf on f8, f6, f4 and E8M0 ---------===//
//
// cute-lower-narrow-floats: arith.extf / arith.truncf with an f8E4M3FN,
// f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN or f8E8M0FNU side become either the
// chip's cvt instructions (NVVM ops, two elements per instruction) or
// integer sequences on the f32 bit pattern, which LLVM lowers on any chip
// (and on the CPU, where test/Conversion/NarrowFloats/cpu-exhaustive.mlir
// runs them against cute/Support/NarrowFloat.h).
//
// The two give the same bits (docs/cute-dialect.md, "Narrow floats in
// kernels"):
//   truncf   round to nearest even, saturate to +-max finite (PTX
//            cvt.rn.satfinite); a NaN becomes the positive NaN code (0x7F for
//            f8E4M3FN and f8E5M2, 0xFF for f8E8M0FNU) or, without NaN, the
//            positive max (0x1F, 0x7). Non-NaN results equal
//            encodeNarrowFloatSaturate; the NaN codes are what the H200's
//            cvt returns for every NaN (measured), not the signed NaN of
//            NarrowFloat.h's encoders. To f8E8M0FNU: the nearest power of
//            two, ties to the larger (encodeNarrowFloatSaturate), or with
//            `toward_zero` / `upward` PTX's cvt.rz / cvt.rp.satfinite.ue8m0x2
//            (encodeF8E8M0FNU: the sign is ignored). NarrowFloat.h's
//            kernelTruncF / kernelExtFTo*Bits state all of it.
//   extf     exact (f8E8M0FNU to f16 rounds to nearest even); NaN codes give
//            the canonical NaN 0x7FFFFFFF (f32) or 0x7FFF (f16, bf16), as the
//            H200's cvt.rn.f16x2.e4m3x2 and cvt.f32.f16 do.
//
//===----------------------------------------------------------------------===//
#include "cute/Conversion/Passes.h"
#include "cute/Support/NarrowFloat.h"
#include "cute/Target/Chip.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>
#include <limits>

namespace mlir::cute {
#define GEN_PASS_DEF_CUTELOWERNARROWFLOATS
#include "cute/Conversion/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using ::cute::NarrowFloatKind;

namespace {

//===----------------------------------------------------------------------===//
// Formats and semantics
//===----------------------------------------------------------------------===//

std::optional<NarrowFloatKind> narrowKind(Type t) {
  return llvm::TypeSwitch<Type, std::optional<NarrowFloatKind>>(t)
      .Case<Float8E4M3FNType>([](auto) { return NarrowFloatKind::F8E4M3FN; })
      .Case<Float8E5M2Type>([](auto) { return NarrowFloatKind::F8E5M2; })
      .Case<Float6E2M3FNType>([](auto) { return NarrowFloatKind::F6E2M3FN; })
      .Case<Float6E3M2FNType>([](auto) { return NarrowFloatKind::F6E3M2FN; })
      .Case<Float4E2M1FNType>([](auto) { return NarrowFloatKind::F4E2M1FN; })
      .Case<Float8E8M0FNUType>([](auto) { return NarrowFloatKind::F8E8M0FNU; })
      .Default([](Type) { return std::nullopt; });
}

bool isNarrow(Type t) {
  return narrowKind(getElementTypeOrSelf(t)).has_value();
}

bool isF8(NarrowFloatKind k) {
  return k == NarrowFloatKind::F8E4M3FN || k == NarrowFloatKind::F8E5M2;
}
bool isF6(NarrowFloatKind k) {
  return k == NarrowFloatKind::F6E2M3FN || k == NarrowFloatKind::F6E3M2FN;
}

// The NaN rules come from cute/Support/NarrowFloat.h ("What kernels
// compute"), the host reference the tests compare with.

/// The canonical NaN extf produces in f32 (0x7FFFFFFF) and in f16 / bf16
/// (0x7FFF).
uint32_t nanF32() {
  return ::cute::kernelExtFToF32Bits(NarrowFloatKind::F8E8M0FNU, 0xFF);
}
uint32_t nan16(Type t) {
  return t.isF16()
             ? ::cute::kernelExtFToF16Bits(NarrowFloatKind::F8E8M0FNU, 0xFF)
             : ::cute::kernelExtFToBF16Bits(NarrowFloatKind::F8E8M0FNU, 0xFF);
}

/// The code truncf gives a NaN: the positive NaN code (the H200's cvt
/// returns 0x7F for every NaN, f8E5M2 included), or the positive largest
/// value in the formats without NaN (CUDA's cuda_fp6.hpp / cuda_fp4.hpp).
uint32_t nanResultCode(NarrowFloatKind k) {
  return ::cute::kernelTruncF(k, std::numeric_limits<float>::quiet_NaN());
}

using ::cute::E8M0Rounding;

/// Which cvt instructions the lowering may use.
struct Cvts {
  bool f8 = false;        // .e4m3x2 / .e5m2x2 (sm_89 and later)
  bool f6f4ue8m0 = false; // .e2m3x2 / .e3m2x2 / .e2m1x2 / .ue8m0x2
};

//===----------------------------------------------------------------------===//
// Integer sequences
//===----------------------------------------------------------------------===//

/// i32 arithmetic on values shaped like a given scalar or vector.
class Ints {
public:
  Ints(OpBuilder &b, Location loc, Type shapeOf) : b(b), loc(loc) {
    i32 = b.getI32Type();
    if (auto vt = dyn_cast<VectorType>(shapeOf))
      i32 = vt.clone(i32);
  }
  Type type() const { return i32; }
  Type like(Type elem) const {
    if (auto vt = dyn_cast<VectorType>(i32))
      return vt.clone(elem);
    return elem;
  }

  Value c(uint32_t v) {
    Value &cached = constants[v];
    if (!cached)
      cached = make(v);
    return cached;
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value add(Value x, uint32_t y) { return add(x, c(y)); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value sub(Value x, uint32_t y) { return sub(x, c(y)); }
  Value shl(Value x, uint32_t s) {
    return arith::ShLIOp::create(b, loc, x, c(s));
  }
  Value shr(Value x, Value s) { return arith::ShRUIOp::create(b, loc, x, s); }
  Value shr(Value x, uint32_t s) { return shr(x, c(s)); }
  Value shlv(Value x, Value s) { return arith::ShLIOp::create(b, loc, x, s); }
  Value band(Value x, uint32_t m) {
    return arith::AndIOp::create(b, loc, x, c(m));
  }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value umin(Value x, uint32_t y) {
    return arith::MinUIOp::create(b, loc, x, c(y));
  }
  Value umax(Value x, uint32_t y) {
    return arith::MaxUIOp::create(b, loc, x, c(y));
  }
  Value smax(Value x, int32_t y) {
    return arith::MaxSIOp::create(b, loc, x, c(uint32_t(y)));
  }
  Value cmp(arith::CmpIPredicate p, Value x, uint32_t y) {
    return arith::CmpIOp::create(b, loc, p, x, c(y));
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value eq(Value x, uint32_t y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value ne(Value x, uint32_t y) { return cmp(arith::CmpIPredicate::ne, x, y); }
  Value ugt(Value x, uint32_t y) {
    return cmp(arith::CmpIPredicate::ugt, x, y);
  }
  Value uge(Value x, uint32_t y) {
    return cmp(arith::CmpIPredicate::uge, x, y);
  }
  Value sel(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value sel(Value cond, uint32_t x, Value y) { return sel(cond, c(x), y); }
  /// 0 or 1 from an i1.
  Value bit(Value cond) { return arith::ExtUIOp::create(b, loc, i32, cond); }
  Value andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value ori(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }

  OpBuilder &b;
  Location loc;

private:
  Value make(uint32_t v) {
    IntegerAttr attr = b.getIntegerAttr(b.getI32Type(), v);
    if (auto vt = dyn_cast<VectorType>(i32))
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(vt, ArrayRef<Attribute>(attr)));
    return arith::ConstantOp::create(b, loc, attr);
  }

  Type i32;
  /// One constant per value (they dominate every later use in the rewrite).
  llvm::DenseMap<uint32_t, Value> constants;
};

/// f32 bits of the value of `code` (i32, the format's bits at the bottom).
Value decodeBits(Ints &I, NarrowFloatKind k, Value code) {
  const ::cute::NarrowFloatFormat &f = ::cute::narrowFloatFormat(k);
  if (k == NarrowFloatKind::F8E8M0FNU) {
    // 2^(e - 127): the code is the f32 exponent field; 0 is 2^-127, an f32
    // subnormal, and 0xFF is NaN.
    Value bits = I.sel(I.eq(code, 0), 0x00400000u, I.shl(code, 23));
    return I.sel(I.eq(code, 0xFF), nanF32(), bits);
  }
  unsigned mb = f.mantBits, nb = f.expBits + f.mantBits;
  Value mag = I.band(code, (1u << nb) - 1);
  Value m = I.band(code, (1u << mb) - 1);
  // Normal: the fields move to f32's positions and the exponent is rebiased.
  Value normal = I.add(I.shl(mag, 23 - mb), uint32_t(127 - f.bias) << 23);
  // Subnormal: m * 2^(1 - bias - mantBits) = 2^(1 - bias) * (1.m - 1), the
  // f32 subtraction exact (both in one binade); m = 0 gives +0.
  OpBuilder &b = I.b;
  Type f32 = I.like(b.getF32Type());
  Value oneM = arith::BitcastOp::create(
      b, I.loc, f32, I.add(I.shl(m, 23 - mb), uint32_t(128 - f.bias) << 23));
  Value base = arith::BitcastOp::create(b, I.loc, f32,
                                        I.c(uint32_t(128 - f.bias) << 23));
  Value sub = arith::BitcastOp::create(
      b, I.loc, I.type(), arith::SubFOp::create(b, I.loc, oneM, base));
  Value bits = I.sel(I.ugt(mag, (1u << mb) - 1), normal, sub);
  if (f.hasInf) // f8E5M2: the all-ones exponent with mantissa 0
    bits = I.sel(I.eq(mag, ((1u << f.expBits) - 1) << mb), 0x7F800000u, bits);
  bits = I.bor(bits, I.shl(I.shr(code, nb), 31));
  if (f.hasNaN) {
    Value isNaN = f.hasInf ? I.ugt(mag, ((1u << f.expBits) - 1) << mb)
                           : I.eq(mag, f.nanCode);
    bits = I.sel(isNaN, nanF32(), bits);
  }
  return bits;
}

/// The code (i32) of f32 bits `u`: round to nearest even, saturate to the
/// largest finite value (f8, f6, f4).
Value encodeBits(Ints &I, NarrowFloatKind k, Value u) {
  const ::cute::NarrowFloatFormat &f = ::cute::narrowFloatFormat(k);
  unsigned mb = f.mantBits, nb = f.expBits + f.mantBits;
  Value a = I.band(u, 0x7FFFFFFF);
  Value ea = I.shr(a, 23u);
  Value mant = I.band(a, 0x7FFFFF);
  // The significand with its hidden bit, and the exponent that an f32
  // subnormal shares with the smallest normal.
  Value sig = I.sel(I.eq(ea, 0), mant, I.bor(mant, I.c(0x800000)));
  // Biased exponent in the target format (<= 0: a target subnormal).
  Value et = I.sub(I.umax(ea, 1), uint32_t(127 - f.bias));
  // Right shift from f32's 24-bit significand to the target's: 23 - mb, plus
  // 1 - et below the normal range. Past 25 every bit is shifted out and
  // rounds to 0 (sig < 2^24 <= half), so 31 is as good.
  Value below = I.smax(I.sub(I.c(1), et), 0);
  Value shift = I.umin(I.add(below, 23 - mb), 31);
  Value r = I.shr(sig, shift);
  Value one = I.c(1);
  Value rem = I.andi(sig, I.sub(I.shlv(one, shift), one));
  Value half = I.shlv(one, I.sub(shift, one));
  Value up =
      I.ori(I.cmp(arith::CmpIPredicate::ugt, rem, half),
            I.andi(I.cmp(arith::CmpIPredicate::eq, rem, half),
                   I.cmp(arith::CmpIPredicate::ne, I.band(r, 1), I.c(0))));
  r = I.add(r, I.bit(up));
  // A carry out of the significand moves into the exponent by itself.
  Value code = I.add(I.shl(I.sub(I.smax(et, 1), 1u), mb), r);
  // Saturate: anything at or above the largest finite value (inf too).
  uint32_t maxBits = 0;
  float maxFinite = float(f.maxFinite);
  std::memcpy(&maxBits, &maxFinite, 4);
  code = I.sel(I.uge(a, maxBits), f.maxCode, code);
  code = I.bor(code, I.shl(I.shr(u, 31u), nb));
  return I.sel(I.ugt(a, 0x7F800000), nanResultCode(k), code);
}

/// The f8E8M0FNU code (i32) of f32 bits `u`.
Value encodeE8M0Bits(Ints &I, E8M0Rounding rounding, Value u) {
  Value a = I.band(u, 0x7FFFFFFF);
  Value ea = I.shr(a, 23u);
  Value code;
  switch (rounding) {
  case E8M0Rounding::NearestEven: {
    // Nearest power of two; 1.5 * 2^e is a tie and goes up (the
    // significand 1 is odd). Below 2^-127, 2^-127 is the nearest.
    Value mant = I.band(a, 0x7FFFFF);
    Value normal = I.add(ea, I.bit(I.uge(mant, 0x400000)));
    Value sub = I.bit(I.uge(mant, 0x600000));
    code = I.umin(I.sel(I.eq(ea, 0), sub, normal), 0xFE);
    // Negative numbers saturate to the smallest code (-0 is 0 anyway).
    code = I.sel(I.ugt(u, 0x80000000u), 0u, code);
    break;
  }
  case E8M0Rounding::TowardZero:
    // The exponent field of |x| (2^-127 at the bottom), saturated.
    code = I.umin(ea, 0xFE);
    break;
  case E8M0Rounding::Upward: {
    // One more when |x| is not a power of two and above 2^-127.
    Value mant = I.band(a, 0x7FFFFF);
    Value inexact = I.andi(I.ne(mant, 0), I.ugt(a, 0x00400000));
    code = I.umin(I.add(ea, I.bit(inexact)), 0xFE);
    break;
  }
  }
  return I.sel(I.ugt(a, 0x7F800000), 0xFFu, code);
}

//===----------------------------------------------------------------------===//
// Shapes and element pairs for the cvt instructions
//===----------------------------------------------------------------------===//

Value bitcastTo(OpBuilder &b, Location loc, Type t, Value v) {
  if (v.getType() == t)
    return v;
  // bitcast(bitcast(x)) with the original type: x (cute.load's integer
  // vector, for example).
  if (auto prev = v.getDefiningOp<arith::BitcastOp>())
    if (prev.getIn().getType() == t)
      return prev.getIn();
  return arith::BitcastOp::create(b, loc, t, v);
}

Type withElement(Type shaped, Type elem) {
  if (auto vt = dyn_cast<VectorType>(shaped))
    return vt.clone(elem);
  return elem;
}

/// Applies `cvt` (vector<2xT> -> vector<2xR>) to the elements of `v` (a
/// scalar or a vector of any shape) two at a time: elements 2i and 2i+1 of
/// the flattened vector, an odd last element (or a scalar) paired with
/// itself. Returns the results in `v`'s shape with element type R.
Value mapPairs(OpBuilder &b, Location loc, Value v,
               function_ref<Value(Value)> cvt) {
  auto vt = dyn_cast<VectorType>(v.getType());
  if (!vt) {
    Value pair = vector::BroadcastOp::create(
        b, loc, VectorType::get({2}, v.getType()), v);
    return vector::ExtractOp::create(b, loc, cvt(pair), int64_t(0));
  }
  int64_t n = vt.getNumElements();
  if (vt.getRank() == 1 && n == 2)
    return cvt(v);
  Value flat = v;
  if (vt.getRank() != 1)
    flat = vector::ShapeCastOp::create(
        b, loc, VectorType::get({n}, vt.getElementType()), v);
  // Whole pairs of bytes (what a cvt ...x2 writes) are kept as 16-bit
  // values: the back end packs two per 32-bit register (one mov or prmt)
  // instead of reassembling bytes. Other results go element by element.
  SmallVector<Value> elems, halves;
  Type elem;
  bool packed = false;
  for (int64_t i = 0; i < n; i += 2) {
    int64_t j = std::min(i + 1, n - 1);
    Value pair =
        vector::ShuffleOp::create(b, loc, flat, flat, ArrayRef<int64_t>{i, j});
    Value r = cvt(pair);
    if (!elem) {
      elem = cast<VectorType>(r.getType()).getElementType();
      packed = n % 2 == 0 && elem == b.getI8Type();
    }
    if (packed) {
      halves.push_back(vector::ExtractOp::create(
          b, loc,
          vector::BitCastOp::create(b, loc,
                                    VectorType::get({1}, b.getI16Type()), r),
          int64_t(0)));
      continue;
    }
    elems.push_back(vector::ExtractOp::create(b, loc, r, int64_t(0)));
    if (j != i)
      elems.push_back(vector::ExtractOp::create(b, loc, r, int64_t(1)));
  }
  Value out =
      packed
          ? Value(vector::BitCastOp::create(
                b, loc, VectorType::get({n}, elem),
                vector::FromElementsOp::create(
                    b, loc, VectorType::get({n / 2}, b.getI16Type()), halves)))
          : Value(vector::FromElementsOp::create(
                b, loc, VectorType::get({n}, elem), elems));
  if (vt.getRank() != 1)
    out = vector::ShapeCastOp::create(b, loc, vt.clone(elem), out);
  return out;
}

//===----------------------------------------------------------------------===//
// The conversions
//===----------------------------------------------------------------------===//

class Lowering {
public:
  Lowering(OpBuilder &b, Location loc, Cvts cvts)
      : b(b), loc(loc), cvts(cvts) {}

  /// `v` (narrow elements) converted to `dst` (f16, bf16, f32, f64 or
  /// narrow elements), same shape.
  Value extend(Value v, Type dst) {
    NarrowFloatKind k = *narrowKind(getElementTypeOrSelf(v));
    Type shape = v.getType();
    if (isNarrow(dst))
      return encode(extend(v, b.getF32Type()), dst,
                    E8M0Rounding::NearestEven); // exact: no rounding happens
    bool hw =
        (isF8(k) && cvts.f8) ||
        ((isF6(k) || k == NarrowFloatKind::F4E2M1FN) && cvts.f6f4ue8m0) ||
        (k == NarrowFloatKind::F8E8M0FNU && cvts.f6f4ue8m0 && dst.isBF16());
    if (hw) {
      Value h = cvtDecode(v, k); // f16 (bf16 for E8M0) elements
      return convertExact(h, dst);
    }
    Ints I(b, loc, shape);
    Type codeTy =
        withElement(shape, b.getIntegerType(::cute::narrowFloatFormat(k).bits));
    Value code =
        arith::ExtUIOp::create(b, loc, I.type(), bitcastTo(b, loc, codeTy, v));
    if (k == NarrowFloatKind::F8E8M0FNU && dst.isBF16()) {
      // bf16 has f32's exponent: the code is the exponent field (2^-127 is
      // the subnormal 0x0040), built directly since an f32 -> bf16
      // truncation may flush that subnormal (x86's vcvtneps2bf16 does).
      Value bits = I.sel(I.eq(code, 0), 0x40u, I.shl(code, 7));
      bits = I.sel(I.eq(code, 0xFF), nan16(dst), bits);
      Type i16 = withElement(shape, b.getI16Type());
      return arith::BitcastOp::create(
          b, loc, withElement(shape, dst),
          arith::TruncIOp::create(b, loc, i16, bits));
    }
    Value bits = decodeBits(I, k, code);
    Value f32 = arith::BitcastOp::create(b, loc, I.like(b.getF32Type()), bits);
    if (dst.isF32() || dst.isF64())
      return convertExact(f32, dst);
    // f16 / bf16: exact except E8M0 to f16, which rounds to nearest even;
    // NaN codes give the canonical NaN whatever the truncation does.
    Value t = arith::TruncFOp::create(b, loc, withElement(shape, dst), f32);
    if (!::cute::narrowFloatFormat(k).hasNaN)
      return t;
    Type i16 = withElement(shape, b.getI16Type());
    Value t16 = arith::BitcastOp::create(b, loc, i16, t);
    IntegerAttr nanAttr = b.getI16IntegerAttr(int16_t(nan16(dst)));
    Value nan = isa<VectorType>(i16)
                    ? arith::ConstantOp::create(
                          b, loc,
                          DenseElementsAttr::get(cast<VectorType>(i16),
                                                 ArrayRef<Attribute>(nanAttr)))
                    : arith::ConstantOp::create(b, loc, nanAttr);
    Value r = arith::SelectOp::create(b, loc, I.eq(bits, nanF32()), nan, t16);
    return arith::BitcastOp::create(b, loc, withElement(shape, dst), r);
  }

  /// `v` (f16, bf16, f32 or narrow elements) converted to `dst` (narrow
  /// elements), same shape.
  Value encode(Value v, Type dst, E8M0Rounding rounding) {
    NarrowFloatKind k = *narrowKind(dst);
    Type shape = v.getType();
    Type src = getElementTypeOrSelf(v);
    if (isNarrow(src))
      return encode(extend(v, b.getF32Type()), dst, rounding);
    Type codeTy =
        withElement(shape, b.getIntegerType(::cute::narrowFloatFormat(k).bits));
    bool blackwell = cvts.f6f4ue8m0;
    Value codes;
    if (isF8(k) && cvts.f8) {
      codes = cvtEncode(src.isF16() ? v : toF32(v), k, rounding);
    } else if ((isF6(k) || k == NarrowFloatKind::F4E2M1FN) && blackwell) {
      codes = cvtEncode(toF32(v), k, rounding);
    } else if (k == NarrowFloatKind::F8E8M0FNU && blackwell &&
               rounding != E8M0Rounding::NearestEven) {
      codes = cvtEncode(src.isBF16() ? v : toF32(v), k, rounding);
    } else {
      Ints I(b, loc, shape);
      Value u = arith::BitcastOp::create(b, loc, I.type(), toF32(v));
      Value code = k == NarrowFloatKind::F8E8M0FNU
                       ? encodeE8M0Bits(I, rounding, u)
                       : encodeBits(I, k, u);
      codes = arith::TruncIOp::create(b, loc, codeTy, code);
    }
    return arith::BitcastOp::create(b, loc, withElement(shape, dst), codes);
  }

private:
  /// f16 / bf16 / f32 values as f32 (exact).
  Value toF32(Value v) {
    if (getElementTypeOrSelf(v).isF32())
      return v;
    return arith::ExtFOp::create(b, loc,
                                 withElement(v.getType(), b.getF32Type()), v);
  }

  /// f16 / bf16 / f32 values that are exactly representable in `dst` (f16,
  /// bf16, f32, f64), converted.
  Value convertExact(Value v, Type dst) {
    Type src = getElementTypeOrSelf(v);
    if (src == dst)
      return v;
    Type to = withElement(v.getType(), dst);
    if (dst.getIntOrFloatBitWidth() > src.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, v);
    if (dst.getIntOrFloatBitWidth() < src.getIntOrFloatBitWidth())
      return arith::TruncFOp::create(b, loc, to, v);
    return arith::TruncFOp::create(b, loc, to, toF32(v)); // f16 <-> bf16
  }

  /// cvt.rn.f16x2.{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2} (f16 results) or
  /// cvt.rn.bf16x2.ue8m0x2 (bf16 results) of narrow values.
  Value cvtDecode(Value v, NarrowFloatKind k) {
    Type elem = getElementTypeOrSelf(v);
    unsigned bits = ::cute::narrowFloatFormat(k).bits;
    Value codes =
        bitcastTo(b, loc, withElement(v.getType(), b.getIntegerType(bits)), v);
    auto i8x2 = VectorType::get({2}, b.getI8Type());
    bool e8m0 = k == NarrowFloatKind::F8E8M0FNU;
    auto outTy = VectorType::get({2}, e8m0 ? Type(b.getBF16Type())
                                           : Type(b.getF16Type()));
    TypeAttr srcTy = TypeAttr::get(elem);
    BoolAttr noRelu = b.getBoolAttr(false);
    return mapPairs(b, loc, codes, [&](Value p) -> Value {
      if (isF8(k))
        return NVVM::ConvertF8x2ToF16x2Op::create(b, loc, outTy, p, noRelu,
                                                  srcTy);
      if (e8m0)
        return NVVM::ConvertF8x2ToBF16x2Op::create(b, loc, outTy, p, srcTy);
      Value bytes = arith::ExtUIOp::create(b, loc, i8x2, p);
      if (isF6(k)) // one code per byte, the top two bits zero
        return NVVM::ConvertF6x2ToF16x2Op::create(b, loc, outTy, bytes, noRelu,
                                                  srcTy);
      // f4: one byte, element 0 in the low nibble.
      Value lo = vector::ExtractOp::create(b, loc, bytes, int64_t(0));
      Value hi = vector::ExtractOp::create(b, loc, bytes, int64_t(1));
      Value four =
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(b.getI8Type(), 4));
      Value byte = arith::OrIOp::create(
          b, loc, lo, arith::ShLIOp::create(b, loc, hi, four));
      return NVVM::ConvertF4x2ToF16x2Op::create(b, loc, outTy, byte, noRelu,
                                                srcTy);
    });
  }

  /// cvt.rn.satfinite.{e4m3x2,e5m2x2}.{f32,f16x2},
  /// cvt.rn.satfinite.{e2m3x2,e3m2x2,e2m1x2}.f32,
  /// cvt.{rz,rp}.satfinite.ue8m0x2.{f32,bf16x2}: the codes (iN elements).
  Value cvtEncode(Value v, NarrowFloatKind k, E8M0Rounding rounding) {
    MLIRContext *ctx = b.getContext();
    Type dstElem;
    unsigned bits = ::cute::narrowFloatFormat(k).bits;
    switch (k) {
    case NarrowFloatKind::F8E4M3FN:
      dstElem = Float8E4M3FNType::get(ctx);
      break;
    case NarrowFloatKind::F8E5M2:
      dstElem = Float8E5M2Type::get(ctx);
      break;
    case NarrowFloatKind::F6E2M3FN:
      dstElem = Float6E2M3FNType::get(ctx);
      break;
    case NarrowFloatKind::F6E3M2FN:
      dstElem = Float6E3M2FNType::get(ctx);
      break;
    case NarrowFloatKind::F4E2M1FN:
      dstElem = Float4E2M1FNType::get(ctx);
      break;
    default:
      dstElem = Float8E8M0FNUType::get(ctx);
      break;
    }
    TypeAttr dstTy = TypeAttr::get(dstElem);
    BoolAttr noRelu = b.getBoolAttr(false);
    auto sat =
        NVVM::SaturationModeAttr::get(ctx, NVVM::SaturationMode::SATFINITE);
    NVVM::FPRoundingMode mode = NVVM::FPRoundingMode::RN;
    if (rounding == E8M0Rounding::TowardZero)
      mode = NVVM::FPRoundingMode::RZ;
    else if (rounding == E8M0Rounding::Upward)
      mode = NVVM::FPRoundingMode::RP;
    auto rnd = NVVM::FPRoundingModeAttr::get(ctx, mode);
    auto i8x2 = VectorType::get({2}, b.getI8Type());
    auto codex2 = VectorType::get({2}, b.getIntegerType(bits));
    Type src = getElementTypeOrSelf(v);
    return mapPairs(b, loc, v, [&](Value p) -> Value {
      if (src.isF16())
        return NVVM::ConvertF16x2ToF8x2Op::create(b, loc, i8x2, p, noRelu,
                                                  dstTy);
      if (src.isBF16())
        return NVVM::ConvertBF16x2ToF8x2Op::create(b, loc, i8x2, p, rnd, sat,
                                                   dstTy);
      // PTX puts the conversion of a in the upper half: a is element 1.
      Value hi = vector::ExtractOp::create(b, loc, p, int64_t(1));
      Value lo = vector::ExtractOp::create(b, loc, p, int64_t(0));
      if (isF8(k) || k == NarrowFloatKind::F8E8M0FNU)
        return NVVM::ConvertF32x2ToF8x2Op::create(b, loc, i8x2, hi, lo, rnd,
                                                  sat, noRelu, dstTy);
      if (isF6(k)) {
        Value r = NVVM::ConvertF32x2ToF6x2Op::create(b, loc, i8x2, hi, lo,
                                                     noRelu, dstTy);
        return arith::TruncIOp::create(b, loc, codex2, r);
      }
      // f4: one byte, element 0 in the low nibble.
      Value byte = NVVM::ConvertF32x2ToF4x2Op::create(b, loc, b.getI8Type(), hi,
                                                      lo, noRelu, dstTy);
      Value four =
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(b.getI8Type(), 4));
      Type i4 = b.getIntegerType(4);
      return vector::FromElementsOp::create(
          b, loc, codex2,
          ValueRange{
              arith::TruncIOp::create(b, loc, i4, byte),
              arith::TruncIOp::create(
                  b, loc, i4, arith::ShRUIOp::create(b, loc, byte, four))});
    });
  }

  OpBuilder &b;
  Location loc;
  Cvts cvts;
};

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

bool isSupportedWide(Type t) { return t.isF16() || t.isBF16() || t.isF32(); }

std::optional<E8M0Rounding> truncRounding(arith::TruncFOp op) {
  std::optional<arith::RoundingMode> mode = op.getRoundingmode();
  bool e8m0 = isa<Float8E8M0FNUType>(getElementTypeOrSelf(op.getType()));
  if (!mode || *mode == arith::RoundingMode::to_nearest_even)
    return E8M0Rounding::NearestEven;
  if (e8m0 && *mode == arith::RoundingMode::toward_zero)
    return E8M0Rounding::TowardZero;
  if (e8m0 && *mode == arith::RoundingMode::upward)
    return E8M0Rounding::Upward;
  return std::nullopt;
}

struct ExtFLowering : OpRewritePattern<arith::ExtFOp> {
  ExtFLowering(MLIRContext *ctx, Cvts cvts)
      : OpRewritePattern(ctx), cvts(cvts) {}
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type src = getElementTypeOrSelf(op.getIn());
    Type dst = getElementTypeOrSelf(op.getType());
    if (!isNarrow(src))
      return rewriter.notifyMatchFailure(op, "no narrow float operand");
    if (!isNarrow(dst) && !isSupportedWide(dst) && !dst.isF64())
      return rewriter.notifyMatchFailure(op, "unsupported destination");
    Lowering l(rewriter, op.getLoc(), cvts);
    rewriter.replaceOp(op, l.extend(op.getIn(), dst));
    return success();
  }
  Cvts cvts;
};

/// truncf(extf(x)) with x narrow and every value of x's format exact in
/// the result type (f8, f6 and f4 in f16 or bf16; E8M0 in bf16) is
/// extf(x) to that type: no rounding can happen, and the direct form is
/// one cvt per pair to f16 (kernels that convert an e4m3 cache to their
/// f16 MMA type through f32 write it that way to stay generic).
struct FoldExactTruncOfExt : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    auto ext = op.getIn().getDefiningOp<arith::ExtFOp>();
    if (!ext)
      return rewriter.notifyMatchFailure(op, "not a truncf of an extf");
    Type src = getElementTypeOrSelf(ext.getIn());
    Type dst = getElementTypeOrSelf(op.getType());
    std::optional<NarrowFloatKind> k = narrowKind(src);
    if (!k || !(dst.isF16() || dst.isBF16()))
      return rewriter.notifyMatchFailure(op, "not narrow to f16 or bf16");
    if (*k == NarrowFloatKind::F8E8M0FNU && !dst.isBF16())
      return rewriter.notifyMatchFailure(op, "E8M0 is not exact in f16");
    if (truncRounding(op) != E8M0Rounding::NearestEven)
      return rewriter.notifyMatchFailure(op, "a rounding mode is set");
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, op.getType(), ext.getIn());
    if (ext->use_empty())
      rewriter.eraseOp(ext);
    return success();
  }
};

struct TruncFLowering : OpRewritePattern<arith::TruncFOp> {
  TruncFLowering(MLIRContext *ctx, Cvts cvts)
      : OpRewritePattern(ctx), cvts(cvts) {}
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type src = getElementTypeOrSelf(op.getIn());
    Type dst = getElementTypeOrSelf(op.getType());
    if (!isNarrow(dst))
      return rewriter.notifyMatchFailure(op, "no narrow float result");
    if (!isNarrow(src) && !isSupportedWide(src))
      return rewriter.notifyMatchFailure(op, "unsupported source");
    std::optional<E8M0Rounding> rounding = truncRounding(op);
    if (!rounding)
      return rewriter.notifyMatchFailure(op, "unsupported rounding mode");
    Lowering l(rewriter, op.getLoc(), cvts);
    rewriter.replaceOp(op, l.encode(op.getIn(), dst, *rounding));
    return success();
  }
  Cvts cvts;
};

/// Reports what the patterns cannot lower, naming the op and the rule.
LogicalResult checkSupported(Operation *root) {
  WalkResult r = root->walk([](Operation *op) {
    if (auto t = dyn_cast<arith::TruncFOp>(op)) {
      Type src = getElementTypeOrSelf(t.getIn());
      Type dst = getElementTypeOrSelf(t.getType());
      if (!isNarrow(dst))
        return WalkResult::advance();
      if (!isNarrow(src) && !isSupportedWide(src)) {
        t.emitOpError() << "from " << src << " to " << dst
                        << " has no lowering: truncate to f32 first only "
                           "where a double rounding is acceptable (the "
                           "sources are f16, bf16, f32 and the narrow floats)";
        return WalkResult::interrupt();
      }
      if (!truncRounding(t)) {
        auto d = t.emitOpError()
                 << "to " << dst << " with rounding mode "
                 << arith::stringifyRoundingMode(*t.getRoundingmode())
                 << " has no lowering: ";
        if (isa<Float8E8M0FNUType>(dst))
          d << "to_nearest_even, toward_zero (cvt.rz) and upward (cvt.rp) "
               "are supported";
        else
          d << "only to_nearest_even (cvt.rn) is supported";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (auto e = dyn_cast<arith::ExtFOp>(op)) {
      Type src = getElementTypeOrSelf(e.getIn());
      Type dst = getElementTypeOrSelf(e.getType());
      if (isNarrow(src) && !isNarrow(dst) && !isSupportedWide(dst) &&
          !dst.isF64()) {
        e.emitOpError() << "from " << src << " to " << dst
                        << " has no lowering (the destinations are f16, "
                           "bf16, f32, f64 and the narrow floats)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::BitcastOp, arith::ConstantOp, arith::SelectOp>(op))
      return WalkResult::advance();
    auto narrow = [](Type t) { return isNarrow(t); };
    if (llvm::any_of(op->getOperandTypes(), narrow) ||
        llvm::any_of(op->getResultTypes(), narrow)) {
      op->emitOpError() << "on narrow floats has no lowering: extend the "
                           "operands to f16, bf16 or f32 with arith.extf "
                           "first";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

struct CuteLowerNarrowFloatsPass
    : public mlir::cute::impl::CuteLowerNarrowFloatsBase<
          CuteLowerNarrowFloatsPass> {
  using Base::Base;

  void runOnOperation() override {
    Cvts cvts;
    if (hardware) {
      const ::cute::target::ChipInfo *info = ::cute::target::lookupChip(chip);
      if (!info) {
        getOperation()->emitError()
            << "cute-lower-narrow-floats: unknown chip '" << chip
            << "' (supported: " << ::cute::target::supportedChipNames()
            << "; hardware=false uses no cvt instruction)";
        return signalPassFailure();
      }
      cvts.f8 = info->hasCvtF8x2;
      cvts.f6f4ue8m0 = info->hasCvtF6F4UE8M0x2;
    }
    if (failed(checkSupported(getOperation())))
      return signalPassFailure();
    {
      RewritePatternSet folds(&getContext());
      folds.add<FoldExactTruncOfExt>(&getContext());
      walkAndApplyPatterns(getOperation(), std::move(folds));
    }
    RewritePatternSet patterns(&getContext());
    patterns.add<ExtFLowering, TruncFLowering>(&getContext(), cvts);
    // One walk: the rewrites make no narrow-float extf/truncf.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
