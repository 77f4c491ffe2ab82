// TMA probe for sm_90a (H200): measures what cp.async.bulk.tensor does where
// the PTX ISA and the driver documentation leave room for doubt, so that the
// emulator (lib/Emu/ExecAsync.cpp) follows the hardware:
//   - the shared-memory placement of every swizzle mode, with the box at
//     offsets that are not multiples of the pattern's repeat (swizzle phase)
//     and with inner box extents smaller than the swizzle span;
//   - out-of-bounds fill (zero and the NaN request) per float type;
//   - the FLOAT32_FTZ / TFLOAT32 / TFLOAT32_FTZ data types on load and store;
//   - element (traversal) strides, including dimension 0;
//   - the byte count that complete_tx signals (expect_tx of a given count
//     either completes the phase or not);
//   - which global elements a store with an out-of-bounds box writes;
//   - 1D/3D/5D boxes, shared addresses that are only 16-byte aligned, and
//     inner-dimension start coordinates that are not 16-byte aligned.
//
// Each case runs in its own process (a faulting case cannot hide the others).
// Build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a
//        tma_probe.cu -o tma_probe
// Run:   for c in $(tma_probe --list); do tma_probe OUTDIR $c; done
// Each case writes OUTDIR/<case>.txt: "status <s>" (bit 0: the mbarrier
// phase completed with the expected byte count; bit 1: the next phase then
// completed on one arrival, i.e. no bytes beyond the expected count were
// signalled), then "smem" or "global" and the dumped bytes in hex; or
// "cuda_error <message>" when the launch faulted.
//
// Results on the H200 (driver 580.159.04, 2026-12-02; lib/Emu/ExecAsync.cpp
// follows them and test/unittests/Emu/TmaTest.cpp checks them):
//  - swizzle: shared byte address a -> a ^ (((a >> 7) & m) << 4), m = 1, 3,
//    7 for 32B, 64B, 128B, on the absolute address (boxes at offsets 128 ..
//    640 into the repeat follow it); every sw*_full case matches;
//  - inner box narrower than the span: one span per row (padding bytes
//    untouched); the tx-count is the unpadded box (the padcount cases never
//    complete, the others complete exactly: status 3);
//  - out-of-bound elements: zero, or 0x7ff7 per 16-bit granule with the NaN
//    request (f16, bf16, f32, tf32, f64 alike); the tx-count includes them;
//  - TFLOAT32 and TFLOAT32_FTZ loads: round to nearest even at 10 fraction
//    bits, denormals kept, NaN -> 0x7fffe000, overflow -> inf; FLOAT32_FTZ
//    loads and stores of all four types copy bits unchanged;
//  - element strides: ceil(box / stride) elements per dimension (stride 0
//    ignored), the tx-count counts those only;
//  - shared address 16 or 64 (mod 128): "misaligned address"; a dimension-0
//    start coordinate whose byte offset is not a multiple of 16 (load or
//    store, in or out of bounds): "illegal instruction"; a store with any
//    negative coordinate: "illegal instruction"; loads at negative (aligned)
//    coordinates and stores past the tensor's end (elements dropped) work.
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                \
              cudaGetErrorString(e_));                                         \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

constexpr uint32_t kSmem = 64 * 1024;
constexpr uint32_t kBarOff = kSmem - 64;

struct Coords {
  int c[5];
};

__device__ __forceinline__ uint64_t nowNs() {
  uint64_t t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}

