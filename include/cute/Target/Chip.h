//===- Chip.h - Per-chip facts and limits -----------------------*- C++ -*-===//
//
// The chip table: one row per target the compiler supports. Verifiers and
// the pipeline read limits from here, never from constants elsewhere.
// Sources: PTX ISA 8.8/9.0, CUDA programming guide (compute capabilities),
// ../shared/design/NOTES-PTX.md. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TARGET_CHIP_H
#define CUTE_TARGET_CHIP_H

#include <cstdint>
#include <string>
#include <vector>

namespace cute::target {

struct ChipInfo {
  const char *name;       // "sm_90a"
  int smVersion;          // 90
  const char *ptxFeature; // LLVM NVPTX feature selecting the PTX ISA version
  const char *ptxVersion; // "8.8"
  const char *description;
  int maxThreadsPerBlock;
  int64_t maxStaticSmemBytes;  // without opt-in (48 KiB everywhere)
  int64_t maxDynamicSmemBytes; // per block with opt-in
  int maxClusterSize;          // portable cluster size; 1 = no clusters
  bool hasTma;
  bool hasWgmma;
  bool hasTcgen05;
  int64_t tmemColumns; // 0 without Tensor Memory; else columns x 128 lanes
  bool hasBlockScaledMmaSync;
  // Narrow-float cvt instructions (cute-lower-narrow-floats): .e4m3x2 /
  // .e5m2x2 from f32 and f16x2 and back to f16x2 (sm_89 and later), and the
  // .e2m3x2 / .e3m2x2 / .e2m1x2 / .ue8m0x2 forms (sm_100a, sm_120a; ptxas
  // rejects them for sm_90a).
  bool hasCvtF8x2;
  bool hasCvtF6F4UE8M0x2;
  // mma.sync m16n8k32 .kind::f8f6f4 without scales (PTX ISA 8.7, sm_120a;
  // ptxas 13 rejects its fp6/fp4 forms on sm_90a and sm_100a, and LLVM 22
  // selects the intrinsic for sm_120a only).
  bool hasMmaSyncF8F6F4;
};

/// The supported chips, in table order.
const std::vector<ChipInfo> &chipTable();
/// The row for `name`, or nullptr.
const ChipInfo *lookupChip(const std::string &name);
/// "sm_90a, sm_100a, sm_120a" for diagnostics.
std::string supportedChipNames();

} // namespace cute::target

#endif // CUTE_TARGET_CHIP_H
