//===- MmaNumerics.cpp - Tensor-core accumulation model (sm_90a) ----------===//
//
// See MmaNumerics.h for the model and bench/results/2026-12-02-h200-emu-probes
// for the measurements behind every parameter.
//
//===----------------------------------------------------------------------===//
#include "MmaNumerics.h"

#include <cstring>

namespace cute::emu {
namespace {

enum OpClass : uint8_t { kZero, kFinite, kInf, kNaN };

using Operand = MmaTerm;

struct Format {
  int expBits, fracBits, bias;
  bool finiteOnly; ///< E4M3: no inf; only S.1111.111 is NaN
  bool noSpecials; ///< E3M2, E2M3, E2M1: every encoding is finite
};

CUTE_EMU_HD Format formatOf(MmaElem e) {
  switch (e) {
  case MmaElem::F16:
    return {5, 10, 15, false};
  case MmaElem::BF16:
    return {8, 7, 127, false};
  case MmaElem::TF32:
    return {8, 10, 127, false};
  case MmaElem::E4M3:
    return {4, 3, 7, true};
  case MmaElem::E5M2:
    return {5, 2, 15, false};
  case MmaElem::E3M2:
    return {3, 2, 3, false, true};
  case MmaElem::E2M3:
    return {2, 3, 1, false, true};
  case MmaElem::E2M1:
    return {2, 1, 1, false, true};
  }
  return {8, 23, 127, false};
}

CUTE_EMU_HD Operand decode(uint32_t bits, Format f) {
  uint32_t expMax = (1u << f.expBits) - 1;
  uint32_t fracMask = (1u << f.fracBits) - 1;
  uint32_t e = (bits >> f.fracBits) & expMax;
  uint32_t m = bits & fracMask;
  Operand o;
  o.neg = ((bits >> (f.fracBits + f.expBits)) & 1) != 0;
  o.frac = f.fracBits;
  o.exp = 1 - f.bias;
  o.sig = m;
  if (f.noSpecials) {
    // no inf or NaN encodings
  } else if (f.finiteOnly) {
    if (e == expMax && m == fracMask) {
      o.cls = kNaN;
      return o;
    }
  } else if (e == expMax) {
    o.cls = m ? kNaN : kInf;
    return o;
  }
  if (e == 0) {
    o.cls = m ? kFinite : kZero;
    return o;
  }
  o.cls = kFinite;
  o.sig = m | (1u << f.fracBits);
  o.exp = static_cast<int>(e) - f.bias;
  return o;
}

CUTE_EMU_HD Operand decodeElem(uint32_t bits, MmaElem e) {
  switch (e) {
  case MmaElem::F16:
  case MmaElem::BF16:
    bits &= 0xffffu;
    break;
  case MmaElem::TF32:
    // The MMA reads the sign, exponent and top 10 fraction bits of the
    // 32-bit register; the low 13 bits take no part (measured: truncation).
    bits >>= 13;
    break;
  case MmaElem::E4M3:
  case MmaElem::E5M2:
    bits &= 0xffu;
    break;
  case MmaElem::E3M2:
  case MmaElem::E2M3:
    bits &= 0x3fu;
    break;
  case MmaElem::E2M1:
    bits &= 0xfu;
    break;
  }
  return decode(bits, formatOf(e));
}

CUTE_EMU_HD int bitLength(uint64_t v) {
  int n = 0;
  while (v) {
    ++n;
    v >>= 1;
  }
  return n;
}

/// Shifts the magnitude mag right by s bits with the given rounding; neg is
/// the sign of the value (for Down).
CUTE_EMU_HD uint64_t shiftRound(uint64_t mag, int s, bool neg, MmaRound r) {
  if (s <= 0)
    return mag << (-s);
  if (s >= 64)
    return (mag != 0 && ((r == MmaRound::Down && neg))) ? 1 : 0;
  uint64_t q = mag >> s;
  uint64_t rem = mag & ((uint64_t(1) << s) - 1);
  switch (r) {
  case MmaRound::TowardZero:
    return q;
  case MmaRound::Down:
    return q + ((neg && rem) ? 1 : 0);
  case MmaRound::NearestEven: {
    uint64_t half = uint64_t(1) << (s - 1);
    if (rem > half || (rem == half && (q & 1)))
      ++q;
    return q;
  }
  }
  return q;
}

/// Rounds (neg ? -1 : 1) * mag * 2^lsbExp into f32 with outFrac fraction bits
/// (subnormals keep the 2^(-126 - outFrac) grid), returning the f32 bits.
CUTE_EMU_HD uint32_t roundToF32(bool neg, uint64_t mag, int lsbExp,
                                const MmaModel &m) {
  uint32_t sign = neg ? 0x80000000u : 0u;
  if (mag == 0)
    return sign;
  int p = m.outFracBits;
  int lead = lsbExp + bitLength(mag) - 1;
  int e = lead < -126 ? -126 : lead;
  int grid = e - p;
  uint64_t q = shiftRound(mag, grid - lsbExp, neg, m.outRound);
  if (q >> (p + 1)) { // rounding carried into the next binade
    ++e;
    q >>= 1;
  }
  if (e > 127 || (e == 127 && (q >> (p + 1)))) {
    if (m.overflowInf || m.outRound == MmaRound::NearestEven)
      return sign | 0x7f800000u;
    return sign | 0x7f7fffffu;
  }
  if (q == 0) // underflow to zero: +0 like every zero result (measured)
    return 0u;
  uint32_t frac = static_cast<uint32_t>(q & ((uint64_t(1) << p) - 1))
                  << (23 - p);
  if ((q >> p) == 0) // subnormal
    return sign | frac;
  return sign | (static_cast<uint32_t>(e + 127) << 23) | frac;
}

/// One fused step: c + sum_{i<n} a_i*b_i; scaleExp (if not null) adds
/// scaleExp[i] to the exponent of product i (power-of-two block scales).
CUTE_EMU_HD uint32_t fusedTerms(const MmaModel &m, uint32_t cBits,
                                const MmaTerm *as, const MmaTerm *bs, int n,
                                const int *scaleExp = nullptr) {
  const Format f32{8, 23, 127, false};
  Operand c = decode(cBits, f32);
  bool nan = c.cls == kNaN;
  bool posInf = c.cls == kInf && !c.neg;
  bool negInf = c.cls == kInf && c.neg;
  // Pass 1: special values and the alignment exponent maxE.
  const int kNone = -100000;
  int maxE = kNone;
  if (c.cls == kFinite ||
      (c.cls == kZero && m.zeroExp == MmaZeroExp::FormatMin))
    maxE = c.exp;
  for (int i = 0; i < n; ++i) {
    const Operand &a = as[i], &b = bs[i];
    bool neg = a.neg != b.neg;
    if (a.cls == kNaN || b.cls == kNaN) {
      nan = true;
      continue;
    }
    if (a.cls == kInf || b.cls == kInf) {
      if (a.cls == kZero || b.cls == kZero)
        nan = true;
      else if (neg)
        negInf = true;
      else
        posInf = true;
      continue;
    }
    bool zero = a.cls == kZero || b.cls == kZero;
    int e = a.exp + b.exp + (scaleExp ? scaleExp[i] : 0);
    if (zero && m.zeroExp == MmaZeroExp::Ignored)
      continue;
    if (e > maxE)
      maxE = e;
  }
  if (nan || (posInf && negInf))
    return 0x7fffffffu;
  if (posInf)
    return 0x7f800000u;
  if (negInf)
    return 0xff800000u;
  if (maxE == kNone) // every term is zero: +0 (measured, even for c = -0
    return 0u;       // with all products -0)
  // Pass 2: truncate each term to a multiple of 2^(maxE - F), sum exactly.
  int gridExp = maxE - m.fracBits;
  if (gridExp < m.minGridExp)
    gridExp = m.minGridExp;
  int64_t sum = 0;
  if (c.cls == kFinite) {
    uint64_t t =
        shiftRound(c.sig, gridExp - (c.exp - c.frac), c.neg, m.termRound);
    sum += c.neg ? -static_cast<int64_t>(t) : static_cast<int64_t>(t);
  }
  for (int i = 0; i < n; ++i) {
    const Operand &a = as[i], &b = bs[i];
    if (a.cls != kFinite || b.cls != kFinite)
      continue;
    bool neg = a.neg != b.neg;
    uint64_t sig = static_cast<uint64_t>(a.sig) * b.sig;
    int lsb = a.exp + b.exp - a.frac - b.frac + (scaleExp ? scaleExp[i] : 0);
    uint64_t t = shiftRound(sig, gridExp - lsb, neg, m.termRound);
    sum += neg ? -static_cast<int64_t>(t) : static_cast<int64_t>(t);
  }
  if (sum == 0) // exact cancellation or all terms truncated away: +0
    return 0u;
  bool neg = sum < 0;
  uint64_t mag = neg ? uint64_t(0) - static_cast<uint64_t>(sum)
                     : static_cast<uint64_t>(sum);
  return roundToF32(neg, mag, gridExp, m);
}

/// fusedTerms on element bits (n <= 64).
CUTE_EMU_HD uint32_t fusedDot(const MmaModel &m, uint32_t cBits,
                              const uint32_t *aBits, const uint32_t *bBits,
                              int n, MmaElem ea, MmaElem eb,
                              const int *scaleExp = nullptr) {
  MmaTerm a[64], b[64];
  if (n > 64)
    n = 64;
  for (int i = 0; i < n; ++i) {
    a[i] = decodeElem(aBits[i], ea);
    b[i] = decodeElem(bBits[i], eb);
  }
  return fusedTerms(m, cBits, a, b, n, scaleExp);
}

/// f32 addition, round to nearest even, subnormals kept (FADD); a NaN result
/// is 0x7fffffff.
CUTE_EMU_HD uint32_t addF32(uint32_t x, uint32_t y) {
  float a, b;
  std::memcpy(&a, &x, 4);
  std::memcpy(&b, &y, 4);
  float r = a + b;
  if (r != r)
    return 0x7fffffffu;
  uint32_t out;
  std::memcpy(&out, &r, 4);
  return out;
}

// Measured parameters (bench/results/2026-12-02-h200-emu-probes/README.md).
// Fields: F, P, group, term rounding, result rounding, zero exponent,
// overflow to inf, fp8 via f16.
constexpr MmaModel kHopperTensor{
    25,
    23,
    64,
    MmaRound::TowardZero,
    MmaRound::TowardZero,
    MmaZeroExp::Ignored,
    true,
    false,
    -158,
    0,
    "H200 measured: f16/bf16/tf32 mma.sync and wgmma, one fused group per "
    "instruction (c included), F=25, terms and result toward zero"};
constexpr MmaModel kHopperWgmmaFp8{
    13,
    13,
    64,
    MmaRound::TowardZero,
    MmaRound::TowardZero,
    MmaZeroExp::Ignored,
    true,
    false,
    -158,
    0,
    "H200 measured: e4m3/e5m2 wgmma, one fused group of 32 (c included), "
    "F=13, result truncated to 13 fraction bits"};
constexpr MmaModel kHopperMmaSyncFp8{
    25,
    23,
    64,
    MmaRound::TowardZero,
    MmaRound::TowardZero,
    MmaZeroExp::Ignored,
    true,
    true,
    -158,
    0,
    "H200 measured: e4m3/e5m2 mma.sync = ptxas f16 emulation (2 HMMA F=25 "
    "from 0, then FADD c)"};

// Blackwell (tcgen05.mma on sm_100a, mma.sync kind::f8f6f4 and block_scale
// on sm_120a): NOT measured here (no Blackwell GPU); the parameters are
// MMA-Sim's (arXiv 2511.10909; github microsoft/MMA-Sim, mmasim/simulator/
// nv.py and functions.py): products exact, one group per instruction with c,
// terms truncated to F = 25 fraction bits below the largest exponent, the
// sum truncated into f32; block-scaled kind::mxf8f6f4 adds the UE8M0 scale
// exponents to the products' (F = 25); kind::mxf4/mxf4nvf4 sum groups of 16
// products exactly, scale each group and fuse the groups with c at F = 35.
// MMA-Sim models no floor under the truncation grid (the H200's 2^-158 is a
// Hopper measurement) and the same zero handling as Hopper.
constexpr MmaModel kBlackwellTensor{
    25,
    23,
    1 << 20,
    MmaRound::TowardZero,
    MmaRound::TowardZero,
    MmaZeroExp::Ignored,
    true,
    false,
    -100000,
    0,
    "MMA-Sim (not measured here): Blackwell tcgen05.mma / sm_120a mma.sync, "
    "one fused group per instruction (c included), F=25, toward zero"};
constexpr MmaModel kBlackwellMxf4{
    35,
    23,
    1 << 20,
    MmaRound::TowardZero,
    MmaRound::TowardZero,
    MmaZeroExp::Ignored,
    true,
    false,
    -100000,
    16,
    "MMA-Sim (not measured here): Blackwell kind::mxf4/mxf4nvf4, groups of "
    "16 products exact, scaled, fused with c at F=35, toward zero"};

} // namespace

const MmaModel &mmaScaledModel(bool mxf4) {
  return mxf4 ? kBlackwellMxf4 : kBlackwellTensor;
}

const MmaModel &mmaModel(MmaInstr instr, MmaElem elem) {
  if (instr == MmaInstr::Tcgen05)
    return kBlackwellTensor;
  if (elem == MmaElem::E4M3 || elem == MmaElem::E5M2)
    return instr == MmaInstr::Wgmma ? kHopperWgmmaFp8 : kHopperMmaSyncFp8;
  return kHopperTensor;
}

CUTE_EMU_HD int mmaInstrK(MmaElem elem) {
  switch (elem) {
  case MmaElem::F16:
  case MmaElem::BF16:
    return 16;
  case MmaElem::TF32:
    return 8;
  case MmaElem::E4M3:
  case MmaElem::E5M2:
  case MmaElem::E3M2:
  case MmaElem::E2M3:
  case MmaElem::E2M1:
    return 32;
  }
  return 16;
}

CUTE_EMU_HD uint32_t mmaDotBits(const MmaModel &m, uint32_t cBits,
                                const uint32_t *aBits, const uint32_t *bBits,
                                int k, MmaElem elem) {
  return mmaDotBits(m, cBits, aBits, bBits, k, elem, elem);
}

CUTE_EMU_HD uint32_t mmaDotBits(const MmaModel &m, uint32_t cBits,
                                const uint32_t *aBits, const uint32_t *bBits,
                                int k, MmaElem ea, MmaElem eb) {
  const MmaElem elem = ea;
  if (m.fp8ViaF16) {
    // ptxas's sm_90 lowering (SASS: F2FP.F16.E4M3.UNPACK_B, 2x HMMA.16816.F32,
    // FADD): e4m3/e5m2 -> f16 is exact, so the products are the same.
    uint32_t ga[32], gb[32];
    int n = 0;
    for (int pass = 0; pass < 2; ++pass)
      for (int i = 0; i < k && n < 32; ++i)
        if ((i % 4 < 2) == (pass == 0)) {
          ga[n] = aBits[i];
          gb[n++] = bBits[i];
        }
    int h = n / 2;
    uint32_t t = fusedDot(m, 0u, ga, gb, h, elem, eb);
    t = fusedDot(m, t, ga + h, gb + h, n - h, elem, eb);
    return addF32(cBits, t);
  }
  uint32_t acc = cBits;
  int g = m.groupSize < 1 ? k : m.groupSize;
  for (int i = 0; i < k; i += g) {
    int n = k - i < g ? k - i : g;
    acc = fusedDot(m, acc, aBits + i, bBits + i, n, ea, eb);
  }
  return acc;
}

float mmaDot(const MmaModel &m, float c, const uint32_t *aBits,
             const uint32_t *bBits, int k, MmaElem elem) {
  uint32_t cBits;
  std::memcpy(&cBits, &c, 4);
  uint32_t d = mmaDotBits(m, cBits, aBits, bBits, k, elem);
  float r;
  std::memcpy(&r, &d, 4);
  return r;
}

namespace {

/// A scale factor as sig * 2^(exp - frac) (sig an integer); NaN flagged.
struct Scale {
  bool nan = false;
  uint32_t sig = 0;
  int exp = 0, frac = 0;
};

Scale decodeScale(uint8_t x, MmaScaleFmt fmt) {
  Scale s;
  if (fmt == MmaScaleFmt::UE8M0) {
    s.nan = x == 0xff;
    s.sig = 1;
    s.exp = int(x) - 127;
    return s;
  }
  // UE4M3: the magnitude of an e4m3 (MMA-Sim takes |s|); 0x7f is NaN.
  x &= 0x7f;
  s.nan = x == 0x7f;
  uint32_t e = x >> 3, m = x & 7;
  s.frac = 3;
  s.sig = e ? 8 + m : m;
  s.exp = e ? int(e) - 7 : -6;
  return s;
}

/// value * 2^shift truncated toward zero (shift may be negative).
int64_t shiftTrunc(int64_t v, int shift) {
  if (shift >= 0)
    return shift >= 63 ? 0 : v * (int64_t(1) << shift);
  if (shift <= -63)
    return 0;
  uint64_t mag = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  mag >>= -shift;
  return v < 0 ? -int64_t(mag) : int64_t(mag);
}

} // namespace

void mmaDecode(MmaElem e, const uint32_t *bits, int k, MmaTerm *out) {
  for (int i = 0; i < k; ++i)
    out[i] = decodeElem(bits[i], e);
}

uint32_t mmaDotTerms(const MmaModel &m, uint32_t cBits, const MmaTerm *a,
                     const MmaTerm *b, int k) {
  uint32_t acc = cBits;
  int g = m.groupSize < 1 ? k : m.groupSize;
  for (int i = 0; i < k; i += g)
    acc = fusedTerms(m, acc, a + i, b + i, k - i < g ? k - i : g);
  return acc;
}

uint32_t mmaDotScaledBits(const MmaModel &m, uint32_t cBits,
                          const uint32_t *aBits, const uint32_t *bBits, int k,
                          MmaElem ea, MmaElem eb, const uint8_t *sfa,
                          const uint8_t *sfb, int vecK, MmaScaleFmt fmt) {
  const Format f32{8, 23, 127, false};
  Operand c = decode(cBits, f32);
  const int nBlocks = (k + vecK - 1) / vecK;
  for (int j = 0; j < nBlocks; ++j)
    if (decodeScale(sfa[j], fmt).nan || decodeScale(sfb[j], fmt).nan)
      return 0x7fffffffu;
  if (m.scaleGroup == 0) {
    // kind::mxf8f6f4: the scales are powers of two (UE8M0); their exponents
    // join each product's in one fused group.
    int exps[64];
    for (int i = 0; i < k && i < 64; ++i) {
      Scale x = decodeScale(sfa[i / vecK], fmt),
            y = decodeScale(sfb[i / vecK], fmt);
      exps[i] = x.exp + y.exp;
    }
    return fusedDot(m, cBits, aBits, bBits, k < 64 ? k : 64, ea, eb, exps);
  }
  // kind::mxf4 / mxf4nvf4: groups of scaleGroup products summed exactly (the
  // operands have no inf/NaN), each group times its two scales, aligned at
  // the scales' exponent sum; c aligned at its own exponent.
  if (c.cls == kNaN)
    return 0x7fffffffu;
  if (c.cls == kInf)
    return cBits;
  const Format fa = formatOf(ea), fb = formatOf(eb);
  const int lsbMin = (1 - fa.bias - fa.fracBits) + (1 - fb.bias - fb.fracBits);
  const int kNone = -100000;
  struct Term {
    int64_t n; ///< value = n * 2^lsb
    int lsb, exp;
  };
  Term terms[16];
  int nt = 0, maxE = kNone;
  if (c.cls == kFinite) {
    int64_t n = c.neg ? -int64_t(c.sig) : int64_t(c.sig);
    terms[nt++] = {n, c.exp - c.frac, c.exp};
    maxE = c.exp;
  }
  for (int g = 0; g < k && nt < 16; g += m.scaleGroup) {
    int64_t sum = 0; // at 2^lsbMin
    for (int i = g; i < g + m.scaleGroup && i < k; ++i) {
      Operand a = decodeElem(aBits[i], ea), b = decodeElem(bBits[i], eb);
      if (a.cls != kFinite || b.cls != kFinite)
        continue;
      int lsb = a.exp + b.exp - a.frac - b.frac;
      int64_t p = int64_t(uint64_t(a.sig) * b.sig) << (lsb - lsbMin);
      sum += a.neg != b.neg ? -p : p;
    }
    Scale x = decodeScale(sfa[g / vecK], fmt),
          y = decodeScale(sfb[g / vecK], fmt);
    // A zero scale (UE4M3 0) has no exponent (MMA-Sim: -999): its group
    // cannot raise the alignment exponent.
    int e = (x.sig && y.sig) ? x.exp + y.exp : kNone;
    terms[nt++] = {sum * int64_t(x.sig) * int64_t(y.sig),
                   lsbMin - x.frac - y.frac + x.exp + y.exp, e};
    if (e > maxE)
      maxE = e;
  }
  if (maxE == kNone)
    return 0u;
  const int gridExp = maxE - m.fracBits;
  int64_t sum = 0;
  for (int i = 0; i < nt; ++i)
    sum += shiftTrunc(terms[i].n, terms[i].lsb - gridExp);
  if (sum == 0)
    return 0u;
  bool neg = sum < 0;
  uint64_t mag = neg ? uint64_t(0) - uint64_t(sum) : uint64_t(sum);
  return roundToF32(neg, mag, gridExp, m);
}

int32_t mmaDotInt(int32_t c, const uint32_t *aBits, const uint32_t *bBits,
                  int k, bool aSigned, bool bSigned, bool saturate) {
  int64_t sum = c;
  for (int i = 0; i < k; ++i) {
    int64_t a =
        aSigned ? int64_t(int8_t(aBits[i] & 0xff)) : int64_t(aBits[i] & 0xff);
    int64_t b =
        bSigned ? int64_t(int8_t(bBits[i] & 0xff)) : int64_t(bBits[i] & 0xff);
    sum += a * b;
  }
  if (saturate) {
    if (sum > INT32_MAX)
      return INT32_MAX;
    if (sum < INT32_MIN)
      return INT32_MIN;
    return int32_t(sum);
  }
  return int32_t(uint32_t(uint64_t(sum)));
}

} // namespace cute::emu
