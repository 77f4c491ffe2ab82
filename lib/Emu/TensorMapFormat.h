//===- TensorMapFormat.h - The emulator's 128-byte CUtensorMap --*- C++ -*-===//
//
// A CUtensorMap is opaque to programs: only the driver writes it
// (cuTensorMapEncodeTiled) and only the TMA unit reads it. The emulator's
// driver encodes the validated request in this layout and the TMA engine
// decodes it; the magic word lets the engine reject a descriptor that the
// emulated driver did not write.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_TENSORMAPFORMAT_H
#define CUTE_EMU_TENSORMAPFORMAT_H

#include <cstdint>

namespace cute::emu {

struct EmuTensorMap {
  static constexpr uint32_t kMagic = 0x554d5443; // "CTMU"
  uint32_t magic;
  uint8_t dataType;   ///< CUtensorMapDataType
  uint8_t rank;       ///< 1..5
  uint8_t interleave; ///< CUtensorMapInterleave
  uint8_t swizzle;    ///< CUtensorMapSwizzle
  uint8_t l2Promotion;
  uint8_t oobFill;      ///< CUtensorMapFloatOOBfill (1 = NaN request zero fill)
  uint8_t elementBytes; ///< bytes of one element (1, 2, 4, 8; 16U4 packs: 1)
  uint8_t pad0;
  uint64_t globalAddress;
  uint32_t globalDim[5];     ///< elements
  uint32_t boxDim[5];        ///< elements
  uint64_t globalStride[4];  ///< bytes, of dims 1..rank-1
  uint8_t elementStrides[5]; ///< traversal strides
  uint8_t pad1[3];
};
static_assert(sizeof(EmuTensorMap) <= 128, "must fit a CUtensorMap");

} // namespace cute::emu

#endif // CUTE_EMU_TENSORMAPFORMAT_H
