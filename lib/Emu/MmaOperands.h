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

} // namespace cute::emu

#endif // CUTE_EMU_MMAOPERANDS_H
