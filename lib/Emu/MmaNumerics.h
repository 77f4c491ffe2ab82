//===- MmaNumerics.h - Tensor-core accumulation models -------------*- C++
//-*-===//
//
// The arithmetic of one output element of a tensor-core MMA instruction
// (mma.sync and wgmma.mma_async, PTX ISA sections "Warp Level Matrix Multiply-
// Accumulate Instructions" and "Asynchronous Warpgroup Level Matrix Multiply-
// Accumulate Instructions"). The ISA leaves the internal accumulation order and
// precision unspecified; the parameters here were measured on an H200 (sm_90a)
// with crafted and random inputs (test/gpu/emu-probes, results and the method
// in bench/results/2026-12-02-h200-emu-probes/README.md).
//
// The model (its shape follows MMA-Sim, arXiv 2511.10909; every parameter
// below was measured, and where the H200 differs from MMA-Sim it says so):
//   d = Round_P( sum_i Trunc(t_i) )   over the terms t = {c, a_0*b_0, ...}
// - every product a_i*b_i is exact (TF32 operands: the low 13 bits of the
//   register are ignored, i.e. truncated);
// - alignment exponents: a product's is the sum of its operands' unbiased
//   exponents (subnormals: the format's minimum), c's its f32 exponent;
//   zero products and c = 0 take no part (MMA-Sim gives zeros -126);
//   maxE is the largest; all K products of one instruction and c form one
//   group (mma.sync and wgmma alike);
// - each term is truncated toward zero (magnitude) to a multiple of
//   2^max(maxE - F, -158); F = 25 for f16/bf16/tf32, 13 for fp8 wgmma; the
//   floor 2^-158 is not in MMA-Sim;
// - the terms are summed exactly and the sum is truncated toward zero into
//   f32 with P fraction bits (23; 13 for fp8 wgmma), subnormals kept on
//   their 2^(-126-P) grid; past FLT_MAX the result is inf;
// - any zero result is +0 (also c = -0 plus products -0); inf and NaN follow
//   IEEE-754 for the exact sum (inf * 0 and inf - inf are NaN); every NaN
//   result is 0x7fffffff.
// mma.sync with e4m3/e5m2 operands is no fp8 tensor-core operation on
// sm_90: ptxas converts them to f16 and issues two HMMA.16816.F32 (the
// products with k % 4 < 2 from a zero accumulator, then the others onto
// that result), then adds c with an f32 FADD (round to nearest). MmaModel::
// fp8ViaF16 reproduces that lowering.
//
// Plain C++17 (no MLIR). The functions are also compiled as CUDA device code
// by the probes, which is how the model is validated on the GPU bit for bit.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_EMU_MMANUMERICS_H
#define CUTE_LIB_EMU_MMANUMERICS_H

#include <cstdint>

#ifndef CUTE_EMU_HD
#if defined(__CUDACC__)
#define CUTE_EMU_HD __host__ __device__
#else
#define CUTE_EMU_HD
#endif
#endif