__global__ void loadKernel(const __grid_constant__ CUtensorMap tm, int rank,
                           Coords co, uint32_t dstOff, uint32_t expectBytes,
                           uint32_t dumpBytes, uint8_t *out, int *status) {
  extern __shared__ __align__(1024) uint8_t smem[];
  if (threadIdx.x != 0)
    return;
  for (uint32_t i = 0; i < dumpBytes; ++i)
    smem[i] = 0xA5;
  uint32_t bar = uint32_t(__cvta_generic_to_shared(smem + kBarOff));
  uint32_t dst = uint32_t(__cvta_generic_to_shared(smem + dstOff));
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(bar));
  asm volatile("fence.mbarrier_init.release.cluster;");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(bar),
               "r"(expectBytes));
  const int *c = co.c;
  switch (rank) {
  case 1:
    asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier:"
                 ":complete_tx::bytes [%0], [%1, {%2}], [%3];" ::"r"(dst),
                 "l"(&tm), "r"(c[0]), "r"(bar)
                 : "memory");
    break;
  case 2:
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier:"
                 ":complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst),
                 "l"(&tm), "r"(c[0]), "r"(c[1]), "r"(bar)
                 : "memory");
    break;
  case 3:
    asm volatile(
        "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier:"
        ":complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" ::"r"(dst),
        "l"(&tm), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(bar)
        : "memory");
    break;
  case 5:
    asm volatile(
        "cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier:"
        ":complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7];" ::"r"(
            dst),
        "l"(&tm), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]),
        "r"(bar)
        : "memory");
    break;
  }
  uint32_t done = 0;
  uint64_t t0 = nowNs();
  while (!done && nowNs() - t0 < 20000000ull) {
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], "
                 "0; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(bar)
                 : "memory");
  }
  if (!done) // let a copy that signalled a different count land anyway
    while (nowNs() - t0 < 40000000ull) {
    }
  // Exactness of the count: a phase that completed early because the copy
  // signalled more bytes than expected leaves a negative tx-count behind, so
  // the next phase (one plain arrival) does not complete.
  uint32_t done1 = 0;
  if (done) {
    asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(bar) : "memory");
    uint64_t t1 = nowNs();
    while (!done1 && nowNs() - t1 < 5000000ull)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, "
                   "[%1], 1; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done1)
                   : "r"(bar)
                   : "memory");
  }
  status[0] = int(done + 2 * done1);
  for (uint32_t i = 0; i < dumpBytes; ++i)
    out[i] = smem[i];
}

