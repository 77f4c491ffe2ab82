//===- AtomDetail.h - Shared helpers of the atom tables --------*- C++ -*-===//
//
// Internal to lib/Atom: the error every table returns, exact log2, and the
// one swizzle rule TMA and the MMA descriptors share (a swizzle of 16-byte
// chunks over 8 rows, written in element units as in !cute.memref).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_ATOM_ATOMDETAIL_H
#define CUTE_LIB_ATOM_ATOMDETAIL_H

#include "cute/Layout/Layout.h"
#include "cute/Support/Expected.h"

#include <optional>
#include <string>

namespace cute::atom::detail {

inline Error invalid(const std::string &msg) {
  return Error(ErrorCode::InvalidArgument, msg);
}

/// log2(v) when v is a power of two, else -1.
inline int log2Exact(int64_t v) {
  int l = 0;
  while ((int64_t(1) << l) < v)
    ++l;
  return (int64_t(1) << l) == v ? l : -1;
}

/// B of a 32/64/128-byte swizzle S<B, log2(elements per 16 bytes), 3> on
/// `elemBits`-bit elements (1, 2, 3); nullopt for any other swizzle. (The
/// base is 4 - log2(bytes of T) for byte-sized T, 5 for packed 4-bit T.)
inline std::optional<int> chunkSwizzleBits(const layout::Swizzle &s,
                                           unsigned elemBits) {
  int base = log2Exact(128 / int64_t(elemBits));
  if (s.bits < 1 || s.bits > 3 || s.base != base || s.shift != 3)
    return std::nullopt;
  return s.bits;
}

/// CuTe's Sw<2,5,2> (128-byte rows of 32-byte atoms) on `elemBits`
/// elements: S<2, log2(256/elemBits), 2>.
inline bool isBase32BSwizzle(const layout::Swizzle &s, unsigned elemBits) {
  return s.bits == 2 && s.base == log2Exact(128 / int64_t(elemBits)) + 1 &&
         s.shift == 2;
}

/// "swizzle S<..> is not a <unit> swizzle for N-bit elements (S<1,b,3>,
/// S<2,b,3> or S<3,b,3> for 32, 64, 128 B)".
inline Error notChunkSwizzle(const layout::Swizzle &s, unsigned elemBits,
                             const char *unit) {
  int chunk = log2Exact(128 / int64_t(elemBits));
  // CuTe's Sw<2,5,2> in bytes: 128-byte rows of 32-byte atoms (the GMMA
  // derivation handles it before asking; TMA does not derive it).
  if (isBase32BSwizzle(s, elemBits))
    return invalid("swizzle " + s.str() +
                   " is the 128-byte swizzle with 32-byte atoms on " +
                   std::to_string(elemBits) +
                   "-bit elements (CuTe's Sw<2,5,2>, TMA's "
                   "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B); this compiler "
                   "derives no " +
                   unit + " descriptor for it yet");
  std::string base = std::to_string(chunk);
  return invalid("swizzle " + s.str() + " is not a " + unit + " swizzle for " +
                 std::to_string(elemBits) + "-bit elements (S<1," + base +
                 ",3>, S<2," + base + ",3> or S<3," + base +
                 ",3> for 32, 64, 128 B)");
}

} // namespace cute::atom::detail

#endif // CUTE_LIB_ATOM_ATOMDETAIL_H
