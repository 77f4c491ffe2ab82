//===- MmaOperands.h - PTX operand types of the MMA instructions -*- C++
//-*-===//
#ifndef CUTE_EMU_MMAOPERANDS_H
#define CUTE_EMU_MMAOPERANDS_H

#include "MmaNumerics.h"
#include "Ptx.h"

namespace cute::emu {

/// The tensor-core operand format of a PTX type (mma.sync and wgmma); false
/// for types no MMA numerics model covers.
inline bool mmaElemOf(Ty t, MmaElem &e) {
  switch (t) {
  case Ty::F16:
    e = MmaElem::F16;
    return true;
  case Ty::BF16:
    e = MmaElem::BF16;
    return true;
  case Ty::TF32:
    e = MmaElem::TF32;
    return true;
  case Ty::E4M3:
    e = MmaElem::E4M3;
    return true;
  case Ty::E5M2:
    e = MmaElem::E5M2;
    return true;
  default:
    return false;
  }
}

/// Bits of one element's container in registers and shared memory: 16, 32
/// (tf32), 8 (fp8, and the 6- and 4-bit kinds::f8f6f4 types, one per byte);
/// the packed e2m1 of kind::mxf4/mxf4nvf4 (two per byte) is the caller's.
inline unsigned mmaElemBits(MmaElem e) {
  switch (e) {
  case MmaElem::F16:
  case MmaElem::BF16:
    return 16;
  case MmaElem::TF32:
    return 32;
  default:
    return 8;
  }
}

/// The sign bit of an element held in the low bits of a word (TF32: the
/// f32 sign bit, bit 31; e2m1: bit 3; e3m2/e2m3: bit 5).
inline uint32_t mmaSignBit(MmaElem e) {
  switch (e) {
  case MmaElem::E3M2:
  case MmaElem::E2M3:
    return 1u << 5;
  case MmaElem::E2M1:
    return 1u << 3;
  default:
    return 1u << (mmaElemBits(e) - 1);
  }
}

} // namespace cute::emu

#endif // CUTE_EMU_MMAOPERANDS_H
