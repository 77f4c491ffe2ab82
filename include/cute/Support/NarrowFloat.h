//===- NarrowFloat.h - Narrow float formats on the host ---------*- C++ -*-===//
//
// MLIR-free host conversions for the narrow float formats of block-scaled
// MMA: f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, the MX scale
// f8E8M0FNU and the NVFP4 scale UE4M3; the 16-bit formats they are converted
// from (f16, bf16, as uint16_t bits); packing of f4E2M1FN two per byte and of
// the f6 formats four per three bytes; MX and NVFP4 block quantization.
// Codes are the format's bits in the low bits of a uint8_t. docs/runtime.md
// ("Narrow float formats") has the rules.
//
// Rounding is IEEE round-to-nearest-even from the exact input (a float is
// first widened to double, exactly, so there is a single rounding); results
// equal llvm::APFloat::convert(rmNearestTiesToEven) bit for bit wherever
// APFloat defines them (see NarrowFloatTest.cpp).
//
// Two encoders per format:
//   encodeNarrowFloat          the plain conversion: a value that rounds past
//                              the largest finite becomes NaN (f8E4M3FN,
//                              UE4M3, f8E8M0FNU) or +-inf (f8E5M2); inf in
//                              -> NaN for the formats without inf.
//   encodeNarrowFloatSaturate  clamps to +-max finite (inf in included), as
//                              PTX cvt .satfinite does.
// NaN in -> NaN out (sign kept where the format is signed) in both, for the
// formats that have NaN. f6E2M3FN, f6E3M2FN and f4E2M1FN have neither inf nor
// NaN: both encoders saturate (as APFloat and PTX do) and NaN in gives
// +max finite (0x1F / 0x7), as CUDA's cuda_fp6.hpp / cuda_fp4.hpp do.
// Unsigned formats (f8E8M0FNU, UE4M3): -0 encodes as +0 (UE4M3) or as
// 2^-127 (f8E8M0FNU, which has no zero: 0 rounds to its smallest value, as
// APFloat does); any other negative input is NaN in the plain encoder and
// the smallest value (0x00) in the saturating one.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SUPPORT_NARROWFLOAT_H
#define CUTE_SUPPORT_NARROWFLOAT_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cute {

enum class NarrowFloatKind : uint8_t {
  F8E4M3FN,  // bias 7, no inf, NaN S.1111.111, max 448
  F8E5M2,    // bias 15, IEEE-like: inf S.11111.00, NaN, max 57344
  F6E2M3FN,  // bias 1, no inf/NaN, max 7.5
  F6E3M2FN,  // bias 3, no inf/NaN, max 28
  F4E2M1FN,  // bias 1, no inf/NaN: 0 0.5 1 1.5 2 3 4 6
  F8E8M0FNU, // 2^(e-127), no sign, no zero, 0xFF NaN
  UE4M3,     // NVFP4 scale: f8E4M3FN without sign (codes 0x00..0x7F)
};

/// The parameters of one format.
struct NarrowFloatFormat {
  const char *name; ///< "f8E4M3FN", ..., "ue4m3"
  unsigned bits;    ///< storage width: 8, 6 or 4
  unsigned expBits, mantBits;
  int bias;
  bool hasSign, hasInf, hasNaN, hasZero;
  uint8_t maxCode; ///< the code of the largest finite value (positive)
  uint8_t nanCode; ///< the positive NaN code (0 when there is none)
  double maxFinite, minSubnormal;
  int emax; ///< unbiased exponent of maxFinite (OCP MX "emax_elem")
};
const NarrowFloatFormat &narrowFloatFormat(NarrowFloatKind kind);

/// The value of `code` (its low `bits` bits; higher bits must be zero).
/// Exact in double and in float. UE4M3 codes with bit 7 set are not UE4M3
/// encodings and decode to NaN.
double decodeNarrowFloatDouble(NarrowFloatKind kind, uint8_t code);
float decodeNarrowFloat(NarrowFloatKind kind, uint8_t code);

