//===- host.cpp - The tcgen05 test kernels against a CPU reference --------===//
//
// Runs the sm_100a kernels that test/Target compiles but never ran:
//   test/Target/Inputs/tcgen05-gemm.mlir (module tcgen05): umma_bf16,
//     umma_bf16_pair, umma_nvf4;
//   test/Target/Inputs/tcgen05-pipelined-gemm.mlir (module umma_pipelined):
//     gemm_bf16;
// on the emulator (CUTE_DEVICE=emu:sm_100a) or a compute capability 10.0
// GPU, against a CPU reference computed here in double precision from the
// decoded inputs (no library model of the MMA). Every case has fresh data
// (seed printed; CUTE_SEED=S repeats a run) and C poisoned (0xFF bytes: NaN)
// before the launch, and runs in a context of its own, so a kernel that
// faults fails its case only. Prints "CHECK <kernel> exact|random <MxNxK>
// seed <s>: PASS|FAIL (...)" per case and "RESULT tcgen05-kernels
// PASS|FAIL"; exit status 1 on any failure.
//
// The kernels' contracts, as read from their source and their PTX:
// - bf16 kernels: (pa, pb, pc, m, n, k); A (M x K) and B (N x K) bf16
//   row-major, C (M x N) f32 row-major, C = A B^T. No bounds checks: M, N, K
//   must be multiples of the tiles.
//   umma_bf16      128 x 256 tile per CTA, block (x, y) -> C rows 128 x,
//                  columns 256 y; K in steps of 64. Grid (M/128, N/256).
//   umma_bf16_pair clusters of 2 along x; CTA x holds A rows 128 x .. + 127
//                  and B rows 256 y + 128 (x % 2) .. + 127, writes C rows
//                  128 x, columns 256 y (the pair's 256 x 256 tile). Grid
//                  (M/128, N/256), M % 256 == 0.
//   gemm_bf16      (warp-specialized, TMA, 4-stage ring) 128 x 256 tile per
//                  CTA, block (x, y) -> rows 128 x, columns 256 y. Grid
//                  (M/128, N/256); the TMA descriptors are derived by the
//                  runtime from pa/pb (not arguments).
// - umma_nvf4: (pa, pb, psa, psb, pc, m, n, k); A (M x K), B (N x K) e2m1
//   codes row-major, packed two per byte, element 2i in the low nibble (the
//   kernel moves whole bytes: global row r of A starts at byte r K / 2 and
//   each thread copies 32 bytes = 64 elements of its row per K tile; the
//   shared-memory "interleaved K-major" tile is built by the kernel, not by
//   the host). C f32 row-major. 128 x 128 tile per CTA: block (x, y) -> C
//   rows 128 x, columns 128 y; grid (M/128, N/128); the A/B stride is
//   declared ?{div=128}, so K % 128 == 0. Scale factors: one UE4M3 per 16
//   elements of K, "in CUTLASS's 512-byte atoms": the atom of row block i
//   (128 rows) and K block j (64 elements, 4 scales) at byte 512 (i K/64 +
//   j); in it, scale s of row 32 q + l (q < 4, l < 32) at 16 l + 4 q + s.
//   The driver packs them so itself (sfContractOffset) and checks that
//   cute::atom::packScaleFactors(.., vs = 16) gives the same bytes. The
//   buffers have exactly that size (M K / 16 bytes).
//
// Data. Exact cases: bf16 integers in [-3, 3]; e2m1: all 16 codes, scales
// 2^-1, 2^0, 2^1 (codes 0x30, 0x38, 0x40). Every product and partial sum is
// then exactly representable in f32 (integers below 2^24; multiples of 2^-4
// below 2^20), so C must equal the sum bit for bit, in any summation order.
// Random cases: bf16 uniform in [-1, 1); NVFP4 from quantizeNvfp4 (per-tensor
// scale 1) of normal data whose rows have magnitudes 2^-3 .. 2^3. Bound:
// |C - ref| <= K 2^-22 sum_k |a_k b_k|, K additions each losing at most a
// couple of f32 ulps of a partial sum bounded by sum |a b| (covers
// truncating tensor-core accumulation; a wrong element or scale is far
// outside it).
//
// umma_nvf4 did not meet that contract when this driver was written: its
// scale view counts bytes of an atom row, but it was tiled by (128,64) and
// partitioned with (32,16):(1,512), so for K tile kt lane l read one byte
// from each of 4 atoms, 2048 kt + 512 (v / 4) + 4 (v % 4) instead of 512 kt
// + v (PTX: ld.global.b8 at +0,4,8,12, +512 ..), running past the scale
// buffers (CUDA_ERROR_ILLEGAL_ADDRESS on the emulator). The kernel now tiles
// by (128,16) and partitions with (32,16):(1,128); these checks are its
// regression test.
//
//===----------------------------------------------------------------------===//
#include "common/Harness.h"

