//===- MatrixDesc.h - Shared-memory matrix descriptors ----------*- C++ -*-===//
//
// The 64-bit shared-memory matrix descriptors of wgmma (PTX ISA 9.7.15.5.1.2.2
// "Matrix Descriptor Format") and of tcgen05 (9.7.16.4.1 "Shared Memory
// Descriptor"), decoded into one form, and the canonical layouts both
// describe (9.7.15.5.1.2 "Shared Memory Matrix Layout"; 9.7.16.3.3
// "Canonical layouts"). Independent of lib/Atom: the compiler's encoders and
// this decoder check each other in the emulator tests.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_MATRIXDESC_H
#define CUTE_EMU_MATRIXDESC_H

#include <cstdint>
#include <string>

namespace cute::emu {

struct MatrixDesc {
  uint64_t raw = 0;
  uint32_t start = 0, lbo = 0, sbo = 0; ///< bytes
  uint32_t base = 0;                    ///< matrix base offset (3 bits)
  uint32_t swizzle = 0;                 ///< swizzle width in bytes (0: none)
  bool atom32 = false;                  ///< tcgen05 "128B with 32B atomicity"

  /// wgmma: bits 13-0 start, 29-16 LBO, 45-32 SBO (each (x & 0x3FFFF) >> 4),
  /// 51-49 base offset, 63-62 swizzle (0 none, 1 128B, 2 64B, 3 32B).
  static MatrixDesc wgmma(uint64_t d);
  /// tcgen05: the same address fields, bits 48-46 the constant 0b001, 52
  /// the LBO mode, 63-61 the swizzle (0 none, 1 128B with 32B atomicity, 2
  /// 128B, 4 64B, 6 32B). Returns false with `why` for the encodings the
  /// ISA does not define or that sm_100a does not have (absolute LBO mode).
  static bool umma(uint64_t d, MatrixDesc &out, std::string &why);

  /// "A descriptor 0x... (start address 0x.., LBO .., SBO .., base offset
  /// .., swizzle 128B, K-major)".
  std::string describe(const char *which, bool mnMajor) const;
};

/// Byte offset from the start address of element (r, k) of an operand (r
/// along M or N, k along K) of `bits`-bit elements (4: two per byte, along
/// K), before swizzling; *nibble is 1 for the high half of a 4-bit pair.
uint64_t matrixOffset(const MatrixDesc &d, bool mnMajor, unsigned r, unsigned k,
                      unsigned bits, unsigned *nibble = nullptr);

/// The swizzled shared-memory address of the byte at `addr` (absolute in the
/// CTA's shared window), as the descriptor's swizzle mode and base offset say.
uint64_t matrixSwizzle(const MatrixDesc &d, uint64_t addr);

} // namespace cute::emu

#endif // CUTE_EMU_MATRIXDESC_H