/// Plain round-to-nearest-even (overflow -> NaN / inf, see above).
uint8_t encodeNarrowFloat(NarrowFloatKind kind, double x);
uint8_t encodeNarrowFloat(NarrowFloatKind kind, float x);
/// Round-to-nearest-even clamped to +-max finite (PTX .satfinite).
uint8_t encodeNarrowFloatSaturate(NarrowFloatKind kind, double x);
uint8_t encodeNarrowFloatSaturate(NarrowFloatKind kind, float x);

bool isNarrowFloatNaN(NarrowFloatKind kind, uint8_t code);

//===----------------------------------------------------------------------===//
// f16 and bf16
//===----------------------------------------------------------------------===//
//
// IEEE binary16 and bfloat16 as their bits. f32 -> 16 bits rounds to nearest
// even (subnormals kept, overflow -> +-inf); 16 bits -> f32 is exact. A NaN
// keeps its sign and the top payload bits and comes out quiet (the quiet
// bit, the top mantissa bit, set), as IEEE 754 convertFormat does; a quiet
// NaN therefore round-trips bit for bit.

uint16_t floatToF16Bits(float x);
float f16BitsToFloat(uint16_t bits);
uint16_t floatToBF16Bits(float x);
float bf16BitsToFloat(uint16_t bits);

/// Narrow encodes of an f16 / bf16 value: the value widened exactly to f32,
/// then one rounding (encodeNarrowFloat / encodeNarrowFloatSaturate above).
uint8_t encodeNarrowFloatFromF16(NarrowFloatKind kind, uint16_t f16Bits);
uint8_t encodeNarrowFloatSaturateFromF16(NarrowFloatKind kind,
                                         uint16_t f16Bits);
uint8_t encodeNarrowFloatFromBF16(NarrowFloatKind kind, uint16_t bf16Bits);
uint8_t encodeNarrowFloatSaturateFromBF16(NarrowFloatKind kind,
                                          uint16_t bf16Bits);

// Per-format spellings of the above.
#define CUTE_NARROW_FLOAT_FNS(Name, Kind)                                      \
  inline uint8_t to##Name(float x) {                                           \
    return encodeNarrowFloat(NarrowFloatKind::Kind, x);                        \
  }                                                                            \
  inline uint8_t to##Name##Saturate(float x) {                                 \
    return encodeNarrowFloatSaturate(NarrowFloatKind::Kind, x);                \
  }                                                                            \
  inline float from##Name(uint8_t c) {                                         \
    return decodeNarrowFloat(NarrowFloatKind::Kind, c);                        \
  }
CUTE_NARROW_FLOAT_FNS(F8E4M3FN, F8E4M3FN)
CUTE_NARROW_FLOAT_FNS(F8E5M2, F8E5M2)
CUTE_NARROW_FLOAT_FNS(F6E2M3FN, F6E2M3FN)
CUTE_NARROW_FLOAT_FNS(F6E3M2FN, F6E3M2FN)
CUTE_NARROW_FLOAT_FNS(F4E2M1FN, F4E2M1FN)
CUTE_NARROW_FLOAT_FNS(F8E8M0FNU, F8E8M0FNU)
CUTE_NARROW_FLOAT_FNS(UE4M3, UE4M3)
#undef CUTE_NARROW_FLOAT_FNS

//===----------------------------------------------------------------------===//
// What kernels compute
//===----------------------------------------------------------------------===//
//
// arith.truncf / arith.extf on these formats in kernels (the pass
// cute-lower-narrow-floats; docs/cute-dialect.md, "Narrow floats in
// kernels") give these bits on every chip, whether the chip converts with
// cvt instructions or with integer sequences. They are the functions above
// except for NaN, where they follow the GPU: the H200's cvt.rn.satfinite
// .e4m3x2/.e5m2x2 returns 0x7F for every NaN input (sign and payload
// dropped, f8E5M2 included), and cvt.rn.f16x2.e4m3x2/.e5m2x2 followed by
// cvt.f32.f16 returns the canonical NaN 0x7FFFFFFF (f16 0x7FFF) for every
// NaN code (measured 2026-12-01 over every f16 and 17M f32 inputs: all
// non-NaN results equal encodeNarrowFloatSaturate / decodeNarrowFloat;
// examples/narrow-float checks the kernels against these functions).