namespace cute::emu {

/// Operand element formats (PTX ISA "Matrix Data-types"). TF32 operands are
/// 32-bit registers of which the MMA uses the top 19 bits. E3M2, E2M3 and
/// E2M1 (kind::f8f6f4 and the block-scaled kinds) have no inf or NaN.
enum class MmaElem { F16, BF16, TF32, E4M3, E5M2, E3M2, E2M3, E2M1 };

/// The instruction family. mma.sync: m16n8k16 (f16/bf16), m16n8k8 (tf32),
/// m16n8k32 (e4m3/e5m2); wgmma: m64nNk16, m64nNk8, m64nNk32; Tcgen05:
/// tcgen05.mma (sm_100a) and the Blackwell mma.sync kinds of sm_120a
/// (kind::f8f6f4, block_scale), whose model is MMA-Sim's, not measured here.
enum class MmaInstr { MmaSync, Wgmma, Tcgen05 };

/// Scale-factor formats of the block-scaled MMAs (PTX ISA "Block Scaling"):
/// UE8M0 (2^(x-127), 0xff NaN) and UE4M3 (e4m3 without its sign; 0x7f NaN).
enum class MmaScaleFmt : uint8_t { UE8M0, UE4M3 };

/// Rounding of a term or of the result. Down is floor on the signed value
/// (two's-complement truncation), TowardZero truncates the magnitude.
enum class MmaRound : uint8_t { TowardZero, NearestEven, Down };

/// How a zero operand takes part in choosing the alignment exponent.
enum class MmaZeroExp : uint8_t {
  Ignored,   ///< zero products (and c = 0) do not raise maxE
  FormatMin, ///< a zero has its format's minimum normal exponent
};

struct MmaModel {
  int fracBits;       ///< F: fraction bits kept below 2^maxE per term
  int outFracBits;    ///< P: fraction bits of the result (23: full f32)
  int groupSize;      ///< products fused per step (>= k: one fused sum; each
                      ///< step's result, rounded, is the next step's c)
  MmaRound termRound; ///< truncation of terms (TowardZero: of the magnitude)
  MmaRound outRound;  ///< rounding of the sum into the result
  MmaZeroExp zeroExp;
  bool overflowInf; ///< a result past FLT_MAX becomes inf (else FLT_MAX)
  /// mma.sync .e4m3/.e5m2 on sm_90 is no tensor-core fp8 operation: ptxas
  /// converts the operands to f16 and issues two HMMA.16816.F32, the first on
  /// the products with k % 4 < 2 from a zero accumulator, the second on the
  /// rest accumulating onto the first, then adds c with an f32 FADD (RN).
  bool fp8ViaF16;
  /// The truncation grid is 2^max(maxE - F, minGridExp): the accumulator's
  /// fixed-point window does not reach below this exponent.
  int minGridExp;
  /// Block-scaled MMAs: 0 adds each product's scale exponents to its
  /// alignment exponent (one fused group, kind::mxf8f6f4); 16 sums groups of
  /// 16 products exactly, multiplies each group by its scales and fuses the
  /// group values (aligned at their scale exponents) with c (kind::mxf4,
  /// mxf4nvf4).
  int scaleGroup;
  const char *source;
};

/// The model of each instruction family and element type (measured on the
/// H200 for MmaSync and Wgmma; MMA-Sim's for Tcgen05).
const MmaModel &mmaModel(MmaInstr instr, MmaElem elem);
/// The model of the block-scaled Blackwell MMAs (tcgen05.mma.block_scale and
/// sm_120a mma.sync block_scale): mxf4 selects kind::mxf4/mxf4nvf4 (F = 35,
/// groups of 16), otherwise kind::mxf8f6f4 (F = 25).
const MmaModel &mmaScaledModel(bool mxf4);

/// The number of products one instruction fuses for one output (its K).
CUTE_EMU_HD int mmaInstrK(MmaElem elem);

/// c + sum_{i<k} a_i*b_i as the tensor core computes it, for ONE output
/// element: cBits is the f32 accumulator, aBits/bBits hold one element each in
/// the low bits (16 for F16/BF16, 8 for E4M3/E5M2, 32 for TF32). Returns the
/// f32 bits of d.
CUTE_EMU_HD uint32_t mmaDotBits(const MmaModel &m, uint32_t cBits,
                                const uint32_t *aBits, const uint32_t *bBits,
                                int k, MmaElem elem);

/// The same as a float (NaN bits preserved by the bit copy).
float mmaDot(const MmaModel &m, float c, const uint32_t *aBits,
             const uint32_t *bBits, int k, MmaElem elem);

/// One element decoded: value = (neg ? -1 : 1) * sig * 2^(exp - frac), exp
/// the unbiased exponent (the format's minimum for subnormals and zero),
/// frac the format's fraction bits; cls 0 zero, 1 finite, 2 inf, 3 NaN.
struct MmaTerm {
  uint8_t cls;
  bool neg;
  uint32_t sig;
  int exp;
  int frac;
};
/// Decodes k elements of format e (bits in the low bits of each word) once,
/// for an operand that many dot products share.
void mmaDecode(MmaElem e, const uint32_t *bits, int k, MmaTerm *out);
/// mmaDotBits on decoded operands (models without fp8ViaF16).
uint32_t mmaDotTerms(const MmaModel &m, uint32_t cBits, const MmaTerm *a,
                     const MmaTerm *b, int k);

/// Mixed operand formats (kind::f8f6f4: any pair of e4m3/e5m2/e3m2/e2m3/e2m1).
CUTE_EMU_HD uint32_t mmaDotBits(const MmaModel &m, uint32_t cBits,
                                const uint32_t *aBits, const uint32_t *bBits,
                                int k, MmaElem ea, MmaElem eb);

/// A block-scaled dot product: product i is scaled by sfa[i / vecK] *
/// sfb[i / vecK] (scale-factor bytes of format `fmt`), as m.scaleGroup says.
/// Any NaN scale or NaN c gives 0x7fffffff.
uint32_t mmaDotScaledBits(const MmaModel &m, uint32_t cBits,
                          const uint32_t *aBits, const uint32_t *bBits, int k,
                          MmaElem ea, MmaElem eb, const uint8_t *sfa,
                          const uint8_t *sfb, int vecK, MmaScaleFmt fmt);

/// Integer MMA (kind::i8, mma.sync .s8/.u8): c + sum a_i*b_i exactly in
/// 32 bits, wrapping, or clamped to [INT32_MIN, INT32_MAX] with `saturate`.
int32_t mmaDotInt(int32_t c, const uint32_t *aBits, const uint32_t *bBits,
                  int k, bool aSigned, bool bSigned, bool saturate);

} // namespace cute::emu

#endif // CUTE_LIB_EMU_MMANUMERICS_H
