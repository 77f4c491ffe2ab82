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

} // namespace
