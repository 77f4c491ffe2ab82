//===- ExecAlu.cpp - Integer, logic, move and select instructions ---------===//
//
// PTX ISA "Integer Arithmetic Instructions", "Logic and Shift Instructions",
// "Comparison and Selection Instructions", "Data Movement and Conversion
// Instructions" (mov, prmt, cvta). Values are read at the instruction type's
// width (sign-extended for .s types) and written zero-extended.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"
#include "Float.h"

#include <tuple>
#include <utility>

namespace cute::emu {

namespace {

inline uint64_t rdU(ExecCtx &c, const Operand &o, int l, unsigned bits) {
  return readOp(c, o, l) & maskBits(bits);
}
inline int64_t rdS(ExecCtx &c, const Operand &o, int l, unsigned bits) {
  return sext(readOp(c, o, l), bits);
}
inline void wr(ExecCtx &c, const Operand &o, int l, uint64_t v, unsigned bits) {
  writeReg(c, o, l, v & maskBits(bits));
}

// --- Integer arithmetic
// -------------------------------------------------------

enum IntOp : uint16_t {
  IAdd,
  ISub,
  IMulLo,
  IMulHi,
  IMulWide,
  IMadLo,
  IMadHi,
  IMadWide,
  IDiv,
  IRem,
  IAbs,
  INeg,
  IMin,
  IMax,
  IMul24Lo,
  IMad24Lo,
  IPopc,
  IClz,
  IBrev,
  IBfind,
  IAnd,
  IOr,
  IXor,
  INot,
  ICnot,
  IShl,
  IShr,
  IAddCC
};

/// Flags of the integer ops: .sat, .shiftamt, .cc (write CC.CF) and the
/// carry-in forms (addc, subc, madc read CC.CF).
enum IntFlags : uint32_t {
  FSat = 1,
  FShiftAmt = 2,
  FCarryOut = 4,
  FCarryIn = 8
};

/// PTX ISA "Extended-Precision Integer Arithmetic Instructions": the sum
/// x + y + cin of bits-wide operands and its carry out.
std::pair<uint64_t, bool> addCarry(uint64_t x, uint64_t y, bool cin,
                                   unsigned bits) {
  unsigned __int128 s = (unsigned __int128)x + y + (cin ? 1 : 0);
  return {uint64_t(s) & maskBits(bits), bool((s >> bits) & 1)};
}

bool execCarry(ExecCtx &c, const Inst &in, uint32_t mask) {
  const unsigned bits = tyBits(in.type);
  const bool sgn = tyIsSigned(in.type);
  const auto &o = in.ops;
  const bool useIn = in.flags & FCarryIn, setOut = in.flags & FCarryOut;
  forLanes(mask, [&](int l) {
    bool cin = useIn && ((c.w.carry >> l) & 1);
    uint64_t a = rdU(c, o[1], l, bits), b = rdU(c, o[2], l, bits);
    uint64_t r = 0;
    bool cout = false;
    switch (IntOp(in.op)) {
    case IAdd:
      std::tie(r, cout) = addCarry(a, b, cin, bits);
      break;
    case ISub: {
      // a - b - cin; CC.CF is the borrow.
      unsigned __int128 sub = (unsigned __int128)b + (cin ? 1 : 0);
      r = uint64_t((unsigned __int128)a - sub) & maskBits(bits);
      cout = (unsigned __int128)a < sub;
      break;
    }
    case IMadLo:
      std::tie(r, cout) =
          addCarry((a * b) & maskBits(bits), rdU(c, o[3], l, bits), cin, bits);
      break;
    case IMadHi: {
      int64_t sa = sext(a, bits), sb = sext(b, bits);
      uint64_t hi = (sgn ? uint64_t((__int128(sa) * sb) >> bits)
                         : uint64_t((unsigned __int128)(a)*b >> bits)) &
                    maskBits(bits);
      std::tie(r, cout) = addCarry(hi, rdU(c, o[3], l, bits), cin, bits);
      break;
    }
    default:
      break;
    }
    wr(c, o[0], l, r, bits);
    if (setOut)
      c.w.carry = (c.w.carry & ~(1u << l)) | (uint32_t(cout) << l);
  });
  return true;
}

bool execInt(ExecCtx &c, const Inst &in, uint32_t mask) {
  const unsigned bits = tyBits(in.type);
  const bool sgn = tyIsSigned(in.type);
  const auto &o = in.ops;
  bool sat = in.flags & FSat;
  forLanes(mask, [&](int l) {
    uint64_t a = rdU(c, o[1], l, bits);
    uint64_t b = o.size() > 2 ? rdU(c, o[2], l, bits) : 0;
    int64_t sa = sext(a, bits), sb = sext(b, bits);
    uint64_t r = 0;
    unsigned wbits = bits;
    switch (IntOp(in.op)) {
    case IAdd:
    case IAddCC:
      r = a + b;
      if (sat && sgn) {
        __int128 s = __int128(sa) + sb;
        __int128 lo = -(__int128(1) << (bits - 1)),
                 hi = (__int128(1) << (bits - 1)) - 1;
        r = uint64_t(int64_t(s < lo ? lo : s > hi ? hi : s));
      }
      break;
    case ISub:
      r = a - b;
      if (sat && sgn) {
        __int128 s = __int128(sa) - sb;
        __int128 lo = -(__int128(1) << (bits - 1)),
                 hi = (__int128(1) << (bits - 1)) - 1;
        r = uint64_t(int64_t(s < lo ? lo : s > hi ? hi : s));
      }
      break;
    case IMulLo:
      r = a * b;
      break;
    case IMulHi:
      if (sgn)
        r = uint64_t((__int128(sa) * sb) >> bits);
      else
        r = uint64_t((unsigned __int128)(a)*b >> bits);
      break;
    case IMulWide:
      wbits = bits * 2;
      r = sgn ? uint64_t(sa * sb) : a * b;
      break;
    case IMadLo:
      r = a * b + rdU(c, o[3], l, bits);
      break;
    case IMadHi: {
      uint64_t cc = rdU(c, o[3], l, bits);
      r = (sgn ? uint64_t((__int128(sa) * sb) >> bits)
               : uint64_t((unsigned __int128)(a)*b >> bits)) +
          cc;
      break;
    }
    case IMadWide:
      wbits = bits * 2;
      r = (sgn ? uint64_t(sa * sb) : a * b) + rdU(c, o[3], l, wbits);
      break;
    case IMul24Lo:
      r = sgn ? uint64_t(sext(a, 24) * sext(b, 24))
              : (a & 0xffffff) * (b & 0xffffff);
      break;
    case IMad24Lo:
      r = (sgn ? uint64_t(sext(a, 24) * sext(b, 24))
               : (a & 0xffffff) * (b & 0xffffff)) +
          rdU(c, o[3], l, bits);
      break;
    case IDiv:
      // PTX ISA "div": division by zero gives an unspecified value; the
      // emulator returns all ones (as the hardware's unsigned path does).
      if (b == 0)
        r = ~0ull;
      else if (sgn)
        r = (sa == std::numeric_limits<int64_t>::min() && sb == -1)
                ? uint64_t(sa)
                : uint64_t(sext(a, bits) / sb);
      else
        r = a / b;
      break;
    case IRem:
      if (b == 0)
        r = a;
      else if (sgn)
        r = sb == -1 ? 0 : uint64_t(sa % sb);
      else
        r = a % b;
      break;
    case IAbs:
      r = uint64_t(sa < 0 ? -sa : sa);
      break;
    case INeg:
      r = uint64_t(-sa);
      break;
    case IMin:
      r = sgn ? uint64_t(std::min(sa, sb)) : std::min(a, b);
      break;
    case IMax:
      r = sgn ? uint64_t(std::max(sa, sb)) : std::max(a, b);
      break;
    case IPopc:
      r = uint64_t(__builtin_popcountll(a));
      wbits = 32;
      break;
    case IClz:
      r = a == 0 ? bits : uint64_t(__builtin_clzll(a) - (64 - int(bits)));
      wbits = 32;
      break;
    case IBrev: {
      uint64_t x = 0;
      for (unsigned i = 0; i < bits; ++i)
        if (a >> i & 1)
          x |= 1ull << (bits - 1 - i);
      r = x;
      break;
    }
    case IBfind: {
      // Position of the most significant non-sign bit; 0xffffffff if none.
      uint64_t x = sgn && sa < 0 ? ~a & maskBits(bits) : a;
      r = x == 0 ? 0xffffffffu : uint64_t(63 - __builtin_clzll(x));
      if (x != 0 && (in.flags & 2)) // .shiftamt
        r = bits - 1 - r;
      wbits = 32;
      break;
    }
    case IAnd:
      r = a & b;
      break;
    case IOr:
      r = a | b;
      break;
    case IXor:
      r = a ^ b;
      break;
    case INot:
      r = ~a;
      break;
    case ICnot:
      r = a == 0;
      break;
    case IShl: {
      uint64_t s = readOp(c, o[2], l) & 0xffffffffu;
      r = s >= bits ? 0 : a << s;
      break;
    }
    case IShr: {
      uint64_t s = readOp(c, o[2], l) & 0xffffffffu;
      if (sgn)
        r = uint64_t(sa >> (s >= bits ? bits - 1 : s));
      else
        r = s >= bits ? 0 : a >> s;
      break;
    }
    }
    if (in.type == Ty::Pred)
      wbits = 1;
    wr(c, o[0], l, r, wbits);
  });
  return true;
}

Status decodeInt(Mods &m, Inst &in, uint16_t op, size_t nops) {
  static const std::pair<const char *, IntOp> kOps[] = {
      {"add", IAdd},   {"sub", ISub}, {"div", IDiv},   {"rem", IRem},
      {"abs", IAbs},   {"neg", INeg}, {"min", IMin},   {"max", IMax},
      {"popc", IPopc}, {"clz", IClz}, {"brev", IBrev}, {"bfind", IBfind},
      {"and", IAnd},   {"or", IOr},   {"xor", IXor},   {"not", INot},
      {"cnot", ICnot}, {"shl", IShl}, {"shr", IShr}};
  (void)kOps;
  in.op = op;
  in.exec = execInt;
  if (m.take("sat"))
    in.flags |= FSat;
  if (m.take("shiftamt"))
    in.flags |= FShiftAmt;
  if (m.take("cc"))
    in.flags |= FCarryOut;
  in.type = m.takeType();
  if (in.type == Ty::None)
    return Error(ErrorCode::Parse, "missing type");
  // add.cc, sub.cc, mad{.lo,.hi}.cc and the carry-in forms: CC.CF.
  if (in.flags & (FCarryOut | FCarryIn)) {
    bool madLoHi = op == IMadLo || op == IMadHi;
    if (op != IAdd && op != ISub && !madLoHi)
      return Error(ErrorCode::Parse, "a carry form of an op without one");
    in.exec = execCarry;
  }
  return expectOperands(in, nops);
}

/// addc, subc, madc: the carry-in forms (madc.lo, madc.hi; .cc optional).
Status decodeCarryIn(Mods &m, Inst &in, uint16_t op, size_t nops) {
  in.flags |= FCarryIn;
  return decodeInt(m, in, op, nops);
}

Status decodeMul(Mods &m, Inst &in, bool mad) {
  int mode = m.takeOneOf({"lo", "hi", "wide"});
  if (mode < 0)
    mode = 0;
  static const IntOp kMul[] = {IMulLo, IMulHi, IMulWide};
  static const IntOp kMad[] = {IMadLo, IMadHi, IMadWide};
  return decodeInt(m, in, uint16_t(mad ? kMad[mode] : kMul[mode]), mad ? 4 : 3);
}

bool isFloatOp(Mods &m) {
  for (const std::string &p : m.rest())
    if (p == "f32" || p == "f64" || p == "f16" || p == "f16x2" || p == "bf16" ||
        p == "bf16x2" || p == "f32x2")
      return true;
  return false;
}

// --- mov
// -----------------------------------------------------------------------

bool execMov(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  unsigned bits = tyBits(in.type);
  if (o[0].kind == Operand::Vec) { // unpack: mov.b64 {%r1,%r2}, %rd
    unsigned n = o[0].count, eb = bits / n;
    const uint32_t *regs = vecRegs(in, o[0]);
    forLanes(mask, [&](int l) {
      uint64_t v = readOp(c, o[1], l);
      for (unsigned i = 0; i < n; ++i)
        if (regs[i] != Operand::kNoReg)
          c.reg(regs[i], l) = (v >> (i * eb)) & maskBits(eb);
    });
    return true;
  }
  if (o[1].kind == Operand::Vec) { // pack
    unsigned n = o[1].count, eb = bits / n;
    const uint32_t *regs = vecRegs(in, o[1]);
    forLanes(mask, [&](int l) {
      uint64_t v = 0;
      for (unsigned i = 0; i < n; ++i)
        v |= (c.reg(regs[i], l) & maskBits(eb)) << (i * eb);
      writeReg(c, o[0], l, v);
    });
    return true;
  }
  forLanes(mask, [&](int l) {
    writeReg(c, o[0], l, readOp(c, o[1], l) & maskBits(bits));
  });
  return true;
}

Status decodeMov(Mods &m, Inst &in) {
  in.type = m.takeType();
  in.exec = execMov;
  if (in.type == Ty::None)
    return Error(ErrorCode::Parse, "missing type");
  if (in.type == Ty::Pred)
    in.type = Ty::Pred;
  return expectOperands(in, 2);
}

// --- selp / setp ------------------------------------------------------------

bool execSelp(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  unsigned bits = tyBits(in.type);
  forLanes(mask, [&](int l) {
    bool p = readOp(c, o[3], l) & 1;
    writeReg(c, o[0], l, readOp(c, o[p ? 1 : 2], l) & maskBits(bits));
  });
  return true;
}

enum Cmp : uint16_t {
  CEq,
  CNe,
  CLt,
  CLe,
  CGt,
  CGe,
  CLo,
  CLs,
  CHi,
  CHs,
  CEqu,
  CNeu,
  CLtu,
  CLeu,
  CGtu,
  CGeu,
  CNum,
  CNan
};

bool compareInt(Cmp cmp, uint64_t a, uint64_t b, unsigned bits, bool sgn) {
  int64_t sa = sext(a, bits), sb = sext(b, bits);
  switch (cmp) {
  case CEq:
    return a == b;
  case CNe:
    return a != b;
  case CLt:
    return sgn ? sa < sb : a < b;
  case CLe:
    return sgn ? sa <= sb : a <= b;
  case CGt:
    return sgn ? sa > sb : a > b;
  case CGe:
    return sgn ? sa >= sb : a >= b;
  case CLo:
    return a < b;
  case CLs:
    return a <= b;
  case CHi:
    return a > b;
  case CHs:
    return a >= b;
  default:
    return false;
  }
}

bool compareFloat(Cmp cmp, double a, double b) {
  bool un = std::isnan(a) || std::isnan(b);
  switch (cmp) {
  case CEq:
    return !un && a == b;
  case CNe:
    return !un && a != b;
  case CLt:
    return !un && a < b;
  case CLe:
    return !un && a <= b;
  case CGt:
    return !un && a > b;
  case CGe:
    return !un && a >= b;
  case CEqu:
    return un || a == b;
  case CNeu:
    return un || a != b;
  case CLtu:
    return un || a < b;
  case CLeu:
    return un || a <= b;
  case CGtu:
    return un || a > b;
  case CGeu:
    return un || a >= b;
  case CNum:
    return !un;
  case CNan:
    return un;
  default:
    return false;
  }
}

/// setp.cmp[.bool].type p[|q], a, b[, c]: flags bit 0..1 = bool op
/// (0 none, 1 and, 2 or, 3 xor), bit 2 = ftz.
bool execSetp(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const bool twoDst = in.flags & 8;
  const size_t a0 = twoDst ? 2 : 1;
  const unsigned bits = tyBits(in.type);
  const bool flt = tyIsFloat(in.type), sgn = tyIsSigned(in.type);
  const unsigned boolOp = in.flags & 3;
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, o[a0], l), b = readOp(c, o[a0 + 1], l);
    bool r;
    if (flt) {
      double x = floatValue(in.type, a), y = floatValue(in.type, b);
      if (in.flags & 4) {
        if (in.type == Ty::F32) {
          x = flushF32(float(x));
          y = flushF32(float(y));
        }
      }
      r = compareFloat(Cmp(in.op), x, y);
    } else {
      r = compareInt(Cmp(in.op), a & maskBits(bits), b & maskBits(bits), bits,
                     sgn);
    }
    bool r2 = !r;
    if (boolOp) {
      bool p = readOp(c, o[a0 + 2], l) & 1;
      auto f = [&](bool x) {
        return boolOp == 1 ? (x && p) : boolOp == 2 ? (x || p) : (x != p);
      };
      r = f(r);
      r2 = f(r2);
    }
    writeReg(c, o[0], l, r);
    if (twoDst)
      writeReg(c, o[1], l, r2);
  });
  return true;
}

