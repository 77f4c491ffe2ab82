// MMA numerics probe for sm_90a (H200): runs crafted and random dot-product
// cases through mma.sync and wgmma.mma_async, compares every output with a
// grid of candidate models (lib/Emu/MmaNumerics.cpp compiled as device code)
// and dumps the measured outputs for offline analysis.
//
// One case = one output element d = c + sum_k a_k b_k. Eight cases ride on the
// diagonal of one instruction's D (rows 0..7, column = row); the other rows of
// A and the off-diagonal entries of C are zero.
//
// Build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a
//        mma_probe.cu -o mma_probe
// Run:   mma_probe OUTDIR [randomCasesPerFamily] [dumpPerFamily] [final]
//        (final: check only the lib/Emu model, mmaModel(), of each variant)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../../lib/Emu/MmaNumerics.cpp"
#include "mma_cases.h"

using cute::emu::MmaElem;
using cute::emu::MmaModel;
using cute::emu::MmaRound;
using cute::emu::MmaZeroExp;
using probe::MmaCase;

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                \
              cudaGetErrorString(e_));                                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int kMaxModels = 128;
__constant__ MmaModel cModels[kMaxModels];

struct Job {
  int fam;
  uint32_t count; // cases
  uint64_t seed;
  uint32_t *dump; // d of case i for i < nDump
  uint32_t nDump;
  int nModels;
  unsigned long long *mism; // [nModels] mismatch counts
  uint32_t *bad;            // [1 + 2*16]: count, then (index, d) of model 0's
};

__device__ void checkCase(const Job &job, MmaElem el, uint32_t idx, uint32_t d,
                          unsigned *sMism) {
  if (idx < job.nDump)
    job.dump[idx] = d;
  if (job.nModels == 0)
    return;
  MmaCase cs;
  probe::genCase(el, job.fam, job.seed, idx, cs);
  int k = cute::emu::mmaInstrK(el);
  for (int m = 0; m < job.nModels; ++m) {
    uint32_t ref = cute::emu::mmaDotBits(cModels[m], cs.c, cs.a, cs.b, k, el);
    if (ref != d) {
      atomicAdd(&sMism[m], 1u);
      if (m == 0 && job.bad) {
        uint32_t slot = atomicAdd(&job.bad[0], 1u);
        if (slot < 16) {
          job.bad[1 + 2 * slot] = idx;
          job.bad[2 + 2 * slot] = d;
        }
      }
    }
  }
}

__device__ void flushMism(const Job &job, unsigned *sMism) {
  __syncthreads();
  for (int m = threadIdx.x; m < job.nModels; m += blockDim.x)
    if (sMism[m])
      atomicAdd(&job.mism[m], (unsigned long long)sMism[m]);
}

__device__ inline uint32_t pack16(uint32_t lo, uint32_t hi) {
  return (lo & 0xffff) | (hi << 16);
}
__device__ inline uint32_t pack8(const uint32_t *p) {
  return (p[0] & 0xff) | ((p[1] & 0xff) << 8) | ((p[2] & 0xff) << 16) |
         ((p[3] & 0xff) << 24);
}