#include "cute/Atom/ScaleFactors.h"
#include "cute/Support/NarrowFloat.h"

#include <functional>
#include <thread>

using namespace cute;
using namespace cute::ex;

namespace {

Options gOpts;

// --- Decoding, independent of the library

double e2m1Value(uint8_t c) {
  static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return (c & 8 ? -1.0 : 1.0) * mag[c & 7];
}
/// UE4M3: e4m3 without sign, bias 7, 0x7F NaN.
double ue4m3Value(uint8_t c) {
  if (c == 0x7f || c > 0x7f)
    return NAN;
  int e = c >> 3, m = c & 7;
  if (e == 0)
    return std::ldexp(double(m), -9);
  return std::ldexp(1.0 + m / 8.0, e - 7);
}
double bf16Value(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint32_t f32Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// --- Reference and comparison

void parallelRows(int64_t m, const std::function<void(int64_t, int64_t)> &fn) {
  unsigned nt =
      std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < nt; ++t)
    pool.emplace_back(fn, m * t / nt, m * (t + 1) / nt);
  for (auto &t : pool)
    t.join();
}

/// ref = A B^T in double, and sum |a b| per element (A: m x k, B: n x k).
void gemmRef(const std::vector<double> &a, const std::vector<double> &b,
             int64_t m, int64_t n, int64_t k, std::vector<double> &ref,
             std::vector<double> &absSum) {
  ref.assign(size_t(m * n), 0);
  absSum.assign(size_t(m * n), 0);
  parallelRows(m, [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r)
      for (int64_t j = 0; j < n; ++j) {
        double s = 0, t = 0;
        const double *pa = &a[size_t(r * k)], *pb = &b[size_t(j * k)];
        for (int64_t p = 0; p < k; ++p) {
          s += pa[p] * pb[p];
          t += std::fabs(pa[p] * pb[p]);
        }
        ref[size_t(r * n + j)] = s;
        absSum[size_t(r * n + j)] = t;
      }
  });
}

struct Verdict {
  size_t bad = 0, worst = 0;
  double maxd = 0;
};

/// exact: got must equal float(ref) bit for bit (ref is exact in f32);
/// else |got - ref| <= k 2^-22 absSum.
Verdict compareC(const std::vector<float> &got, const std::vector<double> &ref,
                 const std::vector<double> &absSum, int64_t k, bool exact) {
  Verdict v;
  const double rel = std::ldexp(double(k), -22);
  for (size_t i = 0; i < ref.size(); ++i) {
    double d = std::fabs(double(got[i]) - ref[i]);
    bool ok = exact ? f32Bits(got[i]) == f32Bits(float(ref[i]))
                    : d <= rel * absSum[i];
    if (!ok)
      ++v.bad;
    if (!(d <= v.maxd)) {
      v.maxd = std::isnan(d) ? INFINITY : d;
      v.worst = i;
    }
  }
  return v;
}

