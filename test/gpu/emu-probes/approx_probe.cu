// Approximate-function probe for sm_90a (H200): sweeps all 2^32 f32 inputs of
// each .approx instruction (PTX ISA "Floating-Point Instructions": ex2, rcp,
// rsqrt, sqrt, lg2, sin, cos, tanh) and compares the GPU's bits with
// candidate models evaluated on the GPU, so only statistics come back:
//   per (function, model, input class = sign+exponent, relation) counts, one
//   sample input per cell, max ulp distance to the model, max ulp error to the
//   exact value (double), max absolute error.
// It also checks scaling properties, sweeps the f16/bf16 ex2 forms and
// rcp.approx.ftz.f64, and writes a table of GPU (input -> output) samples.
//
// Build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a
//        approx_probe.cu -o approx_probe [-DWITH_EMU_MODEL]
// With WITH_EMU_MODEL the model of lib/Emu/Approx.cpp is model 2.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifdef WITH_EMU_MODEL
#include "../../../lib/Emu/Approx.cpp"
#endif

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                \
              cudaGetErrorString(e_));                                         \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

enum Fn {
  EX2,
  EX2_FTZ,
  RCP,
  RCP_FTZ,
  RSQRT,
  RSQRT_FTZ,
  SQRT,
  SQRT_FTZ,
  LG2,
  LG2_FTZ,
  SIN,
  SIN_FTZ,
  COS,
  COS_FTZ,
  TANH,
  NFN
};
const char *kFnName[NFN] = {
    "ex2.approx.f32",     "ex2.approx.ftz.f32",  "rcp.approx.f32",
    "rcp.approx.ftz.f32", "rsqrt.approx.f32",    "rsqrt.approx.ftz.f32",
    "sqrt.approx.f32",    "sqrt.approx.ftz.f32", "lg2.approx.f32",
    "lg2.approx.ftz.f32", "sin.approx.f32",      "sin.approx.ftz.f32",
    "cos.approx.f32",     "cos.approx.ftz.f32",  "tanh.approx.f32"};
constexpr int NM = 3; // 0: RN(exact)  1: alternative  2: lib/Emu model
constexpr int NCAT = 12;
const char *kCat[NCAT] = {"equal", "nanbits",  "gNaN",  "mNaN",
                          "1ulp",  "2ulp",     ">2ulp", "gZero",
                          "mZero", "zeroSign", "inf",   "sign"};

template <int FN> __device__ __forceinline__ uint32_t gpuOp(uint32_t xb) {
  float x = __uint_as_float(xb), y;
#define OP(s) asm volatile(s " %0, %1;" : "=f"(y) : "f"(x))
  if (FN == EX2)
    OP("ex2.approx.f32");
  if (FN == EX2_FTZ)
    OP("ex2.approx.ftz.f32");
  if (FN == RCP)
    OP("rcp.approx.f32");
  if (FN == RCP_FTZ)
    OP("rcp.approx.ftz.f32");
  if (FN == RSQRT)
    OP("rsqrt.approx.f32");
  if (FN == RSQRT_FTZ)
    OP("rsqrt.approx.ftz.f32");
  if (FN == SQRT)
    OP("sqrt.approx.f32");
  if (FN == SQRT_FTZ)
    OP("sqrt.approx.ftz.f32");
  if (FN == LG2)
    OP("lg2.approx.f32");
  if (FN == LG2_FTZ)
    OP("lg2.approx.ftz.f32");
  if (FN == SIN)
    OP("sin.approx.f32");
  if (FN == SIN_FTZ)
    OP("sin.approx.ftz.f32");
  if (FN == COS)
    OP("cos.approx.f32");
  if (FN == COS_FTZ)
    OP("cos.approx.ftz.f32");
  if (FN == TANH)
    OP("tanh.approx.f32");
#undef OP
  return __float_as_uint(y);
}

__device__ __host__ inline bool isFtz(int fn) {
  return fn == EX2_FTZ || fn == RCP_FTZ || fn == RSQRT_FTZ || fn == SQRT_FTZ ||
         fn == LG2_FTZ || fn == SIN_FTZ || fn == COS_FTZ;
}
__device__ inline bool isSub(uint32_t b) {
  return (b & 0x7f800000u) == 0 && (b & 0x7fffffu) != 0;
}
__device__ inline bool isNaNb(uint32_t b) {
  return (b & 0x7fffffffu) > 0x7f800000u;
}