// ---------------------------------------------------------------- mma.sync
template <MmaElem EL> __global__ void mmaSyncKernel(Job job) {
  __shared__ unsigned sMism[kMaxModels];
  for (int m = threadIdx.x; m < kMaxModels; m += blockDim.x)
    sMism[m] = 0;
  __syncthreads();
  int lane = threadIdx.x & 31;
  int g = lane >> 2, t = lane & 3;
  uint32_t warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  uint32_t nWarps = (gridDim.x * blockDim.x) >> 5;
  uint32_t nInstr = (job.count + 7) / 8;
  for (uint32_t q = warp; q < nInstr; q += nWarps) {
    uint32_t idx = q * 8 + g;
    MmaCase cs;
    bool valid =
        idx < job.count && probe::genCase(EL, job.fam, job.seed, idx, cs);
    if (!valid)
      memset(&cs, 0, sizeof(cs));
    uint32_t a0, a2, b0, b1;
    if (EL == MmaElem::F16 || EL == MmaElem::BF16) {
      a0 = pack16(cs.a[2 * t], cs.a[2 * t + 1]);
      a2 = pack16(cs.a[2 * t + 8], cs.a[2 * t + 9]);
      b0 = pack16(cs.b[2 * t], cs.b[2 * t + 1]);
      b1 = pack16(cs.b[2 * t + 8], cs.b[2 * t + 9]);
    } else if (EL == MmaElem::TF32) {
      a0 = cs.a[t];
      a2 = cs.a[t + 4];
      b0 = cs.b[t];
      b1 = cs.b[t + 4];
    } else {
      a0 = pack8(&cs.a[4 * t]);
      a2 = pack8(&cs.a[4 * t + 16]);
      b0 = pack8(&cs.b[4 * t]);
      b1 = pack8(&cs.b[4 * t + 16]);
    }
    uint32_t z = 0;
    float c0 = (2 * t == g) ? __uint_as_float(cs.c) : 0.f;
    float c1 = (2 * t + 1 == g) ? __uint_as_float(cs.c) : 0.f;
    float c2 = 0.f, c3 = 0.f;
    float d0, d1, d2, d3;
    if (EL == MmaElem::F16)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                   : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                   : "r"(a0), "r"(z), "r"(a2), "r"(z), "r"(b0), "r"(b1),
                     "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    else if (EL == MmaElem::BF16)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                   : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                   : "r"(a0), "r"(z), "r"(a2), "r"(z), "r"(b0), "r"(b1),
                     "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    else if (EL == MmaElem::TF32)
      asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                   : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                   : "r"(a0), "r"(z), "r"(a2), "r"(z), "r"(b0), "r"(b1),
                     "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    else if (EL == MmaElem::E4M3)
      asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                   : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                   : "r"(a0), "r"(z), "r"(a2), "r"(z), "r"(b0), "r"(b1),
                     "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    else
      asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32 "
                   "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                   : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                   : "r"(a0), "r"(z), "r"(a2), "r"(z), "r"(b0), "r"(b1),
                     "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    (void)d2;
    (void)d3;
    if (valid && (2 * t == g || 2 * t + 1 == g))
      checkCase(job, EL, idx, __float_as_uint(2 * t == g ? d0 : d1), sMism);
  }
  flushMism(job, sMism);
}

// ------------------------------------------------------------------- wgmma
// Operands in shared memory, K-major, no swizzle ("interleave"): core
// matrices of 8 rows x 16 bytes stored contiguously (PTX ISA "Shared Memory
// Matrix Layout"). Every operand row here is 32 bytes (k16 f16, k8 tf32,
// k32 fp8), i.e. two core matrices along K. Element (r, kByte) lives at
// (r/8)*kStrideMN + (kByte/16)*kStrideK + (r%8)*16 + kByte%16.
constexpr uint32_t kStrideK = 128, kStrideMN = 256;

__device__ inline uint64_t makeDesc(uint32_t smemAddr, uint32_t lbo,
                                    uint32_t sbo) {
  // Matrix descriptor (PTX ISA "Matrix Descriptor Format"): start >> 4 in
  // [0,14), LBO >> 4 in [16,30), SBO >> 4 in [32,46), base offset 0, layout
  // type (swizzle) 0 in [62,64).
  return (uint64_t)((smemAddr & 0x3ffff) >> 4) |
         ((uint64_t)((lbo >> 4) & 0x3fff) << 16) |
         ((uint64_t)((sbo >> 4) & 0x3fff) << 32);
}

__device__ inline void storeRow(uint8_t *base, int r, const uint32_t *v,
                                MmaElem el) {
  int esz = (el == MmaElem::F16 || el == MmaElem::BF16) ? 2
            : el == MmaElem::TF32                       ? 4
                                                        : 1;
  int k = cute::emu::mmaInstrK(el);
  for (int i = 0; i < k; ++i) {
    int kb = i * esz;
    uint8_t *p = base + (r / 8) * kStrideMN + (kb / 16) * kStrideK +
                 (r % 8) * 16 + kb % 16;
    for (int b = 0; b < esz; ++b)
      p[b] = (v[i] >> (8 * b)) & 0xff;
  }
}

