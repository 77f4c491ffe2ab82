//===- ExecFloat.cpp - Floating-point arithmetic --------------------------===//
//
// PTX ISA "Floating-Point Instructions" (add, sub, mul, fma, mad, div, rcp,
// sqrt, rsqrt, ex2, lg2, sin, cos, tanh, min, max, abs, neg, copysign,
// testp) and "Half Precision Floating-Point Instructions" (.f16/.f16x2/
// .bf16/.bf16x2), plus sm_100a's packed .f32x2. Exactly rounded operations
// use the host's IEEE arithmetic in the requested rounding mode; the
// .approx instructions use the H200 models of Approx.cpp.
//
//===----------------------------------------------------------------------===//
#include "Approx.h"
#include "Decode.h"
#include "Exec.h"
#include "Float.h"

namespace cute::emu {

namespace {

enum FOp : uint16_t {
  FAdd,
  FSub,
  FMul,
  FFma,
  FDiv,
  FDivApprox,
  FDivFull,
  FRcp,
  FRcpApprox,
  FSqrt,
  FSqrtApprox,
  FRsqrtApprox,
  FEx2,
  FLg2,
  FSin,
  FCos,
  FTanh,
  FMin,
  FMax,
  FAbs,
  FNeg,
  FCopysign
};

enum FFlags : uint32_t {
  FFtz = 1,
  FSat = 2,
  FNaN = 4,
  FRelu = 8,
  FXorsign = 16
};

/// The correctly rounded operations, for f32 and f64 alike (host IEEE
/// arithmetic in the PTX rounding mode). False for other operations.
template <class T> bool roundedOp(FOp op, uint8_t rnd, T a, T b, T c, T &r) {
  switch (op) {
  case FAdd:
    r = withRounding(rnd, [&] { return a + b; });
    return true;
  case FSub:
    r = withRounding(rnd, [&] { return a - b; });
    return true;
  case FMul:
    r = withRounding(rnd, [&] { return a * b; });
    return true;
  case FFma:
    r = withRounding(rnd, [&] { return std::fma(a, b, c); });
    return true;
  case FDiv:
    r = withRounding(rnd, [&] { return a / b; });
    return true;
  case FRcp:
    r = withRounding(rnd, [&] { return T(1) / a; });
    return true;
  case FSqrt:
    r = withRounding(rnd, [&] { return std::sqrt(a); });
    return true;
  default:
    return false;
  }
}

/// One f32 operation on bit patterns.
uint32_t f32Op(FOp op, uint8_t rnd, uint32_t flags, uint32_t ab, uint32_t bb,
               uint32_t cb) {
  const bool ftz = flags & FFtz;
  float a = asF32(ab), b = asF32(bb), c = asF32(cb);
  if (ftz) {
    a = flushF32(a);
    b = flushF32(b);
    c = flushF32(c);
  }
  float r;
  if (!roundedOp(op, rnd, a, b, c, r))
    switch (op) {
    case FDivApprox:
    case FDivFull:
      // div.approx.f32 / div.full.f32: a * rcp.approx(b) (PTX ISA "div"); the
      // .full form is within 2 ulp. Modelled as a * approx-reciprocal.
      r = a * asF32(approxRcpF32(f32Bits(b), ftz));
      break;
    case FRcp:
      r = withRounding(rnd, [&] { return 1.0f / a; });
      break;
    case FRcpApprox:
      r = asF32(approxRcpF32(f32Bits(a), ftz));
      break;
    case FSqrt:
      r = withRounding(rnd, [&] { return std::sqrt(a); });
      break;
    case FSqrtApprox:
      r = asF32(approxSqrtF32(f32Bits(a), ftz));
      break;
    case FRsqrtApprox:
      r = asF32(approxRsqrtF32(f32Bits(a), ftz));
      break;
    case FEx2:
      r = asF32(approxEx2F32(f32Bits(a), ftz));
      break;
    case FLg2:
      r = asF32(approxLg2F32(f32Bits(a), ftz));
      break;
    case FSin:
      r = asF32(approxSinF32(f32Bits(a), ftz));
      break;
    case FCos:
      r = asF32(approxCosF32(f32Bits(a), ftz));
      break;
    case FTanh:
      r = asF32(approxTanhF32(f32Bits(a)));
      break;
    case FMin:
    case FMax: {
      // PTX ISA "min"/"max": a NaN operand is ignored unless .NaN; -0 < +0.
      bool an = std::isnan(a), bn = std::isnan(b);
      if (an || bn) {
        if ((flags & FNaN) || (an && bn))
          return kCanonicalNaN32;
        r = an ? b : a;
      } else if (a == b) {
        bool neg = op == FMin ? (std::signbit(a) || std::signbit(b))
                              : (std::signbit(a) && std::signbit(b));
        r = neg ? -std::fabs(a) : std::fabs(a);
      } else {
        r = op == FMin ? std::min(a, b) : std::max(a, b);
      }
      if (flags & FXorsign) { // max.xorsign.abs
        r = std::fabs(r);
        if (std::signbit(a) != std::signbit(b))
          r = -r;
      }
      break;
    }
    case FAbs:
      return ftz ? f32Bits(std::fabs(a)) : (ab & 0x7fffffffu);
    case FNeg:
      return ftz ? f32Bits(-a) : (ab ^ 0x80000000u);
    case FCopysign:
      return (bb & 0x7fffffffu) | (ab & 0x80000000u);
    default:
      r = 0;
    }
  if (std::isnan(r))
    return kCanonicalNaN32;
  if (ftz)
    r = flushF32(r);
  if (flags & FSat)
    r = satF32(r);
  if ((flags & FRelu) && (r < 0 || std::isnan(r)))
    r = 0;
  return f32Bits(r);
}

uint64_t f64Op(FOp op, uint8_t rnd, uint32_t flags, uint64_t ab, uint64_t bb,
               uint64_t cb) {
  double a = asF64(ab), b = asF64(bb), c = asF64(cb), r = 0;
  if (!roundedOp(op, rnd, a, b, c, r))
    switch (op) {
    case FRcpApprox: // rcp.approx.ftz.f64 (PTX ISA "rcp.approx.ftz.f64")
      return approxRcpFtzF64(ab);
    case FMin:
    case FMax: {
      bool an = std::isnan(a), bn = std::isnan(b);
      if (an || bn) {
        if ((flags & FNaN) || (an && bn))
          return kCanonicalNaN64;
        r = an ? b : a;
      } else {
        r = op == FMin ? std::fmin(a, b) : std::fmax(a, b);
      }
      break;
    }
    case FAbs:
      return ab & 0x7fffffffffffffffull;
    case FNeg:
      return ab ^ 0x8000000000000000ull;
    case FCopysign:
      return (bb & 0x7fffffffffffffffull) | (ab & 0x8000000000000000ull);
    default:
      r = 0;
    }
  if (std::isnan(r))
    return kCanonicalNaN64;
  if (flags & FFtz)
    r = flushF64(r);
  return f64Bits(r);
}

/// One half-precision (f16 or bf16) operation: exact in double, rounded once.
uint16_t halfOp(bool bf, FOp op, uint8_t rnd, uint32_t flags, uint16_t ab,
                uint16_t bb, uint16_t cb) {
  auto val = [&](uint16_t h) { return bf ? bf16ToDouble(h) : f16ToDouble(h); };
  auto isNaN = [&](uint16_t h) { return bf ? bf16IsNaN(h) : f16IsNaN(h); };
  double a = val(ab), b = val(bb), c = val(cb), r;
  if ((flags & FFtz) && !bf) {
    auto flush = [](double x, uint16_t h) {
      return (h & 0x7c00) == 0 ? (std::signbit(x) ? -0.0 : 0.0) : x;
    };
    a = flush(a, ab);
    b = flush(b, bb);
    c = flush(c, cb);
  }
  switch (op) {
  case FAdd:
    r = a + b;
    break;
  case FSub:
    r = a - b;
    break;
  case FMul:
    r = a * b;
    break;
  case FFma:
    r = std::fma(a, b, c);
    break;
  case FMin:
  case FMax: {
    bool an = isNaN(ab), bn = isNaN(bb);
    if (an || bn) {
      if ((flags & FNaN) || (an && bn))
        return bf ? kCanonicalNaNBF16 : kCanonicalNaN16;
      return an ? bb : ab;
    }
    r = op == FMin ? std::fmin(a, b) : std::fmax(a, b);
    if (a == b)
      return op == FMin ? ((ab & 0x8000) ? ab : bb) : ((ab & 0x8000) ? bb : ab);
    break;
  }
  case FAbs:
    return ab & 0x7fff;
  case FNeg:
    return ab ^ 0x8000;
  case FEx2:
    return bf ? approxEx2FtzBF16(ab) : approxEx2F16(ab);
  default:
    r = 0;
  }
  if (flags & FSat)
    r = std::isnan(r) ? 0 : std::min(1.0, std::max(0.0, r));
  if ((flags & FRelu) && !std::isnan(r) && r < 0)
    r = 0;
  uint16_t out = bf ? roundToBF16(r, rnd) : roundToF16(r, rnd);
  if ((flags & FFtz) && !bf && (out & 0x7c00) == 0)
    out &= 0x8000;
  return out;
}

bool execFloat(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const FOp op = FOp(in.op);
  const size_t n = o.size();
  forLanes(mask, [&](int l) {
    uint64_t a = n > 1 ? readOp(c, o[1], l) : 0;
    uint64_t b = n > 2 ? readOp(c, o[2], l) : 0;
    uint64_t cc = n > 3 ? readOp(c, o[3], l) : 0;
    uint64_t r = 0;
    switch (in.type) {
    case Ty::F32:
      r = f32Op(op, in.rounding, in.flags, uint32_t(a), uint32_t(b),
                uint32_t(cc));
      if (in.flags & 32) // three-input min/max: (a op b) op c
        r = f32Op(op, in.rounding, in.flags, uint32_t(r), uint32_t(cc), 0);
      break;
    case Ty::F64:
      r = f64Op(op, in.rounding, in.flags, a, b, cc);
      break;
    case Ty::F16:
    case Ty::BF16:
      r = halfOp(in.type == Ty::BF16, op, in.rounding, in.flags, uint16_t(a),
                 uint16_t(b), uint16_t(cc));
      break;
    case Ty::F16x2:
    case Ty::BF16x2: {
      bool bf = in.type == Ty::BF16x2;
      for (int h = 0; h < 2; ++h)
        r |= uint64_t(halfOp(bf, op, in.rounding, in.flags,
                             uint16_t(a >> (16 * h)), uint16_t(b >> (16 * h)),
                             uint16_t(cc >> (16 * h))))
             << (16 * h);
      break;
    }
    default: // f32x2 (sm_100a): two f32 lanes of a 64-bit register
      for (int h = 0; h < 2; ++h)
        r |= uint64_t(f32Op(op, in.rounding, in.flags, uint32_t(a >> (32 * h)),
                            uint32_t(b >> (32 * h)), uint32_t(cc >> (32 * h))))
             << (32 * h);
      break;
    }
    writeReg(c, o[0], l, r);
  });
  return true;
}

/// testp.{finite,infinite,number,notanumber,normal,subnormal}.f32/f64.
bool execTestp(ExecCtx &c, const Inst &in, uint32_t mask) {
  forLanes(mask, [&](int l) {
    double x = floatValue(in.type, readOp(c, in.ops[1], l));
    int cls = std::fpclassify(in.type == Ty::F32 ? double(float(x)) : x);
    if (in.type == Ty::F32)
      cls = std::fpclassify(float(x));
    bool r = false;
    switch (in.op) {
    case 0:
      r = std::isfinite(x);
      break;
    case 1:
      r = std::isinf(x);
      break;
    case 2:
      r = !std::isnan(x);
      break;
    case 3:
      r = std::isnan(x);
      break;
    case 4:
      r = cls == FP_NORMAL;
      break;
    case 5:
      r = cls == FP_SUBNORMAL;
      break;
    }
    writeReg(c, in.ops[0], l, r);
  });
  return true;
}

} // namespace

Status decodeFloatArith(Mods &m, Inst &in) {
  static const std::pair<const char *, FOp> kOps[] = {
      {"add", FAdd},          {"sub", FSub},   {"mul", FMul},
      {"fma", FFma},          {"mad", FFma},   {"div", FDiv},
      {"rcp", FRcp},          {"sqrt", FSqrt}, {"rsqrt", FRsqrtApprox},
      {"ex2", FEx2},          {"lg2", FLg2},   {"sin", FSin},
      {"cos", FCos},          {"tanh", FTanh}, {"min", FMin},
      {"max", FMax},          {"abs", FAbs},   {"neg", FNeg},
      {"copysign", FCopysign}};
  const std::string &base = m.base();
  FOp op = FAdd;
  bool found = false;
  for (auto &[n, o] : kOps)
    if (base == n) {
      op = o;
      found = true;
    }
  if (!found)
    return Error(ErrorCode::Parse, "not a float instruction");
  bool approx = m.take("approx");
  bool full = m.take("full");
  in.rounding = m.takeRounding();
  if (m.take("ftz"))
    in.flags |= FFtz;
  if (m.take("sat") || m.take("satfinite"))
    in.flags |= FSat;
  if (m.take("NaN"))
    in.flags |= FNaN;
  if (m.take("relu"))
    in.flags |= FRelu;
  if (m.take("xorsign")) {
    in.flags |= FXorsign;
    if (!m.take("abs"))
      return Error(ErrorCode::Parse, "xorsign needs .abs");
  }
  m.take("oob");
  if (m.take("f32x2")) {
    in.type = Ty::B64;
  } else {
    in.type = m.takeType();
  }
  if (in.type == Ty::None)
    return Error(ErrorCode::Parse, "missing type");
  // Modifier rules (PTX ISA): the transcendental ops exist only as .approx.
  switch (op) {
  case FDiv:
    if (approx)
      op = FDivApprox;
    else if (full)
      op = FDivFull;
    else if (in.type == Ty::F32 && in.rounding == RNone)
      return Error(ErrorCode::Parse, "div.f32 needs .rn/.rz/.rm/.rp, .approx "
                                     "or .full");
    break;
  case FRcp:
    if (approx)
      op = FRcpApprox;
    break;
  case FSqrt:
    if (approx)
      op = FSqrtApprox;
    break;
  case FRsqrtApprox:
  case FEx2:
  case FLg2:
  case FSin:
  case FCos:
  case FTanh:
    if (!approx)
      return Error(ErrorCode::Parse, base + " exists only as .approx");
    if (in.type != Ty::F32 && op != FEx2)
      return Error(ErrorCode::Parse, base + " is implemented for .f32 only");
    if (op == FEx2 && in.type != Ty::F32 && in.type != Ty::F16 &&
        in.type != Ty::BF16 && in.type != Ty::F16x2 && in.type != Ty::BF16x2)
      return Error(ErrorCode::Parse, "ex2.approx of this type");
    break;
  default:
    if (approx || full)
      return Error(ErrorCode::Parse, base + " has no .approx/.full");
  }
  in.op = uint16_t(op);
  in.exec = execFloat;
  // sm_100a's three-input min/max (PTX ISA 8.8: min/max with c).
  if ((op == FMin || op == FMax) && in.type == Ty::F32 && in.ops.size() == 4) {
    in.flags |= 32;
    in.op = uint16_t(op);
    in.exec = execFloat;
    return okStatus();
  }
  size_t want =
      (op == FFma) ? 4
      : (op == FAbs || op == FNeg || op == FRcp || op == FRcpApprox ||
         op == FSqrt || op == FSqrtApprox || op == FRsqrtApprox || op == FEx2 ||
         op == FLg2 || op == FSin || op == FCos || op == FTanh)
          ? 2
          : 3;
  return expectOperands(in, want);
}

namespace {
Status decodeTestp(Mods &m, Inst &in) {
  int k = m.takeOneOf(
      {"finite", "infinite", "number", "notanumber", "normal", "subnormal"});
  if (k < 0)
    return Error(ErrorCode::Parse, "missing testp class");
  in.op = uint16_t(k);
  in.type = m.takeType();
  in.exec = execTestp;
  return expectOperands(in, 2);
}
} // namespace

const std::vector<DecoderEntry> &floatDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"fma", decodeFloatArith},  {"rcp", decodeFloatArith},
      {"sqrt", decodeFloatArith}, {"rsqrt", decodeFloatArith},
      {"ex2", decodeFloatArith},  {"lg2", decodeFloatArith},
      {"sin", decodeFloatArith},  {"cos", decodeFloatArith},
      {"tanh", decodeFloatArith}, {"copysign", decodeFloatArith},
      {"testp", decodeTestp},
  };
  return kDecoders;
}

} // namespace cute::emu
