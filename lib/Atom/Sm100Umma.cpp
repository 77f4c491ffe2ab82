//===- Sm100Umma.cpp - tcgen05 (UMMA) descriptors -------------------------===//
#include "cute/Atom/Sm100Umma.h"

#include "AtomDetail.h"

#include <string>

namespace cute::atom {

namespace {

const char *kindName(UmmaKind k) {
  switch (k) {
  case UmmaKind::F16:
    return "f16";
  case UmmaKind::TF32:
    return "tf32";
  case UmmaKind::F8F6F4:
    return "f8f6f4";
  case UmmaKind::MXF8F6F4:
    return "mxf8f6f4";
  case UmmaKind::MXF4:
    return "mxf4";
  case UmmaKind::MXF4NVF4:
    return "mxf4nvf4";
  }
  return "?";
}

const char *typeName(UmmaType t) {
  switch (t) {
  case UmmaType::F16:
    return "f16";
  case UmmaType::BF16:
    return "bf16";
  case UmmaType::TF32:
    return "tf32";
  case UmmaType::E4M3:
    return "e4m3";
  case UmmaType::E5M2:
    return "e5m2";
  case UmmaType::E2M3:
    return "e2m3";
  case UmmaType::E3M2:
    return "e3m2";
  case UmmaType::E2M1:
    return "e2m1";
  }
  return "?";
}

/// The operand format code of `t` under `kind`, or -1 when the kind does
/// not take that type.
int formatCode(UmmaKind kind, UmmaType t) {
  switch (kind) {
  case UmmaKind::F16:
    return t == UmmaType::F16 ? 0 : t == UmmaType::BF16 ? 1 : -1;
  case UmmaKind::TF32:
    return t == UmmaType::TF32 ? 2 : -1;
  case UmmaKind::F8F6F4:
  case UmmaKind::MXF8F6F4:
    switch (t) {
    case UmmaType::E4M3:
      return 0;
    case UmmaType::E5M2:
      return 1;
    case UmmaType::E2M3:
      return 3;
    case UmmaType::E3M2:
      return 4;
    case UmmaType::E2M1:
      return 5;
    default:
      return -1;
    }
  case UmmaKind::MXF4:
  case UmmaKind::MXF4NVF4:
    return t == UmmaType::E2M1 ? 1 : -1;
  }
  return -1;
}

int typeBits(UmmaType t) {
  switch (t) {
  case UmmaType::F16:
  case UmmaType::BF16:
    return 16;
  case UmmaType::TF32:
    return 32;
  case UmmaType::E4M3:
  case UmmaType::E5M2:
    return 8;
  case UmmaType::E2M3:
  case UmmaType::E3M2:
    return 6;
  case UmmaType::E2M1:
    return 4;
  }
  return 0;
}

} // namespace

uint64_t encodeUmmaSmemDesc(const GmmaDescFields &f, uint32_t startBytes) {
  uint64_t layout = 0;
  switch (f.layout) {
  case GmmaLayoutType::Interleave:
    layout = 0;
    break;
  case GmmaLayoutType::B128:
    layout = 2;
    break;
  case GmmaLayoutType::B64:
    layout = 4;
    break;
  case GmmaLayoutType::B32:
    layout = 6;
    break;
  case GmmaLayoutType::B128Base32B:
    layout = 1; // SWIZZLE_128B_BASE32B
    break;
  }
  uint64_t d = 0;
  d |= uint64_t((startBytes >> 4) & 0x3FFF);
  d |= uint64_t(f.lbo & 0x3FFF) << 16;
  d |= uint64_t(f.sbo & 0x3FFF) << 32;
  d |= uint64_t(1) << 46; // version
  d |= layout << 61;
  return d;
}

Expected<uint32_t> makeUmmaInstrDesc(const UmmaInstr &i) {
  std::string what = std::string("tcgen05.mma kind::") + kindName(i.kind);
  bool blockScaled = i.kind == UmmaKind::MXF8F6F4 || i.kind == UmmaKind::MXF4 ||
                     i.kind == UmmaKind::MXF4NVF4;
  int fa = formatCode(i.kind, i.a), fb = formatCode(i.kind, i.b);
  if (fa < 0 || fb < 0)
    return detail::invalid(what + " does not take " +
                           typeName(fa < 0 ? i.a : i.b) + " operands");
  if (i.ctaGroup != 1 && i.ctaGroup != 2)
    return detail::invalid(what + ": cta_group is 1 or 2, got " +
                           std::to_string(i.ctaGroup));
  // M: 64 or 128 on one CTA, 128 or 256 for a CTA pair; block-scaled kinds
  // take 128 on one CTA and 256 on a pair, kind::mxf4(nvf4) also 128 on a
  // pair (CUTLASS's SM100_MMA_MXF4_2x1SM_SS).
  bool fp4Pair = i.ctaGroup == 2 && i.kind != UmmaKind::MXF8F6F4;
  bool mOk = blockScaled ? (i.m == 128 * i.ctaGroup || (fp4Pair && i.m == 128))
                         : (i.ctaGroup == 1 ? (i.m == 64 || i.m == 128)
                                            : (i.m == 128 || i.m == 256));
  if (!mOk)
    return detail::invalid(
        what + " with cta_group::" + std::to_string(i.ctaGroup) +
        " takes M = " +
        (blockScaled ? (fp4Pair ? std::string("128 or 256")
                                : std::to_string(128 * i.ctaGroup))
                     : (i.ctaGroup == 1 ? std::string("64 or 128")
                                        : std::string("128 or 256"))) +
        ", got " + std::to_string(i.m));
  // N: a multiple of 8 on one CTA, of 16 on a pair (CUTLASS's SS bounds,
  // the same as the atom layouts'; A from TMEM is checked by the dialect).
  int nStep = i.ctaGroup == 2 ? 16 : 8;
  if (i.n < nStep || i.n > 256 || i.n % nStep)
    return detail::invalid(what + " with M = " + std::to_string(i.m) +
                           " needs N a multiple of " + std::to_string(nStep) +
                           " in [" + std::to_string(nStep) + ", 256], got " +
                           std::to_string(i.n));
  if ((i.aMajorMN && typeBits(i.a) < 8) || (i.bMajorMN && typeBits(i.b) < 8) ||
      (i.aMajorMN && typeBits(i.a) == 6) || (i.bMajorMN && typeBits(i.b) == 6))
    return detail::invalid(what +
                           ": MN-major operands must be 8, 16 or 32-bit (" +
                           typeName(i.aMajorMN ? i.a : i.b) + " is not)");
  if (i.kind == UmmaKind::MXF4 && i.scale != UmmaScale::UE8M0)
    return detail::invalid(what + " scales are ue8m0 (one per 32 elements)");
  if (i.kind == UmmaKind::MXF8F6F4 && i.scale != UmmaScale::UE8M0)
    return detail::invalid(what + " scales are ue8m0 (one per 32 elements)");
  uint32_t d = 0;
  if (!blockScaled) {
    uint32_t c = i.accum == UmmaAccum::F32 ? 1 : 0;
    if (i.kind == UmmaKind::TF32 && i.accum != UmmaAccum::F32)
      return detail::invalid(what + " accumulates in f32");
    d |= c << 4;
  } else {
    d |= uint32_t(i.scale == UmmaScale::UE8M0 ? 1 : 0) << 23;
  }
  d |= uint32_t(fa) << 7;
  d |= uint32_t(fb) << 10;
  d |= uint32_t(i.negateA) << 13;
  d |= uint32_t(i.negateB) << 14;
  d |= uint32_t(i.aMajorMN) << 15;
  d |= uint32_t(i.bMajorMN) << 16;
  d |= uint32_t(i.n >> 3) << 17;
  d |= uint32_t(i.m >> 4) << 24;
  return d;
}

} // namespace cute::atom
