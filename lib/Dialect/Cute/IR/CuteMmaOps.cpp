//===- CuteMmaOps.cpp - MMA atom layouts, tiled MMAs, cute.gemm -----------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAsm.h"

#include "cute/Layout/Expected.h"

using namespace mlir;
using namespace mlir::cute;
namespace atom = ::cute::atom;
using ::cute::layout::IntTuple;
using ::cute::layout::Layout;

//===----------------------------------------------------------------------===//
// Atom and tiled-MMA tables
//===----------------------------------------------------------------------===//

::cute::Expected<atom::MmaAtomLayouts>
mlir::cute::mmaLayoutsOf(MmaAtomAttrInterface a) {
  atom::MmaAtomLayouts r;
  r.name = a.getAtomName().str();
  CuteValue shape = a.getShapeMNK();
  if (!shape.isTuple() || shape.tuple.rank() != 3 || !shape.tuple.isStatic())
    return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                         "MMA atom " + r.name + " has no static (M,N,K) shape");
  r.m = shape.tuple[0].value().value();
  r.n = shape.tuple[1].value().value();
  r.k = shape.tuple[2].value().value();
  r.thr = a.getThrLayout().layout;
  r.a = a.getLayoutA().layout;
  r.b = a.getLayoutB().layout;
  r.c = a.getLayoutC().layout;
  if (auto sfa = a.getLayoutSFA())
    r.sfa = sfa->layout;
  if (auto sfb = a.getLayoutSFB())
    r.sfb = sfb->layout;
  r.sfVecSize = int(a.getScaleVecSize());
  return r;
}

::cute::Expected<atom::TiledMma> mlir::cute::tiledMmaOf(TiledMmaAttr mma) {
  auto layouts = mmaLayoutsOf(mma.getAtom());
  if (!layouts)
    return layouts.error();
  atom::TiledMma t;
  t.atom = *layouts;
  t.atomLayoutMNK = mma.getAtomLayout().getValue().layout;
  if (TileAttr perm = mma.getPermutation()) {
    const ::cute::layout::Tile &tile = perm.getValue().tile;
    if (!tile.isTuple() || tile.rank() > 3)
      return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                           "a tiled MMA permutation is a tile of up to three "
                           "layouts (M, N, K), got " +
                               tile.str());
    for (size_t i = 0; i < tile.rank(); ++i) {
      const ::cute::layout::Tile &m = tile.elems[i];
      if (m.isLayout())
        t.permutation[i] = m.layout;
      else if (!m.isUnderscore())
        return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                             "permutation mode " + std::to_string(i) + " (" +
                                 m.str() + ") must be a layout or _");
    }
  }
  return t;
}

::cute::Expected<atom::MmaOperand> mlir::cute::parseMmaOperand(StringRef s) {
  if (s == "A")
    return atom::MmaOperand::A;
  if (s == "B")
    return atom::MmaOperand::B;
  if (s == "C")
    return atom::MmaOperand::C;
  return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                       "operand \"" + s.str() + "\" is not A, B or C");
}

LogicalResult TiledMmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   MmaAtomAttrInterface atomAttr,
                                   LayoutAttr atomLayout,
                                   TileAttr permutation) {
  if (!atomAttr)
    return emitError() << "expects an MMA atom";
  auto t = tiledMmaOf(TiledMmaAttr::get(atomAttr.getContext(), atomAttr,
                                        atomLayout, permutation));
  if (!t)
    return emitError() << t.message();
  auto tile = atom::tiledMmaTileMNK(*t);
  if (!tile)
    return emitError() << tile.message();
  return success();
}

//===----------------------------------------------------------------------===//
// Read-back ops
//===----------------------------------------------------------------------===//