std::string shapeStr(int64_t m, int64_t n, int64_t k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

/// Prints the CHECK line (and the worst element when failing).
bool report(const char *tag, const std::string &kernel, bool exact, int64_t m,
            int64_t n, int64_t k, uint64_t seed, const Verdict &v,
            const std::vector<float> &got, const std::vector<double> &ref,
            double ms, const std::string &error) {
  bool pass = error.empty() && v.bad == 0;
  if (!error.empty()) {
    std::printf("%s %s %s %s seed %llu: FAIL (%s)\n", tag, kernel.c_str(),
                exact ? "exact " : "random", shapeStr(m, n, k).c_str(),
                (unsigned long long)seed, error.c_str());
    return false;
  }
  std::printf("%s %s %s %s seed %llu: %s (max |d| %.3g, %zu bad, %.0f ms)\n",
              tag, kernel.c_str(), exact ? "exact " : "random",
              shapeStr(m, n, k).c_str(), (unsigned long long)seed,
              pass ? "PASS" : "FAIL", v.maxd, v.bad, ms);
  if (!pass)
    std::printf("  worst at (%lld, %lld): got %.9g want %.9g\n",
                (long long)(v.worst / size_t(n)),
                (long long)(v.worst % size_t(n)), double(got[v.worst]),
                ref[v.worst]);
  return pass;
}

// --- Launching, each case in a fresh context

/// Uploads `inputs`, launches `kernel` of `module` on `grid` with the
/// arguments (inputs..., C, m, n, k) and downloads C (m x n f32, poisoned
/// before the launch); returns "" or the error text.
struct Upload {
  const void *data;
  size_t bytes;
};
std::string launchGemm(const std::string &module, const std::string &kernel,
                       const std::vector<Upload> &inputs, int64_t m, int64_t n,
                       int64_t k, rt::Dim3 grid, std::vector<float> &c,
                       double &ms) {
  auto ctxE = rt::Context::create();
  if (!ctxE.ok())
    return "context: " + ctxE.message();
  rt::Context ctx = std::move(ctxE).value();
  auto streamE = rt::Stream::create(ctx);
  if (!streamE.ok())
    return "stream: " + streamE.message();
  rt::Stream stream = std::move(streamE).value();
  rt::Program prog = loadProgram(ctx, gOpts, module);
  auto kernE = prog.kernel(kernel);
  if (!kernE.ok())
    return "kernel: " + kernE.message();
  rt::Kernel kern = std::move(kernE).value();
  std::vector<rt::DeviceBuffer> bufs;
  auto upload = [&](const Upload &u) -> std::string {
    auto b = rt::DeviceBuffer::allocate(ctx, u.bytes);
    if (!b.ok())
      return "allocate: " + b.message();
    Status s = b->copyFromHost(u.data, u.bytes);
    if (!s.ok())
      return "upload: " + s.message();
    bufs.push_back(std::move(b).value());
    return "";
  };
  for (const Upload &u : inputs)
    if (std::string e = upload(u); !e.empty())
      return e;
  auto dcE = rt::DeviceBuffer::allocate(ctx, size_t(m * n) * 4);
  if (!dcE.ok())
    return "allocate C: " + dcE.message();
  rt::DeviceBuffer dc = std::move(dcE).value();
  if (Status s = dc.poison(); !s.ok())
    return "poison: " + s.message();
  rt::KernelArgs args;
  for (rt::DeviceBuffer &b : bufs)
    args.ptr(b);
  args.ptr(dc);
  args.scalar(int32_t(m)).scalar(int32_t(n)).scalar(int32_t(k));
  rt::LaunchConfig cfg;
  cfg.grid = grid; // block, cluster and shared memory from the metadata
  auto t0 = std::chrono::steady_clock::now();
  if (Status s = kern.launch(stream, cfg, args); !s.ok())
    return "launch: " + s.message();
  if (Status s = stream.synchronize(); !s.ok())
    return "run: " + s.message();
  ms = std::chrono::duration<double, std::milli>(
           std::chrono::steady_clock::now() - t0)
           .count();
  c.assign(size_t(m * n), 0.f);
  if (Status s = dc.copyToHost(c.data(), c.size() * 4); !s.ok())
    return "download: " + s.message();
  return "";
}

// --- The bf16 kernels

struct Bf16Kernel {
  const char *module, *name;
  int64_t tileM, tileN, tileK; // divisibility the kernel needs of M, N, K
};

bool runBf16(const Bf16Kernel &kd, int64_t m, int64_t n, int64_t k,
             bool exact) {
  if (m % kd.tileM || n % kd.tileN || k % kd.tileK) {
    std::printf("CHECK %s %s: FAIL (driver: shape not a multiple of %lldx"
                "%lldx%lld)\n",
                kd.name, shapeStr(m, n, k).c_str(), (long long)kd.tileM,
                (long long)kd.tileN, (long long)kd.tileK);
    return false;
  }
  uint64_t seed = freshSeed();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> di(-3, 3);
  std::uniform_real_distribution<float> df(-1.f, 1.f);
  auto make = [&](int64_t rows, std::vector<uint16_t> &bits,
                  std::vector<double> &vals) {
    bits.resize(size_t(rows * k));
    vals.resize(bits.size());
    for (size_t i = 0; i < bits.size(); ++i) {
      bits[i] = floatToBf16(exact ? float(di(rng)) : df(rng));
      vals[i] = bf16Value(bits[i]);
    }
  };
  std::vector<uint16_t> ha, hb;
  std::vector<double> va, vb;
  make(m, ha, va);
  make(n, hb, vb);
  std::vector<float> got;
  double ms = 0;
  std::string err =
      launchGemm(kd.module, kd.name,
                 {{ha.data(), ha.size() * 2}, {hb.data(), hb.size() * 2}}, m, n,
                 k, rt::Dim3{unsigned(m / 128), unsigned(n / 256), 1}, got, ms);
  std::vector<double> ref, absSum;
  Verdict v;
  if (err.empty()) {
    gemmRef(va, vb, m, n, k, ref, absSum);
    v = compareC(got, ref, absSum, k, exact);
  }
  return report("CHECK", kd.name, exact, m, n, k, seed, v, got, ref, ms, err);
}

// --- umma_nvf4

constexpr int64_t kVs = 16; // elements of K per UE4M3 scale

/// The header's reading (CUTLASS's atoms): byte of the scale of row r, K
/// block j (elements 16 j .. 16 j + 15).
int64_t sfContractOffset(int64_t r, int64_t j, int64_t k) {
  int64_t kb = k / 64;
  return 512 * ((r / 128) * kb + j / 4) + 16 * (r % 32) + 4 * ((r % 128) / 32) +
         j % 4;
}
struct Nvf4Operand {
  std::vector<uint8_t> codes;  // rows x k, one per byte
  std::vector<uint8_t> scales; // rows x k/16, row-major
};

Nvf4Operand makeNvf4(int64_t rows, int64_t k, bool exact,
                     std::mt19937_64 &rng) {
  Nvf4Operand o;
  if (exact) {
    std::uniform_int_distribution<int> code(0, 15), sc(0, 2);
    static const uint8_t kScales[3] = {0x30, 0x38, 0x40}; // 0.5, 1, 2
    o.codes.resize(size_t(rows * k));
    o.scales.resize(size_t(rows * k / kVs));
    for (auto &c : o.codes)
      c = uint8_t(code(rng));
    for (auto &s : o.scales)
      s = kScales[sc(rng)];
    return o;
  }
  std::normal_distribution<float> d(0.f, 1.f);
  std::uniform_real_distribution<float> mag(-3.f, 3.f);
  std::vector<float> x(size_t(rows * k));
  for (int64_t r = 0; r < rows; ++r) {
    float rs = std::exp2(mag(rng));
    for (int64_t c = 0; c < k; ++c)
      x[size_t(r * k + c)] = d(rng) * rs;
  }
  Nvfp4Quantized q = quantizeNvfp4(x.data(), x.size(), 1.0f, size_t(kVs));
  o.codes = unpackF4E2M1FN(q.data.data(), q.count);
  o.scales = q.scales;
  return o;
}

/// e2m1 codes, two per byte, element 2i low (the driver's own packer).
std::vector<uint8_t> packNibbles(const std::vector<uint8_t> &codes) {
  std::vector<uint8_t> out((codes.size() + 1) / 2, 0);
  for (size_t i = 0; i < codes.size(); ++i)
    out[i / 2] |= uint8_t((codes[i] & 15) << (i % 2 ? 4 : 0));
  return out;
}

/// Decoded operand: code value times the scale found at `offset(r, j)` of
/// the scale bytes `sf`.
std::vector<double>
decodeNvf4(const std::vector<uint8_t> &codes, const std::vector<uint8_t> &sf,
           int64_t rows, int64_t k,
           const std::function<int64_t(int64_t, int64_t, int64_t)> &offset) {
  std::vector<double> v(size_t(rows * k));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t p = 0; p < k; ++p)
      v[size_t(r * k + p)] = e2m1Value(codes[size_t(r * k + p)]) *
                             ue4m3Value(sf[size_t(offset(r, p / kVs, k))]);
  return v;
}