// The exact value of the function (double), for model 0 (plain) and model 1
// (sin/cos: the argument first scaled by f32(1/2pi) with an f32 multiply).
__device__ double exactOf(int fn, int model, uint32_t xb) {
  if (isFtz(fn) && isSub(xb))
    xb &= 0x80000000u;
  float xf = __uint_as_float(xb);
  double x = xf;
  switch (fn) {
  case EX2:
  case EX2_FTZ:
    return exp2(x);
  case RCP:
  case RCP_FTZ:
    return 1.0 / x;
  case RSQRT:
  case RSQRT_FTZ:
    return 1.0 / sqrt(x);
  case SQRT:
  case SQRT_FTZ:
    return sqrt(x);
  case LG2:
  case LG2_FTZ:
    return log2(x);
  case SIN:
  case SIN_FTZ:
  case COS:
  case COS_FTZ: {
    bool s = fn == SIN || fn == SIN_FTZ;
    if (model == 1) {
      double t = __fmul_rz(xf, __uint_as_float(0x3e22f983u));
      return s ? sinpi(2.0 * t) : cospi(2.0 * t);
    }
    return s ? sin(x) : cos(x);
  }
  case TANH:
    return tanh(x);
  }
  return 0;
}

__device__ uint32_t roundModel(int fn, int model, double r) {
  if (r != r)
    return 0x7fffffffu;
  float f;
  if (model == 1 && !(fn >= SIN && fn <= COS_FTZ))
    f = __double2float_rz(r);
  else
    f = __double2float_rn(r);
  uint32_t b = __float_as_uint(f);
  if (isFtz(fn) && isSub(b))
    b &= 0x80000000u;
  return b;
}

__device__ inline int category(uint32_t g, uint32_t m) {
  if (g == m)
    return 0;
  bool gn = isNaNb(g), mn = isNaNb(m);
  if (gn && mn)
    return 1;
  if (gn)
    return 2;
  if (mn)
    return 3;
  bool gz = (g & 0x7fffffffu) == 0, mz = (m & 0x7fffffffu) == 0;
  if (gz && mz)
    return 9;
  if ((g & 0x7fffffffu) == 0x7f800000u || (m & 0x7fffffffu) == 0x7f800000u)
    return 10;
  if (gz)
    return 7;
  if (mz)
    return 8;
  if ((g ^ m) & 0x80000000u)
    return 11;
  uint32_t d = g > m ? g - m : m - g;
  return d == 1 ? 4 : d == 2 ? 5 : 6;
}

#ifdef WITH_EMU_MODEL
template <int FN> __device__ uint32_t emuModel(uint32_t x) {
  using namespace cute::emu;
  switch (FN) {
  case EX2:
  case EX2_FTZ:
    return approxEx2F32(x, FN == EX2_FTZ);
  case RCP:
  case RCP_FTZ:
    return approxRcpF32(x, FN == RCP_FTZ);
  case RSQRT:
  case RSQRT_FTZ:
    return approxRsqrtF32(x, FN == RSQRT_FTZ);
  case SQRT:
  case SQRT_FTZ:
    return approxSqrtF32(x, FN == SQRT_FTZ);
  case LG2:
  case LG2_FTZ:
    return approxLg2F32(x, FN == LG2_FTZ);
  case SIN:
  case SIN_FTZ:
    return approxSinF32(x, FN == SIN_FTZ);
  case COS:
  case COS_FTZ:
    return approxCosF32(x, FN == COS_FTZ);
  default:
    return approxTanhF32(x);
  }
}
#endif

struct Stats {
  unsigned count[NFN][NM][512][NCAT];
  unsigned sample[NFN][NM][512][NCAT];
  unsigned long long maxDist[NFN][NM][512]; // dist << 32 | x
  unsigned long long maxUlp[NFN][NM][512];  // (ulp * 256) << 32 | x
  unsigned long long maxAbs[NFN][NM][512];  // double bits of |g - model|
};

