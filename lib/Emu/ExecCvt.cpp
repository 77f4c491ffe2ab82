//===- ExecCvt.cpp - cvt: integer, float and narrow-float conversions -----===//
//
// PTX ISA "cvt" and "cvt.pack": every integer/float pair with the rounding
// modifiers (.rn/.rz/.rm/.rp for float results, .rni/.rzi/.rmi/.rpi for
// integer rounding of floats), .ftz, .sat, .relu and .satfinite, and the
// packed conversions of two values into f16x2/bf16x2 and the 8/6/4-bit
// formats (first source into the upper half). Float-to-integer conversions
// saturate and map NaN to 0, as the ISA states.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"
#include "Float.h"

#include "cute/Support/NarrowFloat.h"

namespace cute::emu {

namespace {

enum CvtFlags : uint32_t {
  CFtz = 1,
  CSat = 2,
  CRelu = 4,
  CSatFinite = 8,
  CIntRound = 16
};

bool isIntTy(Ty t) {
  return t == Ty::U8 || t == Ty::U16 || t == Ty::U32 || t == Ty::U64 ||
         t == Ty::S8 || t == Ty::S16 || t == Ty::S32 || t == Ty::S64 ||
         t == Ty::B8 || t == Ty::B16 || t == Ty::B32 || t == Ty::B64;
}

std::optional<NarrowFloatKind> narrowKind(Ty t) {
  switch (t) {
  case Ty::E4M3:
  case Ty::E4M3x2:
    return NarrowFloatKind::F8E4M3FN;
  case Ty::E5M2:
  case Ty::E5M2x2:
    return NarrowFloatKind::F8E5M2;
  case Ty::E2M3x2:
    return NarrowFloatKind::F6E2M3FN;
  case Ty::E3M2x2:
    return NarrowFloatKind::F6E3M2FN;
  case Ty::E2M1x2:
    return NarrowFloatKind::F4E2M1FN;
  case Ty::UE8M0x2:
    return NarrowFloatKind::F8E8M0FNU;
  default:
    return std::nullopt;
  }
}

/// A float value to an integer of `dst`, with integer rounding `rnd`
/// (default rz... cvt requires one for float->int) and saturation.
uint64_t floatToInt(double x, Ty dst, uint8_t rnd) {
  if (std::isnan(x))
    return 0;
  double r;
  switch (rnd) {
  case RN:
    r = std::nearbyint(x); // host default: ties to even
    break;
  case RM:
    r = std::floor(x);
    break;
  case RP:
    r = std::ceil(x);
    break;
  default:
    r = std::trunc(x);
  }
  unsigned bits = tyBits(dst);
  if (tyIsSigned(dst)) {
    double lo = -std::ldexp(1.0, int(bits) - 1),
           hi = std::ldexp(1.0, int(bits) - 1) - 1;
    if (r < lo)
      r = lo;
    if (r > hi)
      r = hi;
    return uint64_t(int64_t(r)) & maskBits(bits);
  }
  double hi = std::ldexp(1.0, int(bits)) - 1;
  if (r < 0)
    r = 0;
  if (r > hi)
    r = hi;
  return uint64_t(r) & maskBits(bits);
}

/// A (finite or special) value to float type `dst` in rounding `rnd`.
uint64_t toFloat(double x, Ty dst, uint8_t rnd, uint32_t flags) {
  if (flags & CSat)
    x = std::isnan(x) ? 0 : std::min(1.0, std::max(0.0, x));
  if ((flags & CRelu) && !std::isnan(x) && x < 0)
    x = 0;
  switch (dst) {
  case Ty::F32: {
    uint32_t r = roundToF32(x, rnd);
    if (std::isnan(x))
      r = kCanonicalNaN32;
    if ((flags & CFtz) && (r & 0x7f800000u) == 0)
      r &= 0x80000000u;
    return r;
  }
  case Ty::F64:
    return std::isnan(x) ? kCanonicalNaN64 : f64Bits(x);
  case Ty::F16: {
    uint16_t h = roundToF16(x, rnd);
    if ((flags & CSatFinite) && (h & 0x7c00) == 0x7c00 && !(h & 0x3ff))
      h = (h & 0x8000) | 0x7bff;
    return h;
  }
  case Ty::BF16: {
    uint16_t h = roundToBF16(x, rnd);
    if ((flags & CSatFinite) && (h & 0x7f80) == 0x7f80 && !(h & 0x7f))
      h = (h & 0x8000) | 0x7f7f;
    return h;
  }
  case Ty::TF32:
    return roundToTF32(float(x), rnd);
  default:
    return 0;
  }
}

/// The narrow formats: .satfinite (required by the ISA for e4m3/e5m2
/// results) clamps to the largest finite value; a NaN input gives 0x7F, as
/// measured on the H200 (NOTES-EMU.md; cvt.rn.satfinite.{e4m3,e5m2}x2).
uint8_t toNarrow(double x, NarrowFloatKind k, uint8_t rnd, uint32_t flags) {
  if (k == NarrowFloatKind::F8E8M0FNU) {
    // ue8m0: .rz/.rp only (PTX ISA); NaN -> 0xFF.
    if (std::isnan(x))
      return 0xff;
    return encodeF8E8M0FNU(float(x), rnd == RP ? E8M0Rounding::Upward
                                               : E8M0Rounding::TowardZero);
  }
  // f6/f4 have no NaN encoding: .satfinite gives the positive MAX_NORM
  // (PTX ISA "cvt", .satfinite for .e2m3x2/.e3m2x2/.e2m1x2).
  if (std::isnan(x))
    return k == NarrowFloatKind::F8E4M3FN || k == NarrowFloatKind::F8E5M2
               ? 0x7f
               : narrowFloatFormat(k).maxCode;
  if ((flags & CRelu) && x < 0)
    x = 0;
  return (flags & CSatFinite) ? encodeNarrowFloatSaturate(k, x)
                              : encodeNarrowFloat(k, x);
}

bool execCvt(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const Ty dst = in.type, src = in.type2;
  const unsigned sbits = tyBits(src), dbits = tyBits(dst);
  auto nk = narrowKind(dst), sk = narrowKind(src);
  forLanes(mask, [&](int l) {
    uint64_t r = 0;
    if (in.op == 1) { // packed: d = {cvt(a) hi, cvt(b) lo}
      uint64_t a = readOp(c, o[1], l), b = readOp(c, o[2], l);
      double x = floatValue(src, a), y = floatValue(src, b);
      if (nk) {
        unsigned eb = dst == Ty::E2M1x2 ? 4 : 8;
        r = (uint64_t(toNarrow(x, *nk, in.rounding, in.flags)) << eb) |
            toNarrow(y, *nk, in.rounding, in.flags);
      } else {
        Ty half = dst == Ty::F16x2 ? Ty::F16 : Ty::BF16;
        r = (toFloat(x, half, in.rounding, in.flags) << 16) |
            toFloat(y, half, in.rounding, in.flags);
      }
    } else if (in.op == 2) { // widen packed narrow pair -> f16x2/bf16x2
      uint64_t a = readOp(c, o[1], l);
      unsigned eb = src == Ty::E2M1x2 ? 4 : 8;
      Ty half = dst == Ty::F16x2 ? Ty::F16 : Ty::BF16;
      for (int h = 0; h < 2; ++h) {
        uint8_t code = uint8_t((a >> (eb * h)) & maskBits(eb));
        double v = decodeNarrowFloatDouble(*sk, code);
        uint64_t bits16 = toFloat(v, half, RN, 0);
        if (std::isnan(v))
          bits16 = half == Ty::F16 ? 0x7fff : 0x7fff;
        r |= bits16 << (16 * h);
      }
    } else if (in.op == 3) { // packed source f16x2/bf16x2 -> narrow pair
      uint64_t a = readOp(c, o[1], l);
      Ty half = src == Ty::F16x2 ? Ty::F16 : Ty::BF16;
      unsigned eb = dst == Ty::E2M1x2 ? 4 : 8;
      for (int h = 0; h < 2; ++h) {
        double v = floatValue(half, (a >> (16 * h)) & 0xffff);
        r |= uint64_t(toNarrow(v, *nk, in.rounding, in.flags)) << (eb * h);
      }
    } else {
      uint64_t a = readOp(c, o[1], l) & maskBits(sbits);
      if (isIntTy(src) && isIntTy(dst)) {
        int64_t v = tyIsSigned(src) ? sext(a, sbits) : int64_t(a);
        if (in.flags & CSat) {
          double lo = tyIsSigned(dst) ? -std::ldexp(1.0, int(dbits) - 1) : 0;
          double hi = tyIsSigned(dst) ? std::ldexp(1.0, int(dbits) - 1) - 1
                                      : std::ldexp(1.0, int(dbits)) - 1;
          double dv = tyIsSigned(src) ? double(v) : double(a);
          v = int64_t(std::min(hi, std::max(lo, dv)));
        }
        r = uint64_t(v) & maskBits(dbits);
        // Sign-extension into the wider register for signed targets is done
        // by the reading instruction (registers hold zero-extended values).
      } else if (isIntTy(src)) {
        double x = tyIsSigned(src) ? double(sext(a, sbits)) : double(a);
        if (sbits == 64) {
          // 64-bit integers are not exact in double: round directly.
          if (dst == Ty::F32) {
            float f = withRounding(in.rounding, [&] {
              return tyIsSigned(src) ? float(int64_t(a)) : float(a);
            });
            r = f32Bits(f);
          } else if (dst == Ty::F64) {
            double d = withRounding(in.rounding, [&] {
              return tyIsSigned(src) ? double(int64_t(a)) : double(a);
            });
            r = f64Bits(d);
          } else {
            r = toFloat(x, dst, in.rounding, in.flags);
          }
        } else {
          r = toFloat(x, dst, in.rounding, in.flags);
        }
      } else if (isIntTy(dst)) {
        double x = floatValue(src, a);
        if ((in.flags & CFtz) && src == Ty::F32)
          x = flushF32(float(x));
        r = floatToInt(x, dst, in.rounding);
      } else if (nk) { // single narrow result (e4m3 <- f32 not in PTX)
        r = toNarrow(floatValue(src, a), *nk, in.rounding, in.flags);
      } else {
        double x = floatValue(src, a);
        if ((in.flags & CFtz) && src == Ty::F32)
          x = flushF32(float(x));
        if (in.flags & CIntRound) { // cvt.rni.f32.f32: round to integer
          double ri = in.rounding == RN   ? std::nearbyint(x)
                      : in.rounding == RM ? std::floor(x)
                      : in.rounding == RP ? std::ceil(x)
                                          : std::trunc(x);
          x = ri;
          r = toFloat(x, dst, RN, in.flags);
        } else {
          r = toFloat(x, dst, in.rounding, in.flags);
        }
        if (src == dst && !(in.flags & (CSat | CIntRound | CFtz)) &&
            !std::isnan(x))
          r = a;
      }
    }
    writeReg(c, o[0], l, r);
  });
  return true;
}

Status decodeCvt(Mods &m, Inst &in) {
  bool intRound = false;
  in.rounding = m.takeRounding(&intRound);
  if (intRound)
    in.flags |= CIntRound;
  if (m.take("ftz"))
    in.flags |= CFtz;
  if (m.take("sat"))
    in.flags |= CSat;
  if (m.take("satfinite"))
    in.flags |= CSatFinite;
  if (m.take("relu"))
    in.flags |= CRelu;
  m.take("pack"); // cvt.pack is the packed form below
  in.type = m.takeType();
  in.type2 = m.takeType();
  if (in.type == Ty::None || in.type2 == Ty::None)
    return Error(ErrorCode::Parse, "cvt needs a destination and a source type");
  in.exec = execCvt;
  bool dstPacked = in.type == Ty::F16x2 || in.type == Ty::BF16x2 ||
                   narrowKind(in.type).has_value();
  bool srcPacked = in.type2 == Ty::F16x2 || in.type2 == Ty::BF16x2 ||
                   narrowKind(in.type2).has_value();
  if (dstPacked && !srcPacked && in.ops.size() == 3) {
    in.op = 1;
  } else if (dstPacked && narrowKind(in.type2)) {
    in.op = 2;
  } else if (narrowKind(in.type) && srcPacked) {
    in.op = 3;
  } else if (dstPacked && in.ops.size() == 2 && !narrowKind(in.type)) {
    return Error(ErrorCode::Parse, "cvt to a packed type needs two sources");
  }
  if (narrowKind(in.type) &&
      narrowKind(in.type) != NarrowFloatKind::F8E8M0FNU &&
      !(in.flags & CSatFinite))
    return Error(ErrorCode::Parse,
                 "cvt to an 8/6/4-bit float needs .satfinite (PTX ISA)");
  return expectOperands(in, in.op == 1 ? 3 : 2);
}

} // namespace

const std::vector<DecoderEntry> &cvtDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {{"cvt", decodeCvt}};
  return kDecoders;
}

} // namespace cute::emu