static ::cute::Expected<CuteValue> atomValue(MmaAtomAttrInterface a,
                                             StringRef which) {
  if (which == "shape")
    return a.getShapeMNK();
  if (which == "thr")
    return a.getThrLayout();
  if (which == "A")
    return a.getLayoutA();
  if (which == "B")
    return a.getLayoutB();
  if (which == "C")
    return a.getLayoutC();
  if (which == "SFA" || which == "SFB") {
    auto v = which == "SFA" ? a.getLayoutSFA() : a.getLayoutSFB();
    if (!v)
      return ::cute::Error(
          ::cute::ErrorCode::InvalidArgument,
          a.getScaleVecSize()
              ? a.getAtomName().str() + " has no thread-value layout for " +
                    which.str() +
                    " (its scale factors are read from Tensor Memory, as "
                    "in CuTe)"
              : a.getAtomName().str() + " is not block-scaled: it has no " +
                    which.str() + " layout");
    return *v;
  }
  return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                       "\"" + which.str() +
                           "\" is not one of shape, thr, A, B, C, SFA, SFB");
}

LogicalResult
MmaAtomLayoutOp::inferReturnTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  ValueRange, DictionaryAttr attrs,
                                  OpaqueProperties props, RegionRange regions,
                                  SmallVectorImpl<Type> &inferred) {
  Adaptor a(ValueRange{}, attrs, props, regions);
  auto atomAttr = dyn_cast_or_null<MmaAtomAttrInterface>(a.getAtomAttr());
  if (!atomAttr)
    return emitOptionalError(loc, "'cute.mma_atom_layout' op expects an MMA "
                                  "atom");
  auto v = atomValue(atomAttr, a.getWhich());
  if (!v)
    return emitOptionalError(loc, "'cute.mma_atom_layout' op ", v.message());
  inferred.push_back(typeOfValue(ctx, *v));
  return success();
}

OpFoldResult MmaAtomLayoutOp::fold(FoldAdaptor) {
  return TypeAttr::get(getType());
}

LogicalResult MmaTVLayoutOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location> loc,
                                              ValueRange, DictionaryAttr attrs,
                                              OpaqueProperties props,
                                              RegionRange regions,
                                              SmallVectorImpl<Type> &inferred) {
  Adaptor a(ValueRange{}, attrs, props, regions);
  auto fail = [&](const std::string &m) {
    return emitOptionalError(loc, "'cute.mma_tv_layout' op ", m);
  };
  if (!a.getMmaAttr())
    return fail("expects a tiled MMA");
  auto t = tiledMmaOf(a.getMmaAttr());
  if (!t)
    return fail(t.message());
  auto op = parseMmaOperand(a.getOperand());
  if (!op)
    return fail(op.message());
  ArrayRef<int64_t> tile = a.getTile();
  if (tile.size() != 2)
    return fail("tile has " + std::to_string(tile.size()) +
                " extents; it is (rows, cols)");
  auto tv = atom::tiledMmaTV(*t, *op, tile[0], tile[1]);
  if (!tv)
    return fail(tv.message());
  inferred.push_back(LayoutType::get(ctx, CuteValue::ofLayout(*tv)));
  return success();
}

OpFoldResult MmaTVLayoutOp::fold(FoldAdaptor) {
  return TypeAttr::get(getType());
}

//===----------------------------------------------------------------------===//
// cute.mma_partition: `"A" of #tiled (%t, %tid)`, then the short form's types
//===----------------------------------------------------------------------===//

ParseResult MmaPartitionOp::parse(OpAsmParser &p, OperationState &st) {
  StringAttr operand;
  TiledMmaAttr mma;
  if (p.parseAttribute(operand, getOperandAttrName(st.name).getValue(),
                       st.attributes) ||
      p.parseKeyword("of") ||
      p.parseAttribute(mma, getMmaAttrName(st.name).getValue(), st.attributes))
    return failure();
  return parseShortForm<MmaPartitionOp>(p, st, "");
}

void MmaPartitionOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttribute(getOperandAttr());
  p << " of ";
  p.printAttribute(getMmaAttr());
  p << ' ';
  printShortForm(p, *this, TypeStyle::Functional, "", {},
                 {getOperandAttrName(), getMmaAttrName()});
}

//===----------------------------------------------------------------------===//
// Tiled copies: #cute.tiled_copy, cute.copy_partition, cute.copy_retile
//===----------------------------------------------------------------------===//