template <MmaElem EL>
__global__ void __launch_bounds__(128) wgmmaKernel(Job job, int swapLboSbo) {
  __shared__ __align__(1024) uint8_t sA[8 * kStrideMN];
  __shared__ __align__(1024) uint8_t sB[2 * kStrideMN];
  __shared__ uint32_t sC[8];
  __shared__ uint32_t sIdx[8];
  __shared__ unsigned sMism[kMaxModels];
  int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  int g = lane >> 2, t = lane & 3;
  for (int m = tid; m < kMaxModels; m += blockDim.x)
    sMism[m] = 0;
  for (int i = tid; i < (int)sizeof(sA); i += blockDim.x)
    sA[i] = 0;
  __syncthreads();
  uint32_t aAddr = (uint32_t)__cvta_generic_to_shared(sA);
  uint32_t bAddr = (uint32_t)__cvta_generic_to_shared(sB);
  uint32_t lbo = swapLboSbo ? kStrideMN : kStrideK;
  uint32_t sbo = swapLboSbo ? kStrideK : kStrideMN;
  uint64_t descA = makeDesc(aAddr, lbo, sbo), descB = makeDesc(bAddr, lbo, sbo);
  uint32_t nInstr = (job.count + 7) / 8;
  for (uint32_t q = blockIdx.x; q < nInstr; q += gridDim.x) {
    if (tid < 8) {
      uint32_t idx = q * 8 + tid;
      MmaCase cs;
      bool valid =
          idx < job.count && probe::genCase(EL, job.fam, job.seed, idx, cs);
      if (!valid)
        memset(&cs, 0, sizeof(cs));
      storeRow(sA, tid, cs.a, EL);
      storeRow(sB, tid, cs.b, EL);
      sC[tid] = cs.c;
      sIdx[tid] = valid ? idx : 0xffffffffu;
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    bool diag0 = warp == 0 && 2 * t == g, diag1 = warp == 0 && 2 * t + 1 == g;
    float d0 = diag0 ? __uint_as_float(sC[g]) : 0.f;
    float d1 = diag1 ? __uint_as_float(sC[g]) : 0.f;
    float d2 = 0.f, d3 = 0.f;
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#define WG_ASM(SHAPE_TYPES, TAIL)                                              \
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"                      \
               "wgmma.mma_async.sync.aligned." SHAPE_TYPES                     \
               " {%0,%1,%2,%3}, %4, %5, p" TAIL ";\n}\n"                       \
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)                        \
               : "l"(descA), "l"(descB)                                        \
               : "memory")
    if (EL == MmaElem::F16)
      WG_ASM("m64n8k16.f32.f16.f16", ", 1, 1, 0, 0");
    else if (EL == MmaElem::BF16)
      WG_ASM("m64n8k16.f32.bf16.bf16", ", 1, 1, 0, 0");
    else if (EL == MmaElem::TF32)
      WG_ASM("m64n8k8.f32.tf32.tf32", ", 1, 1");
    else if (EL == MmaElem::E4M3)
      WG_ASM("m64n8k32.f32.e4m3.e4m3", ", 1, 1");
    else
      WG_ASM("m64n8k32.f32.e5m2.e5m2", ", 1, 1");
#undef WG_ASM
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    (void)d2;
    (void)d3;
    if (diag0 || diag1) {
      uint32_t idx = sIdx[g];
      if (idx != 0xffffffffu)
        checkCase(job, EL, idx, __float_as_uint(diag0 ? d0 : d1), sMism);
    }
    __syncthreads();
  }
  flushMism(job, sMism);
}

// --------------------------------------------------------------------- host
struct Variant {
  const char *name;
  MmaElem el;
  bool wgmma;
};
const Variant kVariants[] = {
    {"mma_f16", MmaElem::F16, false},    {"mma_bf16", MmaElem::BF16, false},
    {"mma_tf32", MmaElem::TF32, false},  {"mma_e4m3", MmaElem::E4M3, false},
    {"mma_e5m2", MmaElem::E5M2, false},  {"wgmma_f16", MmaElem::F16, true},
    {"wgmma_bf16", MmaElem::BF16, true}, {"wgmma_tf32", MmaElem::TF32, true},
    {"wgmma_e4m3", MmaElem::E4M3, true}, {"wgmma_e5m2", MmaElem::E5M2, true},
};

