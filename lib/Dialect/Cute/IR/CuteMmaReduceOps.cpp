//===- CuteMmaReduceOps.cpp - Rows and columns of MMA accumulators --------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"

using namespace mlir;
using namespace mlir::cute;
namespace atom = ::cute::atom;

static ::cute::Error invalid(const std::string &m) {
  return ::cute::Error(::cute::ErrorCode::InvalidArgument, m);
}

static std::string str(int64_t v) { return std::to_string(v); }

::cute::Expected<atom::MmaReductionPlan>
mlir::cute::mmaFragmentPlan(TiledMmaAttr mma, bool cols, Type fragment,
                            std::optional<ArrayRef<int64_t>> tile) {
  if (!mma)
    return invalid("expects a #cute.tiled_mma");
  auto t = tiledMmaOf(mma);
  if (!t)
    return t.error();
  auto step = atom::tiledMmaTileMNK(*t);
  if (!step)
    return step.error();
  const std::string &name = t->atom.name;
  if (tile && tile->size() != 2)
    return invalid("tile has " + str(int64_t(tile->size())) +
                   " extents; it is (rows, cols)");
  int64_t rows = 0, columns = 0, values = 0;
  if (auto v = dyn_cast<VectorType>(fragment)) {
    if (!tile)
      return invalid("a vector of fragment values has no (FrgV,RestM,RestN) "
                     "shape: give tile = array<i64: rows, cols>");
    rows = (*tile)[0], columns = (*tile)[1];
    values = v.getNumElements();
  } else {
    ::cute::layout::DynamicSymbols syms;
    MemRefInfo m = cast<CuteTensorTypeInterface>(fragment).readInfo(syms);
    if (m.space != MemSpace::rmem || !m.layout.isStatic())
      return invalid("reduces a C fragment of " + name +
                     " in registers with a static layout, but got \"" +
                     m.layout.str() + "\" in " +
                     stringifyMemSpace(m.space).str());
    const ::cute::layout::Layout &l = m.layout;
    size_t rank = l.shape.isInt() ? 1 : l.rank();
    if (rank != 1 && rank != 3)
      return invalid("the fragment's shape " + l.shape.str() + " has rank " +
                     str(int64_t(rank)) +
                     "; it is (FrgV,RestM,RestN) or one atom's values");
    int64_t frg = ::cute::layout::size(rank == 1 ? l : l[0]).value();
    int64_t want = ::cute::layout::size(t->atom.c[1]).value();
    if (frg != want)
      return invalid("the fragment has " + str(frg) +
                     " values per atom (mode 0 of \"" + l.str() + "\"); " +
                     name + " gives each thread " + str(want));
    int64_t restM = rank == 1 ? 1 : ::cute::layout::size(l[1]).value();
    int64_t restN = rank == 1 ? 1 : ::cute::layout::size(l[2]).value();
    rows = restM * (*step)[0], columns = restN * (*step)[1];
    if (tile && ((*tile)[0] != rows || (*tile)[1] != columns))
      return invalid("tile [" + str((*tile)[0]) + ", " + str((*tile)[1]) +
                     "] disagrees with the fragment, whose (RestM,RestN) = (" +
                     str(restM) + "," + str(restN) + ") covers (" + str(rows) +
                     "," + str(columns) + ")");
    values = ::cute::layout::size(l).value();
  }
  auto plan = atom::planMmaReduction(*t, rows, columns,
                                     cols ? atom::MmaReduceAxis::Cols
                                          : atom::MmaReduceAxis::Rows);
  if (!plan)
    return plan.error();
  if (plan->values != values)
    return invalid("the vector has " + str(values) + " values; " + name +
                   " tiled over the (" + str(rows) + "," + str(columns) +
                   ") tile gives each thread " + str(plan->values));
  return plan;
}

static Type elementOf(Type fragment) {
  if (auto v = dyn_cast<VectorType>(fragment))
    return v.getElementType();
  ::cute::layout::DynamicSymbols syms;
  return cast<CuteTensorTypeInterface>(fragment).readInfo(syms).elem;
}