Status decodeSetp(Mods &m, Inst &in) {
  int cmp =
      m.takeOneOf({"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                   "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"});
  if (cmp < 0)
    return Error(ErrorCode::Parse, "missing comparison");
  in.op = uint16_t(cmp);
  int b = m.takeOneOf({"and", "or", "xor"});
  if (b >= 0)
    in.flags |= uint32_t(b + 1);
  if (m.take("ftz"))
    in.flags |= 4;
  in.type = m.takeType();
  in.exec = execSetp;
  size_t n = in.ops.size();
  // `%p|%q` parses as two leading operands.
  size_t want = 3 + (b >= 0 ? 1 : 0);
  if (n == want + 1)
    in.flags |= 8;
  else if (n != want)
    return Error(ErrorCode::Parse, "bad operand count for setp");
  return okStatus();
}

// --- Bit manipulation
// ----------------------------------------------------------

/// prmt.b32 d, a, b, c (PTX ISA "prmt"): default mode only, or the f4e/b4e/
/// rc8/ecl/ecr/rc16 modes.
bool execPrmt(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, o[1], l) & 0xffffffffu,
             b = readOp(c, o[2], l) & 0xffffffffu;
    uint32_t sel = uint32_t(readOp(c, o[3], l));
    uint64_t bytes = a | (b << 32);
    uint32_t r = 0;
    int mode = int(in.op);
    for (int i = 0; i < 4; ++i) {
      uint32_t s;
      if (mode == 0) {
        s = (sel >> (4 * i)) & 0xf;
      } else {
        uint32_t n = sel & 3;
        static const uint8_t kF4e[4][4] = {
            {0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}};
        static const uint8_t kB4e[4][4] = {
            {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}, {7, 6, 5, 4}};
        static const uint8_t kRc8[4][4] = {
            {0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
        static const uint8_t kEcl[4][4] = {
            {0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
        static const uint8_t kEcr[4][4] = {
            {0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
        static const uint8_t kRc16[4][4] = {
            {0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
        const uint8_t(*t)[4] = mode == 1   ? kF4e
                               : mode == 2 ? kB4e
                               : mode == 3 ? kRc8
                               : mode == 4 ? kEcl
                               : mode == 5 ? kEcr
                                           : kRc16;
        s = t[n][i];
      }
      uint32_t byte = uint32_t(bytes >> (8 * (s & 7))) & 0xff;
      if (mode == 0 && (s & 8)) // sign-replicate
        byte = (byte & 0x80) ? 0xff : 0;
      r |= byte << (8 * i);
    }
    writeReg(c, o[0], l, r);
  });
  return true;
}

Status decodePrmt(Mods &m, Inst &in) {
  int mode = m.takeOneOf({"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"});
  in.op = uint16_t(mode + 1);
  in.type = m.takeType();
  in.exec = execPrmt;
  return expectOperands(in, 4);
}

/// bfe (extract), bfi (insert) - PTX ISA "bfe", "bfi".
bool execBfe(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const unsigned bits = tyBits(in.type);
  const bool sgn = tyIsSigned(in.type);
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, o[1], l) & maskBits(bits);
    uint32_t pos = uint32_t(readOp(c, o[2], l)) & 0xff;
    uint32_t len = uint32_t(readOp(c, o[3], l)) & 0xff;
    uint64_t r = 0;
    bool sbit = false;
    if (sgn && len) {
      unsigned top = std::min(pos + len - 1, bits - 1);
      sbit = (a >> top) & 1;
    }
    for (unsigned i = 0; i < bits; ++i) {
      bool bit;
      if (i < len && pos + i < bits)
        bit = (a >> (pos + i)) & 1;
      else
        bit = sgn ? sbit : false;
      if (bit)
        r |= 1ull << i;
    }
    writeReg(c, o[0], l, r);
  });
  return true;
}

bool execBfi(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const unsigned bits = tyBits(in.type);
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, o[1], l), b = readOp(c, o[2], l) & maskBits(bits);
    uint32_t pos = uint32_t(readOp(c, o[3], l)) & 0xff;
    uint32_t len = uint32_t(readOp(c, o[4], l)) & 0xff;
    uint64_t r = b;
    for (unsigned i = 0; i < len && pos + i < bits; ++i) {
      uint64_t bit = 1ull << (pos + i);
      r = (a >> i & 1) ? (r | bit) : (r & ~bit);
    }
    writeReg(c, o[0], l, r);
  });
  return true;
}

/// shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of b:a.
bool execShf(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const bool left = in.op == 0, clamp = in.flags & 1;
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, o[1], l) & 0xffffffffu,
             b = readOp(c, o[2], l) & 0xffffffffu;
    uint32_t n = uint32_t(readOp(c, o[3], l));
    n = clamp ? std::min<uint32_t>(n, 32) : (n & 31);
    uint64_t v = (b << 32) | a;
    uint32_t r = left ? uint32_t((v << n) >> 32) : uint32_t(v >> n);
    writeReg(c, o[0], l, r);
  });
  return true;
}

