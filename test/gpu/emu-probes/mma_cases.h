// Deterministic MMA probe cases (host and device): one case is one output
// element, d = c + sum_{i<k} a_i*b_i. Crafted families isolate one effect
// each; random families stress the model. The GPU probe and the offline
// analysis both generate the inputs from (elem, family, index) with this code.
// Trap: several calls below pass two Rng::next() results in one argument list
// (or operand pair), whose evaluation order C++ leaves open. nvcc's device
// code evaluates left to right, and so does clang++; g++ (x86-64) evaluates
// right to left and generates other cases. Build host tools with clang++.
// (The measured data, MmaH200.inc, was generated that way.)
#pragma once
#include <cstdint>

#include "../../../lib/Emu/MmaNumerics.h"

namespace probe {
using cute::emu::MmaElem;

struct MmaCase {
  uint32_t c;
  uint32_t a[32];
  uint32_t b[32];
};

CUTE_EMU_HD inline uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct Rng {
  uint64_t s;
  CUTE_EMU_HD explicit Rng(uint64_t seed) : s(mix64(seed)) {}
  CUTE_EMU_HD uint32_t next() {
    s = mix64(s);
    return static_cast<uint32_t>(s >> 32);
  }
  CUTE_EMU_HD int range(int lo, int hi) { // [lo, hi]
    return lo + static_cast<int>(next() % static_cast<uint32_t>(hi - lo + 1));
  }
};

struct Fmt {
  int eBits, mBits, bias, emin, emax;
  bool finiteOnly;
};
CUTE_EMU_HD inline Fmt fmtOf(MmaElem e) {
  switch (e) {
  case MmaElem::F16:
    return {5, 10, 15, -14, 15, false};
  case MmaElem::BF16:
    return {8, 7, 127, -126, 127, false};
  case MmaElem::TF32:
    return {8, 10, 127, -126, 127, false};
  case MmaElem::E4M3:
    return {4, 3, 7, -6, 8, true};
  case MmaElem::E5M2:
    return {5, 2, 15, -14, 15, false};
  }
  return {8, 23, 127, -126, 127, false};
}

// The element with sign neg, unbiased exponent exp and fraction field frac
// (mBits wide); below emin it becomes subnormal (fraction shifted, truncated),
// above emax it saturates to the largest finite value.
CUTE_EMU_HD inline uint32_t mk(MmaElem el, bool neg, int exp, uint32_t frac) {
  Fmt f = fmtOf(el);
  frac &= (1u << f.mBits) - 1;
  uint32_t bits;
  if (exp > f.emax) {
    exp = f.emax;
    frac = (1u << f.mBits) - 1 - (f.finiteOnly ? 1 : 0);
  }
  if (f.finiteOnly && exp == f.emax && frac == (1u << f.mBits) - 1)
    frac -= 1; // S.1111.111 is E4M3's NaN
  if (exp < f.emin) {
    int s = f.emin - exp;
    uint32_t m = s > 30 ? 0 : ((frac | (1u << f.mBits)) >> s);
    bits = m;
  } else {
    bits = (static_cast<uint32_t>(exp + f.bias) << f.mBits) | frac;
  }
  bits |= (neg ? 1u : 0u) << (f.eBits + f.mBits);
  if (el == MmaElem::TF32)
    bits <<= 13;
  return bits;
}
CUTE_EMU_HD inline uint32_t mkF32(bool neg, int exp, uint32_t frac) {
  frac &= 0x7fffff;
  if (exp > 127)
    return (neg ? 0x80000000u : 0) | 0x7f7fffffu;
  uint32_t bits;
  if (exp < -126) {
    int s = -126 - exp;
    bits = s > 30 ? 0 : ((frac | 0x800000u) >> s);
  } else {
    bits = (static_cast<uint32_t>(exp + 127) << 23) | frac;
  }
  return bits | (neg ? 0x80000000u : 0);
}
CUTE_EMU_HD inline uint32_t negElem(MmaElem el, uint32_t b) {
  Fmt f = fmtOf(el);
  uint32_t s = 1u << (f.eBits + f.mBits);
  if (el == MmaElem::TF32)
    s <<= 13;
  return b ^ s;
}
CUTE_EMU_HD inline uint32_t zeroElem(MmaElem el, bool neg) {
  return neg ? negElem(el, 0) : 0;
}
CUTE_EMU_HD inline uint32_t infElem(MmaElem el, bool neg) {
  Fmt f = fmtOf(el);
  uint32_t b = ((1u << f.eBits) - 1) << f.mBits;
  if (f.finiteOnly)
    b |= (1u << f.mBits) - 2; // E4M3 has no inf: its largest finite value
  if (el == MmaElem::TF32)
    b <<= 13;
  return neg ? negElem(el, b) : b;
}
CUTE_EMU_HD inline uint32_t nanElem(MmaElem el, uint32_t payload) {
  Fmt f = fmtOf(el);
  uint32_t b = (((1u << f.eBits) - 1) << f.mBits);
  uint32_t m = (1u << f.mBits) - 1;
  b |= f.finiteOnly ? m : ((payload & m) ? (payload & m) : 1);
  if (el == MmaElem::TF32)
    b = (b << 13) | (payload & 0x1fff);
  return b;
}

// A product a*b = +-(1.fa)(1.fb) 2^e split into two in-range exponents.
CUTE_EMU_HD inline void mkProd(MmaElem el, Rng &r, int e, bool neg, uint32_t &a,
                               uint32_t &b) {
  Fmt f = fmtOf(el);
  int lo = e - f.emax > f.emin ? e - f.emax : f.emin;
  int hi = e - f.emin < f.emax ? e - f.emin : f.emax;
  int ea = lo <= hi ? r.range(lo, hi) : (e < 0 ? f.emin : f.emax);
  int eb = e - ea;
  a = mk(el, neg, ea, r.next());
  b = mk(el, false, eb, r.next());
}

enum Family : int {
  // Crafted (fixed counts, see craftedCount)
  kGapTrunc = 0, // +-X, -(+-X), tiny at gap g: F and truncation direction
  kCAlign = 1,   // c large, k tiny products: is c part of the alignment?
  kRound = 2,    // c = 1.f, one product at gap g: rounding of the result
  kGroups = 3,   // +X at i, -X at j, tiny at l: which products fuse together
  kZeroExp = 4,  // a zero times a large value next to cancelling terms
  kSpecial = 5,  // NaN/inf/zero signs/overflow, enumerated
  kSubnorm = 6,  // subnormal operands and results
  kMinGrid = 7,  // tiny products near 2^-155: the floor of the grid
  kNumCrafted = 8,
  // Random (any count)
  kRWindow = 10,
  kRCancel = 11,
  kRSparse = 12,
  kRTiny = 13,
  kRSpecial = 14,
  kRHuge = 15,
  kRRaw = 16,
};

CUTE_EMU_HD inline int craftedCount(int fam, int k) {
  switch (fam) {
  case kGapTrunc:
    return 64 * 2 * 16;
  case kCAlign:
    return 48 * 2 * 16;
  case kRound:
    return 40 * 2 * 16;
  case kGroups:
    return k * (k - 1) * (k - 2);
  case kZeroExp:
    return 2048;
  case kSpecial:
    return 256;
  case kSubnorm:
    return 2048;
  case kMinGrid:
    return 4096;
  }
  return 0;
}

CUTE_EMU_HD inline void clearCase(MmaCase &cs, MmaElem el, int k, Rng &r) {
  cs.c = 0;
  for (int i = 0; i < 32; ++i) {
    cs.a[i] = zeroElem(el, false);
    // B zeros get random partners so that the zero-exponent effect (if any)
    // does not hide behind b = 0.
    cs.b[i] = i < k ? mk(el, r.next() & 1, 0, r.next()) : 0;
  }
}

CUTE_EMU_HD inline void genSpecial(MmaElem el, int k, int idx, Rng &r,
                                   MmaCase &cs) {
  Fmt f = fmtOf(el);
  int pos = r.range(0, k - 1);
  int pos2 = (pos + 1 + r.range(0, k - 2)) % k;
  uint32_t one = mk(el, false, 0, 0);
  switch (idx % 32) {
  case 0: // NaN in a
    cs.a[pos] = nanElem(el, r.next());
    break;
  case 1: // NaN in b, c NaN too
    cs.b[pos] = nanElem(el, r.next());
    cs.c = 0x7fc00000u | (r.next() & 0x3fffff);
    break;
  case 2: // c quiet NaN with payload
    cs.c = (r.next() & 0x80000000u) | 0x7fc00000u | (r.next() & 0x3fffff);
    break;
  case 3: // c signalling NaN
    cs.c = 0x7f800000u | (1 + (r.next() & 0x3ffffe));
    break;
  case 4: // inf * 0
    cs.a[pos] = infElem(el, r.next() & 1);
    cs.b[pos] = 0;
    break;
  case 5: // inf - inf across products
    cs.a[pos] = infElem(el, false);
    cs.b[pos] = one;
    cs.a[pos2] = infElem(el, true);
    cs.b[pos2] = one;
    break;
  case 6: // c = inf, product -inf
    cs.c = 0x7f800000u;
    cs.a[pos] = infElem(el, true);
    cs.b[pos] = one;
    break;
  case 7: // c = -inf, finite products
    cs.c = 0xff800000u;
    cs.a[pos] = one;
    cs.b[pos] = one;
    break;
  case 8: // product inf
    cs.a[pos] = infElem(el, r.next() & 1);
    cs.b[pos] = mk(el, r.next() & 1, 1, r.next());
    break;
  case 9: // c = -0, all products -0
    cs.c = 0x80000000u;
    for (int i = 0; i < k; ++i) {
      cs.a[i] = zeroElem(el, true);
      cs.b[i] = one;
    }
    break;
  case 10: // c = -0, products +0
    cs.c = 0x80000000u;
    break;
  case 11: // c = +0, products -0
    cs.c = 0;
    for (int i = 0; i < k; ++i) {
      cs.a[i] = zeroElem(el, true);
      cs.b[i] = one;
    }
    break;
  case 12: // c = 1, product -1: exact zero
    cs.c = 0x3f800000u;
    cs.a[pos] = negElem(el, one);
    cs.b[pos] = one;
    break;
  case 13: // c = -1, product +1
    cs.c = 0xbf800000u;
    cs.a[pos] = one;
    cs.b[pos] = one;
    break;
  case 14: // two products cancel, c = -0
    cs.c = 0x80000000u;
    cs.a[pos] = one;
    cs.b[pos] = one;
    cs.a[pos2] = negElem(el, one);
    cs.b[pos2] = one;
    break;
  case 15: // c = FLT_MAX, large positive products: overflow
  case 16:
    cs.c = (idx % 32 == 15) ? 0x7f7fffffu : 0xff7fffffu;
    for (int i = 0; i < k; ++i) {
      int e = f.emax < 60 ? f.emax : 60;
      cs.a[i] = mk(el, idx % 32 == 16, e, r.next());
      cs.b[i] = mk(el, false, e, r.next());
    }
    break;
  case 17: // products alone overflow f32 (bf16/tf32), or are large
  case 18:
    for (int i = 0; i < k; ++i) {
      cs.a[i] = mk(el, idx % 32 == 18, f.emax, r.next());
      cs.b[i] = mk(el, false, f.emax, r.next());
    }
    break;
  case 19: // c = FLT_MAX, tiny positive product (RZ: stays)
    cs.c = 0x7f7fffffu;
    cs.a[pos] = one;
    cs.b[pos] = one;
    break;
  case 20: // c just below 2^128 boundary plus half ulp
    cs.c = 0x7f7fffffu;
    cs.a[pos] = mk(el, false, f.emax, 0);
    cs.b[pos] = mk(el, false, 103 - f.emax < f.emax ? 103 - f.emax : f.emax, 0);
    break;
  case 21: // TF32 low bits: NaN/inf with only low-13 payload, or random lows
    cs.a[pos] = (el == MmaElem::TF32) ? (0x7f800000u | (1 + (r.next() & 0xfff)))
                                      : mk(el, false, 0, r.next());
    cs.b[pos] = one;
    break;
  case 22: // TF32 rounding of operands: low bits set on 1.0
    cs.a[pos] =
        (el == MmaElem::TF32) ? (0x3f800000u | (r.next() & 0x1fff)) : one;
    cs.b[pos] = (el == MmaElem::TF32) ? (0x3f800000u | 0x1000u) : one;
    break;
  case 23: // NaN in a times zero b
    cs.a[pos] = nanElem(el, r.next());
    cs.b[pos] = 0;
    break;
  case 24: // c inf, NaN product
    cs.c = 0xff800000u;
    cs.a[pos] = nanElem(el, r.next());
    cs.b[pos] = one;
    break;
  case 25: // all max finite products, random signs
    for (int i = 0; i < k; ++i) {
      cs.a[i] = mk(el, r.next() & 1, f.emax, r.next());
      cs.b[i] = mk(el, false, f.emax, r.next());
    }
    break;
  default: { // random products, c random special value
    for (int i = 0; i < k; ++i)
      mkProd(el, r, r.range(-4, 4), r.next() & 1, cs.a[i], cs.b[i]);
    uint32_t sp[6] = {0x7f800000u, 0xff800000u, 0x7fffffffu,
                      0x00000001u, 0x807fffffu, 0x7f7fffffu};
    cs.c = sp[r.next() % 6];
  }
  }
}

// Fills cs for case idx of family fam; returns false past a crafted family's
// end.
CUTE_EMU_HD inline bool genCase(MmaElem el, int fam, uint64_t seed,
                                uint32_t idx, MmaCase &cs) {
  int k = cute::emu::mmaInstrK(el);
  Fmt f = fmtOf(el);
  // Crafted exponents use a span the format can express.
  int pmax = 2 * f.emax, pmin = 2 * f.emin;
  bool fp8 = el == MmaElem::E4M3 || el == MmaElem::E5M2;
  int guessF = fp8 ? 13 : 25;
  Rng r(seed * 0x100000001b3ull + (static_cast<uint64_t>(fam) << 40) + idx);
  if (fam < kNumCrafted && static_cast<int>(idx) >= craftedCount(fam, k))
    return false;
  clearCase(cs, el, k, r);
  switch (fam) {
  case kGapTrunc: {
    int g = idx / 32 % 64, neg = idx / 16 % 2;
    int e0 = pmax - 2 < 20 ? pmax - 2 : 20;
    if (e0 - g < pmin + 2)
      e0 = pmax - 2 < g + pmin + 2 ? pmax - 2 : g + pmin + 2;
    int i = r.range(0, k - 1), j = (i + 1 + r.range(0, k - 2)) % k;
    int l = r.range(0, k - 3);
    for (int t = 0; t < 3; ++t) // l distinct from i and j
      if (l == i || l == j)
        l = (l + 1) % k;
    mkProd(el, r, e0, r.next() & 1, cs.a[i], cs.b[i]);
    cs.a[j] = negElem(el, cs.a[i]);
    cs.b[j] = cs.b[i];
    mkProd(el, r, e0 - g, neg, cs.a[l], cs.b[l]);
    return true;
  }
  case kCAlign: {
    int g = idx / 32 % 48, neg = idx / 16 % 2;
    int ec = 20;
    cs.c = mkF32(r.next() & 1, ec, r.next());
    int ep = ec - g;
    if (ep > pmax)
      ep = pmax;
    if (ep < pmin)
      ep = pmin;
    for (int i = 0; i < k; ++i)
      mkProd(el, r, ep, neg, cs.a[i], cs.b[i]);
    return true;
  }
  case kRound: {
    int g = idx / 32 % 40, neg = idx / 16 % 2;
    cs.c = mkF32(false, 0, r.next());
    int ep = -g < pmin ? pmin : -g;
    int l = r.range(0, k - 1);
    mkProd(el, r, ep, neg, cs.a[l], cs.b[l]);
    if (idx % 4 == 0) { // a second product to make carries/ties
      int l2 = (l + 1) % k;
      mkProd(el, r, ep - r.range(0, 6), r.next() & 1, cs.a[l2], cs.b[l2]);
    }
    return true;
  }
  case kGroups: {
    int i = idx / ((k - 1) * (k - 2));
    int rem = idx % ((k - 1) * (k - 2));
    int j = rem / (k - 2), l = rem % (k - 2);
    if (j >= i)
      ++j;
    int lo = i < j ? i : j, hi = i < j ? j : i;
    if (l >= lo)
      ++l;
    if (l >= hi)
      ++l;
    int e0 = fp8 ? 4 : 10;
    mkProd(el, r, e0, false, cs.a[i], cs.b[i]);
    cs.a[j] = negElem(el, cs.a[i]);
    cs.b[j] = cs.b[i];
    // tiny with random low bits just below the expected grid 2^(e0-F)
    mkProd(el, r, e0 - guessF + 2, r.next() & 1, cs.a[l], cs.b[l]);
    return true;
  }
  case kZeroExp: {
    // a[z] = 0 with b[z] = 2^eb (large); X, -X at exponent ex; tiny below.
    int z = r.range(0, k - 1), i = (z + 1) % k, j = (z + 2) % k,
        l = (z + 3) % k;
    int eb = r.range(f.emin, f.emax);
    int ex = f.emin + f.emax - r.range(0, 12);
    cs.a[z] = zeroElem(el, r.next() & 1);
    cs.b[z] = mk(el, r.next() & 1, eb, r.next());
    mkProd(el, r, ex, false, cs.a[i], cs.b[i]);
    cs.a[j] = negElem(el, cs.a[i]);
    cs.b[j] = cs.b[i];
    mkProd(el, r, ex - r.range(0, guessF), r.next() & 1, cs.a[l], cs.b[l]);
    if (idx % 8 == 0)
      cs.c = 0;
    else if (idx % 8 == 1)
      cs.c = mkF32(r.next() & 1, ex - r.range(0, 30), r.next());
    return true;
  }
  case kSpecial:
    genSpecial(el, k, idx, r, cs);
    return true;
  case kSubnorm: {
    // One or two products with a subnormal operand; c tiny or subnormal.
    int n = 1 + idx % 3;
    for (int t = 0; t < n; ++t) {
      int l = r.range(0, k - 1);
      int ea = f.emin - r.range(1, f.mBits);
      int eb = (idx / 3) % 2 ? f.emin - r.range(0, f.mBits) : r.range(-3, 3);
      if (!fp8 && el != MmaElem::F16 && idx % 5 == 0)
        eb = -r.range(0, 20);
      cs.a[l] = mk(el, r.next() & 1, ea, r.next());
      cs.b[l] = mk(el, r.next() & 1, eb, r.next());
    }
    switch (idx % 4) {
    case 0:
      cs.c = 0;
      break;
    case 1:
      cs.c = mkF32(r.next() & 1, -126 - r.range(1, 23), r.next());
      break;
    case 2:
      cs.c = mkF32(r.next() & 1, -126 + r.range(0, 8), r.next());
      break;
    default:
      cs.c = mkF32(r.next() & 1, 2 * f.emin - r.range(-4, 12), r.next());
    }
    return true;
  }
  case kMinGrid: {
    // P = +-X 2^eP (eP in [-152, -131], so maxE - F < -155) and one or two
    // tiny products of the other sign with bits around 2^-150..2^-165.
    bool neg = r.next() & 1;
    int eP = -152 + r.range(0, 21);
    int i = r.range(0, k - 1), j = (i + 1) % k, l = (i + 2) % k;
    int ea = -60;
    cs.a[i] = mk(el, neg, ea, r.next());
    cs.b[i] = mk(el, false, eP - ea, r.next());
    int eT = -150 - r.range(0, 10);
    cs.a[j] = mk(el, !neg, -30, r.next());
    cs.b[j] = mk(el, false, eT + 30, r.next());
    if (idx % 2) {
      int eT2 = -152 - r.range(0, 10);
      cs.a[l] = mk(el, r.next() & 1, -30, r.next());
      cs.b[l] = mk(el, false, eT2 + 30, r.next());
    }
    if (idx % 4 == 3)
      cs.c = mkF32(r.next() & 1, -149 + r.range(0, 12), r.next());
    return true;
  }
  default:
    break;
  }
  // Random families.
  switch (fam) {
  case kRWindow:
  case kRCancel:
  case kRSparse: {
    const int ws[7] = {1, 2, 3, 5, 8, 16, 32};
    int w = ws[r.next() % 7];
    int span = pmax - pmin;
    if (w > span)
      w = span;
    int e0 =
        r.range(pmin / 2, pmax / 2 - w > pmin / 2 ? pmax / 2 - w : pmin / 2);
    if (fp8)
      e0 = r.range(pmin, pmax - w);
    int zeroPct = r.range(0, 3) * 10;
    for (int i = 0; i < k; ++i) {
      mkProd(el, r, e0 + r.range(0, w), r.next() & 1, cs.a[i], cs.b[i]);
      if (static_cast<int>(r.next() % 100) < zeroPct)
        cs.a[i] = zeroElem(el, r.next() & 1);
    }
    if (fam == kRCancel) { // cancel pairs, keep a few residuals
      for (int i = 0; i + 1 < k; i += 2)
        if (r.next() % 4) {
          cs.a[i + 1] = negElem(el, cs.a[i]);
          cs.b[i + 1] = cs.b[i];
        }
    }
    if (fam == kRSparse) { // keep 1..3 products, at random gaps
      int keep = r.range(1, 3);
      for (int i = 0; i < k; ++i)
        cs.a[i] = zeroElem(el, false);
      int eTop = r.range(pmin / 2, pmax / 2);
      if (fp8)
        eTop = r.range(pmin + 8, pmax);
      for (int t = 0; t < keep; ++t) {
        int l = r.range(0, k - 1);
        int gap = t == 0 ? 0 : r.range(0, guessF + 8);
        mkProd(el, r, eTop - gap, r.next() & 1, cs.a[l], cs.b[l]);
      }
      e0 = eTop;
    }
    int cz = r.range(0, 7);
    if (cz == 0)
      cs.c = 0;
    else if (cz == 1)
      cs.c = 0x80000000u;
    else
      cs.c = mkF32(r.next() & 1, e0 + r.range(-guessF - 4, w + 8), r.next());
    return true;
  }
  case kRTiny: {
    for (int i = 0; i < k; ++i) {
      int ea = f.emin - r.range(-3, f.mBits);
      int eb = r.next() & 1 ? f.emin - r.range(-3, f.mBits) : r.range(-8, 8);
      cs.a[i] = mk(el, r.next() & 1, ea, r.next());
      cs.b[i] = mk(el, r.next() & 1, eb, r.next());
    }
    cs.c = r.next() & 1
               ? mkF32(r.next() & 1, -126 - r.range(-4, 23), r.next())
               : mkF32(r.next() & 1, 2 * f.emin - r.range(-8, 16), r.next());
    if (r.next() % 8 == 0)
      cs.c = 0;
    return true;
  }
  case kRSpecial: {
    for (int i = 0; i < k; ++i) {
      mkProd(el, r, r.range(-6, 6), r.next() & 1, cs.a[i], cs.b[i]);
      uint32_t u = r.next() % 64;
      if (u == 0)
        cs.a[i] = nanElem(el, r.next());
      else if (u == 1)
        cs.b[i] = infElem(el, r.next() & 1);
      else if (u == 2)
        cs.a[i] = zeroElem(el, r.next() & 1);
      else if (u == 3)
        cs.a[i] = infElem(el, r.next() & 1);
    }
    uint32_t u = r.next() % 16;
    const uint32_t sp[8] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc12345u,
                            0x7f800001u, 0x80000000u, 0x00000000u, 0x00000003u};
    cs.c = u < 8 ? sp[u] : mkF32(r.next() & 1, r.range(-10, 10), r.next());
    return true;
  }
  case kRHuge: {
    int top = pmax < 127 ? pmax : 127;
    for (int i = 0; i < k; ++i)
      mkProd(el, r, top - r.range(0, 6), r.next() & 1, cs.a[i], cs.b[i]);
    cs.c = mkF32(r.next() & 1, 127 - r.range(0, 3), r.next());
    if (pmax < 120)
      cs.c = mkF32(r.next() & 1, 127 - r.range(0, 2), r.next());
    return true;
  }
  case kRRaw:
  default: {
    Fmt ff = fmtOf(el);
    int w = 1 + ff.eBits + ff.mBits;
    uint32_t mask = (1u << w) - 1;
    for (int i = 0; i < k; ++i) {
      cs.a[i] = r.next() & mask;
      cs.b[i] = r.next() & mask;
      if (el == MmaElem::TF32) {
        cs.a[i] = r.next();
        cs.b[i] = r.next();
      }
    }
    cs.c = r.next();
    return true;
  }
  }
}

} // namespace probe
