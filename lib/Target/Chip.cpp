//===- Chip.cpp - Per-chip facts and limits
//--------------------------------===//
#include "cute/Target/Chip.h"

namespace cute::target {

const std::vector<ChipInfo> &chipTable() {
  static const std::vector<ChipInfo> table = {
      // Hopper (H100/H200): TMA, clusters, wgmma; 227 KiB smem per block.
      {"sm_90a", 90, "+ptx88", "8.8", "Hopper (H100/H200)", 1024, 48 * 1024,
       232448, 8, /*tma=*/true, /*wgmma=*/true, /*tcgen05=*/false,
       /*tmem=*/0, /*blockScaledMmaSync=*/false, /*cvtF8x2=*/true,
       /*cvtF6F4UE8M0x2=*/false, /*mmaSyncF8F6F4=*/false},
      // Datacenter Blackwell (B200/GB200): TMEM 128 lanes x 512 columns,
      // tcgen05.mma, 2-CTA pairs; no wgmma.
      {"sm_100a", 100, "+ptx88", "8.8", "datacenter Blackwell (B200/GB200)",
       1024, 48 * 1024, 232448, 8, true, false, true, 512, false, true, true,
       false},
      // GeForce Blackwell (RTX 50xx): ~99 KiB smem, warp-level block-scaled
      // mma.sync, no TMEM; treated as cluster-less.
      {"sm_120a", 120, "+ptx88", "8.8", "GeForce Blackwell (RTX 50xx)", 1024,
       48 * 1024, 101376, 1, true, false, false, 0, true, true, true, true},
  };
  return table;
}

const ChipInfo *lookupChip(const std::string &name) {
  for (const ChipInfo &c : chipTable())
    if (name == c.name)
      return &c;
  return nullptr;
}

std::string supportedChipNames() {
  std::string s;
  for (const ChipInfo &c : chipTable())
    s += (s.empty() ? "" : ", ") + std::string(c.name);
  return s;
}

} // namespace cute::target