__global__ void storeKernel(const __grid_constant__ CUtensorMap tm, int rank,
                            Coords co, uint32_t srcOff, const uint8_t *in,
                            uint32_t bytes) {
  extern __shared__ __align__(1024) uint8_t smem[];
  if (threadIdx.x != 0)
    return;
  for (uint32_t i = 0; i < bytes; ++i)
    smem[srcOff + i] = in[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  uint32_t src = uint32_t(__cvta_generic_to_shared(smem + srcOff));
  const int *c = co.c;
  if (rank == 1)
    asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group "
                 "[%0, {%1}], [%2];" ::"l"(&tm),
                 "r"(c[0]), "r"(src)
                 : "memory");
  else
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group "
                 "[%0, {%1, %2}], [%3];" ::"l"(&tm),
                 "r"(c[0]), "r"(c[1]), "r"(src)
                 : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// --- Cases
// ---------------------------------------------------------------------

enum Fill { GIndexU16, GIndexU32, GFloatBits, GF16Bits, GF64Bits };

struct Case {
  std::string name;
  CUtensorMapDataType type;
  int esize;
  int rank;
  uint64_t dim[5];
  uint32_t box[5];
  uint32_t estr[5];
  CUtensorMapSwizzle swizzle;
  CUtensorMapFloatOOBfill fill;
  Coords co;
  uint32_t off;         // shared offset of the box
  uint32_t expectBytes; // load: expect_tx count
  uint32_t dumpBytes;
  bool store = false;
  Fill gfill = GIndexU16;
};

static const uint32_t kF32Special[] = {
    0x00000001u, 0x007fffffu, 0x80000001u, 0x00800000u, 0x7fc00001u,
    0x7f800001u, 0xff800000u, 0x80000000u, 0x3f800fffu, 0x3f801000u,
    0x3f800800u, 0x3f801800u, 0x3fffffffu, 0x7f7fffffu, 0x4b7fffffu,
    0x3f8007ffu, 0x3f803000u, 0xbf803000u, 0xbf801000u, 0x00001000u,
    0x00003000u, 0x00100000u, 0x80400000u, 0xffc00000u, 0x7f800000u,
    0x7f7ff000u, 0x00000fffu, 0x7f801000u, 0x7fffffffu, 0x807fffffu,
    0x3f7fffffu, 0x00400000u};

std::vector<Case> cases() {
  std::vector<Case> v;
  auto base2d = [](std::string n, int sw, uint32_t inner, uint32_t rows,
                   uint32_t off, int x, int y) {
    Case c{};
    c.name = n;
    c.type = CU_TENSOR_MAP_DATA_TYPE_UINT16;
    c.esize = 2;
    c.rank = 2;
    c.dim[0] = 256;
    c.dim[1] = 64;
    c.box[0] = inner;
    c.box[1] = rows;
    c.estr[0] = c.estr[1] = 1;
    c.swizzle = CUtensorMapSwizzle(sw);
    c.fill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
    c.co = {{x, y, 0, 0, 0}};
    c.off = off;
    c.expectBytes = inner * rows * 2;
    c.dumpBytes = 8192;
    return c;
  };
  // A: full-span boxes of every swizzle mode at several phases.
  const int spans[] = {0, 32, 64, 128};
  for (int sw = 0; sw < 4; ++sw)
    for (uint32_t off : {0u, 128u, 256u, 384u, 512u, 640u}) {
      uint32_t inner = sw ? uint32_t(spans[sw]) / 2 : 64;
      v.push_back(
          base2d("sw" + std::to_string(sw) + "_full_off" + std::to_string(off),
                 sw, inner, 16, off, 24, 3));
    }
  // B: inner extents below the span (bytes = elems * 2).
  struct N {
    int sw;
    uint32_t inner;
  } narrow[] = {{3, 32}, {3, 16}, {3, 8}, {2, 16}, {2, 8}, {1, 8}};
  for (N n : narrow)
    for (uint32_t off : {0u, 128u}) {
      Case c = base2d("sw" + std::to_string(n.sw) + "_inner" +
                          std::to_string(n.inner * 2) + "B_off" +
                          std::to_string(off),
                      n.sw, n.inner, 16, off, 8, 1);
      v.push_back(c);
      uint32_t span = uint32_t(spans[n.sw]);
      c.name += "_padcount";
      c.expectBytes = span * 16;
      v.push_back(c);
    }
  // C: out-of-bounds boxes, zero and NaN fill, per float type.
  struct T {
    const char *n;
    CUtensorMapDataType t;
    int es;
    Fill f;
  } fts[] = {{"f32", CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, GFloatBits},
             {"f16", CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, GF16Bits},
             {"bf16", CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, GF16Bits},
             {"f64", CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 8, GF64Bits},
             {"tf32", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, 4, GFloatBits},
             {"u16", CU_TENSOR_MAP_DATA_TYPE_UINT16, 2, GIndexU16}};
  struct P {
    const char *n;
    int x, y;
  } pos[] = {
      {"tl", -3, -2}, {"br", 30, 15}, {"left", -20, 0}, {"below", 0, 25}};
  for (T t : fts)
    for (int fill = 0; fill < 2; ++fill)
      for (P p : pos) {
        if (fill && t.t == CU_TENSOR_MAP_DATA_TYPE_UINT16)
          continue;
        Case c{};
        c.name = std::string("oob_") + t.n + (fill ? "_nan_" : "_zero_") + p.n;
        c.type = t.t;
        c.esize = t.es;
        c.rank = 2;
        c.dim[0] = 40;
        c.dim[1] = 20;
        c.box[0] = 16;
        c.box[1] = 8;
        c.estr[0] = c.estr[1] = 1;
        c.swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
        c.fill = CUtensorMapFloatOOBfill(fill);
        c.co = {{p.x, p.y, 0, 0, 0}};
        c.off = 0;
        c.expectBytes = 16 * 8 * t.es;
        c.dumpBytes = c.expectBytes + 256;
        c.gfill = t.f;
        v.push_back(c);
      }
  // D: float data types with special values (1D, 16 elements).
  struct D {
    const char *n;
    CUtensorMapDataType t;
  } dts[] = {{"f32", CU_TENSOR_MAP_DATA_TYPE_FLOAT32},
             {"f32ftz", CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ},
             {"tf32", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32},
             {"tf32ftz", CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ}};
  for (D d : dts)
    for (int st = 0; st < 2; ++st) {
      Case c{};
      c.name = std::string("dtype_") + d.n + (st ? "_store" : "_load");
      c.type = d.t;
      c.esize = 4;
      c.rank = 1;
      c.dim[0] = 32;
      c.box[0] = 32;
      c.estr[0] = 1;
      c.swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
      c.fill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
      c.co = {{0, 0, 0, 0, 0}};
      c.expectBytes = 128;
      c.dumpBytes = 256;
      c.store = st;
      c.gfill = GFloatBits;
      v.push_back(c);
    }
  // E: element strides.
  struct S {
    const char *n;
    uint32_t b0, b1, s0, s1, expect;
  } es[] = {
      {"s1_2", 16, 8, 1, 2, 16 * 2 * 4},     {"s1_2_full", 16, 8, 1, 2, 256},
      {"s1_3", 16, 8, 1, 3, 16 * 2 * 3},     {"s2_1", 16, 4, 2, 1, 16 * 2 * 4},
      {"s2_1_half", 16, 4, 2, 1, 8 * 2 * 4}, {"s1_2_oob", 16, 8, 1, 2, 128}};
  for (S s : es) {
    Case c = base2d(std::string("estr_") + s.n, 0, s.b0, s.b1, 0, 8,
                    std::string(s.n) == "s1_2_oob" ? 59 : 1);
    c.estr[0] = s.s0;
    c.estr[1] = s.s1;
    c.expectBytes = s.expect;
    c.dumpBytes = 1024;
    v.push_back(c);
  }
  // F: other ranks.
  {
    Case c{};
    c.name = "rank1";
    c.type = CU_TENSOR_MAP_DATA_TYPE_UINT16;
    c.esize = 2;
    c.rank = 1;
    c.dim[0] = 100;
    c.box[0] = 24;
    c.estr[0] = 1;
    c.swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
    c.fill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
    c.co = {{90, 0, 0, 0, 0}};
    c.expectBytes = 48;
    c.dumpBytes = 128;
    v.push_back(c);
    Case d = c;
    d.name = "rank3";
    d.rank = 3;
    d.dim[0] = 16;
    d.dim[1] = 8;
    d.dim[2] = 4;
    d.box[0] = 8;
    d.box[1] = 4;
    d.box[2] = 2;
    d.estr[1] = d.estr[2] = 1;
    d.co = {{8, 2, 3, 0, 0}};
    d.expectBytes = 8 * 4 * 2 * 2;
    d.dumpBytes = 256;
    v.push_back(d);
    Case e = d;
    e.name = "rank5";
    e.rank = 5;
    uint64_t dm[5] = {8, 4, 3, 2, 2};
    uint32_t bx[5] = {8, 2, 2, 2, 1};
    for (int i = 0; i < 5; ++i) {
      e.dim[i] = dm[i];
      e.box[i] = bx[i];
      e.estr[i] = 1;
    }
    e.co = {{0, 3, 1, 0, 1}};
    e.expectBytes = 8 * 2 * 2 * 2 * 2;
    e.dumpBytes = 256;
    v.push_back(e);
  }
  // G: stores (global prefilled with 0xEE bytes; smem pattern 0x8000 + i).
  {
    Case c = base2d("store_oob", 0, 32, 8, 0, 240, 60);
    c.store = true;
    v.push_back(c);
    Case d = base2d("store_sw128_off0", 3, 64, 8, 0, 0, 0);
    d.store = true;
    v.push_back(d);
    Case e = base2d("store_sw128_off128", 3, 64, 8, 128, 0, 0);
    e.store = true;
    v.push_back(e);
    Case f = base2d("store_sw128_inner64B", 3, 32, 8, 0, 0, 0);
    f.store = true;
    v.push_back(f);
  }
  // I: inner start coordinates (u16: 2 bytes per element).
  v.push_back(base2d("coord_x3_inbounds", 0, 16, 4, 0, 3, 1));
  v.push_back(base2d("coord_x4_inbounds", 0, 16, 4, 0, 4, 1));
  v.push_back(base2d("coord_x8_inbounds", 0, 16, 4, 0, 8, 1));
  v.push_back(base2d("coord_xm8_ym1", 0, 16, 4, 0, -8, -1));
  v.push_back(base2d("coord_x248_y62", 0, 16, 4, 0, 248, 62));
  v.push_back(base2d("coord_xm8_sw128", 3, 64, 8, 0, -8, -1));
  {
    struct SC {
      const char *n;
      int x, y;
    } sc[] = {{"store_xm8_ym2", -8, -2},
              {"store_xm8_y0", -8, 0},
              {"store_x0_ym2", 0, -2},
              {"store_x3_y0", 3, 0}};
    for (SC q : sc) {
      Case c = base2d(q.n, 0, 32, 8, 0, q.x, q.y);
      c.store = true;
      v.push_back(c);
    }
  }
  // H: 16-byte aligned shared addresses.
  v.push_back(base2d("align16_sw0", 0, 64, 4, 16, 0, 0));
  v.push_back(base2d("align16_sw128", 3, 64, 4, 16, 0, 0));
  v.push_back(base2d("align64_sw128", 3, 64, 4, 64, 0, 0));
  return v;
}

uint32_t f32Pattern(size_t i) {
  if (i < sizeof(kF32Special) / 4)
    return kF32Special[i];
  return 0x3f800000u + uint32_t(i) * 0x00010101u;
}

int main(int argc, char **argv) {
  std::vector<Case> all = cases();
  if (argc == 2 && std::string(argv[1]) == "--list") {
    for (const Case &c : all)
      printf("%s\n", c.name.c_str());
    return 0;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: tma_probe OUTDIR CASE | --list\n");
    return 2;
  }
  const Case *cp = nullptr;
  for (const Case &c : all)
    if (c.name == argv[2])
      cp = &c;
  if (!cp) {
    fprintf(stderr, "no case %s\n", argv[2]);
    return 2;
  }
  const Case &c = *cp;
  PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  cudaDriverEntryPointQueryResult q;
  CK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",
                                      reinterpret_cast<void **>(&encode), 12000,
                                      cudaEnableDefault, &q));
  // Global tensor, dense, with 256 bytes of slack either side.
  uint64_t elems = 1;
  for (int i = 0; i < c.rank; ++i)
    elems *= c.dim[i];
  size_t bytes = size_t(elems) * size_t(c.esize);
  std::vector<uint8_t> host(bytes);
  for (uint64_t i = 0; i < elems; ++i) {
    uint8_t *p = host.data() + i * uint64_t(c.esize);
    if (c.store) {
      memset(p, 0xEE, size_t(c.esize));
      continue;
    }
    switch (c.gfill) {
    case GIndexU16: {
      uint16_t x = uint16_t(i);
      memcpy(p, &x, 2);
      break;
    }
    case GIndexU32: {
      uint32_t x = uint32_t(i);
      memcpy(p, &x, 4);
      break;
    }
    case GFloatBits: {
      uint32_t x = f32Pattern(size_t(i));
      memcpy(p, &x, 4);
      break;
    }
    case GF16Bits: {
      uint16_t x = uint16_t(0x3c00 + i);
      memcpy(p, &x, 2);
      break;
    }
    case GF64Bits: {
      uint64_t x = 0x3ff0000000000000ull + i;
      memcpy(p, &x, 8);
      break;
    }
    }
  }
  uint8_t *dG = nullptr;
  CK(cudaMalloc(&dG, bytes + 512));
  CK(cudaMemset(dG, 0x77, bytes + 512));
  CK(cudaMemcpy(dG + 256, host.data(), bytes, cudaMemcpyHostToDevice));
  cuuint64_t dims[5], strides[5];
  cuuint32_t box[5], estr[5];
  uint64_t s = uint64_t(c.esize);
  for (int i = 0; i < c.rank; ++i) {
    dims[i] = c.dim[i];
    box[i] = c.box[i];
    estr[i] = c.estr[i];
    if (i > 0)
      strides[i - 1] = s;
    s *= c.dim[i];
  }
  CUtensorMap tm;
  CUresult r = encode(&tm, c.type, cuuint32_t(c.rank), dG + 256, dims, strides,
                      box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, c.swizzle,
                      CU_TENSOR_MAP_L2_PROMOTION_NONE, c.fill);
  std::string path = std::string(argv[1]) + "/" + c.name + ".txt";
  FILE *f = fopen(path.c_str(), "w");
  if (r != CUDA_SUCCESS) {
    fprintf(f, "encode_error %d\n", int(r));
    fclose(f);
    return 0;
  }
  CK(cudaFuncSetAttribute(loadKernel,
                          cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
  CK(cudaFuncSetAttribute(storeKernel,
                          cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
  if (!c.store) {
    uint8_t *dOut;
    int *dStatus;
    CK(cudaMalloc(&dOut, c.dumpBytes));
    CK(cudaMalloc(&dStatus, 4));
    loadKernel<<<1, 32, kSmem>>>(tm, c.rank, c.co, c.off, c.expectBytes,
                                 c.dumpBytes, dOut, dStatus);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      fprintf(f, "cuda_error %s\n", cudaGetErrorString(e));
      fclose(f);
      return 0;
    }
    std::vector<uint8_t> out(c.dumpBytes);
    int status = -1;
    CK(cudaMemcpy(out.data(), dOut, c.dumpBytes, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&status, dStatus, 4, cudaMemcpyDeviceToHost));
    fprintf(f, "status %d\nsmem", status);
    for (uint32_t i = 0; i < c.dumpBytes; ++i)
      fprintf(f, "%s%02x", i % 32 ? "" : "\n", out[i]);
    fprintf(f, "\n");
  } else {
    // Shared source: 16-bit pattern 0x8000 + i for u16, float patterns else.
    uint32_t boxBytes = uint32_t(c.esize);
    for (int i = 0; i < c.rank; ++i)
      boxBytes *= c.box[i];
    std::vector<uint8_t> src(boxBytes);
    for (uint32_t i = 0; i < boxBytes / uint32_t(c.esize); ++i) {
      if (c.esize == 2) {
        uint16_t x = uint16_t(0x8000 + i);
        memcpy(src.data() + 2 * i, &x, 2);
      } else {
        uint32_t x = f32Pattern(i);
        memcpy(src.data() + 4 * i, &x, 4);
      }
    }
    uint8_t *dIn;
    CK(cudaMalloc(&dIn, boxBytes));
    CK(cudaMemcpy(dIn, src.data(), boxBytes, cudaMemcpyHostToDevice));
    storeKernel<<<1, 32, kSmem>>>(tm, c.rank, c.co, c.off, dIn, boxBytes);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      fprintf(f, "cuda_error %s\n", cudaGetErrorString(e));
      fclose(f);
      return 0;
    }
    std::vector<uint8_t> out(bytes + 512);
    CK(cudaMemcpy(out.data(), dG, bytes + 512, cudaMemcpyDeviceToHost));
    fprintf(f, "status 1\nglobal");
    for (size_t i = 0; i < out.size(); ++i)
      fprintf(f, "%s%02x", i % 32 ? "" : "\n", out[i]);
    fprintf(f, "\n");
  }
  fclose(f);
  return 0;
}
