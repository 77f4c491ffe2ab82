//===- CuteCopyOp.cpp - cute.copy: assembly, atom choice, verifier --------===//
//
// `cute.copy(%src, %dst[, %pred]) [with(%operands...)] {attrs} [: types]`.
// The operands after `with` belong to the copy atom (a TMA copy's descriptor,
// barrier and multicast mask); the first of them may imply the atom. The
// types are all optional (the short form); written, there is one per operand
// in order.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::cute;
using namespace ::cute::layout;

ParseResult CopyOp::parse(OpAsmParser &p, OperationState &st) {
  SmallVector<OpAsmParser::UnresolvedOperand> main, with;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLParen() || p.parseOperandList(main) || p.parseRParen())
    return failure();
  if (main.size() < 2 || main.size() > 3)
    return p.emitError(loc) << "'cute.copy' expects (src, dst) or (src, dst, "
                               "pred), but "
                            << main.size() << " operand(s) are written";
  if (succeeded(p.parseOptionalKeyword("with"))) {
    SMLoc withLoc = p.getCurrentLocation();
    if (p.parseLParen() || p.parseOperandList(with) || p.parseRParen())
      return failure();
    if (with.empty())
      return p.emitError(withLoc)
             << "'cute.copy' has an empty `with()`: "
                "write the atom's operands or leave it out";
  }
  SMLoc attrLoc = p.getCurrentLocation();
  if (p.parseOptionalAttrDict(st.attributes) ||
      failed(verifyInherentAttrs(st.name, st.attributes, [&] {
        return p.emitError(attrLoc) << "'cute.copy' op ";
      })))
    return failure();
  SmallVector<const OpAsmParser::UnresolvedOperand *> all;
  for (const auto &u : main)
    all.push_back(&u);
  for (const auto &u : with)
    all.push_back(&u);
  SmallVector<Type> types(all.size());
  SmallVector<Type *> typePtrs;
  for (Type &t : types)
    typePtrs.push_back(&t);
  if (parseOperandTypeList(p, all, typePtrs))
    return failure();
  for (auto [u, t] : llvm::zip(all, types))
    if (p.resolveOperand(*u, t, st.operands))
      return failure();
  auto &segments = st.getOrAddProperties<Properties>().operandSegmentSizes;
  segments = {1, 1, main.size() == 3 ? 1 : 0, int32_t(with.size())};
  return success();
}

