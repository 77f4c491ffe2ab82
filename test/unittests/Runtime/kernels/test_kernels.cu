// Kernels for the GPU tests of the host runtime. The PTX is checked in as
// test_kernels.ptx (metadata: test_kernels.json); regenerate it with
// gen_ptx.sh after editing.
#include <cuda.h>
#include <cstdint>

extern "C" __global__ void add_f32(const float *a, const float *b, float *c,
                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

// out[block] = (cluster rank, cluster size).
extern "C" __global__ void cluster_info(int *out) {
  unsigned rank, size;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(size));
  if (threadIdx.x == 0) {
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    out[2 * b] = int(rank);
    out[2 * b + 1] = int(size);
  }
}

// Writes and reads back n floats of dynamic shared memory.
extern "C" __global__ void smem_roundtrip(float *out, int n) {
  extern __shared__ float s[];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = float(i);
  __syncthreads();
  float acc = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    acc += s[n - 1 - i];
  atomicAdd(out, acc);
}

// Loads one box at (x0, y0) of a 2-D f32 tensor through TMA and stores it
// row-major (box[0] contiguous) to out.
static __device__ __forceinline__ void
loadBox2d(const CUtensorMap *tmap, float *out, int x0, int y0, int boxX,
          int boxY) {
  extern __shared__ __align__(128) float tile[];
  __shared__ __align__(8) uint64_t bar;
  unsigned barAddr = unsigned(__cvta_generic_to_shared(&bar));
  unsigned tileAddr = unsigned(__cvta_generic_to_shared(tile));
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barAddr));
    asm volatile("fence.mbarrier_init.release.cluster;");
  }
  __syncthreads();
  unsigned bytes = unsigned(boxX * boxY * 4);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(
        barAddr),
        "r"(bytes));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                 "complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
                     tileAddr),
                 "l"(tmap), "r"(x0), "r"(y0), "r"(barAddr)
                 : "memory");
  }
  unsigned done = 0;
  while (!done)
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, "
                 "[%1], 0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(barAddr)
                 : "memory");
  for (int i = threadIdx.x; i < boxX * boxY; i += blockDim.x)
    out[i] = tile[i];
}

extern "C" __global__ void tma_load_2d(const __grid_constant__ CUtensorMap tmap,
                                       float *out, int x0, int y0, int boxX,
                                       int boxY) {
  loadBox2d(&tmap, out, x0, y0, boxX, boxY);
}

// The same with a derived descriptor (the metadata's "source"): the runtime
// encodes tmap from in (a row-major (h, w) tensor with leading dimension
// ld) and appends it; the caller passes the params before it.
extern "C" __global__ void
tma_load_2d_derived(const float *in, float *out, int x0, int y0, int boxX,
                    int boxY, int w, int h, int ld,
                    const __grid_constant__ CUtensorMap tmap) {
  loadBox2d(&tmap, out, x0, y0, boxX, boxY);
}