bool checkNvf4Shape(int64_t m, int64_t n, int64_t k) {
  if (m % 128 || n % 128 || k % 128) {
    std::printf("CHECK umma_nvf4 %s: FAIL (driver: M, N and K must be "
                "multiples of 128)\n",
                shapeStr(m, n, k).c_str());
    return false;
  }
  return true;
}

/// The contract case: scales packed into CUTLASS's atoms, buffers of
/// exactly M K / 16 and N K / 16 bytes.
bool runNvf4(int64_t m, int64_t n, int64_t k, bool exact) {
  if (!checkNvf4Shape(m, n, k))
    return false;
  uint64_t seed = freshSeed();
  std::mt19937_64 rng(seed);
  Nvf4Operand a = makeNvf4(m, k, exact, rng), b = makeNvf4(n, k, exact, rng);
  auto pack = [&](const Nvf4Operand &o, int64_t rows) {
    std::vector<uint8_t> sf(size_t(rows * k / kVs), 0);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < k / kVs; ++j)
        sf[size_t(sfContractOffset(r, j, k))] =
            o.scales[size_t(r * (k / kVs) + j)];
    return sf;
  };
  std::vector<uint8_t> sfa = pack(a, m), sfb = pack(b, n);
  // The library's packer must agree with this reading of the layout.
  for (auto [o, rows, mine] :
       {std::tuple{&a, m, &sfa}, std::tuple{&b, n, &sfb}}) {
    auto lib = atom::packScaleFactors(o->scales.data(), rows, k, kVs);
    if (!lib.ok() || *lib != *mine) {
      std::printf("CHECK umma_nvf4 %s: FAIL (driver: atom::packScaleFactors "
                  "disagrees with the driver's CUTLASS-atom packing%s)\n",
                  shapeStr(m, n, k).c_str(),
                  lib.ok() ? "" : (": " + lib.message()).c_str());
      return false;
    }
  }
  std::vector<uint8_t> pa = packNibbles(a.codes), pb = packNibbles(b.codes);
  std::vector<float> got;
  double ms = 0;
  std::string err = launchGemm(
      "tcgen05", "umma_nvf4",
      {{pa.data(), pa.size()},
       {pb.data(), pb.size()},
       {sfa.data(), sfa.size()},
       {sfb.data(), sfb.size()}},
      m, n, k, rt::Dim3{unsigned(m / 128), unsigned(n / 128), 1}, got, ms);
  std::vector<double> ref, absSum;
  Verdict v;
  if (err.empty()) {
    gemmRef(decodeNvf4(a.codes, sfa, m, k, sfContractOffset),
            decodeNvf4(b.codes, sfb, n, k, sfContractOffset), m, n, k, ref,
            absSum);
    v = compareC(got, ref, absSum, k, exact);
  }
  return report("CHECK", "umma_nvf4", exact, m, n, k, seed, v, got, ref, ms,
                err);
}

} // namespace

