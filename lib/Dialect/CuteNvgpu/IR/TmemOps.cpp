//===- TmemOps.cpp - Tensor Memory ops and the tcgen05.ld/st atoms --------===//
//
// Each rule names its numbers; the kernel-wide TMEM rules (lane quarters,
// waits, relinquish) are in lib/Dialect/CuteNvgpu/Analysis/TmemProtocol.cpp,
// the budget against the chip in lib/Target/VerifyKernel.cpp.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::cute_nvgpu;
namespace atom = ::cute::atom;
using mlir::cute::CuteMemRefType;
using mlir::cute::MemSpace;

namespace {

mlir::cute::MemRefInfo infoOf(Type t) {
  ::cute::layout::DynamicSymbols syms;
  return cast<mlir::cute::CuteTensorTypeInterface>(t).readInfo(syms);
}

LogicalResult verifyColumns(Operation *op, int64_t columns) {
  if (columns < 32 || columns > atom::kTmemColumns ||
      !llvm::isPowerOf2_64(uint64_t(columns)))
    return op->emitOpError("columns = ")
           << columns << "; Tensor Memory is allocated in a power of two of "
           << "columns in [32, " << atom::kTmemColumns << "]";
  return success();
}

LogicalResult verifyCtaGroup(Operation *op, int64_t g) {
  if (g != 1 && g != 2)
    return op->emitOpError("cta_group = ")
           << g << "; it is 1 (this CTA) or 2 (the CTA pair)";
  return success();
}

/// The shared-memory i32 slot tmem_alloc writes and tmem_tensor reads.
LogicalResult verifySlot(Operation *op, Type t) {
  auto m = cast<CuteMemRefType>(t);
  if (m.getMemSpace() != MemSpace::smem || !m.getElementType().isInteger(32))
    return op->emitOpError("the TMEM address slot must be a shared-memory "
                           "tensor of i32, got ")
           << t;
  if (!m.isStatic())
    return op->emitOpError("the TMEM address slot must have a static layout, "
                           "got ")
           << t;
  return success();
}

LogicalResult verifyTmemTensor(Operation *op, StringRef what, Type t) {
  auto m = cast<CuteMemRefType>(t);
  if (m.getMemSpace() != MemSpace::tmem)
    return op->emitOpError() << what << " must be a tmem tensor, got " << t;
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

LogicalResult TmemAllocOp::verify() {
  if (failed(verifySlot(*this, getSlot().getType())) ||
      failed(verifyColumns(*this, getColumns())))
    return failure();
  return verifyCtaGroup(*this, getCtaGroup());
}

LogicalResult TmemTensorOp::verify() {
  if (failed(verifySlot(*this, getSlot().getType())) ||
      failed(verifyTmemTensor(*this, "the result", getType())))
    return failure();
  auto m = cast<CuteMemRefType>(getType());
  if (!m.isStatic())
    return emitOpError("the tmem tensor must have a static layout, got ") << m;
  return success();
}

LogicalResult TmemDeallocOp::verify() {
  if (failed(
          verifyTmemTensor(*this, "the freed tensor", getTmem().getType())) ||
      failed(verifyColumns(*this, getColumns())))
    return failure();
  return verifyCtaGroup(*this, getCtaGroup());
}

LogicalResult TmemRelinquishAllocPermitOp::verify() {
  return verifyCtaGroup(*this, getCtaGroup());
}

LogicalResult Tcgen05CommitOp::verify() {
  return verifyCtaGroup(*this, getCtaGroup());
}

//===----------------------------------------------------------------------===//
// tcgen05.cp
//===----------------------------------------------------------------------===//

atom::TmemCpShape mlir::cute_nvgpu::atomCpShape(Tcgen05CpShape s) {
  switch (s) {
  case Tcgen05CpShape::s128x256b:
    return atom::TmemCpShape::S128x256b;
  case Tcgen05CpShape::s128x128b:
    return atom::TmemCpShape::S128x128b;
  case Tcgen05CpShape::s64x128b:
    return atom::TmemCpShape::S64x128b;
  case Tcgen05CpShape::s32x128b:
    return atom::TmemCpShape::S32x128b;
  }
  return atom::TmemCpShape::S32x128b;
}

atom::TmemCpMulticast mlir::cute_nvgpu::atomCpMulticast(Tcgen05CpMulticast m) {
  switch (m) {
  case Tcgen05CpMulticast::none:
    return atom::TmemCpMulticast::None;
  case Tcgen05CpMulticast::warpx2_02_13:
    return atom::TmemCpMulticast::Warpx2_02_13;
  case Tcgen05CpMulticast::warpx2_01_23:
    return atom::TmemCpMulticast::Warpx2_01_23;
  case Tcgen05CpMulticast::warpx4:
    return atom::TmemCpMulticast::Warpx4;
  }
  return atom::TmemCpMulticast::None;
}

::cute::Expected<atom::GmmaDescFields>
mlir::cute_nvgpu::tmemCpDescFields(Tcgen05CpShape shape, CuteMemRefType src) {
  return atom::deriveTmemCpDesc(atomCpShape(shape), src.getLayout().layout,
                                src.getSwizzleFunctor(),
                                mlir::cute::storageBits(src.getElementType()));
}

LogicalResult Tcgen05CpOp::verify() {
  if (failed(verifyCtaGroup(*this, getCtaGroup())))
    return failure();
  auto rule = atom::checkTmemCp(atomCpShape(getShape()),
                                atomCpMulticast(getMulticast()));
  if (!rule.ok())
    return emitOpError(rule.message());
  auto src = cast<CuteMemRefType>(getSrc().getType());
  if (src.getMemSpace() != MemSpace::smem)
    return emitOpError("copies from a shared-memory tensor, got ") << src;
  if (!src.isStatic())
    return emitOpError("the source tile must have a static layout (its "
                       "descriptor is derived at compile time), got ")
           << src;
  if (src.getAlignment() < 16)
    return emitOpError("the source tile is aligned to ")
           << src.getAlignment()
           << " B; a shared-memory descriptor addresses 16-byte units";
  if (failed(verifyTmemTensor(*this, "the destination", getDst().getType())))
    return failure();
  auto desc = tmemCpDescFields(getShape(), src);
  if (!desc)
    return emitOpError(desc.message());
  return success();
}

ParseResult mlir::cute_nvgpu::parseTcgen05CpShape(OpAsmParser &p,
                                                  Tcgen05CpShapeAttr &attr) {
  FailureOr<Tcgen05CpShape> s = parseTcgen05Shape<Tcgen05CpShape>(p);
  if (failed(s))
    return failure();
  attr = Tcgen05CpShapeAttr::get(p.getContext(), *s);
  return success();
}

void mlir::cute_nvgpu::printTcgen05CpShape(OpAsmPrinter &p, Operation *,
                                           Tcgen05CpShapeAttr attr) {
  p << stringifyTcgen05CpShape(attr.getValue());
}

//===----------------------------------------------------------------------===//
// tcgen05.ld / tcgen05.st copy atoms
//===----------------------------------------------------------------------===//

atom::TmemLdStShape mlir::cute_nvgpu::atomLdStShape(Tcgen05LdStShape s) {
  switch (s) {
  case Tcgen05LdStShape::s32x32b:
    return atom::TmemLdStShape::S32x32b;
  case Tcgen05LdStShape::s16x64b:
    return atom::TmemLdStShape::S16x64b;
  case Tcgen05LdStShape::s16x128b:
    return atom::TmemLdStShape::S16x128b;
  case Tcgen05LdStShape::s16x256b:
    return atom::TmemLdStShape::S16x256b;
  case Tcgen05LdStShape::s16x32bx2:
    return atom::TmemLdStShape::S16x32bx2;
  }
  return atom::TmemLdStShape::S32x32b;
}

namespace {

LogicalResult verifyLdSt(function_ref<InFlightDiagnostic()> emitError,
                         Tcgen05LdStShape shape, int64_t num) {
  auto r = atom::checkTmemLdSt(atomLdStShape(shape), num);
  if (!r.ok())
    return emitError() << r.message();
  return success();
}

/// `tmem` (the warp's tile) and `regs` (the thread's fragment) of one
/// tcgen05.ld (load) or tcgen05.st.
LogicalResult verifyTmemCopy(function_ref<InFlightDiagnostic()> emitError,
                             StringRef name, Tcgen05LdStShape shape,
                             int64_t num, bool load, Type tmemType,
                             Type regsType, Type predType) {
  atom::TmemLdStShape s = atomLdStShape(shape);
  std::string inst = (name + "." + stringifyTcgen05LdStShape(shape) + ".x" +
                      std::to_string(num))
                         .str();
  const char *tmemSide = load ? "src" : "dst";
  const char *regsSide = load ? "dst" : "src";
  if (predType)
    return emitError() << inst << " moves a warp's whole tile; it takes no "
                       << "predicate";
  auto tm = dyn_cast<CuteMemRefType>(tmemType);
  auto rm = dyn_cast<CuteMemRefType>(regsType);
  if (!tm || tm.getMemSpace() != MemSpace::tmem)
    return emitError() << inst << " " << (load ? "reads" : "writes")
                       << " Tensor Memory: the " << tmemSide
                       << " must be a tmem tensor, got " << tmemType;
  if (!rm || rm.getMemSpace() != MemSpace::rmem)
    return emitError() << inst << " " << (load ? "writes" : "reads")
                       << " registers: the " << regsSide
                       << " must be an rmem tensor, got " << regsType;
  if (!tm.isStatic() || !rm.isStatic())
    return emitError() << inst << " needs static layouts, got " << tmemType
                       << " and " << regsType;
  if (mlir::cute::storageBits(tm.getElementType()) != 32)
    return emitError() << inst << " moves 32-bit TMEM words; the " << tmemSide
                       << " holds " << tm.getElementType()
                       << " (16-bit tmem tensors are tcgen05.mma A operands; "
                          "move 16-bit pairs as i32)";
  // The tile: exactly the atom's TMEM words, in any order.
  ::cute::layout::Layout valId = atom::tmemLdStValId(s, num);
  const ::cute::layout::Layout &tl = tm.getLayout().layout;
  int64_t words = ::cute::layout::size(valId).value();
  int64_t cols = atom::tmemLdStColumns(s, num);
  int lanes = atom::tmemLdStLanes(s);
  auto tileMessage = [&]() {
    InFlightDiagnostic d = emitError();
    d << inst << " moves a warp tile of " << lanes << " lanes x " << cols
      << " columns (" << words << " TMEM words, offsets " << valId.str()
      << " in any mode order); the " << tmemSide << " tmem tensor \""
      << tl.str() << "\"";
    return d;
  };
  int64_t n = ::cute::layout::size(tl).value();
  if (n != words)
    return tileMessage() << " has " << n << " elements";
  std::set<int64_t> want, got;
  for (int64_t i = 0; i < words; ++i)
    want.insert(valId.eval(i));
  for (int64_t i = 0; i < n; ++i)
    got.insert(tl.eval(i));
  if (got != want) {
    int64_t bad = 0;
    for (int64_t o : got)
      if (!want.count(o)) {
        bad = o;
        break;
      }
    if (got.size() != size_t(n))
      return tileMessage() << " maps two coordinates to one word";
    return tileMessage() << " reaches lane " << bad / atom::kTmemLaneStride
                         << ", column " << bad % atom::kTmemLaneStride
                         << " outside it";
  }
  // The registers: one fragment element per 32-bit register.
  int64_t regs = atom::tmemLdStRegs(s, num);
  int64_t have = ::cute::layout::size(rm.getLayout().layout).value();
  if (have != regs)
    return emitError() << inst << " gives each thread " << regs
                       << " 32-bit registers; the " << regsSide
                       << " fragment \"" << rm.getLayout().layout.str()
                       << "\" has " << have << " elements";
  return success();
}

} // namespace

atom::TmemLdStShape Tcgen05LdAttr::getAtomShape() const {
  return atomLdStShape(getShape());
}
int64_t Tcgen05LdAttr::getRegs() const {
  return atom::tmemLdStRegs(getAtomShape(), getNum());
}
LogicalResult Tcgen05LdAttr::verify(function_ref<InFlightDiagnostic()> e,
                                    Tcgen05LdStShape shape, int64_t num) {
  return verifyLdSt(e, shape, num);
}
StringRef Tcgen05LdAttr::getAtomName() const { return "tcgen05.ld"; }
unsigned Tcgen05LdAttr::getMaxAccessBits() const {
  return unsigned(32 * getRegs());
}
LogicalResult
Tcgen05LdAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError,
                          Type src, Type dst, Type pred) const {
  return verifyTmemCopy(emitError, "tcgen05.ld", getShape(), getNum(),
                        /*load=*/true, src, dst, pred);
}

atom::TmemLdStShape Tcgen05StAttr::getAtomShape() const {
  return atomLdStShape(getShape());
}
int64_t Tcgen05StAttr::getRegs() const {
  return atom::tmemLdStRegs(getAtomShape(), getNum());
}
LogicalResult Tcgen05StAttr::verify(function_ref<InFlightDiagnostic()> e,
                                    Tcgen05LdStShape shape, int64_t num) {
  return verifyLdSt(e, shape, num);
}
StringRef Tcgen05StAttr::getAtomName() const { return "tcgen05.st"; }
unsigned Tcgen05StAttr::getMaxAccessBits() const {
  return unsigned(32 * getRegs());
}
LogicalResult
Tcgen05StAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError,
                          Type src, Type dst, Type pred) const {
  return verifyTmemCopy(emitError, "tcgen05.st", getShape(), getNum(),
                        /*load=*/false, dst, src, pred);
}