static void launch(const Variant &v, const Job &job, int swap) {
  int sms = 132;
  if (!v.wgmma) {
    int blocks = sms * 8;
    switch (v.el) {
    case MmaElem::F16:
      mmaSyncKernel<MmaElem::F16><<<blocks, 256>>>(job);
      break;
    case MmaElem::BF16:
      mmaSyncKernel<MmaElem::BF16><<<blocks, 256>>>(job);
      break;
    case MmaElem::TF32:
      mmaSyncKernel<MmaElem::TF32><<<blocks, 256>>>(job);
      break;
    case MmaElem::E4M3:
      mmaSyncKernel<MmaElem::E4M3><<<blocks, 256>>>(job);
      break;
    case MmaElem::E5M2:
      mmaSyncKernel<MmaElem::E5M2><<<blocks, 256>>>(job);
      break;
    }
  } else {
    int blocks = sms * 16;
    switch (v.el) {
    case MmaElem::F16:
      wgmmaKernel<MmaElem::F16><<<blocks, 128>>>(job, swap);
      break;
    case MmaElem::BF16:
      wgmmaKernel<MmaElem::BF16><<<blocks, 128>>>(job, swap);
      break;
    case MmaElem::TF32:
      wgmmaKernel<MmaElem::TF32><<<blocks, 128>>>(job, swap);
      break;
    case MmaElem::E4M3:
      wgmmaKernel<MmaElem::E4M3><<<blocks, 128>>>(job, swap);
      break;
    case MmaElem::E5M2:
      wgmmaKernel<MmaElem::E5M2><<<blocks, 128>>>(job, swap);
      break;
    }
  }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
}

// The candidate grid: F, term rounding, result rounding, zero exponent,
// group size; fp8 also the result precision.
static std::vector<MmaModel> modelGrid(MmaElem el) {
  std::vector<MmaModel> g;
  bool fp8 = el == MmaElem::E4M3 || el == MmaElem::E5M2;
  int k = cute::emu::mmaInstrK(el);
  int f0 = fp8 ? 11 : 23, f1 = fp8 ? 16 : 28;
  for (int p : {23, 13}) {
    if (!fp8 && p == 13)
      continue;
    for (int f = f0; f <= f1; ++f)
      for (MmaRound tr : {MmaRound::TowardZero, MmaRound::Down})
        for (MmaRound orr : {MmaRound::TowardZero, MmaRound::NearestEven})
          for (MmaZeroExp ze : {MmaZeroExp::Ignored, MmaZeroExp::FormatMin})
            for (int gs : {k, k / 2}) {
              if (gs != k &&
                  (tr != MmaRound::TowardZero || ze != MmaZeroExp::Ignored))
                continue;
              g.push_back(
                  {f, p, gs, tr, orr, ze, true, false, -100000, "grid"});
            }
  }
  return g;
}

static std::string modelName(const MmaModel &m) {
  char buf[128];
  snprintf(buf, sizeof buf, "F%d P%d G%d term%s out%s zero%s", m.fracBits,
           m.outFracBits, m.groupSize,
           m.termRound == MmaRound::TowardZero ? "RZ" : "RD",
           m.outRound == MmaRound::TowardZero ? "RZ" : "RN",
           m.zeroExp == MmaZeroExp::Ignored ? "Ign" : "Min");
  return buf;
}