template <int FN>
__global__ void __launch_bounds__(256) sweep(Stats *st, int nModels) {
  __shared__ unsigned sCount[NM][NCAT], sSample[NM][NCAT];
  __shared__ unsigned long long sDist[NM], sUlp[NM], sAbs[NM];
  int tid = threadIdx.x;
  if (tid < NM * NCAT) {
    sCount[tid / NCAT][tid % NCAT] = 0;
    sSample[tid / NCAT][tid % NCAT] = 0xffffffffu;
  }
  if (tid < NM)
    sDist[tid] = sUlp[tid] = sAbs[tid] = 0;
  __syncthreads();
  uint32_t base = blockIdx.x << 16;
  unsigned cls = base >> 23;
  unsigned lCount[NM][NCAT] = {};
  unsigned long long lDist[NM] = {}, lUlp[NM] = {}, lAbs[NM] = {};
  for (int i = tid; i < 65536; i += 256) {
    uint32_t x = base + i;
    uint32_t g = gpuOp<FN>(x);
#pragma unroll
    for (int m = 0; m < NM; ++m) {
      if (m >= nModels)
        break;
      double r = 0;
      uint32_t mb;
      if (m < 2) {
        r = exactOf(FN, m, x);
        mb = roundModel(FN, m, r);
      } else {
#ifdef WITH_EMU_MODEL
        r = exactOf(FN, 1, x);
        mb = emuModel<FN>(x);
#else
        mb = 0;
#endif
      }
      int c = category(g, mb);
#pragma unroll
      for (int k = 0; k < NCAT; ++k)
        lCount[m][k] += c == k;
      if (c && sSample[m][c] == 0xffffffffu)
        atomicCAS(&sSample[m][c], 0xffffffffu, x);
      if (c >= 4 && c <= 6) {
        uint32_t d = g > mb ? g - mb : mb - g;
        unsigned long long v = ((unsigned long long)d << 32) | x;
        lDist[m] = v > lDist[m] ? v : lDist[m];
      }
      float gf = __uint_as_float(g);
      if (isfinite(gf) && isfinite(r) && fabs(r) < 0x1p128) {
        bool normOut = fabs(r) >= 0x1p-126 || r == 0;
        if (!isFtz(FN) || normOut) {
          int e = r == 0 ? -126 : ilogb(r);
          if (e < -126)
            e = -126;
          double ulp = ldexp(1.0, e - 23);
          double err = fabs((double)gf - r) / ulp * 256.0;
          unsigned long long ue =
              err > 4.0e9 ? 4000000000ull : (unsigned long long)err;
          unsigned long long v = (ue << 32) | x;
          lUlp[m] = v > lUlp[m] ? v : lUlp[m];
        }
      }
      float mf = __uint_as_float(mb);
      if (isfinite(gf) && isfinite(mf)) { // |GPU - model|
        unsigned long long ae =
            (unsigned long long)__double_as_longlong(fabs((double)gf - mf));
        lAbs[m] = ae > lAbs[m] ? ae : lAbs[m];
      }
    }
  }
  for (int m = 0; m < nModels; ++m) {
    for (int k = 0; k < NCAT; ++k)
      if (lCount[m][k])
        atomicAdd(&sCount[m][k], lCount[m][k]);
    atomicMax(&sDist[m], lDist[m]);
    atomicMax(&sUlp[m], lUlp[m]);
    atomicMax(&sAbs[m], lAbs[m]);
  }
  __syncthreads();
  if (tid < nModels * NCAT) {
    int m = tid / NCAT, c = tid % NCAT;
    if (sCount[m][c]) {
      atomicAdd(&st->count[FN][m][cls][c], sCount[m][c]);
      if (sSample[m][c] != 0xffffffffu)
        atomicCAS(&st->sample[FN][m][cls][c], 0xffffffffu, sSample[m][c]);
    }
  }
  if (tid < nModels) {
    atomicMax(&st->maxDist[FN][tid][cls], sDist[tid]);
    atomicMax(&st->maxUlp[FN][tid][cls], sUlp[tid]);
    atomicMax(&st->maxAbs[FN][tid][cls], sAbs[tid]);
  }
}

// ------------------------------------------------------------- properties
// Counts over all inputs x whose reduced input and result stay normal:
//  0 rcp.ftz(x)   == 2^-e rcp.ftz(m)      (x = m 2^e, m in [1,2))
//  1 rsqrt.ftz(x) == 2^-j rsqrt.ftz(m)    (x = m 4^j, m in [1,4))
//  2 sqrt.ftz(x)  == 2^j sqrt.ftz(m)
//  3 ex2.ftz(x)   == 2 ex2.ftz(x - 1)     (x - 1 exact)
//  4..10: f == f.ftz for normal x with normal result (ex2 rcp rsqrt sqrt lg2
//  sin cos)
__device__ inline bool normalB(uint32_t b) {
  uint32_t e = (b >> 23) & 0xff;
  return e != 0 && e != 255;
}
__device__ inline uint32_t scaleB(uint32_t b, int s) {
  return b + ((uint32_t)s << 23);
}