/// How arith.truncf rounds to f8E8M0FNU.
enum class E8M0Rounding : uint8_t {
  NearestEven, ///< encodeNarrowFloatSaturate (the default rounding mode)
  TowardZero,  ///< `toward_zero`: PTX cvt.rz.satfinite.ue8m0x2
  Upward,      ///< `upward`: PTX cvt.rp.satfinite.ue8m0x2
};

/// f8E8M0FNU as PTX's cvt.rz / cvt.rp .satfinite.ue8m0x2.f32 (and CUDA's
/// __nv_cvt_float_to_e8m0 with __NV_SATFINITE) compute it: the sign is
/// ignored; |x| rounds toward zero / up to a power of two, clamped to
/// [2^-127, 2^127] (so 0 and inf give 0x00 and 0xFE); NaN gives 0xFF.
/// NearestEven is encodeNarrowFloatSaturate (negative numbers give 0x00).
uint8_t encodeF8E8M0FNU(float x, E8M0Rounding rounding);

/// arith.truncf of f32 `x` (or of an f16 / bf16 value, widened exactly) to
/// a kernel's narrow float: encodeNarrowFloatSaturate (E8M0: as above)
/// except that a NaN gives the positive NaN code 0x7F (f8E4M3FN, f8E5M2),
/// 0xFF (f8E8M0FNU) or the positive largest value 0x1F / 0x7 (f6, f4).
/// `kind` is not UE4M3 (no MLIR type).
uint8_t kernelTruncF(NarrowFloatKind kind, float x,
                     E8M0Rounding rounding = E8M0Rounding::NearestEven);

/// arith.extf of `code` in a kernel, as f32 / f16 / bf16 bits: the exact
/// value (f8E8M0FNU to f16 rounds to nearest even, underflowing to 0 and
/// overflowing to inf), and the canonical NaN 0x7FFFFFFF / 0x7FFF / 0x7FFF
/// for NaN codes.
uint32_t kernelExtFToF32Bits(NarrowFloatKind kind, uint8_t code);
uint16_t kernelExtFToF16Bits(NarrowFloatKind kind, uint8_t code);
uint16_t kernelExtFToBF16Bits(NarrowFloatKind kind, uint8_t code);

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

/// f4E2M1FN two per byte: element 2i in bits [0,4), element 2i+1 in bits
/// [4,8). This is what `cvt.rn.satfinite.e2m1x2.f32 d, a, b` produces when
/// called as (a = element 2i+1, b = element 2i): PTX puts a in the upper
/// half; CUDA 13's __nv_cvt_float2_to_fp4x2 (cuda_fp4.hpp) packs float2
/// {x, y} that way, x low, and its software path computes (y << 4) | x.
/// An odd count leaves the last high nibble zero.
std::vector<uint8_t> packF4E2M1FN(const uint8_t *codes, size_t n);
/// The n codes of `bytes` (at least (n + 1) / 2 of them).
std::vector<uint8_t> unpackF4E2M1FN(const uint8_t *bytes, size_t n);

