// Offline analysis of mma_probe dumps: regenerates every case's inputs with
// mma_cases.h and compares the measured d with candidate models.
// Build (clang++, see mma_cases.h):
//   clang++ -std=c++17 -O2 analyze_mma.cpp ../../../lib/Emu/MmaNumerics.cpp
// Run:   analyze_mma DIR VARIANT [model-spec] [maxExamples]
//   model-spec: F,P,G,termRound(z|d|n),outRound(z|n),zero(i|m),ovfInf(0|1)
//   env: VIAF16=1 (fp8 mma.sync lowering), MINGRID=-158 (grid floor),
//   PERM=0..3 (regroup products, for exploring group structure)
//   without a spec: the grid, one line per model (total mismatches).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "mma_cases.h"

using namespace cute::emu;

struct Block {
  int fam;
  std::vector<uint32_t> d;
};

static MmaElem elemOf(const std::string &v) {
  if (v.find("bf16") != std::string::npos)
    return MmaElem::BF16;
  if (v.find("f16") != std::string::npos)
    return MmaElem::F16;
  if (v.find("tf32") != std::string::npos)
    return MmaElem::TF32;
  if (v.find("e4m3") != std::string::npos)
    return MmaElem::E4M3;
  return MmaElem::E5M2;
}

static MmaRound rnd(char c) {
  return c == 'z'   ? MmaRound::TowardZero
         : c == 'd' ? MmaRound::Down
                    : MmaRound::NearestEven;
}

static MmaModel parse(const char *s) {
  int f, p, g, ov;
  char tr, orr, ze;
  if (sscanf(s, "%d,%d,%d,%c,%c,%c,%d", &f, &p, &g, &tr, &orr, &ze, &ov) != 7) {
    fprintf(stderr, "bad model spec %s\n", s);
    exit(2);
  }
  return {f,
          p,
          g,
          rnd(tr),
          rnd(orr),
          ze == 'i' ? MmaZeroExp::Ignored : MmaZeroExp::FormatMin,
          ov != 0,
          getenv("VIAF16") != nullptr,
          getenv("MINGRID") ? atoi(getenv("MINGRID")) : -100000,
          "cli"};
}

static void dumpCase(const probe::MmaCase &cs, int k) {
  printf("    c=%08x a=", cs.c);
  for (int i = 0; i < k; ++i)
    printf("%x%s", cs.a[i], i + 1 < k ? "," : "");
  printf(" b=");
  for (int i = 0; i < k; ++i)
    printf("%x%s", cs.b[i], i + 1 < k ? "," : "");
  printf("\n");
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s DIR VARIANT [spec] [maxExamples]\n", argv[0]);
    return 2;
  }
  std::string dir = argv[1], var = argv[2];
  MmaElem el = elemOf(var);
  int k = mmaInstrK(el);
  FILE *f = fopen((dir + "/d_" + var + ".bin").c_str(), "rb");
  if (!f) {
    perror("open");
    return 1;
  }
  std::vector<Block> blocks;
  uint32_t hdr[2];
  while (fread(hdr, 4, 2, f) == 2) {
    Block b;
    b.fam = hdr[0];
    b.d.resize(hdr[1]);
    if (fread(b.d.data(), 4, hdr[1], f) != hdr[1])
      break;
    blocks.push_back(std::move(b));
  }
  fclose(f);
  const uint64_t seed = 20261202;
  // Pre-generate the cases once.
  std::vector<std::vector<probe::MmaCase>> cases(blocks.size());
  for (size_t bi = 0; bi < blocks.size(); ++bi) {
    cases[bi].resize(blocks[bi].d.size());
    for (size_t i = 0; i < blocks[bi].d.size(); ++i)
      probe::genCase(el, blocks[bi].fam, seed, (uint32_t)i, cases[bi][i]);
  }
  std::vector<MmaModel> models;
  int maxEx = argc > 4 ? atoi(argv[4]) : 8;
  int perm = getenv("PERM") ? atoi(getenv("PERM")) : -1;
  if (argc > 3) {
    models.push_back(parse(argv[3]));
  } else {
    bool fp8 = el == MmaElem::E4M3 || el == MmaElem::E5M2;
    for (int p : {23, 13})
      for (int fb = fp8 ? 10 : 21; fb <= (fp8 ? 17 : 30); ++fb)
        for (MmaRound tr :
             {MmaRound::TowardZero, MmaRound::Down, MmaRound::NearestEven})
          for (MmaRound orr : {MmaRound::TowardZero, MmaRound::NearestEven})
            for (MmaZeroExp ze : {MmaZeroExp::Ignored, MmaZeroExp::FormatMin})
              for (int gs : {k, k / 2, k / 4})
                for (bool ov : {true, false})
                  models.push_back(
                      {fb, p, gs, tr, orr, ze, ov, false, -100000, "grid"});
  }
  for (const MmaModel &m : models) {
    std::vector<uint64_t> mism(blocks.size(), 0);
    uint64_t total = 0;
    int shown = 0;
    for (size_t bi = 0; bi < blocks.size(); ++bi)
      for (size_t i = 0; i < blocks[bi].d.size(); ++i) {
        const probe::MmaCase &cs = cases[bi][i];
        uint32_t ref;
        if (perm >=
            0) { // regroup products: perm 0: k%4<2 first; 1: k%2==0 first
          uint32_t pa[32], pb[32];
          int n = 0;
          for (int pass = 0; pass < 2; ++pass)
            for (int q = 0; q < k; ++q) {
              bool first = perm == 0   ? (q % 4 < 2)
                           : perm == 1 ? (q % 2 == 0)
                           : perm == 2 ? (q % 8 < 4)
                                       : (q % 4 >= 2);
              if (first == (pass == 0)) {
                pa[n] = cs.a[q];
                pb[n++] = cs.b[q];
              }
            }
          ref = mmaDotBits(m, cs.c, pa, pb, k, el);
        } else {
          ref = mmaDotBits(m, cs.c, cs.a, cs.b, k, el);
        }
        if (ref != blocks[bi].d[i]) {
          ++mism[bi];
          ++total;
          if (models.size() == 1 && shown < maxEx) {
            ++shown;
            printf("  fam=%d idx=%zu gpu=%08x model=%08x\n", blocks[bi].fam, i,
                   blocks[bi].d[i], ref);
            dumpCase(cs, k);
          }
        }
      }
    if (models.size() > 1 && total > 2000)
      continue;
    printf("F%d P%d G%d term%d out%d zero%d ovf%d total=%llu |", m.fracBits,
           m.outFracBits, m.groupSize, (int)m.termRound, (int)m.outRound,
           (int)m.zeroExp, (int)m.overflowInf, (unsigned long long)total);
    for (size_t bi = 0; bi < blocks.size(); ++bi)
      printf(" %d:%llu/%zu", blocks[bi].fam, (unsigned long long)mism[bi],
             blocks[bi].d.size());
    printf("\n");
  }
  return 0;
}
