//===- Sm100Umma.h - tcgen05 (UMMA) descriptors -----------------*- C++ -*-===//
//
// sm_100a tcgen05.mma descriptors computed at compile time:
//  - the 64-bit shared-memory matrix descriptor: the same canonical layouts
//    as wgmma (derive the fields with deriveGmmaDesc, cute/Atom/Sm90Gmma.h)
//    encoded the UMMA way: start >> 4 [0,14), LBO >> 4 [16,30), SBO >> 4
//    [32,46), version 1 at [46,48), base offset [49,52), LBO mode bit 52,
//    layout type [61,64) (0 interleave, 2 128B, 4 64B, 6 32B);
//  - the 32-bit instruction descriptor of kind f16/tf32/f8f6f4 and of the
//    block-scaled kinds mxf8f6f4/mxf4/mxf4nvf4 (CuTe's UMMA::InstrDescriptor
//    and InstrDescriptorBlockScaled, include/cute/arch/mma_sm100_desc.hpp,
//    NVIDIA/cutlass 7107b05). Trap: E2M1 is format 5 under mxf8f6f4 but 1
//    under mxf4/mxf4nvf4.
// MLIR-free; tests compare with CuTe's values.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_ATOM_SM100UMMA_H
#define CUTE_ATOM_SM100UMMA_H

#include "cute/Atom/Sm90Gmma.h"
#include "cute/Support/Expected.h"

#include <cstdint>

namespace cute::atom {

/// The UMMA shared-memory descriptor for fields derived by deriveGmmaDesc.
uint64_t encodeUmmaSmemDesc(const GmmaDescFields &f, uint32_t startBytes);

enum class UmmaKind { F16, TF32, F8F6F4, MXF8F6F4, MXF4, MXF4NVF4 };
enum class UmmaType { F16, BF16, TF32, E4M3, E5M2, E2M3, E3M2, E2M1 };
enum class UmmaAccum { F16, F32 };
enum class UmmaScale { UE8M0, UE4M3 };

struct UmmaInstr {
  UmmaKind kind = UmmaKind::F16;
  UmmaType a = UmmaType::F16, b = UmmaType::F16;
  UmmaAccum accum = UmmaAccum::F32; ///< ignored by block-scaled kinds (f32)
  int m = 128, n = 256;
  int ctaGroup = 1; ///< 1 or 2 (2-CTA: M is the pair's)
  bool aMajorMN = false, bMajorMN = false;
  bool negateA = false, negateB = false;
  UmmaScale scale = UmmaScale::UE8M0; ///< block-scaled kinds only
};

/// The instruction descriptor; errors name the rule and the numbers
/// ("tcgen05.mma kind::f16 with M = 128 needs N a multiple of 16 in
/// [16, 256], got 40").
Expected<uint32_t> makeUmmaInstrDesc(const UmmaInstr &i);

} // namespace cute::atom

#endif // CUTE_ATOM_SM100UMMA_H