__global__ void props(unsigned long long *cnt) {
  __shared__ unsigned long long sc[11][2];
  if (threadIdx.x < 22)
    sc[threadIdx.x / 2][threadIdx.x % 2] = 0;
  __syncthreads();
  uint32_t base = blockIdx.x << 16;
  unsigned long long loc[11][2] = {};
  for (int i = threadIdx.x; i < 65536; i += blockDim.x) {
    uint32_t x = base + i;
    if (!normalB(x))
      continue;
    int e = (int)((x >> 23) & 0xff) - 127;
    uint32_t m = (x & 0x807fffffu) | 0x3f800000u;
    uint32_t g = gpuOp<RCP_FTZ>(x), gm = gpuOp<RCP_FTZ>(m);
    if (!(x & 0x80000000u)) {
      if (normalB(g) && normalB(gm)) {
        loc[0][0]++;
        loc[0][1] += g != scaleB(gm, -e);
      }
      int j = e >= 0 ? e / 2 : -((-e + 1) / 2);
      uint32_t m4 = x - ((uint32_t)(2 * j) << 23);
      g = gpuOp<RSQRT_FTZ>(x), gm = gpuOp<RSQRT_FTZ>(m4);
      if (normalB(g)) {
        loc[1][0]++;
        loc[1][1] += g != scaleB(gm, -j);
      }
      g = gpuOp<SQRT_FTZ>(x), gm = gpuOp<SQRT_FTZ>(m4);
      if (normalB(g)) {
        loc[2][0]++;
        loc[2][1] += g != scaleB(gm, j);
      }
    }
    float xf = __uint_as_float(x), y = xf - 1.0f;
    if ((double)y == (double)xf - 1.0 && fabsf(xf) < 130.f) {
      uint32_t gx = gpuOp<EX2_FTZ>(x), gy = gpuOp<EX2_FTZ>(__float_as_uint(y));
      if (normalB(gx) && normalB(gy)) {
        loc[3][0]++;
        loc[3][1] += gx != scaleB(gy, 1);
      }
    }
#define PAIR(I, A, B)                                                          \
  {                                                                            \
    uint32_t p = gpuOp<A>(x), q = gpuOp<B>(x);                                 \
    if (normalB(p) || normalB(q)) {                                            \
      loc[I][0]++;                                                             \
      loc[I][1] += p != q;                                                     \
    }                                                                          \
  }
    // clang-format off
    PAIR(4, EX2, EX2_FTZ)
    PAIR(5, RCP, RCP_FTZ)
    PAIR(6, RSQRT, RSQRT_FTZ)
    PAIR(7, SQRT, SQRT_FTZ)
    PAIR(8, LG2, LG2_FTZ)
    PAIR(9, SIN, SIN_FTZ)
    PAIR(10, COS, COS_FTZ)
    // clang-format on
#undef PAIR
  }
  for (int p = 0; p < 11; ++p)
    for (int q = 0; q < 2; ++q)
      if (loc[p][q])
        atomicAdd(&sc[p][q], loc[p][q]);
  __syncthreads();
  if (threadIdx.x < 22 && sc[threadIdx.x / 2][threadIdx.x % 2])
    atomicAdd(&cnt[threadIdx.x], sc[threadIdx.x / 2][threadIdx.x % 2]);
}

// Dumps (gpu bits - RN bits) as int8 over n inputs from x0 (rcp/rsqrt .ftz).
template <int FN>
__global__ void dumpDelta(uint32_t x0, uint32_t n, int8_t *out) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t x = x0 + i;
  uint32_t g = gpuOp<FN>(x);
  uint32_t m = roundModel(FN, 0, exactOf(FN, 0, x));
  int d = (int)(g - m);
  out[i] = (int8_t)(d > 127 ? 127 : d < -127 ? -127 : d);
}

