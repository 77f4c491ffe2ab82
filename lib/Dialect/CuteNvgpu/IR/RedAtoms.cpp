//===- RedAtoms.cpp - The red.add reduction copy atom ---------------------===//
//
// #cute_nvgpu.red_add: verifyCopy checks what the lowering (RedToNVVM.cpp)
// needs: f32 elements from a static rmem fragment to a gmem tensor with a
// static layout, and a vector plan (planCopy, as the universal copy's)
// of 1, 2 or 4 elements per access.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Layout/Tensor.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using mlir::cute::CuteMemRefType;
using mlir::cute::MemSpace;

LogicalResult RedAddAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned bits) {
  if (bits != 32 && bits != 64 && bits != 128)
    return emitError() << "#cute_nvgpu.red_add: bits is the widest "
                          "reduction (32, 64 or 128: red.add.f32, .v2.f32, "
                          ".v4.f32), but got "
                       << bits;
  return success();
}

StringRef RedAddAttr::getAtomName() const { return "red_add"; }
unsigned RedAddAttr::getMaxAccessBits() const { return getBits(); }

LogicalResult
RedAddAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError, Type src,
                       Type dst, Type pred) const {
  auto s = dyn_cast<CuteMemRefType>(src);
  auto d = dyn_cast<CuteMemRefType>(dst);
  if (!s || s.getMemSpace() != MemSpace::rmem)
    return emitError() << "with red_add expects the src to be an rmem "
                          "fragment (the values added), but got "
                       << src;
  if (!d || d.getMemSpace() != MemSpace::gmem)
    return emitError() << "with red_add expects the dst to be a gmem tensor "
                          "(red adds to global memory), but got "
                       << dst;
  if (!d.getElementType().isF32() || !s.getElementType().isF32())
    return emitError() << "with red_add adds f32 elements (red.add.f32 and "
                          "its vectors), but the element type is "
                       << d.getElementType();
  const ::cute::layout::Layout &sl = s.getLayout().layout;
  const ::cute::layout::Layout &dl = d.getLayout().layout;
  if (!sl.isStatic())
    return emitError() << "with red_add expects a static src fragment, but "
                          "got \""
                       << sl.str() << "\"";
  if (!dl.isStatic())
    return emitError() << "with red_add expects a dst with a static layout "
                          "(slice a dynamic view down to the thread's part "
                          "first), but got \""
                       << dl.str() << "\"";
  mlir::cute::MemRefInfo si = mlir::cute::tensorInfo(src);
  mlir::cute::MemRefInfo di = mlir::cute::tensorInfo(dst);
  auto plan = ::cute::layout::guard([&] {
    return ::cute::layout::planCopy(si.access(), di.access(), getBits(),
                                    bool(pred));
  });
  if (!plan)
    return emitError() << plan.message();
  return success();
}
