//===- MmaCaseCommon.h - Shared pieces of the tensor-core test cases -----===//
//
// Element encodings, the Case record and PTX boilerplate used by
// MmaCases.h and MmaWarpCases.h (see MmaCases.h for what the cases are).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TEST_EMU_MMACASECOMMON_H
#define CUTE_TEST_EMU_MMACASECOMMON_H

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace mmacases {

// --- Element formats ---------------------------------------------------------

enum class El { BF16, F16, TF32, E4M3, E5M2 };

inline const char *elName(El e) {
  switch (e) {
  case El::BF16:
    return "bf16";
  case El::F16:
    return "f16";
  case El::TF32:
    return "tf32";
  case El::E4M3:
    return "e4m3";
  case El::E5M2:
    return "e5m2";
  }
  return "?";
}
inline unsigned elBits(El e) {
  return e == El::TF32 ? 32 : (e == El::E4M3 || e == El::E5M2) ? 8 : 16;
}
/// K of one instruction: 32 bytes of K for wgmma and the full-size mma.sync.
inline unsigned instrK(El e) { return 256 / elBits(e); }

/// The bits of a small integer |v| <= 7 in format e (exact in all of them).
inline uint32_t encode(El e, int v) {
  if (e == El::TF32 || e == El::BF16) {
    float f = float(v);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return e == El::BF16 ? b >> 16 : b;
  }
  if (v == 0)
    return 0;
  const int expBits = e == El::F16 ? 5 : e == El::E4M3 ? 4 : 5;
  const int manBits = e == El::F16 ? 10 : e == El::E4M3 ? 3 : 2;
  const int bias = (1 << (expBits - 1)) - 1;
  unsigned a = unsigned(v < 0 ? -v : v);
  int E = 31 - __builtin_clz(a);
  uint32_t man = ((a - (1u << E)) << manBits) >> E;
  return (v < 0 ? 1u << (expBits + manBits) : 0u) |
         (uint32_t(E + bias) << manBits) | man;
}

inline uint32_t f32Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline float bitsF32(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

/// Deterministic small integers in [-r, r].
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ull + 1) {}
  int next(int r) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return int(s % uint64_t(2 * r + 1)) - r;
  }
};

// --- A case ------------------------------------------------------------------

/// One kernel launch: every parameter is a .u64 global pointer; `inputs`
/// are copied to fresh device buffers in order, then one output buffer of
/// expected.size() 32-bit words is passed last. The kernel is named "k".
struct Case {
  std::string name;
  std::string ptx;
  unsigned threads = 128;
  std::vector<std::vector<uint8_t>> inputs;
  std::vector<uint32_t> expected;
  /// Compare as floats (+0 == -0) rather than as bits.
  bool asFloat = true;
  /// The case is defined behaviour on hardware (the H200 probe runs it).
  bool gpuValid = true;
};

template <class T> std::vector<uint8_t> bytesOf(const std::vector<T> &v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  if (!b.empty())
    std::memcpy(b.data(), v.data(), b.size());
  return b;
}

inline std::string header() {
  return ".version 8.8\n.target sm_90a\n.address_size 64\n\n";
}
inline std::string params(unsigned n) {
  std::ostringstream os;
  os << ".visible .entry k(\n";
  for (unsigned i = 0; i < n; ++i)
    os << "\t.param .u64 .ptr .global .align 1 k_param_" << i
       << (i + 1 < n ? ",\n" : "\n");
  os << ")\n";
  return os.str();
}

} // namespace mmacases

#endif // CUTE_TEST_EMU_MMACASECOMMON_H