void CopyOp::print(OpAsmPrinter &p) {
  p << "(" << getSrc() << ", " << getDst();
  if (getPred())
    p << ", " << getPred();
  p << ")";
  if (!getAtomOperands().empty()) {
    p << " with(";
    p.printOperands(getAtomOperands());
    p << ")";
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
  printOperandTypeList(p, llvm::to_vector(getOperandTypes()));
}

CopyAtomAttrInterface CopyOp::getAtomOrDefault() {
  if (auto atom = getAtomAttr())
    return atom;
  if (!getAtomOperands().empty())
    if (auto t = dyn_cast<CopyAtomOperandTypeInterface>(
            getAtomOperands().front().getType()))
      if (CopyAtomAttrInterface implied = t.getImpliedCopyAtom())
        return implied;
  return UniversalCopyAttr::get(getContext(), 128);
}

// What every copy needs; the atom checks the rest (verifyCopy,
// verifyAtomOperands).
LogicalResult CopyOp::verify() {
  CopyAtomAttrInterface atom = getAtomOrDefault();
  Type srcType = getSrc().getType(), dstType = getDst().getType();
  bool srcCoords = isa<CoordTensorType>(srcType),
       dstCoords = isa<CoordTensorType>(dstType);
  if (srcCoords && dstCoords)
    return emitOpError("expects at most one !cute.coord_tensor side, but src "
                       "and dst are both coordinates");
  if ((srcCoords || dstCoords) && !atom.takesCoordinates())
    return emitOpError()
           << (srcCoords ? "src" : "dst")
           << " is a !cute.coord_tensor (coordinates, not data): only an atom "
              "that addresses memory by coordinates reads or writes one (a "
              "TMA copy: `with(%desc, ...)`), but the atom is `"
           << atom.getAtomName() << "`";
  if (!srcCoords && !dstCoords) {
    MemRefInfo s = tensorInfo(srcType), d = tensorInfo(dstType);
    if (s.elem != d.elem)
      return emitOpError("expects src and dst of one element type, but got ")
             << s.elem << " and " << d.elem;
    if (getPred()) {
      MemRefInfo p = tensorInfo(getPred().getType());
      if (!p.elem.isInteger(1) || p.space != MemSpace::rmem)
        return emitOpError("expects pred to be an rmem tensor of i1, but got ")
               << getPred().getType();
      Int np = size(p.layout), ns = size(s.layout);
      if (!np.isStatic() || !ns.isStatic() || np.value() != ns.value())
        return emitOpError("expects pred of the size of src (")
               << ns.str() << " elements of \"" << s.layout.str()
               << "\"), but pred \"" << p.layout.str() << "\" has " << np.str();
    }
  }
  if (isMasked()) {
    if (getPred())
      return emitOpError("takes either `pred` or `masked`/`fill`, not both");
    if (srcCoords || dstCoords)
      return emitOpError("is masked, but a copy by coordinates (TMA) bounds "
                         "itself: out-of-bounds elements are zero-filled on "
                         "loads and not written on stores");
    bool srcIsBounded = false;
    LocalTileOp tile;
    SmallVector<Operation *> steps;
    std::string why;
    if (failed(traceBoundedSide(srcIsBounded, tile, steps, why)))
      return emitOpError("is masked, so its src or dst must be a thread's "
                         "part of a tile (cute.partition_tv, "
                         "cute.local_partition or cute.mma_partition of a "
                         "cute.local_tile): ")
             << why;
    if (TypedAttr fill = getFillAttr()) {
      MemRefInfo d = tensorInfo(dstType);
      if (!srcIsBounded)
        return emitOpError("has a fill value, but its src is not the "
                           "bounded side (fill applies to reads)");
      if (fill.getType() != d.elem)
        return emitOpError("expects fill of the element type ")
               << d.elem << ", but got " << fill;
      if (!d.layout.isStatic())
        return emitOpError("expects a dst of static layout to fill, but "
                           "got \"")
               << d.layout.str() << "\"";
    }
  }
  auto emitError = [&] { return emitOpError(); };
  if (failed(atom.verifyAtomOperands(emitError, srcType, dstType,
                                     getAtomOperands().getTypes())))
    return failure();
  return atom.verifyCopy(emitError, srcType, dstType,
                         getPred() ? getPred().getType() : Type());
}

/// Walks `v` back through partition ops to the cute.local_tile they
/// partition.
static LogicalResult traceToTile(Value v, LocalTileOp &tile,
                                 SmallVectorImpl<Operation *> &steps,
                                 std::string &why) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto lt = dyn_cast<LocalTileOp>(def)) {
      tile = lt;
      std::reverse(steps.begin(), steps.end());
      return success();
    }
    if (auto p = dyn_cast<PartitionTVOp>(def)) {
      steps.push_back(p);
      v = p.getTensor();
      continue;
    }
    if (auto p = dyn_cast<LocalPartitionOp>(def)) {
      steps.push_back(p);
      v = p.getTensor();
      continue;
    }
    if (auto p = dyn_cast<MmaPartitionOp>(def)) {
      steps.push_back(p);
      v = p.getTensor();
      continue;
    }
    why = "it is defined by '" + def->getName().getStringRef().str() + "'";
    return failure();
  }
  why = "it is a block argument";
  return failure();
}

LogicalResult CopyOp::traceBoundedSide(bool &srcIsBounded, LocalTileOp &tile,
                                       SmallVectorImpl<Operation *> &steps,
                                       std::string &why) {
  std::string whySrc, whyDst;
  steps.clear();
  if (succeeded(traceToTile(getSrc(), tile, steps, whySrc))) {
    srcIsBounded = true;
    return success();
  }
  steps.clear();
  if (succeeded(traceToTile(getDst(), tile, steps, whyDst))) {
    srcIsBounded = false;
    return success();
  }
  why = "src: " + whySrc + "; dst: " + whyDst;
  return failure();
}
