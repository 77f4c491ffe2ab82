// Writes test/unittests/Emu/MmaH200.inc from mma_probe's dumps (d_*.bin):
// per instruction variant and case family, the measured cases that tell the
// measured model from its neighbours (F +-1, rounding modes, zero exponent,
// group size, result precision, fp8 lowering, grid floor), plus a few others.
// The case inputs are regenerated with mma_cases.h, which must see its
// function arguments evaluated left to right as nvcc's device code does:
// build with clang++ (g++ evaluates them right to left and yields other
// cases).
//   clang++ -std=c++17 -O2 make_mma_inc.cpp ../../../lib/Emu/MmaNumerics.cpp
//   ./a.out DIR > test/unittests/Emu/MmaH200.inc
#include <cstdio>
#include <string>
#include <vector>

#include "mma_cases.h"

using namespace cute::emu;

struct V {
  const char *name;
  MmaElem el;
  MmaInstr instr;
};
const V kVariants[] = {
    {"mma_f16", MmaElem::F16, MmaInstr::MmaSync},
    {"mma_bf16", MmaElem::BF16, MmaInstr::MmaSync},
    {"mma_tf32", MmaElem::TF32, MmaInstr::MmaSync},
    {"mma_e4m3", MmaElem::E4M3, MmaInstr::MmaSync},
    {"mma_e5m2", MmaElem::E5M2, MmaInstr::MmaSync},
    {"wgmma_f16", MmaElem::F16, MmaInstr::Wgmma},
    {"wgmma_bf16", MmaElem::BF16, MmaInstr::Wgmma},
    {"wgmma_tf32", MmaElem::TF32, MmaInstr::Wgmma},
    {"wgmma_e4m3", MmaElem::E4M3, MmaInstr::Wgmma},
    {"wgmma_e5m2", MmaElem::E5M2, MmaInstr::Wgmma},
};

static std::vector<MmaModel> neighbours(const MmaModel &m, int k) {
  std::vector<MmaModel> v;
  MmaModel t = m;
  t.fracBits = m.fracBits - 1;
  v.push_back(t);
  t = m;
  t.fracBits = m.fracBits + 1;
  v.push_back(t);
  t = m;
  t.outRound = MmaRound::NearestEven;
  v.push_back(t);
  t = m;
  t.termRound = MmaRound::Down;
  v.push_back(t);
  t = m;
  t.zeroExp = MmaZeroExp::FormatMin;
  v.push_back(t);
  t = m;
  t.overflowInf = !m.overflowInf;
  v.push_back(t);
  t = m;
  t.groupSize = k / 2;
  v.push_back(t);
  t = m;
  t.outFracBits = m.outFracBits == 23 ? 22 : m.outFracBits + 1;
  v.push_back(t);
  t = m;
  t.fp8ViaF16 = !m.fp8ViaF16;
  v.push_back(t);
  for (int g : {m.minGridExp - 1, m.minGridExp + 1, -100000}) {
    t = m;
    t.minGridExp = g;
    v.push_back(t);
  }
  return v;
}

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  const uint64_t seed = 20261202;
  if (argc > 2) // continuation: no header
    goto body;
  printf(
      "// Measured on an NVIDIA H200 (sm_90a, driver 580.159.04, ptxas 13.0),\n"
      "// 2026-12-02, by test/gpu/emu-probes/mma_probe.cu (run 1); written by\n"
      "// make_mma_inc.cpp. One case: {variant, family, c, d, a, b}: d is the\n"
      "// GPU's f32 result for c + sum_k a_k b_k; a/b hold the K elements\n"
      "// packed little-end first (2 per word for f16/bf16, 4 for fp8, 1 for\n"
      "// tf32). Variants: 0-4 mma.sync f16 bf16 tf32 e4m3 e5m2, 5-9 wgmma.\n");
body:
  for (int vi = 0; vi < 10; ++vi) {
    const V &v = kVariants[vi];
    int k = mmaInstrK(v.el);
    const MmaModel &m = mmaModel(v.instr, v.el);
    std::vector<MmaModel> nb = neighbours(m, k);
    FILE *f = fopen((dir + "/d_" + v.name + ".bin").c_str(), "rb");
    if (!f)
      continue; // a partial rerun holds only some variants
    uint32_t hdr[2];
    while (fread(hdr, 4, 2, f) == 2) {
      std::vector<uint32_t> d(hdr[1]);
      if (fread(d.data(), 4, hdr[1], f) != hdr[1])
        return 1;
      int fam = hdr[0];
      bool crafted = fam < probe::kNumCrafted;
      int wantDisc = crafted ? 10 : 4, wantOther = 2, nDisc = 0, nOther = 0;
      std::vector<int> perNb(nb.size(), 0); // rows kept that refute each
      for (uint32_t i = 0; i < d.size(); ++i) {
        probe::MmaCase cs;
        probe::genCase(v.el, fam, seed, i, cs);
        uint32_t ref = mmaDotBits(m, cs.c, cs.a, cs.b, k, v.el);
        if (ref != d[i]) {
          fprintf(stderr, "%s fam %d case %u: model %08x gpu %08x\n", v.name,
                  fam, i, ref, d[i]);
          return 1;
        }
        bool disc = false, needed = false;
        std::vector<bool> ref_by(nb.size());
        for (size_t q = 0; q < nb.size(); ++q) {
          ref_by[q] = mmaDotBits(nb[q], cs.c, cs.a, cs.b, k, v.el) != ref;
          disc |= ref_by[q];
          needed |= ref_by[q] && perNb[q] < 2;
        }
        if (!needed && (disc ? nDisc >= wantDisc : nOther >= wantOther))
          continue;
        (disc ? nDisc : nOther)++;
        for (size_t q = 0; q < nb.size(); ++q)
          perNb[q] += ref_by[q];
        uint32_t pa[8] = {}, pb[8] = {};
        int per = k == 8 ? 1 : k == 16 ? 2 : 4, w = 32 / per;
        uint32_t mask = w == 32 ? 0xffffffffu : (1u << w) - 1;
        for (int j = 0; j < k; ++j) {
          pa[j / per] |= (cs.a[j] & mask) << (w * (j % per));
          pb[j / per] |= (cs.b[j] & mask) << (w * (j % per));
        }
        printf("{%d, %d, 0x%08xu, 0x%08xu, {", vi, fam, cs.c, d[i]);
        for (int j = 0; j < 8; ++j)
          printf("0x%xu%s", pa[j], j < 7 ? ", " : "}, {");
        for (int j = 0; j < 8; ++j)
          printf("0x%xu%s", pb[j], j < 7 ? ", " : "}},\n");
      }
    }
    fclose(f);
  }
  return 0;
}