/// f6E2M3FN / f6E3M2FN have two layouts in PTX (ISA 9.0):
///  - padded, one code per byte in bits [0,6), bits 6-7 zero: the registers
///    of cvt .e2m3x2/.e3m2x2/.e2m3x4/.e3m2x4 (four padded bytes in a b32,
///    not three), the mma .kind::f8f6f4/mxf8f6f4 operands and the shared
///    memory tcgen05 .kind::f8f6f4 reads. That is the code array itself.
///  - dense, in global memory: the tensor-copy type .b6x16_p32 reads sixteen
///    6-bit elements "packed contiguously" (12 bytes) and pads them to 16
///    bytes in shared memory; .b6p2x16 drops the padding on the way back.
/// The dense packers below write element i to bits [6i, 6i + 6) of the
/// little-endian bit stream (stream bit b is bit b % 8 of byte b / 8), so
/// four codes fill three bytes: byte 0 = c0 | c1 << 6, byte 1 = c1 >> 2 |
/// c2 << 4, byte 2 = c2 >> 4 | c3 << 2. Element 0 lowest, as the f4 packing
/// above. A count that is not a multiple of 4 leaves the last bits zero.
std::vector<uint8_t> packF6Dense(const uint8_t *codes, size_t n);
/// The n codes of `bytes` (at least (6 n + 7) / 8 of them).
std::vector<uint8_t> unpackF6Dense(const uint8_t *bytes, size_t n);

//===----------------------------------------------------------------------===//
// Block quantization
//===----------------------------------------------------------------------===//

/// MX (OCP Microscaling v1.0): one f8E8M0FNU scale per `blockSize` elements.
/// `data` holds the element codes, f4E2M1FN packed two per byte (as above),
/// the others one per byte.
struct MxQuantized {
  NarrowFloatKind element = NarrowFloatKind::F4E2M1FN;
  size_t count = 0, blockSize = 32;
  std::vector<uint8_t> data;
  std::vector<uint8_t> scales;
};

/// The E8M0 scale code of a block whose largest magnitude is `amax`:
/// 127 + clamp(floor(log2(amax)) - emax_elem, -127, 127); amax == 0 gives
/// 0x00 (2^-127); a NaN or inf amax gives 0xFF (NaN).
uint8_t mxScaleCode(NarrowFloatKind element, float amax);

/// Quantizes x[0..n) block by block (the last block may be short). Element
/// i of block b is encodeNarrowFloatSaturate(element, x[i] / 2^s_b), the
/// division exact. A block with a NaN or inf gets the NaN scale (0xFF) and
/// zero codes. `element` is F8E4M3FN, F8E5M2, F6E2M3FN, F6E3M2FN or
/// F4E2M1FN. A matrix whose rows are a whole number of blocks is one call
/// on its row-major data.
MxQuantized quantizeMx(const float *x, size_t n, NarrowFloatKind element,
                       size_t blockSize = 32);
/// element value * 2^(scale - 127); NaN for a NaN scale or element.
std::vector<float> dequantizeMx(const MxQuantized &q);

/// NVFP4: f4E2M1FN elements (packed two per byte) with one UE4M3 scale per
/// `blockSize` (16) elements and one f32 per-tensor scale:
/// x ~= e2m1 * ue4m3 * tensorScale.
struct Nvfp4Quantized {
  size_t count = 0, blockSize = 16;
  float tensorScale = 1.0f;
  std::vector<uint8_t> data;
  std::vector<uint8_t> scales;
};

/// amax(x) / (448 * 6) (so that the largest block scale is 448, UE4M3's
/// max), or 1 when amax is 0 or not finite.
float nvfp4TensorScale(const float *x, size_t n);

/// Per block: s = encodeNarrowFloatSaturate(UE4M3, amax / 6 / tensorScale);
/// element i = encodeNarrowFloatSaturate(F4E2M1FN,
///                                       x[i] / (decode(s) * tensorScale));
/// arithmetic in double. A scale that rounds to 0 gives zero codes; a block
/// with a NaN or inf gets the NaN scale (0x7F) and zero codes. tensorScale
/// must be positive and finite.
Nvfp4Quantized quantizeNvfp4(const float *x, size_t n, float tensorScale,
                             size_t blockSize = 16);
/// e2m1 * ue4m3 * tensorScale (the product in double, rounded once to
/// float); NaN for a NaN scale.
std::vector<float> dequantizeNvfp4(const Nvfp4Quantized &q);

} // namespace cute

#endif // CUTE_SUPPORT_NARROWFLOAT_H