::cute::Expected<atom::TiledCopy> mlir::cute::tiledCopyOf(TiledCopyAttr copy,
                                                          unsigned elemBits) {
  std::optional<atom::CopyTraits> traits = copy.getAtom().getCopyTraits();
  if (!traits)
    return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                         "the copy atom " + copy.getAtom().getAtomName().str() +
                             " has no thread-value layouts to tile");
  auto vals = atom::copyValLayouts(*traits, elemBits);
  if (!vals)
    return vals.error();
  auto mma = tiledMmaOf(copy.getMma());
  if (!mma)
    return mma.error();
  auto op = parseMmaOperand(copy.getOperand());
  if (!op)
    return op.error();
  return atom::makeTiledCopyMma(*vals, *mma, *op);
}

LogicalResult
TiledCopyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      CopyAtomAttrInterface atomAttr, StringRef operand,
                      TiledMmaAttr mma) {
  if (!atomAttr)
    return emitError() << "expects a copy atom";
  if (!atomAttr.getCopyTraits())
    return emitError() << "the copy atom " << atomAttr.getAtomName()
                       << " has no thread-value layouts to tile (CuTe's "
                          "Copy_Traits)";
  if (auto op = parseMmaOperand(operand); !op)
    return emitError() << op.message();
  if (!mma)
    return emitError() << "expects a tiled MMA";
  return success();
}

template <class OpT, bool withSide>
static ParseResult parseTiledCopyPrefix(OpAsmParser &p, OperationState &st) {
  TiledCopyAttr copy;
  if constexpr (withSide) {
    StringAttr side;
    if (p.parseAttribute(side, OpT::getSideAttrName(st.name).getValue(),
                         st.attributes))
      return failure();
  }
  if (p.parseKeyword("of") ||
      p.parseAttribute(copy, OpT::getCopyAttrName(st.name).getValue(),
                       st.attributes))
    return failure();
  return parseShortForm<OpT>(p, st, "");
}

ParseResult CopyPartitionOp::parse(OpAsmParser &p, OperationState &st) {
  return parseTiledCopyPrefix<CopyPartitionOp, /*withSide=*/true>(p, st);
}

void CopyPartitionOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttribute(getSideAttr());
  p << " of ";
  p.printAttribute(getCopyAttr());
  p << ' ';
  printShortForm(p, *this, TypeStyle::Functional, "", {},
                 {getSideAttrName(), getCopyAttrName()});
}

ParseResult CopyRetileOp::parse(OpAsmParser &p, OperationState &st) {
  return parseTiledCopyPrefix<CopyRetileOp, /*withSide=*/false>(p, st);
}

void CopyRetileOp::print(OpAsmPrinter &p) {
  p << " of ";
  p.printAttribute(getCopyAttr());
  p << ' ';
  printShortForm(p, *this, TypeStyle::Functional, "", {}, {getCopyAttrName()});
}

//===----------------------------------------------------------------------===//
// cute.gemm
//===----------------------------------------------------------------------===//