// ---------------------------------------------------- f16 / bf16 ex2 forms
// out[0..6][x]: ex2.approx.f16, ex2.approx.f16x2 (low lane; high lane holds
// x ^ 0x5555), high lane of that, ex2.approx.ftz.bf16, ex2.approx.ftz.bf16x2
// (low lane), cvt.rn.f16(ex2.approx.ftz.f32(x)), cvt.rn.bf16(same).
__global__ void ex2Half(uint16_t *out) {
  uint32_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= 65536)
    return;
  uint16_t h = x, r16;
  asm volatile("ex2.approx.f16 %0, %1;" : "=h"(r16) : "h"(h));
  out[x] = r16;
  uint32_t pk = x | ((x ^ 0x5555u) << 16), r32;
  asm volatile("ex2.approx.f16x2 %0, %1;" : "=r"(r32) : "r"(pk));
  out[65536 + x] = r32 & 0xffff;
  out[2 * 65536 + (x ^ 0x5555u)] = r32 >> 16;
  asm volatile("ex2.approx.ftz.bf16 %0, %1;" : "=h"(r16) : "h"(h));
  out[3 * 65536 + x] = r16;
  asm volatile("ex2.approx.ftz.bf16x2 %0, %1;" : "=r"(r32) : "r"(pk));
  out[4 * 65536 + x] = r32 & 0xffff;
  out[7 * 65536 + (x ^ 0x5555u)] = r32 >> 16;
  // Candidates: the f32 MUFU.EX2 converted with cvt.rn.
  float f = __half2float(__ushort_as_half(h)), e;
  asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(e) : "f"(f));
  out[5 * 65536 + x] = __half_as_ushort(__float2half_rn(e));
  f = __uint_as_float((uint32_t)x << 16);
  asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(e) : "f"(f));
  out[6 * 65536 + x] = __bfloat16_as_ushort(__float2bfloat16_rn(e));
}

// ------------------------------------------------------ rcp.approx.ftz.f64
// Sweep of every high word (low word 0; a second, random low word checks that
// it is ignored). cnt: 0 low word of result non-zero, 1 result depends on the
// low word, 2 == hi(RN(1/x)) truncated, 3 == candidate B (f32 MUFU.RCP of 1.f
// rescaled, truncated to 20 bits), 4 == B rounded to nearest, 5 == the
// lib/Emu model, 6 finite normal results counted, 7 model mismatches among
// non-finite/zero results. maxD: max |hi(GPU) - hi(model)| (finite, one sign).
__global__ void rcp64(unsigned long long *cnt, unsigned long long *maxD) {
  uint32_t hi = blockIdx.x * blockDim.x + threadIdx.x; // grid covers 2^32
  unsigned long long xb = (unsigned long long)hi << 32;
  double x = __longlong_as_double(xb), y;
  asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  unsigned long long yb = __double_as_longlong(y);
  unsigned long long loc[8] = {};
  if ((uint32_t)yb)
    loc[0]++;
  uint32_t lo = (0x9e3779b9u * (hi | 1)) | 1;
  double x2 = __longlong_as_double(xb | lo), y2;
  asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(y2) : "d"(x2));
  if ((unsigned long long)__double_as_longlong(y2) != yb)
    loc[1]++;
  uint32_t e = (hi >> 20) & 0x7ff;
  unsigned long long mb = 0;
#ifdef WITH_EMU_MODEL
  mb = cute::emu::approxRcpFtzF64(xb);
#endif
  double r = 1.0 / x;
  bool normalOut = isfinite(y) && fabs(y) >= 0x1p-1022;
  if (e != 0 && e != 0x7ff && normalOut) {
    loc[6]++;
    if ((__double_as_longlong(r) & 0xffffffff00000000ull) == yb)
      loc[2]++;
    float m = __uint_as_float(0x3f800000u | ((hi & 0xfffff) << 3)), rf;
    asm volatile("rcp.approx.ftz.f32 %0, %1;" : "=f"(rf) : "f"(m));
    double yb1 = ldexp((double)rf, 1023 - (int)e);
    unsigned long long bb = (unsigned long long)__double_as_longlong(yb1);
    unsigned long long sgn = (unsigned long long)(hi & 0x80000000u) << 32;
    if ((sgn | (bb & 0xffffffff00000000ull)) == yb)
      loc[3]++;
    unsigned long long rn = (bb + 0x80000000ull) & 0xffffffff00000000ull;
    if ((sgn | rn) == yb)
      loc[4]++;
    if (mb == yb)
      loc[5]++;
    if ((mb >> 63) == (yb >> 63)) {
      long long d = (long long)(mb >> 32) - (long long)(yb >> 32);
      atomicMax(maxD, (unsigned long long)(d < 0 ? -d : d));
    }
  } else if (mb != yb) {
    loc[7]++;
  }
  for (int i = 0; i < 8; ++i)
    if (loc[i])
      atomicAdd(&cnt[i], loc[i]);
}