/// `<kind, axis>` (reduce) or `<axis>` (broadcast), then `of #tiled_mma`.
static ParseResult parseMmaPrefix(OpAsmParser &p, OperationState &st,
                                  StringAttr kindName, StringAttr axisName,
                                  StringAttr mmaName) {
  MLIRContext *ctx = p.getContext();
  if (p.parseLess())
    return failure();
  if (kindName) {
    StringRef kind;
    SMLoc loc = p.getCurrentLocation();
    if (p.parseKeyword(&kind) || p.parseComma())
      return failure();
    auto k = symbolizeReduceKind(kind);
    if (!k)
      return p.emitError(loc, "unknown reduction '")
             << kind << "' (expected add, mul, max or min)";
    st.addAttribute(kindName, ReduceKindAttr::get(ctx, *k));
  }
  StringRef axis;
  SMLoc axisLoc = p.getCurrentLocation();
  if (p.parseKeyword(&axis) || p.parseGreater())
    return failure();
  auto a = symbolizeMmaReduceAxis(axis);
  if (!a)
    return p.emitError(axisLoc, "unknown axis '")
           << axis << "' (expected rows or cols)";
  st.addAttribute(axisName, MmaReduceAxisAttr::get(ctx, *a));
  Attribute mma;
  SMLoc mmaLoc = p.getCurrentLocation();
  if (p.parseKeyword("of") || p.parseAttribute(mma))
    return failure();
  if (!isa<TiledMmaAttr>(mma))
    return p.emitError(mmaLoc, "expects a #cute.tiled_mma after `of`, got ")
           << mma;
  st.addAttribute(mmaName, mma);
  return success();
}

/// The operands, `tile` and discardable attributes, and in the full form
/// the types.
static void printMmaRest(OpAsmPrinter &p, Operation *op, DenseI64ArrayAttr tile,
                         StringAttr tileName, bool functional) {
  p << " (";
  p.printOperands(op->getOperands());
  p << ")";
  SmallVector<NamedAttribute> rest;
  if (tile)
    rest.push_back(NamedAttribute(tileName, tile));
  for (NamedAttribute a : op->getDiscardableAttrs())
    rest.push_back(a);
  p.printOptionalAttrDict(rest);
  if (printShortFormEnabled())
    return; // the result type is always the inferred one
  p << " : ";
  if (functional)
    p << "(";
  llvm::interleaveComma(op->getOperandTypes(), p);
  if (functional)
    p << ")";
  p << " -> " << op->getResult(0).getType();
}

//===----------------------------------------------------------------------===//
// cute.mma_reduce
//===----------------------------------------------------------------------===//

::cute::Expected<atom::MmaReductionPlan> MmaReduceOp::getPlan() {
  return mmaFragmentPlan(getMma(), getAxis() == MmaReduceAxis::cols,
                         getValue().getType(), getTile());
}

LogicalResult MmaReduceOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            ValueRange operands,
                                            DictionaryAttr attrs,
                                            OpaqueProperties props, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  Adaptor a(operands, attrs, props);
  auto plan =
      mmaFragmentPlan(a.getMmaAttr(), a.getAxis() == MmaReduceAxis::cols,
                      operands[0].getType(), a.getTile());
  if (!plan)
    return emitOptionalError(loc, "'cute.mma_reduce' op ", plan.message());
  inferred.push_back(
      VectorType::get({plan->slots}, elementOf(operands[0].getType())));
  return success();
}

void MmaReduceOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A register tensor is read (it is memory until LLVM promotes it).
  if (isa<CuteMemRefType>(getValue().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getValueMutable());
}

ParseResult MmaReduceOp::parse(OpAsmParser &p, OperationState &st) {
  if (parseMmaPrefix(p, st, getKindAttrName(st.name), getAxisAttrName(st.name),
                     getMmaAttrName(st.name)))
    return failure();
  return parseShortForm<MmaReduceOp>(p, st, "");
}

