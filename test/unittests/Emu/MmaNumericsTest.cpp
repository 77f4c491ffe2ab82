//===- MmaNumericsTest.cpp - tensor-core model against H200 measurements -===//
//
// MmaH200.inc holds dot products measured on an NVIDIA H200 (sm_90a) by
// test/gpu/emu-probes/mma_probe.cu through mma.sync and wgmma.mma_async:
// crafted cases that isolate one effect each (families 0-7) and random ones
// (10-16). The model must reproduce every one bit for bit, and each of its
// neighbouring parameter choices must fail on some of them (so the data pins
// the parameters).
//
//===----------------------------------------------------------------------===//
#include "MmaNumerics.h"

#include <gtest/gtest.h>

#include <vector>

using namespace cute::emu;

namespace {

struct MmaRow {
  int variant, family;
  uint32_t c, d;
  uint32_t a[8], b[8];
};
const MmaRow kRows[] = {
#include "MmaH200.inc"
};

struct Variant {
  const char *name;
  MmaInstr instr;
  MmaElem elem;
};
const Variant kVariants[10] = {
    {"mma.sync f16", MmaInstr::MmaSync, MmaElem::F16},
    {"mma.sync bf16", MmaInstr::MmaSync, MmaElem::BF16},
    {"mma.sync tf32", MmaInstr::MmaSync, MmaElem::TF32},
    {"mma.sync e4m3", MmaInstr::MmaSync, MmaElem::E4M3},
    {"mma.sync e5m2", MmaInstr::MmaSync, MmaElem::E5M2},
    {"wgmma f16", MmaInstr::Wgmma, MmaElem::F16},
    {"wgmma bf16", MmaInstr::Wgmma, MmaElem::BF16},
    {"wgmma tf32", MmaInstr::Wgmma, MmaElem::TF32},
    {"wgmma e4m3", MmaInstr::Wgmma, MmaElem::E4M3},
    {"wgmma e5m2", MmaInstr::Wgmma, MmaElem::E5M2},
};

/// The row's K elements, one per word.
void unpack(const MmaRow &r, MmaElem el, uint32_t *a, uint32_t *b) {
  int k = mmaInstrK(el);
  int per = k == 8 ? 1 : k == 16 ? 2 : 4, w = 32 / per;
  uint32_t mask = w == 32 ? 0xffffffffu : (1u << w) - 1;
  for (int j = 0; j < k; ++j) {
    a[j] = (r.a[j / per] >> (w * (j % per))) & mask;
    b[j] = (r.b[j / per] >> (w * (j % per))) & mask;
  }
}

uint32_t eval(const MmaModel &m, const MmaRow &r) {
  MmaElem el = kVariants[r.variant].elem;
  uint32_t a[32], b[32];
  unpack(r, el, a, b);
  return mmaDotBits(m, r.c, a, b, mmaInstrK(el), el);
}

TEST(MmaNumericsH200, ReproducesEveryMeasuredCase) {
  int perVariant[10] = {};
  for (const MmaRow &r : kRows) {
    const Variant &v = kVariants[r.variant];
    ++perVariant[r.variant];
    EXPECT_EQ(eval(mmaModel(v.instr, v.elem), r), r.d)
        << v.name << " family " << r.family << std::hex << " c=0x" << r.c;
  }
  for (int i = 0; i < 10; ++i)
    EXPECT_GT(perVariant[i], 100) << kVariants[i].name;
}

// Every neighbour of each measured model is contradicted by the data.
TEST(MmaNumericsH200, NeighbouringParametersAreRefuted) {
  for (int vi = 0; vi < 10; ++vi) {
    const Variant &v = kVariants[vi];
    const MmaModel &m = mmaModel(v.instr, v.elem);
    std::vector<std::pair<const char *, MmaModel>> alt;
    MmaModel t = m;
    t.fracBits = m.fracBits - 1;
    alt.push_back({"F-1", t});
    t = m;
    t.fracBits = m.fracBits + 1;
    alt.push_back({"F+1", t});
    t = m;
    t.outRound = MmaRound::NearestEven;
    alt.push_back({"result RN", t});
    t = m;
    t.termRound = MmaRound::Down;
    alt.push_back({"terms floor", t});
    if (!m.fp8ViaF16) { // (the f16 lowering fixes both)
      t = m;
      t.zeroExp = MmaZeroExp::FormatMin;
      alt.push_back({"zeros align", t});
      t = m;
      t.groupSize = mmaInstrK(v.elem) / 2;
      alt.push_back({"half groups", t});
    }
    if (v.elem == MmaElem::E4M3 || v.elem == MmaElem::E5M2) {
      t = m;
      t.fp8ViaF16 = !m.fp8ViaF16;
      alt.push_back({"other fp8 path", t});
      if (v.instr == MmaInstr::Wgmma) {
        t = m;
        t.outFracBits = 14;
        alt.push_back({"P=14", t});
        t.outFracBits = 12;
        alt.push_back({"P=12", t});
      }
    } else if (v.elem != MmaElem::F16) { // f16 cannot reach these
      t = m;
      t.overflowInf = false;
      alt.push_back({"RZ overflow to FLT_MAX", t});
    }
    for (auto &[what, am] : alt) {
      int refuted = 0;
      for (const MmaRow &r : kRows)
        if (r.variant == vi && eval(am, r) != r.d)
          ++refuted;
      EXPECT_GT(refuted, 0) << v.name << ": " << what;
    }
  }
  // The grid floor 2^-158 (family 7, bf16 and tf32): -157 and -159 fail.
  for (int g : {-157, -159, -100000}) {
    MmaModel t = mmaModel(MmaInstr::Wgmma, MmaElem::BF16);
    t.minGridExp = g;
    int refuted = 0;
    for (const MmaRow &r : kRows)
      if ((r.variant == 1 || r.variant == 6) && eval(t, r) != r.d)
        ++refuted;
    EXPECT_GT(refuted, 0) << "grid floor " << g;
  }
}

TEST(MmaNumericsH200, MmaSyncAndWgmmaShareTheF16Model) {
  // Measured: bit-identical results on every dumped case.
  for (MmaElem el : {MmaElem::F16, MmaElem::BF16, MmaElem::TF32}) {
    const MmaModel &a = mmaModel(MmaInstr::MmaSync, el);
    const MmaModel &b = mmaModel(MmaInstr::Wgmma, el);
    EXPECT_EQ(&a, &b);
  }
  EXPECT_TRUE(mmaModel(MmaInstr::MmaSync, MmaElem::E4M3).fp8ViaF16);
  EXPECT_FALSE(mmaModel(MmaInstr::Wgmma, MmaElem::E4M3).fp8ViaF16);
}

TEST(MmaNumericsH200, MeasuredFacts) {
  const MmaModel &f16 = mmaModel(MmaInstr::Wgmma, MmaElem::F16);
  uint32_t a[16], b[16];
  // Measured (family 5, case 9): c = -0 and sixteen products -0 * 1 give +0.
  for (int i = 0; i < 16; ++i) {
    a[i] = 0x8000;
    b[i] = 0x3c00;
  }
  EXPECT_EQ(mmaDotBits(f16, 0x80000000u, a, b, 16, MmaElem::F16), 0u);
}

TEST(MmaNumericsH200, MeasuredNaNIsCanonical) {
  // Every measured NaN result (NaN operands, inf * 0, inf - inf) is
  // 0x7fffffff, whatever the operands' payloads.
  int nan = 0, zero = 0;
  for (const MmaRow &r : kRows) {
    if ((r.d & 0x7fffffffu) > 0x7f800000u) {
      ++nan;
      EXPECT_EQ(r.d, 0x7fffffffu);
    }
    zero += r.d == 0x80000000u;
  }
  EXPECT_GT(nan, 20);
  EXPECT_EQ(zero, 0); // no measured result is -0
}

// The Blackwell models are MMA-Sim's (arXiv 2511.10909), not measured here;
// these cases check that the emulator does what that model says, with the
// expected values worked out by hand from its statement.
TEST(MmaNumericsBlackwell, TermsKeep25FractionBits) {
  const MmaModel &m = mmaModel(MmaInstr::Tcgen05, MmaElem::F16);
  EXPECT_EQ(m.fracBits, 25);
  uint32_t a[16], b[16];
  // c = 1 and sixteen products 2^-12 * 2^-13 = 2^-25: each term sits on the
  // 2^(0-25) grid, so the sum is 1 + 16 * 2^-25 = 1 + 2^-21 exactly.
  for (int i = 0; i < 16; ++i) {
    a[i] = 0x0c00; // 2^-12
    b[i] = 0x0800; // 2^-13
  }
  EXPECT_EQ(mmaDotBits(m, 0x3f800000u, a, b, 16, MmaElem::F16),
            0x3f800000u | (1u << 2)); // 1 + 2^-21
  // Products of 2^-26 fall below the grid and vanish: 1.0 (exact: 1 + 2^-22).
  for (int i = 0; i < 16; ++i)
    b[i] = 0x0400; // 2^-14
  EXPECT_EQ(mmaDotBits(m, 0x3f800000u, a, b, 16, MmaElem::F16), 0x3f800000u);
  // No floor under the grid (the H200's 2^-158 is not in MMA-Sim): with
  // c = 0 the products 2^-12 * 2^-24 (f16 subnormal) = 2^-36 are exact.
  for (int i = 0; i < 16; ++i)
    b[i] = 0x0001;                                                   // 2^-24
  EXPECT_EQ(mmaDotBits(m, 0u, a, b, 16, MmaElem::F16), 0x2f800000u); // 2^-32
}

TEST(MmaNumericsBlackwell, Fp6Fp4FormatsAndMixedPairs) {
  const MmaModel &m = mmaModel(MmaInstr::Tcgen05, MmaElem::E2M1);
  uint32_t a[32] = {}, b[32] = {};
  // e2m1 0b0_11_1 = 1.5 * 2^(3-1) = 6; e3m2 0b0_111_11 = 1.75 * 2^(7-3) =
  // 28; e2m3 0b0_11_111 = 1.875 * 2^(3-1) = 7.5. One product each, the rest
  // zero.
  a[0] = 0x7;  // e2m1 6
  b[0] = 0x1f; // e3m2 28
  EXPECT_EQ(mmaDotBits(m, 0u, a, b, 32, MmaElem::E2M1, MmaElem::E3M2),
            0x43280000u); // 168
  a[0] = 0x1f;            // e2m3 7.5
  b[0] = 0xf;             // e2m1 -6
  EXPECT_EQ(mmaDotBits(m, 0u, a, b, 32, MmaElem::E2M3, MmaElem::E2M1),
            0xc2340000u); // -45
}

TEST(MmaNumericsBlackwell, Mxf4GroupsOf16ThenScaled) {
  const MmaModel &m = mmaScaledModel(true);
  EXPECT_EQ(m.fracBits, 35);
  EXPECT_EQ(m.scaleGroup, 16);
  uint32_t a[64], b[64];
  for (int i = 0; i < 64; ++i) {
    a[i] = 0x2; // e2m1 1.0
    b[i] = 0x2;
  }
  // Two K blocks of 32 (scale_vec 2X), ue8m0 scales 2^0 and 2^-40: groups
  // 0-1 give 16 each at exponent 0; groups 2-3 give 16 * 2^-40 each, which
  // lie below the 2^(0-35) grid after scaling (16 * 2^-40 = 2^-36): gone.
  uint8_t sfa[2] = {127, 87}, sfb[2] = {127, 127};
  EXPECT_EQ(mmaDotScaledBits(m, 0u, a, b, 64, MmaElem::E2M1, MmaElem::E2M1, sfa,
                             sfb, 32, MmaScaleFmt::UE8M0),
            0x42000000u); // 32
  // 2^-30 instead: 16 * 2^-30 = 2^-26 per group stays: 32 + 2^-25.
  sfa[1] = 97;
  uint32_t d = mmaDotScaledBits(m, 0u, a, b, 64, MmaElem::E2M1, MmaElem::E2M1,
                                sfa, sfb, 32, MmaScaleFmt::UE8M0);
  EXPECT_EQ(d, 0x42000000u); // 32 + 2^-25 truncates to 32 in f32
  d = mmaDotScaledBits(m, 0x3f800000u, a, b, 64, MmaElem::E2M1, MmaElem::E2M1,
                       sfa, sfb, 32, MmaScaleFmt::UE8M0);
  EXPECT_EQ(d, 0x42040000u); // 33
  // A NaN scale (ue8m0 0xff) makes the result NaN.
  sfb[0] = 0xff;
  EXPECT_EQ(mmaDotScaledBits(m, 0u, a, b, 64, MmaElem::E2M1, MmaElem::E2M1, sfa,
                             sfb, 32, MmaScaleFmt::UE8M0),
            0x7fffffffu);
  // ue4m3 scales (4X, blocks of 16): 0x3c = 1.5 * 2^0 and 0x30 = 1.0 * 2^-1;
  // each group of 16 ones times 1.5 * 0.5: 4 groups of 12 = 48.
  uint8_t ua[4] = {0x3c, 0x3c, 0x3c, 0x3c}, ub[4] = {0x30, 0x30, 0x30, 0x30};
  EXPECT_EQ(mmaDotScaledBits(m, 0u, a, b, 64, MmaElem::E2M1, MmaElem::E2M1, ua,
                             ub, 16, MmaScaleFmt::UE4M3),
            0x42400000u); // 48
}

TEST(MmaNumericsBlackwell, Mxf8ScaleExponentsOnProducts) {
  const MmaModel &m = mmaScaledModel(false);
  EXPECT_EQ(m.fracBits, 25);
  uint32_t a[32] = {}, b[32] = {};
  a[0] = b[0] = 0x38; // e4m3 1.0
  a[1] = b[1] = 0x38;
  // One 1X block: scales 2^3 and 2^-1: 2 * 2^2 = 8.
  uint8_t sfa[1] = {130}, sfb[1] = {126};
  EXPECT_EQ(mmaDotScaledBits(m, 0u, a, b, 32, MmaElem::E4M3, MmaElem::E4M3, sfa,
                             sfb, 32, MmaScaleFmt::UE8M0),
            0x41000000u);
}

TEST(MmaNumericsBlackwell, IntegerKindWrapsOrSaturates) {
  uint32_t a[32], b[32];
  for (int i = 0; i < 32; ++i) {
    a[i] = 0x80; // s8 -128 / u8 128
    b[i] = 0x80;
  }
  // s8 x s8: 32 * 16384 = 524288 added to INT32_MAX - 100.
  EXPECT_EQ(mmaDotInt(INT32_MAX - 100, a, b, 32, true, true, true), INT32_MAX);
  EXPECT_EQ(mmaDotInt(INT32_MAX - 100, a, b, 32, true, true, false),
            int32_t(uint32_t(INT32_MAX) - 100u + 524288u));
  // s8 x u8: -128 * 128 * 32 = -524288.
  EXPECT_EQ(mmaDotInt(0, a, b, 32, true, false, false), -524288);
}

} // namespace