/// lop3.b32 d, a, b, c, immLut.
bool execLop3(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  forLanes(mask, [&](int l) {
    uint32_t a = uint32_t(readOp(c, o[1], l)), b = uint32_t(readOp(c, o[2], l)),
             cc = uint32_t(readOp(c, o[3], l));
    uint32_t lut = uint32_t(readOp(c, o[4], l)), r = 0;
    for (int i = 0; i < 32; ++i) {
      unsigned idx = ((a >> i & 1) << 2) | ((b >> i & 1) << 1) | (cc >> i & 1);
      r |= ((lut >> idx) & 1) << i;
    }
    writeReg(c, o[0], l, r);
  });
  return true;
}

// --- cvta
// ---------------------------------------------------------------------

/// cvta[.to].space.u64: between generic and space addresses (Exec.h's
/// windows). Global addresses are identical in both.
bool execCvta(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  const bool to = in.flags & 1;
  uint64_t base = 0;
  switch (in.space) {
  case Space::Shared:
  case Space::SharedCluster:
    base = kSharedWindow;
    break;
  case Space::Local:
    base = kLocalWindow;
    break;
  case Space::Param:
    base = kParamWindow;
    break;
  case Space::Const:
    base = kConstWindow;
    break;
  default:
    break;
  }
  const unsigned bits = tyBits(in.type);
  forLanes(mask, [&](int l) {
    uint64_t a = readOp(c, o[1], l);
    uint64_t r = base == 0 ? a : to ? (a & kWindowMask) : (a + base);
    if (base && !to && in.space == Space::Shared)
      r = base + (a & 0xffffffffu);
    writeReg(c, o[0], l, r & maskBits(bits));
  });
  return true;
}

