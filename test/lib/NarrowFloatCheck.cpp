//===- NarrowFloatCheck.cpp - Host reference for the CPU narrow-float test ===//
//
// A shared library that mlir-runner loads for
// test/Conversion/NarrowFloats/cpu-exhaustive.mlir: the kernel's integer
// sequences (cute-lower-narrow-floats hardware=false, compiled for the CPU)
// call these functions with each input and result, and they compare with
// cute/Support/NarrowFloat.h ("What kernels compute"). Mismatches are printed
// (the first few) and counted.
//
//===----------------------------------------------------------------------===//
#include "cute/Support/NarrowFloat.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

using namespace cute;

namespace {

int printed = 0;

const char *kindName(int32_t kind) {
  return narrowFloatFormat(NarrowFloatKind(kind)).name;
}
const char *typeName(int32_t t) {
  return t == 0 ? "f32" : t == 1 ? "f16" : "bf16";
}
const char *roundingName(int32_t r) {
  return r == 0 ? "rne" : r == 1 ? "rz" : "rp";
}

float inputValue(int32_t type, uint32_t bits) {
  if (type == 1)
    return f16BitsToFloat(uint16_t(bits));
  if (type == 2)
    return bf16BitsToFloat(uint16_t(bits));
  float x;
  std::memcpy(&x, &bits, 4);
  return x;
}

} // namespace

extern "C" {

/// 0 when `got` is arith.extf of `code` (format `kind`, a NarrowFloatKind) to
/// `dst` (0 f32, 1 f16, 2 bf16) as bits; else prints and returns 1.
int32_t cute_nf_check_extf(int32_t kind, int32_t dst, int32_t code,
                           int32_t got) {
  auto k = NarrowFloatKind(kind);
  auto c = uint8_t(code & ((1 << narrowFloatFormat(k).bits) - 1));
  uint32_t want = dst == 0   ? kernelExtFToF32Bits(k, c)
                  : dst == 1 ? kernelExtFToF16Bits(k, c)
                             : kernelExtFToBF16Bits(k, c);
  if (uint32_t(got) == want)
    return 0;
  if (printed++ < 20)
    std::printf("MISMATCH extf %s 0x%02x -> %s: got 0x%08x, want 0x%08x\n",
                kindName(kind), c, typeName(dst), uint32_t(got), want);
  return 1;
}

/// 0 when `got` is arith.truncf of `in` (bits of `src`: 0 f32, 1 f16,
/// 2 bf16) to `kind` with `rounding` (0 nearest even, 1 toward zero,
/// 2 upward; the last two for f8E8M0FNU); else prints and returns 1.
int32_t cute_nf_check_truncf(int32_t kind, int32_t src, int32_t rounding,
                             int32_t in, int32_t got) {
  auto k = NarrowFloatKind(kind);
  uint8_t want =
      kernelTruncF(k, inputValue(src, uint32_t(in)), E8M0Rounding(rounding));
  if (uint32_t(got) == want)
    return 0;
  if (printed++ < 20)
    std::printf("MISMATCH truncf %s 0x%08x -> %s (%s): got 0x%02x, want "
                "0x%02x\n",
                typeName(src), uint32_t(in), kindName(kind),
                roundingName(rounding), uint32_t(got), want);
  return 1;
}

void cute_nf_summary(int32_t conversions, int32_t mismatches) {
  std::printf("narrow-float checks: %d conversions, %d mismatches\n",
              conversions, mismatches);
  std::fflush(stdout);
}
}