__global__ void rcp64List(const unsigned long long *in, unsigned long long *out,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double x = __longlong_as_double(in[i]), y;
  asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  out[i] = __double_as_longlong(y);
}

// --------------------------------------------------------------- host side
static uint32_t hostRng(uint64_t &s) {
  s = s * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(s >> 33);
}

template <int FN>
__global__ void evalList(const uint32_t *in, uint32_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = gpuOp<FN>(in[i]);
}

typedef void (*EvalFn)(const uint32_t *, uint32_t *, int);

int main(int argc, char **argv) {
  std::string out = argc > 1 ? argv[1] : ".";
  int nModels = 2;
#ifdef WITH_EMU_MODEL
  nModels = 3;
#endif
  Stats *st;
  CK(cudaMalloc(&st, sizeof(Stats)));
  CK(cudaMemset(st, 0, sizeof(Stats)));
  CK(cudaMemset(st->sample, 0xff, sizeof(st->sample)));
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  cudaEventRecord(e0);
#define SW(F) sweep<F><<<65536, 256>>>(st, nModels);
  // clang-format off
  SW(EX2)
  SW(EX2_FTZ)
  SW(RCP)
  SW(RCP_FTZ)
  SW(RSQRT)
  SW(RSQRT_FTZ)
  SW(SQRT)
  SW(SQRT_FTZ)
  SW(LG2)
  SW(LG2_FTZ)
  SW(SIN)
  SW(SIN_FTZ)
  SW(COS)
  SW(COS_FTZ)
  SW(TANH)
  // clang-format on
#undef SW
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  cudaEventRecord(e1);
  cudaEventSynchronize(e1);
  float ms;
  cudaEventElapsedTime(&ms, e0, e1);
  printf("sweeps: %.1f ms\n", ms);
  Stats *h = (Stats *)malloc(sizeof(Stats));
  CK(cudaMemcpy(h, st, sizeof(Stats), cudaMemcpyDeviceToHost));

  FILE *sum = fopen((out + "/approx_summary.txt").c_str(), "w");
  FILE *cls = fopen((out + "/approx_classes.txt").c_str(), "w");
  for (int f = 0; f < NFN; ++f)
    for (int m = 0; m < nModels; ++m) {
      unsigned long long tot[NCAT] = {};
      unsigned long long bestD = 0, bestU = 0, bestA = 0;
      for (int c = 0; c < 512; ++c) {
        for (int k = 0; k < NCAT; ++k)
          tot[k] += h->count[f][m][c][k];
        if (h->maxDist[f][m][c] > bestD)
          bestD = h->maxDist[f][m][c];
        if (h->maxUlp[f][m][c] > bestU)
          bestU = h->maxUlp[f][m][c];
        double a, ba;
        memcpy(&a, &h->maxAbs[f][m][c], 8);
        memcpy(&ba, &bestA, 8);
        if (a > ba)
          bestA = h->maxAbs[f][m][c];
      }
      double ba;
      memcpy(&ba, &bestA, 8);
      fprintf(sum, "%-22s model%d", kFnName[f], m);
      for (int k = 0; k < NCAT; ++k)
        if (tot[k])
          fprintf(sum, " %s=%llu", kCat[k], tot[k]);
      fprintf(sum, " | maxDist=%u@%08x maxUlpVsExact=%.3f@%08x maxAbs=%.6g\n",
              (unsigned)(bestD >> 32), (unsigned)bestD, (bestU >> 32) / 256.0,
              (unsigned)bestU, ba);
      for (int c = 0; c < 512; ++c) {
        fprintf(cls, "%d %d %03x", f, m, c);
        for (int k = 0; k < NCAT; ++k)
          if (h->count[f][m][c][k]) {
            fprintf(cls, " %s=%u", kCat[k], h->count[f][m][c][k]);
            if (k)
              fprintf(cls, "(%08x)", h->sample[f][m][c][k]);
          }
        double a;
        memcpy(&a, &h->maxAbs[f][m][c], 8);
        fprintf(cls, " | d=%u@%08x u=%.3f@%08x a=%.3g\n",
                (unsigned)(h->maxDist[f][m][c] >> 32),
                (unsigned)h->maxDist[f][m][c],
                (h->maxUlp[f][m][c] >> 32) / 256.0,
                (unsigned)h->maxUlp[f][m][c], a);
      }
    }
  fclose(cls);

  // Properties.
  unsigned long long *dc;
  CK(cudaMalloc(&dc, 22 * 8));
  CK(cudaMemset(dc, 0, 22 * 8));
  props<<<65536, 256>>>(dc);
  CK(cudaGetLastError());
  unsigned long long pc[22];
  CK(cudaMemcpy(pc, dc, sizeof pc, cudaMemcpyDeviceToHost));
  const char *pn[11] = {"rcp.ftz(x)=2^-e rcp.ftz(m)",
                        "rsqrt.ftz(x)=2^-j rsqrt.ftz(m)",
                        "sqrt.ftz(x)=2^j sqrt.ftz(m)",
                        "ex2.ftz(x)=2 ex2.ftz(x-1)",
                        "ex2==ex2.ftz",
                        "rcp==rcp.ftz",
                        "rsqrt==rsqrt.ftz",
                        "sqrt==sqrt.ftz",
                        "lg2==lg2.ftz",
                        "sin==sin.ftz",
                        "cos==cos.ftz"};
  for (int p = 0; p < 11; ++p)
    fprintf(sum, "property %-32s checked=%llu violations=%llu\n", pn[p],
            pc[2 * p], pc[2 * p + 1]);

  // (Run 1 also dumped rcp/rsqrt deltas; see bench/results README.)
  // f16/bf16 ex2.
  {
    uint16_t *dh;
    CK(cudaMalloc(&dh, 8 * 65536 * 2));
    ex2Half<<<256, 256>>>(dh);
    CK(cudaGetLastError());
    std::vector<uint16_t> hh(8 * 65536);
    CK(cudaMemcpy(hh.data(), dh, hh.size() * 2, cudaMemcpyDeviceToHost));
#ifdef WITH_EMU_MODEL
    int mis[4] = {};
    for (uint32_t x = 0; x < 65536; ++x) {
      uint32_t pk = x | ((x ^ 0x5555u) << 16);
      uint32_t m2 = cute::emu::approxEx2F16x2(pk),
               b2 = cute::emu::approxEx2FtzBF16x2(pk);
      mis[0] += cute::emu::approxEx2F16(x) != hh[x];
      mis[1] += (m2 & 0xffff) != hh[65536 + x] ||
                (m2 >> 16) != hh[2 * 65536 + (x ^ 0x5555u)];
      mis[2] += cute::emu::approxEx2FtzBF16(x) != hh[3 * 65536 + x];
      mis[3] += (b2 & 0xffff) != hh[4 * 65536 + x] ||
                (b2 >> 16) != hh[7 * 65536 + (x ^ 0x5555u)];
    }
    fprintf(sum,
            "ex2 half vs model (65536 inputs each): f16=%d f16x2=%d bf16=%d "
            "bf16x2=%d\n",
            mis[0], mis[1], mis[2], mis[3]);
#endif
    FILE *f = fopen((out + "/ex2_half.u16").c_str(), "wb");
    fwrite(hh.data(), 2, hh.size(), f);
    fclose(f);
  }

  // rcp.approx.ftz.f64.
  {
    unsigned long long *c64, *md;
    CK(cudaMalloc(&c64, 8 * 8));
    CK(cudaMalloc(&md, 8));
    CK(cudaMemset(c64, 0, 64));
    CK(cudaMemset(md, 0, 8));
    rcp64<<<1u << 24, 256>>>(c64, md);
    CK(cudaGetLastError());
    unsigned long long hc[8], hm;
    CK(cudaMemcpy(hc, c64, 64, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&hm, md, 8, cudaMemcpyDeviceToHost));
    fprintf(sum,
            "rcp.approx.ftz.f64: lowWordNonzero=%llu dependsOnLowWord=%llu "
            "finiteNormal=%llu eqTruncRN=%llu eqCandB=%llu eqCandBrn=%llu "
            "eqModel=%llu maxHiDistVsModel=%llu specialMismatch=%llu\n",
            hc[0], hc[1], hc[6], hc[2], hc[3], hc[4], hc[5], hm, hc[7]);
    std::vector<unsigned long long> in;
    uint64_t s = 777;
    const unsigned long long sp[] = {0,
                                     0x8000000000000000ull,
                                     0x7ff0000000000000ull,
                                     0xfff0000000000000ull,
                                     0x7ff8000000000000ull,
                                     0x7ff0000000000001ull,
                                     0xfff8000000000000ull,
                                     0x0000000000000001ull,
                                     0x000fffffffffffffull,
                                     0x0010000000000000ull,
                                     0x7fefffffffffffffull,
                                     0x7fd0000000000000ull,
                                     0x7fd0000000000001ull,
                                     0x7fcfffffffffffffull,
                                     0x3ff0000000000000ull,
                                     0xbff0000000000000ull,
                                     0x4000000000000000ull};
    for (unsigned long long v : sp)
      in.push_back(v);
    for (uint32_t e = 0; e < 4096; e += 3)
      in.push_back(((unsigned long long)e << 52) |
                   ((unsigned long long)hostRng(s) << 20) | hostRng(s));
    for (int i = 0; i < 512; ++i)
      in.push_back(0x3ff0000000000000ull |
                   ((unsigned long long)hostRng(s) << 21) | hostRng(s));
    int n = (int)in.size();
    unsigned long long *din, *dout;
    CK(cudaMalloc(&din, n * 8));
    CK(cudaMalloc(&dout, n * 8));
    CK(cudaMemcpy(din, in.data(), n * 8, cudaMemcpyHostToDevice));
    rcp64List<<<(n + 255) / 256, 256>>>(din, dout, n);
    std::vector<unsigned long long> o(n);
    CK(cudaMemcpy(o.data(), dout, n * 8, cudaMemcpyDeviceToHost));
    FILE *f = fopen((out + "/rcp64_table.txt").c_str(), "w");
    for (int i = 0; i < n; ++i)
      fprintf(f, "%016llx %016llx\n", in[i], o[i]);
    fclose(f);
  }

  // Sample table: specials, per class (mantissa 0, max, random), random bits.
  {
    std::vector<uint32_t> in;
    const uint32_t sp[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
        0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fffffffu, 0xffffffffu,
        0x7fa00000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
        0x00400000u, 0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu,
        0x3f800000u, 0xbf800000u, 0x40000000u, 0x3f000000u, 0x3f7fffffu,
        0x3f800001u, 0x40490fdbu, 0x3fc90fdbu, 0xc0490fdbu, 0x40c90fdbu,
        0x42fe0000u, 0x43000000u, 0xc2fc0000u, 0xc2fe0000u, 0xc3000000u,
        0xc3150000u, 0xc3160000u, 0x7e800000u, 0x7f000000u, 0x7e7fffffu};
    for (uint32_t v : sp)
      in.push_back(v);
    uint64_t s = 12345;
    for (uint32_t c = 0; c < 512; ++c) {
      in.push_back(c << 23);
      in.push_back((c << 23) | 0x7fffffu);
      in.push_back((c << 23) | (hostRng(s) & 0x7fffffu));
    }
    for (int i = -160; i <= 130; ++i) { // integers and neighbours (ex2)
      float v = (float)i;
      uint32_t b;
      memcpy(&b, &v, 4);
      in.push_back(b);
      if (i != 0) {
        in.push_back(b + 1);
        in.push_back(b - 1);
      }
    }
    for (int i = 0; i < 512; ++i)
      in.push_back(hostRng(s) ^ (hostRng(s) << 16));
    int n = (int)in.size();
    uint32_t *din, *dout;
    CK(cudaMalloc(&din, n * 4));
    CK(cudaMalloc(&dout, n * 4));
    CK(cudaMemcpy(din, in.data(), n * 4, cudaMemcpyHostToDevice));
    FILE *tf = fopen((out + "/approx_table.txt").c_str(), "w");
    std::vector<uint32_t> o(n);
#define EV(F)                                                                  \
  evalList<F><<<(n + 255) / 256, 256>>>(din, dout, n);                         \
  CK(cudaMemcpy(o.data(), dout, n * 4, cudaMemcpyDeviceToHost));               \
  for (int i = 0; i < n; ++i)                                                  \
    fprintf(tf, "%d %08x %08x\n", F, in[i], o[i]);
    // clang-format off
    EV(EX2)
    EV(EX2_FTZ)
    EV(RCP)
    EV(RCP_FTZ)
    EV(RSQRT)
    EV(RSQRT_FTZ)
    EV(SQRT)
    EV(SQRT_FTZ)
    EV(LG2)
    EV(LG2_FTZ)
    EV(SIN)
    EV(SIN_FTZ)
    EV(COS)
    EV(COS_FTZ)
    EV(TANH)
    // clang-format on
#undef EV
    fclose(tf);
  }
  fclose(sum);
  printf("done\n");
  return 0;
}
