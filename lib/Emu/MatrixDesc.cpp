//===- MatrixDesc.cpp - Shared-memory matrix descriptors ------------------===//
#include "MatrixDesc.h"

#include <sstream>

namespace cute::emu {

namespace {
std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}
void addressFields(uint64_t d, MatrixDesc &m) {
  m.raw = d;
  m.start = uint32_t(d & 0x3fff) << 4;
  m.lbo = uint32_t((d >> 16) & 0x3fff) << 4;
  m.sbo = uint32_t((d >> 32) & 0x3fff) << 4;
  m.base = uint32_t((d >> 49) & 0x7);
}
} // namespace

MatrixDesc MatrixDesc::wgmma(uint64_t d) {
  MatrixDesc m;
  addressFields(d, m);
  static const uint32_t kBytes[] = {0, 128, 64, 32};
  m.swizzle = kBytes[(d >> 62) & 0x3];
  return m;
}

bool MatrixDesc::umma(uint64_t d, MatrixDesc &m, std::string &why) {
  addressFields(d, m);
  // ISA 9.7.16.4.1 Table 40: bits 46-48 hold the fixed constant 0b001.
  if (((d >> 46) & 0x7) != 1) {
    why = "bits 46-48 of a tcgen05 shared memory descriptor must be 0b001, "
          "found " +
          std::to_string((d >> 46) & 0x7);
    return false;
  }
  if ((d >> 52) & 1) {
    why = "the absolute LBO mode (bit 52) is sm_103a's, not sm_100a's";
    return false;
  }
  switch (d >> 61) {
  case 0:
    m.swizzle = 0;
    break;
  case 1:
    m.swizzle = 128;
    m.atom32 = true;
    break;
  case 2:
    m.swizzle = 128;
    break;
  case 4:
    m.swizzle = 64;
    break;
  case 6:
    m.swizzle = 32;
    break;
  default:
    why = "swizzle mode " + std::to_string(d >> 61) +
          " (bits 61-63) is not one of 0 (none), 1 (128B with 32B atomicity), "
          "2 (128B), 4 (64B), 6 (32B)";
    return false;
  }
  return true;
}

std::string MatrixDesc::describe(const char *which, bool mnMajor) const {
  std::ostringstream os;
  os << which << " descriptor " << hex(raw) << " (start address " << hex(start)
     << ", LBO " << lbo << ", SBO " << sbo << ", base offset " << base
     << ", swizzle ";
  if (!swizzle)
    os << "none";
  else
    os << swizzle << "B" << (atom32 ? " with 32B atomicity" : "");
  os << ", " << (mnMajor ? "MN-major" : "K-major") << ")";
  return os.str();
}

// The canonical layouts (wgmma ISA 9.7.15.5.1.2 "Strides"; tcgen05
// 9.7.16.3.1-3 "Major-ness supported by Strides", the same definitions): the
// matrix is made of core matrices of 8 rows of 16 bytes; a swizzle atom of
// S bytes is 8 rows of S bytes.
// - K-major, no swizzle: core matrices adjacent in K are LBO apart, in M/N
//   SBO apart; rows of a core matrix are 16 bytes apart.
// - K-major, swizzled: rows are S bytes apart and K runs contiguously along
//   the row (LBO unused); groups of 8 rows are SBO apart.
// - MN-major, no swizzle: 16 contiguous bytes along M/N, the 8 K rows of a
//   core matrix 16 bytes apart; core matrices adjacent in M/N are SBO apart,
//   in K (the next 8 K rows) LBO apart.
// - MN-major, swizzled: S contiguous bytes along M/N, K rows S bytes apart;
//   the next S bytes of M/N are LBO apart, the next 8 K rows SBO apart (4
//   rows for tcgen05's 128B with 32B atomicity).
uint64_t matrixOffset(const MatrixDesc &d, bool mnMajor, unsigned r, unsigned k,
                      unsigned bits, unsigned *nibble) {
  const uint64_t S = d.swizzle;
  if (nibble)
    *nibble = 0;
  if (!mnMajor) {
    uint64_t kb = uint64_t(k) * bits / 8;
    if (bits == 4 && nibble)
      *nibble = k & 1;
    if (S == 0)
      return (r % 8) * 16 + (r / 8) * uint64_t(d.sbo) + (kb / 16) * d.lbo +
             kb % 16;
    return (r % 8) * S + (r / 8) * uint64_t(d.sbo) + kb;
  }
  uint64_t mb = uint64_t(r) * bits / 8;
  if (S == 0)
    return mb % 16 + (mb / 16) * uint64_t(d.sbo) + (k % 8) * 16 +
           (k / 8) * uint64_t(d.lbo);
  // "128B with 32B atomicity" (tf32 MN-major): an atom is 4 K rows of 128
  // bytes (CuTe's Layout_MN_SW128_32B_Atom), so the next K group is 4 rows
  // on.
  const unsigned kRows = d.atom32 ? 4 : 8;
  return mb % S + (mb / S) * uint64_t(d.lbo) + (k % kRows) * S +
         (k / kRows) * uint64_t(d.sbo);
}

// The swizzle of the absolute shared-memory address (the 128B/64B/32B
// patterns repeat every 1024/512/256 bytes): the 16-byte chunk index (bits
// 4..) is XORed with the row of the pattern (bits 7..), 3, 2 or 1 bits wide.
// The base offset says where the pattern starts when not at the boundary
// ("base offset = (pattern start addr >> 0x7) & 0x7"): the row is counted
// from there. Measured on the H200 for wgmma (test/gpu/emu-probes/
// mma_layout_probe.cpp, cases *_base_offset and *_unaligned_start_base0).
// tcgen05's "128B with 32B atomicity" XORs the 32-byte chunk index (bits
// 5-6) with bits 7-8 (CuTe's Swizzle<2,5,2>; not in the ISA's text).
uint64_t matrixSwizzle(const MatrixDesc &d, uint64_t addr) {
  if (d.atom32) {
    uint64_t row = ((addr >> 7) - d.base) & 3;
    return addr ^ (row << 5);
  }
  unsigned bits = d.swizzle == 128  ? 3
                  : d.swizzle == 64 ? 2
                  : d.swizzle == 32 ? 1
                                    : 0;
  if (!bits)
    return addr;
  uint64_t mask = (1u << bits) - 1;
  uint64_t row = ((addr >> 7) - d.base) & mask;
  return addr ^ (row << 4);
}

} // namespace cute::emu