LogicalResult GemmOp::verify() {
  MmaAtomAttrInterface atomAttr = getAtom();
  auto layouts = mmaLayoutsOf(atomAttr);
  if (!layouts)
    return emitOpError() << layouts.message();
  struct Operand {
    const char *name;
    Type type;
    const Layout &tv;
    const char *modes;
  };
  Operand ops[] = {{"A", getA().getType(), layouts->a, "(FrgV,RestM,RestK)"},
                   {"B", getB().getType(), layouts->b, "(FrgV,RestN,RestK)"},
                   {"C", getC().getType(), layouts->c, "(FrgV,RestM,RestN)"}};
  int64_t rest[3][2];
  for (int i = 0; i < 3; ++i) {
    auto ct = cast<CuteMemRefType>(ops[i].type);
    const Layout &l = ct.getLayout().layout;
    if (!l.shape.isStatic())
      return emitOpError() << "operand " << ops[i].name << " " << ct
                           << " must have a static shape";
    size_t rank = l.shape.isInt() ? 1 : l.rank();
    if (rank != 1 && rank != 3)
      return emitOpError() << "operand " << ops[i].name << " has rank " << rank
                           << "; it is " << ops[i].modes
                           << " or one atom's values";
    Layout frg = rank == 1 ? l : l[0];
    int64_t vals = ::cute::layout::size(frg).value();
    int64_t want = ::cute::layout::size(ops[i].tv[1]).value();
    if (vals != want)
      return emitOpError() << "operand " << ops[i].name << " has " << vals
                           << " values per atom (mode 0 of " << ct << "); "
                           << atomAttr.getAtomName() << " gives each thread "
                           << want;
    for (int j = 0; j < 2; ++j)
      rest[i][j] =
          rank == 1 ? 1 : ::cute::layout::size(l[size_t(j + 1)]).value();
  }
  if (rest[0][0] != rest[2][0] || rest[1][0] != rest[2][1] ||
      rest[0][1] != rest[1][1])
    return emitOpError() << "operand extents disagree: A (RestM,RestK) = ("
                         << rest[0][0] << "," << rest[0][1]
                         << "), B (RestN,RestK) = (" << rest[1][0] << ","
                         << rest[1][1] << "), C (RestM,RestN) = (" << rest[2][0]
                         << "," << rest[2][1] << ")";
  bool scaled = layouts->sfVecSize > 0;
  if (scaled != bool(getSfa()))
    return emitOpError() << atomAttr.getAtomName()
                         << (scaled ? " is block-scaled: it needs scales(%sfa, "
                                      "%sfb)"
                                    : " is not block-scaled: it takes no "
                                      "scale factors");
  if (getAccumulate() && !atomAttr.acceptsAccumulateFlag())
    return emitOpError() << atomAttr.getAtomName()
                         << " does not take accumulate(%flag); zero C "
                            "(cute.store) before the first k-block instead";
  auto emit = [&] { return emitOpError(); };
  if (failed(atomAttr.verifyGemmOperands(emit, getA().getType(),
                                         getB().getType(), getC().getType())))
    return failure();
  if (!scaled)
    return success();
  // The scale factors follow their operand: (FrgV, RestM, RestK) like A,
  // (FrgV, RestN, RestK) like B; FrgV is the atom's SFA/SFB values per
  // thread where the atom defines those layouts (register fragments).
  struct Scale {
    const char *name, *of;
    Type type;
    const std::optional<Layout> &tv;
    int64_t rest[2];
  };
  Scale scales[] = {
      {"SFA", "A", getSfa().getType(), layouts->sfa, {rest[0][0], rest[0][1]}},
      {"SFB", "B", getSfb().getType(), layouts->sfb, {rest[1][0], rest[1][1]}}};
  for (const Scale &sc : scales) {
    auto ct = cast<CuteMemRefType>(sc.type);
    const Layout &l = ct.getLayout().layout;
    if (!l.shape.isStatic())
      return emitOpError() << "scale factors " << sc.name << " " << ct
                           << " must have a static shape";
    // Rank 3: (FrgV, Rest, RestK); any other rank: one atom's values (a
    // TMEM tile of scale columns is naturally (lanes, columns)).
    size_t rank = l.shape.isInt() || l.rank() != 3 ? 1 : 3;
    if (sc.tv) {
      // CuTe's per-element view (one value per element of K, the scale
      // repeated vs times: a stride-0 view) or one value per scale vector.
      int64_t vals = ::cute::layout::size(rank == 1 ? l : l[0]).value();
      int64_t want = ::cute::layout::size((*sc.tv)[1]).value();
      int64_t vectors = layouts->k / layouts->sfVecSize;
      if (vals != want && vals != vectors)
        return emitOpError()
               << "scale factors " << sc.name << " have " << vals
               << " values per atom (mode 0 of " << ct << "); "
               << atomAttr.getAtomName() << " gives each thread " << vectors
               << " (one per " << layouts->sfVecSize
               << " elements of K) or, as CuTe's per-element view, " << want;
    }
    for (int j = 0; j < 2; ++j) {
      int64_t r =
          rank == 1 ? 1 : ::cute::layout::size(l[size_t(j + 1)]).value();
      if (r != sc.rest[j])
        return emitOpError()
               << "scale factors " << sc.name << " have Rest extents ("
               << (rank == 1 ? 1 : ::cute::layout::size(l[1]).value()) << ","
               << (rank == 1 ? 1 : ::cute::layout::size(l[2]).value())
               << "); operand " << sc.of << " has (" << sc.rest[0] << ","
               << sc.rest[1] << ")";
    }
  }
  return atomAttr.verifyGemmScales(emit, getSfa().getType(),
                                   getSfb().getType());
}