int main(int argc, char **argv) {
  std::string out = argc > 1 ? argv[1] : ".";
  uint32_t nRandom = argc > 2 ? atoi(argv[2]) : (1u << 20);
  uint32_t nDump = argc > 3 ? atoi(argv[3]) : (1u << 15);
  const uint64_t seed = 20261202;
  const int randFams[] = {probe::kRWindow, probe::kRCancel,  probe::kRSparse,
                          probe::kRTiny,   probe::kRSpecial, probe::kRHuge,
                          probe::kRRaw};
  FILE *grid = fopen((out + "/mma_grid.txt").c_str(), "w");
  uint32_t *dDump;
  unsigned long long *dMism;
  CK(cudaMalloc(&dDump, 64u << 20));
  CK(cudaMalloc(&dMism, kMaxModels * sizeof(unsigned long long)));
  uint32_t *dBad;
  CK(cudaMalloc(&dBad, 33 * 4));
  // Optional filters (argv[5] variant name, argv[6] family) for short reruns.
  std::string onlyVar = argc > 5 ? argv[5] : "";
  int onlyFam = argc > 6 ? atoi(argv[6]) : -1;

  // wgmma descriptor convention: integer-valued sanity cases must be exact.
  // (Both LBO/SBO readings are tried; the one the hardware agrees with wins.)
  int swap = 0;
  {
    const MmaModel &ref =
        cute::emu::mmaModel(cute::emu::MmaInstr::Wgmma, MmaElem::BF16);
    CK(cudaMemcpyToSymbol(cModels, &ref, sizeof ref));
    unsigned long long mm[2];
    for (int s = 0; s < 2; ++s) {
      CK(cudaMemset(dMism, 0, sizeof(unsigned long long)));
      Job job{probe::kRWindow, 4096, 7, dDump, 0, 1, dMism, nullptr};
      launch(kVariants[6], job, s);
      CK(cudaMemcpy(&mm[s], dMism, 8, cudaMemcpyDeviceToHost));
      fprintf(grid,
              "# wgmma sanity swapLboSbo=%d mismatches vs MMA-Sim=%llu/4096\n",
              s, mm[s]);
      printf("wgmma sanity swapLboSbo=%d mism=%llu/4096\n", s, mm[s]);
    }
    swap = mm[1] < mm[0] ? 1 : 0;
  }

  bool finalMode = argc > 4 && std::string(argv[4]) == "final";
  for (const Variant &v : kVariants) {
    if (!onlyVar.empty() && onlyVar != v.name)
      continue;
    // final: only the lib/Emu model of this instruction and element type.
    std::vector<MmaModel> models =
        finalMode ? std::vector<MmaModel>{cute::emu::mmaModel(
                        v.wgmma ? cute::emu::MmaInstr::Wgmma
                                : cute::emu::MmaInstr::MmaSync,
                        v.el)}
                  : modelGrid(v.el);
    CK(cudaMemcpyToSymbol(cModels, models.data(),
                          models.size() * sizeof(MmaModel)));
    int k = cute::emu::mmaInstrK(v.el);
    FILE *df = fopen((out + "/d_" + v.name + ".bin").c_str(), "wb");
    std::vector<unsigned long long> total(models.size(), 0);
    uint64_t totalCases = 0;
    for (int pass = 0; pass < 2; ++pass) {
      int nf = pass == 0 ? probe::kNumCrafted : 7;
      for (int fi = 0; fi < nf; ++fi) {
        int fam = pass == 0 ? fi : randFams[fi];
        if (onlyFam >= 0 && fam != onlyFam)
          continue;
        uint32_t cnt = pass == 0 ? probe::craftedCount(fam, k) : nRandom;
        uint32_t nd = pass == 0 ? cnt : (nDump < cnt ? nDump : cnt);
        CK(cudaMemset(dMism, 0, kMaxModels * sizeof(unsigned long long)));
        CK(cudaMemset(dDump, 0xff, nd * 4));
        CK(cudaMemset(dBad, 0, 33 * 4));
        Job job{fam, cnt, seed, dDump, nd, (int)models.size(), dMism, dBad};
        launch(v, job, swap);
        std::vector<unsigned long long> mm(models.size());
        CK(cudaMemcpy(mm.data(), dMism, mm.size() * 8, cudaMemcpyDeviceToHost));
        std::vector<uint32_t> d(nd);
        CK(cudaMemcpy(d.data(), dDump, nd * 4, cudaMemcpyDeviceToHost));
        uint32_t hdr[2] = {(uint32_t)fam, nd};
        fwrite(hdr, 4, 2, df);
        fwrite(d.data(), 4, nd, df);
        if (finalMode) {
          printf("%-11s fam=%2d cases=%u mismatches=%llu\n", v.name, fam, cnt,
                 mm[0]);
          uint32_t hb[33];
          CK(cudaMemcpy(hb, dBad, sizeof hb, cudaMemcpyDeviceToHost));
          for (uint32_t b = 0; b < hb[0] && b < 16; ++b)
            fprintf(grid, "# mismatch %s fam=%d idx=%u gpu=%08x\n", v.name, fam,
                    hb[1 + 2 * b], hb[2 + 2 * b]);
        }
        for (size_t m = 0; m < models.size(); ++m) {
          fprintf(grid, "%s fam=%d n=%u model=%zu [%s] mism=%llu\n", v.name,
                  fam, cnt, m, modelName(models[m]).c_str(), mm[m]);
          total[m] += mm[m];
        }
        totalCases += cnt;
      }
    }
    fclose(df);
    // Best models for this variant.
    size_t best = 0;
    for (size_t m = 1; m < models.size(); ++m)
      if (total[m] < total[best])
        best = m;
    printf("%-11s cases=%llu best=[%s] mism=%llu\n", v.name,
           (unsigned long long)totalCases, modelName(models[best]).c_str(),
           total[best]);
    fprintf(grid, "# %s best=[%s] total_mism=%llu of %llu\n", v.name,
            modelName(models[best]).c_str(), total[best],
            (unsigned long long)totalCases);
    fflush(grid);
  }
  fclose(grid);
  return 0;
}
