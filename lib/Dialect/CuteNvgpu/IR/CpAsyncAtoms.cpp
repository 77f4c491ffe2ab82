//===- CpAsyncAtoms.cpp - The cp.async copy atom --------------------------===//
//
// #cute_nvgpu.cp_async: verifyCopy checks what the lowering
// (CpAsyncToNVVM.cpp) needs: a gmem source and an smem destination with
// static layouts and one element type, no predicate, and a vector plan
// (planCopy, as the universal copy's) whose accesses move 4, 8 or 16 bytes
// (PTX ISA "cp.async": cp-size).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Layout/Tensor.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using mlir::cute::CuteMemRefType;
using mlir::cute::MemSpace;

LogicalResult CpAsyncAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  unsigned bits) {
  if (bits != 32 && bits != 64 && bits != 128)
    return emitError() << "#cute_nvgpu.cp_async: bits is the widest access "
                          "(32, 64 or 128: cp.async of 4, 8 or 16 bytes), "
                          "but got "
                       << bits;
  return success();
}

StringRef CpAsyncAttr::getAtomName() const { return "cp_async"; }
unsigned CpAsyncAttr::getMaxAccessBits() const { return getBits(); }

LogicalResult
CpAsyncAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError, Type src,
                        Type dst, Type pred) const {
  auto s = dyn_cast<CuteMemRefType>(src);
  auto d = dyn_cast<CuteMemRefType>(dst);
  if (!s || s.getMemSpace() != MemSpace::gmem)
    return emitError() << "with cp_async expects the src to be a gmem tensor "
                          "(cp.async reads global memory), but got "
                       << src;
  if (!d || d.getMemSpace() != MemSpace::smem)
    return emitError() << "with cp_async expects the dst to be an smem "
                          "tensor (cp.async writes shared memory), but got "
                       << dst;
  if (pred)
    return emitError() << "with cp_async copies whole accesses: a predicate "
                          "(or masked copy) is not supported; clamp the "
                          "source coordinates instead";
  const ::cute::layout::Layout &sl = s.getLayout().layout;
  const ::cute::layout::Layout &dl = d.getLayout().layout;
  if (!sl.isStatic())
    return emitError() << "with cp_async expects a src with a static layout "
                          "(slice a dynamic view down to the thread's part "
                          "first), but got \""
                       << sl.str() << "\"";
  if (!dl.isStatic())
    return emitError() << "with cp_async expects a dst with a static layout, "
                          "but got \""
                       << dl.str() << "\"";
  mlir::cute::MemRefInfo si = mlir::cute::tensorInfo(src);
  mlir::cute::MemRefInfo di = mlir::cute::tensorInfo(dst);
  auto plan = ::cute::layout::guard([&] {
    return ::cute::layout::planCopy(si.access(), di.access(), getBits(),
                                    /*predicated=*/false);
  });
  if (!plan)
    return emitError() << plan.message();
  int64_t bytes = plan->vec * int64_t(si.bits()) / 8;
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return emitError() << "with cp_async moves 4, 8 or 16 bytes per access, "
                          "but this copy's plan moves "
                       << plan->vec << " element(s) of " << si.bits()
                       << " bits (" << plan->vec * int64_t(si.bits())
                       << " bits) per access (the contiguous, aligned run "
                          "both tensors share)";
  return success();
}