int main(int argc, char **argv) {
  gOpts = parseOptions(argc, argv);
  gOpts.chip = "sm_100a"; // the kernels' only chip
  {
    rt::Context ctx = openContext("tcgen05-kernels");
    int major =
        need(ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
             "CC major");
    int minor =
        need(ctx.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
             "CC minor");
    if (major != 10 || minor != 0) {
      std::printf("SKIP tcgen05-kernels: needs sm_100a (compute capability "
                  "10.0: tcgen05, Tensor Memory); %s is compute capability "
                  "%d.%d\n",
                  need(ctx.name(), "device name").c_str(), major, minor);
      return 0;
    }
  } // every case opens its own context (a faulting kernel fails its case only)
  bool ok = true;
  const Bf16Kernel one{"tcgen05", "umma_bf16", 128, 256, 64};
  const Bf16Kernel pair{"tcgen05", "umma_bf16_pair", 256, 256, 64};
  const Bf16Kernel piped{"umma_pipelined", "gemm_bf16", 128, 256, 64};
  // umma_bf16: one tile (2 K steps); 2 x 2 tiles, 3 K steps.
  ok &= runBf16(one, 128, 256, 128, true);
  ok &= runBf16(one, 256, 512, 192, true);
  ok &= runBf16(one, 256, 512, 192, false);
  // The pair: one cluster tile; 2 x 2 cluster tiles.
  ok &= runBf16(pair, 256, 256, 128, true);
  ok &= runBf16(pair, 512, 512, 192, true);
  ok &= runBf16(pair, 256, 512, 128, false);
  // gemm_bf16: 10 K tiles on the 4-stage ring (its phases wrap twice); 2 x 2
  // tiles with 5 K tiles.
  ok &= runBf16(piped, 128, 256, 640, true);
  ok &= runBf16(piped, 256, 512, 320, true);
  ok &= runBf16(piped, 256, 512, 320, false);
  // umma_nvf4: one tile (2 K steps); 2 x 2 tiles, 4 K steps.
  ok &= runNvf4(128, 128, 128, true);
  ok &= runNvf4(256, 256, 256, true);
  ok &= runNvf4(256, 128, 256, false);
  std::printf("RESULT tcgen05-kernels %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
