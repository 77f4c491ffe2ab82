//===- host.cpp - Narrow-float conversions on the GPU, bit for bit --------===//
//
// Runs the kernels of kernel.mlir and compares every result bit for bit with
// cute/Support/NarrowFloat.h ("What kernels compute"):
//   decode        every code of f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN,
//                 f4E2M1FN and f8E8M0FNU to f32, f16 and bf16 (arith.extf;
//                 NaN codes to the canonical NaN);
//   encode_<src>  arith.truncf of every f16 pattern, every bf16 pattern and
//                 2^19 f32 patterns (every bf16 pattern with the low 16 bits
//                 0, 1, 0x8000, 0xFFFF: each format's ties and their
//                 neighbours; and 2^18 hashed patterns) to every format, E8M0
//                 to nearest, toward zero and upward.
// Outputs are poisoned first. Each check prints its first mismatches.
//
//===----------------------------------------------------------------------===//
#include "../common/Harness.h"

#include "cute/Support/NarrowFloat.h"

#include <iterator>

using namespace cute;
using namespace cute::ex;

namespace {

struct Format {
  const char *name;
  NarrowFloatKind kind;
};
const Format kFormats[] = {
    {"f8E4M3FN", NarrowFloatKind::F8E4M3FN},
    {"f8E5M2", NarrowFloatKind::F8E5M2},
    {"f6E2M3FN", NarrowFloatKind::F6E2M3FN},
    {"f6E3M2FN", NarrowFloatKind::F6E3M2FN},
    {"f4E2M1FN", NarrowFloatKind::F4E2M1FN},
    {"f8E8M0FNU", NarrowFloatKind::F8E8M0FNU},
};

/// Counts and prints mismatches of one check.
struct Mismatches {
  std::string what;
  size_t count = 0, bad = 0;
  void see(bool ok, const char *fmt, uint32_t in, uint32_t got, uint32_t want) {
    ++count;
    if (ok)
      return;
    if (bad++ < 5)
      std::printf(fmt, in, got, want);
  }
  bool report() const {
    std::printf("CHECK %s: %s (%zu conversions, %zu mismatches)\n",
                what.c_str(), bad ? "FAIL" : "PASS", count, bad);
    return bad == 0;
  }
};

bool runDecode(const rt::Context &ctx, const rt::Stream &stream,
               const rt::Program &prog) {
  rt::Kernel k = need(prog.kernel("decode"), "kernel decode");
  // 256 codes per format: f6 repeats i % 64, f4 i % 16 (packed).
  std::vector<uint8_t> codes[6];
  for (int f = 0; f < 6; ++f)
    for (unsigned i = 0; i < 256; ++i)
      codes[f].push_back(
          uint8_t(i & ((1u << narrowFloatFormat(kFormats[f].kind).bits) - 1)));
  std::vector<uint8_t> packedF4 = packF4E2M1FN(codes[4].data(), 256);
  std::vector<rt::DeviceBuffer> in;
  for (int f = 0; f < 6; ++f)
    in.push_back(
        need(rt::DeviceBuffer::fromHost(ctx, f == 4 ? packedF4 : codes[f]),
             "codes"));
  auto o32 = need(rt::DeviceBuffer::allocate(ctx, 6 * 256 * 4), "f32 out");
  auto o16 = need(rt::DeviceBuffer::allocate(ctx, 6 * 256 * 2), "f16 out");
  auto ob16 = need(rt::DeviceBuffer::allocate(ctx, 6 * 256 * 2), "bf16 out");
  need(o32.poison(), "poison");
  need(o16.poison(), "poison");
  need(ob16.poison(), "poison");
  rt::KernelArgs args;
  for (auto &b : in)
    args.ptr(b);
  args.ptr(o32).ptr(o16).ptr(ob16);
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{1, 1, 1};
  need(k.launch(stream, cfg, args), "launch decode");
  need(stream.synchronize(), "run decode");
  auto r32 = need(o32.download<uint32_t>(), "download");
  auto r16 = need(o16.download<uint16_t>(), "download");
  auto rb16 = need(ob16.download<uint16_t>(), "download");
  bool ok = true;
  for (int f = 0; f < 6; ++f) {
    NarrowFloatKind kind = kFormats[f].kind;
    Mismatches m32{std::string("decode ") + kFormats[f].name + " -> f32"};
    Mismatches m16{std::string("decode ") + kFormats[f].name + " -> f16"};
    Mismatches mb16{std::string("decode ") + kFormats[f].name + " -> bf16"};
    for (unsigned i = 0; i < 256; ++i) {
      uint8_t c = codes[f][i];
      uint32_t w32 = kernelExtFToF32Bits(kind, c);
      uint32_t w16 = kernelExtFToF16Bits(kind, c);
      uint32_t wb16 = kernelExtFToBF16Bits(kind, c);
      size_t at = size_t(f) * 256 + i;
      m32.see(r32[at] == w32, "  code 0x%02x: got 0x%08x, want 0x%08x\n", c,
              r32[at], w32);
      m16.see(r16[at] == w16, "  code 0x%02x: got 0x%04x, want 0x%04x\n", c,
              r16[at], w16);
      mb16.see(rb16[at] == wb16, "  code 0x%02x: got 0x%04x, want 0x%04x\n", c,
               rb16[at], wb16);
    }
    ok &= m32.report();
    ok &= m16.report();
    ok &= mb16.report();
  }
  return ok;
}

/// Input i of the f32 sweep: for i < 2^18 the bf16 pattern i >> 2 with the
/// low 16 bits {0, 1, 0x8000, 0xFFFF}[i & 3]; above, a hash of i.
uint32_t f32Input(uint32_t i) {
  if (i < (1u << 18)) {
    const uint32_t low[4] = {0, 1, 0x8000, 0xFFFF};
    return ((i >> 2) << 16) | low[i & 3];
  }
  uint32_t h = i * 0x9E3779B1u;
  h ^= h >> 15;
  h *= 0x85EBCA77u;
  return h ^ (h >> 13);
}

float inputValue(const std::string &src, uint32_t bits) {
  if (src == "f16")
    return f16BitsToFloat(uint16_t(bits));
  if (src == "bf16")
    return bf16BitsToFloat(uint16_t(bits));
  float x;
  std::memcpy(&x, &bits, 4);
  return x;
}

bool runEncode(const rt::Context &ctx, const rt::Stream &stream,
               const rt::Program &prog, const std::string &src) {
  rt::Kernel k = need(prog.kernel("encode_" + src), "kernel encode_" + src);
  size_t n = src == "f32" ? size_t(1) << 19 : size_t(1) << 16;
  std::vector<uint32_t> bits(n);
  for (size_t i = 0; i < n; ++i)
    bits[i] = src == "f32" ? f32Input(uint32_t(i)) : uint32_t(i);
  rt::DeviceBuffer in = [&] {
    if (src == "f32")
      return need(rt::DeviceBuffer::fromHost(ctx, bits), "input");
    std::vector<uint16_t> h(bits.begin(), bits.end());
    return need(rt::DeviceBuffer::fromHost(ctx, h), "input");
  }();
  // Outputs: e4m3, e5m2, e2m3, e3m2, e2m1 (packed), e8m0 rn, rz, rp.
  struct Out {
    const char *name;
    NarrowFloatKind kind;
    E8M0Rounding rounding;
  };
  const Out outs[] = {
      {"f8E4M3FN", NarrowFloatKind::F8E4M3FN, E8M0Rounding::NearestEven},
      {"f8E5M2", NarrowFloatKind::F8E5M2, E8M0Rounding::NearestEven},
      {"f6E2M3FN", NarrowFloatKind::F6E2M3FN, E8M0Rounding::NearestEven},
      {"f6E3M2FN", NarrowFloatKind::F6E3M2FN, E8M0Rounding::NearestEven},
      {"f4E2M1FN", NarrowFloatKind::F4E2M1FN, E8M0Rounding::NearestEven},
      {"f8E8M0FNU", NarrowFloatKind::F8E8M0FNU, E8M0Rounding::NearestEven},
      {"f8E8M0FNU toward_zero", NarrowFloatKind::F8E8M0FNU,
       E8M0Rounding::TowardZero},
      {"f8E8M0FNU upward", NarrowFloatKind::F8E8M0FNU, E8M0Rounding::Upward},
  };
  std::vector<rt::DeviceBuffer> out;
  for (const Out &o : outs) {
    size_t bytes = o.kind == NarrowFloatKind::F4E2M1FN ? n / 2 : n;
    out.push_back(need(rt::DeviceBuffer::allocate(ctx, bytes), "output"));
    need(out.back().poison(), "poison");
  }
  rt::KernelArgs args;
  args.ptr(in).scalar(int32_t(n));
  for (auto &b : out)
    args.ptr(b);
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(n / 256), 1, 1};
  need(k.launch(stream, cfg, args), "launch encode_" + src);
  need(stream.synchronize(), "run encode_" + src);
  bool ok = true;
  for (size_t o = 0; o < std::size(outs); ++o) {
    std::vector<uint8_t> got = need(out[o].download<uint8_t>(), "download");
    if (outs[o].kind == NarrowFloatKind::F4E2M1FN)
      got = unpackF4E2M1FN(got.data(), n);
    Mismatches m{"encode " + src + " -> " + outs[o].name};
    for (size_t i = 0; i < n; ++i) {
      uint8_t want = kernelTruncF(outs[o].kind, inputValue(src, bits[i]),
                                  outs[o].rounding);
      m.see(got[i] == want, "  input 0x%08x: got 0x%02x, want 0x%02x\n",
            bits[i], got[i], want);
    }
    ok &= m.report();
  }
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseOptions(argc, argv);
  rt::Context ctx = openContext("narrow-float");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, o, "narrow_float");
  bool ok = runDecode(ctx, stream, prog);
  for (const char *src : {"f32", "f16", "bf16"})
    ok &= runEncode(ctx, stream, prog, src);
  std::printf("RESULT narrow-float %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