void MmaReduceOp::print(OpAsmPrinter &p) {
  p << "<" << stringifyReduceKind(getKind()) << ", "
    << stringifyMmaReduceAxis(getAxis()) << "> of ";
  p.printAttribute(getMma());
  printMmaRest(p, *this, getTileAttr(), getTileAttrName(), false);
}

LogicalResult MmaReduceOp::verify() {
  auto plan = getPlan();
  if (!plan)
    return emitOpError() << plan.message();
  const char *line = atom::mmaReduceLineName(plan->axis);
  Type elem = elementOf(getValue().getType());
  if (!elem.isIntOrFloat() || elem.isInteger(1))
    return emitOpError() << "reduces elements of type " << elem;
  if (plan->needsSharedMemory())
    return emitOpError()
           << "cannot reduce the " << line << "s of the " << getMma()
           << " fragment within warps: " << plan->crossWarpReason()
           << "; a reduction across warps needs shared memory, which "
              "cute.mma_reduce does not do (lay the atoms along "
           << (plan->axis == atom::MmaReduceAxis::Rows ? "M" : "N") << " for "
           << line << " reductions)";
  if (!plan->shuffleXors.empty() && elem.getIntOrFloatBitWidth() > 32) {
    std::string xors;
    for (int64_t x : plan->shuffleXors)
      xors += (xors.empty() ? "" : ", ") + str(x);
    return emitOpError() << "combines " << elem << " values across lanes (xor "
                         << xors << "), but shuffles move at most 32 bits";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// cute.mma_broadcast
//===----------------------------------------------------------------------===//

::cute::Expected<atom::MmaReductionPlan> MmaBroadcastOp::getPlan() {
  return mmaFragmentPlan(getMma(), getAxis() == MmaReduceAxis::cols,
                         getLike().getType(), getTile());
}

LogicalResult
MmaBroadcastOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                 ValueRange operands, DictionaryAttr attrs,
                                 OpaqueProperties props, RegionRange,
                                 SmallVectorImpl<Type> &inferred) {
  Adaptor a(operands, attrs, props);
  auto plan =
      mmaFragmentPlan(a.getMmaAttr(), a.getAxis() == MmaReduceAxis::cols,
                      operands[1].getType(), a.getTile());
  if (!plan)
    return emitOptionalError(loc, "'cute.mma_broadcast' op ", plan.message());
  inferred.push_back(
      VectorType::get({plan->values}, elementOf(operands[1].getType())));
  return success();
}

ParseResult MmaBroadcastOp::parse(OpAsmParser &p, OperationState &st) {
  if (parseMmaPrefix(p, st, StringAttr(), getAxisAttrName(st.name),
                     getMmaAttrName(st.name)))
    return failure();
  return parseShortForm<MmaBroadcastOp>(p, st, "");
}

void MmaBroadcastOp::print(OpAsmPrinter &p) {
  p << "<" << stringifyMmaReduceAxis(getAxis()) << "> of ";
  p.printAttribute(getMma());
  printMmaRest(p, *this, getTileAttr(), getTileAttrName(), true);
}

LogicalResult MmaBroadcastOp::verify() {
  auto plan = getPlan();
  if (!plan)
    return emitOpError() << plan.message();
  auto value = cast<VectorType>(getValue().getType());
  Type elem = elementOf(getLike().getType());
  if (value.getElementType() != elem)
    return emitOpError() << "broadcasts " << value.getElementType()
                         << " values over a fragment of " << elem;
  if (value.getNumElements() != plan->slots)
    return emitOpError() << "broadcasts " << value.getNumElements()
                         << " values per thread, but each thread holds "
                         << plan->slots << " "
                         << atom::mmaReduceLineName(plan->axis) << "s of the ("
                         << plan->rows << "," << plan->cols
                         << ") tile (what cute.mma_reduce returns)";
  return success();
}
