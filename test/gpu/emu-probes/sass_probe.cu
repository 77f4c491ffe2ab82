// One kernel per .approx instruction, to read ptxas's lowering for sm_90a
// (cuobjdump -sass or nvdisasm). Build: nvcc -cubin -gencode=arch=compute_90a,
// code=sm_90a sass_probe.cu
#include <cstdint>
#define K(NAME, INSN)                                                          \
  extern "C" __global__ void NAME(float *p) {                                  \
    float x = p[threadIdx.x], y;                                               \
    asm volatile(INSN " %0, %1;" : "=f"(y) : "f"(x));                          \
    p[threadIdx.x] = y;                                                        \
  }
K(k_ex2, "ex2.approx.f32")
K(k_ex2_ftz, "ex2.approx.ftz.f32")
K(k_rcp, "rcp.approx.f32")
K(k_rcp_ftz, "rcp.approx.ftz.f32")
K(k_rsqrt, "rsqrt.approx.f32")
K(k_rsqrt_ftz, "rsqrt.approx.ftz.f32")
K(k_sqrt, "sqrt.approx.f32")
K(k_sqrt_ftz, "sqrt.approx.ftz.f32")
K(k_lg2, "lg2.approx.f32")
K(k_lg2_ftz, "lg2.approx.ftz.f32")
K(k_sin, "sin.approx.f32")
K(k_sin_ftz, "sin.approx.ftz.f32")
K(k_cos, "cos.approx.f32")
K(k_cos_ftz, "cos.approx.ftz.f32")
K(k_tanh, "tanh.approx.f32")
extern "C" __global__ void k_rcp64(double *p) {
  double x = p[threadIdx.x], y;
  asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  p[threadIdx.x] = y;
}
extern "C" __global__ void k_ex2_f16(uint16_t *p) {
  uint16_t x = p[threadIdx.x], y;
  asm volatile("ex2.approx.f16 %0, %1;" : "=h"(y) : "h"(x));
  p[threadIdx.x] = y;
}
extern "C" __global__ void k_ex2_bf16(uint16_t *p) {
  uint16_t x = p[threadIdx.x], y;
  asm volatile("ex2.approx.ftz.bf16 %0, %1;" : "=h"(y) : "h"(x));
  p[threadIdx.x] = y;
}
// mma.sync with fp8 operands: on sm_90 ptxas emulates it (F2FP.F16.E4M3
// unpacks, two HMMA.16816.F32, FADD of c).
extern "C" __global__ void k_mma_e4m3(uint32_t *p, float *q) {
  int t = threadIdx.x;
  uint32_t a0 = p[t], a1 = p[t + 32], a2 = p[t + 64], a3 = p[t + 96],
           b0 = p[t + 128], b1 = p[t + 160];
  float c0 = q[t], c1 = q[t + 32], c2 = q[t + 64], c3 = q[t + 96], d0, d1, d2,
        d3;
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
               : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c0),
                 "f"(c1), "f"(c2), "f"(c3));
  q[t] = d0;
  q[t + 32] = d1;
  q[t + 64] = d2;
  q[t + 96] = d3;
}