Status decodeCvta(Mods &m, Inst &in) {
  if (m.take("to"))
    in.flags |= 1;
  if (!m.takeSpace(in.space))
    return Error(ErrorCode::Parse, "missing state space");
  in.type = m.takeType();
  in.exec = execCvta;
  return expectOperands(in, 2);
}

// --- decoders
// ------------------------------------------------------------------

#define INT_DECODER(name, op, n)                                               \
  {                                                                            \
#name, [](Mods &m, Inst &in) -> Status {                                   \
     if (isFloatOp(m))                                                         \
       return decodeFloatArith(m, in);                                         \
     return decodeInt(m, in, op, n);                                           \
   }   \
  }

} // namespace

Status decodeFloatArith(Mods &m, Inst &in); // ExecFloat.cpp

const std::vector<DecoderEntry> &aluDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      INT_DECODER(add, IAdd, 3),
      INT_DECODER(sub, ISub, 3),
      INT_DECODER(div, IDiv, 3),
      INT_DECODER(abs, IAbs, 2),
      INT_DECODER(neg, INeg, 2),
      INT_DECODER(min, IMin, 3),
      INT_DECODER(max, IMax, 3),
      {"addc", [](Mods &m, Inst &in) { return decodeCarryIn(m, in, IAdd, 3); }},
      {"subc", [](Mods &m, Inst &in) { return decodeCarryIn(m, in, ISub, 3); }},
      {"madc",
       [](Mods &m, Inst &in) -> Status {
         int mode = m.takeOneOf({"lo", "hi"});
         if (mode < 0)
           return Error(ErrorCode::Parse, "madc needs .lo or .hi");
         return decodeCarryIn(m, in, uint16_t(mode ? IMadHi : IMadLo), 4);
       }},
      {"rem", [](Mods &m, Inst &in) { return decodeInt(m, in, IRem, 3); }},
      {"popc", [](Mods &m, Inst &in) { return decodeInt(m, in, IPopc, 2); }},
      {"clz", [](Mods &m, Inst &in) { return decodeInt(m, in, IClz, 2); }},
      {"brev", [](Mods &m, Inst &in) { return decodeInt(m, in, IBrev, 2); }},
      {"bfind", [](Mods &m, Inst &in) { return decodeInt(m, in, IBfind, 2); }},
      {"and", [](Mods &m, Inst &in) { return decodeInt(m, in, IAnd, 3); }},
      {"or", [](Mods &m, Inst &in) { return decodeInt(m, in, IOr, 3); }},
      {"xor", [](Mods &m, Inst &in) { return decodeInt(m, in, IXor, 3); }},
      {"not", [](Mods &m, Inst &in) { return decodeInt(m, in, INot, 2); }},
      {"cnot", [](Mods &m, Inst &in) { return decodeInt(m, in, ICnot, 2); }},
      {"shl", [](Mods &m, Inst &in) { return decodeInt(m, in, IShl, 3); }},
      {"shr", [](Mods &m, Inst &in) { return decodeInt(m, in, IShr, 3); }},
      {"mul",
       [](Mods &m, Inst &in) -> Status {
         if (isFloatOp(m))
           return decodeFloatArith(m, in);
         return decodeMul(m, in, false);
       }},
      {"mad",
       [](Mods &m, Inst &in) -> Status {
         if (isFloatOp(m))
           return decodeFloatArith(m, in);
         return decodeMul(m, in, true);
       }},
      {"mul24",
       [](Mods &m, Inst &in) -> Status {
         if (!m.take("lo"))
           return Error(ErrorCode::Parse, "only mul24.lo is implemented");
         return decodeInt(m, in, IMul24Lo, 3);
       }},
      {"mad24",
       [](Mods &m, Inst &in) -> Status {
         if (!m.take("lo"))
           return Error(ErrorCode::Parse, "only mad24.lo is implemented");
         return decodeInt(m, in, IMad24Lo, 4);
       }},
      {"mov", decodeMov},
      {"selp",
       [](Mods &m, Inst &in) -> Status {
         in.type = m.takeType();
         in.exec = execSelp;
         return expectOperands(in, 4);
       }},
      {"setp", decodeSetp},
      {"prmt", decodePrmt},
      {"bfe",
       [](Mods &m, Inst &in) -> Status {
         in.type = m.takeType();
         in.exec = execBfe;
         return expectOperands(in, 4);
       }},
      {"bfi",
       [](Mods &m, Inst &in) -> Status {
         in.type = m.takeType();
         in.exec = execBfi;
         return expectOperands(in, 5);
       }},
      {"shf",
       [](Mods &m, Inst &in) -> Status {
         int dir = m.takeOneOf({"l", "r"});
         int mode = m.takeOneOf({"wrap", "clamp"});
         if (dir < 0 || mode < 0)
           return Error(ErrorCode::Parse, "shf needs .l/.r and .wrap/.clamp");
         in.op = uint16_t(dir);
         in.flags = uint32_t(mode);
         in.type = m.takeType();
         in.exec = execShf;
         return expectOperands(in, 4);
       }},
      {"lop3",
       [](Mods &m, Inst &in) -> Status {
         in.type = m.takeType();
         in.exec = execLop3;
         return expectOperands(in, 5);
       }},
      {"cvta", decodeCvta},
  };
  return kDecoders;
}

} // namespace cute::emu
