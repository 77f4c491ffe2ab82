//===- CuteTensorOps.cpp - Views, fragments, copies: inference, verifiers -===//
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::cute;
using namespace ::cute::layout;

namespace {

/// Reads operand types in order; records the first symbol of each operand.
struct OperandReader {
  ArrayRef<Type> types;
  DynamicSymbols &syms;
  std::vector<int64_t> *first;
  size_t next = 0;

  Type take() {
    if (first)
      first->push_back(syms.next);
    return types[next++];
  }
  MemRefInfo tensor() {
    Type t = take();
    auto r = readTensorType(t, syms);
    if (!r)
      fail(r.message());
    return *r;
  }
  IntTuple coord() {
    Type t = take();
    if (auto it = dyn_cast<IntegerType>(t))
      return IntTuple(syms.fresh(it.getWidth(), 1));
    auto v = valueOfType(t, syms);
    if (!v)
      fail(v.message());
    return v->tuple;
  }
  Int index() {
    IntTuple c = coord();
    if (!c.isInt())
      fail("expects an integer index, but got \"" + c.str() + "\"");
    return c.value();
  }
  CuteValue value() {
    auto v = valueOfType(take(), syms);
    if (!v)
      fail(v.message());
    return *v;
  }
};

/// The static layout of a `#cute.layout` parameter.
Layout staticLayoutAttr(StringRef what, LayoutAttr attr) {
  const Layout &l = attr.getValue().layout;
  if (!l.isStatic())
    fail(std::string(what) + " \"" + l.str() + "\" must be static");
  return l;
}

/// The static tiler of a `tiler` parameter: a `#cute.tile`, a
/// `#cute.layout` (one layout), or a `#cute.shape` (a leaf shape n tiles by
/// n:1, a tuple shape by mode, as CuTe's shape tilers).
Tile tilerAttr(Attribute attr) {
  const CuteValue *v = cuteValueOf(attr);
  if (!v)
    fail("tiler must be a #cute.tile, #cute.shape or #cute.layout");
  if (!v->isStatic())
    fail("tiler \"" + v->str() + "\" must be static");
  switch (v->kind) {
  case CuteKind::Tile:
    return v->tile;
  case CuteKind::Layout:
    return Tile::ofLayout(v->layout);
  case CuteKind::Shape:
    return v->tuple.isTuple() ? Tile::fromShape(v->tuple)
                              : Tile::ofLayout(Layout(v->tuple));
  default:
    fail("tiler must be a #cute.tile, #cute.shape or #cute.layout, but got "
         "a " +
         std::string(kindName(v->kind)));
  }
}

ViewResult finishView(const MemRefInfo &in, const TensorView &v) {
  ViewResult r;
  r.result = in;
  r.result.layout = v.layout;
  // A rank-1 tuple mode is the same function as its element: `(512):(1)`
  // reads better as `512:1`.
  while (r.result.layout.shape.isTuple() && r.result.layout.rank() == 1)
    r.result.layout = r.result.layout[0];
  r.offset = v.offset;
  if (in.isCoord) {
    r.result.base = addIndex(in.base, v.offset);
    return r;
  }
  if (!v.offset.isInt())
    fail("the offset " + v.offset.str() + " of layout " + v.layout.str() +
         " is not an integer");
  int64_t a = alignAfterOffset(in.align, v.offset.value(), in.bits());
  if (!a)
    fail("the view starts at element offset " +
         (v.offset.isStatic() ? v.offset.str() : std::string("?")) +
         ", which is not on a byte boundary for " + std::to_string(in.bits()) +
         "-bit elements");
  r.result.align = a;
  return r;
}

int64_t fragmentAlign(const Layout &l, unsigned bits) {
  int64_t bytes = size(l).value() * bits / 8;
  int64_t a = 1;
  while (a < 16 && bytes % (a * 2) == 0)
    a *= 2;
  return std::max<int64_t>(a, bits / 8);
}

template <class OpT>
LogicalResult inferView(MLIRContext *ctx, std::optional<Location> loc,
                        ValueRange operands, DictionaryAttr attrs,
                        OpaqueProperties props, RegionRange regions,
                        SmallVectorImpl<Type> &inferred) {
  typename OpT::Adaptor adaptor(operands, attrs, props, regions);
  DynamicSymbols syms;
  SmallVector<Type> types(operands.getTypes());
  auto r = OpT::computeView(types, adaptor, syms);
  if (!r)
    return emitOptionalError(loc, "'", OpT::getOperationName(), "' op ",
                             r.message());
  const MemRefInfo &m = r->result;
  auto emitErr = [&] {
    return mlir::emitError(loc ? *loc : UnknownLoc::get(ctx))
           << "'" << OpT::getOperationName() << "' op result: ";
  };
  if (!m.isPtr && !m.isCoord &&
      failed(CuteMemRefType::verify(emitErr, m.elem, m.space, m.align,
                                    swizzleValue(m.swizzle),
                                    CuteValue::ofLayout(m.layout))))
    return failure();
  inferred.push_back(tensorTypeOf(ctx, m));
  return success();
}

} // namespace

#define CUTE_VIEW(OP)                                                          \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, ValueRange operands,      \
      DictionaryAttr attrs, OpaqueProperties props, RegionRange regions,       \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferView<OP>(ctx, loc, operands, attrs, props, regions, inferred); \
  }                                                                            \
  Expected<ViewResult> OP::computeView(ArrayRef<Type> types, Adaptor a,        \
                                       DynamicSymbols &syms,                   \
                                       std::vector<int64_t> *first) {          \
    return guard([&]() -> ViewResult {                                         \
      OperandReader rd{types, syms, first};                                    \
      (void)a;                                                                 \
      return compute##OP(rd, a);                                               \
    });                                                                        \
  }

static ViewResult computeMakeViewOp(OperandReader &rd, MakeViewOp::Adaptor) {
  MemRefInfo p = rd.tensor();
  CuteValue l = rd.value();
  MemRefInfo r = p;
  r.isPtr = false;
  if (l.kind == CuteKind::ComposedLayout) {
    const ComposedLayout &c = l.composed;
    if (!c.innerIsSwizzle() || !c.offset.isInt() || !c.offset.value().is(0))
      fail("expects a layout or a swizzle composed layout `S<B,M,S> o 0 o L`, "
           "but got \"" +
           c.str() + "\"");
    r.swizzle = c.swizzle();
    r.layout = c.outer;
  } else {
    r.layout = l.layout;
  }
  bool basis = false;
  r.layout.stride.forEachLeaf([&](const IntTuple &d) { basis |= d.isBasis(); });
  if (basis)
    fail("layout " + r.layout.str() +
         " has scaled-basis strides; a view of memory needs integer strides");
  return {r, IntTuple(0)};
}
CUTE_VIEW(MakeViewOp)

static ViewResult computeLocalTileOp(OperandReader &rd,
                                     LocalTileOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  IntTuple c = rd.coord();
  Tile tiler = tilerAttr(a.getTiler());
  return finishView(t, localTile(t.layout, tiler, c));
}
CUTE_VIEW(LocalTileOp)

static ViewResult computeLocalPartitionOp(OperandReader &rd,
                                          LocalPartitionOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  Int idx = rd.index();
  Layout thr = staticLayoutAttr("thr_layout", a.getThrLayout());
  return finishView(t, localPartition(t.layout, thr, idx));
}
CUTE_VIEW(LocalPartitionOp)

static ViewResult computePartitionTVOp(OperandReader &rd,
                                       PartitionTVOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  Int tid = rd.index();
  Layout tv = staticLayoutAttr("tv_layout", a.getTvLayout());
  std::optional<Tile> tiler;
  if (a.getTiler())
    tiler = tilerAttr(*a.getTiler());
  return finishView(t, partitionTV(t.layout, tv, tiler, tid));
}
CUTE_VIEW(PartitionTVOp)

static ViewResult computeMmaPartitionOp(OperandReader &rd,
                                        MmaPartitionOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  Int tid = rd.index();
  if (!a.getMmaAttr())
    fail("expects a tiled MMA");
  auto mma = tiledMmaOf(a.getMmaAttr());
  if (!mma)
    fail(mma.message());
  auto op = parseMmaOperand(a.getOperand());
  if (!op)
    fail(op.message());
  const IntTuple &shape = t.layout.shape;
  if (shape.isInt() || shape.rank() != 2 || !shape.isStatic())
    fail(std::string("operand ") + ::cute::atom::mmaOperandName(*op) +
         " tile " + t.layout.str() +
         " must be rank 2 with a static shape (rows, cols)");
  auto tv = ::cute::atom::tiledMmaTV(*mma, *op, product(shape[0]).value(),
                                     product(shape[1]).value());
  if (!tv)
    fail(tv.message());
  return finishView(t, partitionTV(t.layout, *tv, std::nullopt, tid));
}
CUTE_VIEW(MmaPartitionOp)

/// The tiled copy of a copy_partition / copy_retile for `t`'s elements.
static ::cute::atom::TiledCopy tiledCopyFor(TiledCopyAttr attr,
                                            const MemRefInfo &t) {
  if (t.isCoord || t.isPtr)
    fail("a tiled copy partitions a !cute.memref");
  auto tc = tiledCopyOf(attr, storageBits(t.elem));
  if (!tc)
    fail(tc.message());
  return *tc;
}

static ViewResult computeCopyPartitionOp(OperandReader &rd,
                                         CopyPartitionOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  Int tid = rd.index();
  StringRef side = a.getSide();
  if (side != "S" && side != "D")
    fail("side \"" + side.str() + "\" is not S (source) or D (destination)");
  ::cute::atom::TiledCopy tc = tiledCopyFor(a.getCopyAttr(), t);
  auto which =
      side == "S" ? ::cute::atom::CopySide::Src : ::cute::atom::CopySide::Dst;
  auto v = ::cute::atom::tiledCopyPartition(tc, which, t.layout, tid);
  if (!v)
    fail(v.message());
  return finishView(t, *v);
}
CUTE_VIEW(CopyPartitionOp)

static ViewResult computeCopyRetileOp(OperandReader &rd,
                                      CopyRetileOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  if (t.space != MemSpace::rmem)
    fail("retiles a register fragment, not a " +
         std::string(stringifyMemSpace(t.space)) + " tensor");
  ::cute::atom::TiledCopy tc = tiledCopyFor(a.getCopyAttr(), t);
  auto l = ::cute::atom::tiledCopyRetile(tc, t.layout);
  if (!l)
    fail(l.message());
  return finishView(t, TensorView{*l, IntTuple(0)});
}
CUTE_VIEW(CopyRetileOp)

static ViewResult computeTensorSliceOp(OperandReader &rd,
                                       TensorSliceOp::Adaptor) {
  MemRefInfo t = rd.tensor();
  IntTuple c = rd.coord();
  return finishView(t, tensorSlice(t.layout, c));
}
CUTE_VIEW(TensorSliceOp)

static ViewResult computeDomainOffsetOp(OperandReader &rd,
                                        DomainOffsetOp::Adaptor) {
  MemRefInfo t = rd.tensor();
  IntTuple c = rd.coord();
  if (!c.isTuple() || c.rank() != t.layout.rank())
    fail("the offset " + c.str() + " must have one mode per mode of " +
         t.layout.str());
  c.forEachLeaf([&](const IntTuple &leaf) {
    if (leaf.isUnderscore())
      fail("the offset " + c.str() + " must not have `_` modes");
  });
  TensorView v = tensorSlice(t.layout, c);
  v.layout = t.layout;
  return finishView(t, v);
}
CUTE_VIEW(DomainOffsetOp)

static ViewResult computeMakeFragmentLikeOp(OperandReader &rd,
                                            MakeFragmentLikeOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  MemRefInfo r;
  if (a.getElemType())
    r.elem = *a.getElemType();
  else if (t.isCoord)
    fail("a fragment like a coord_tensor needs an elem_type");
  else
    r.elem = t.elem;
  if (!storageBits(r.elem))
    fail("unsupported fragment element type");
  r.space = MemSpace::rmem;
  r.layout = fragmentLayout(t.layout);
  r.align = fragmentAlign(r.layout, storageBits(r.elem));
  return {r, IntTuple(0)};
}
CUTE_VIEW(MakeFragmentLikeOp)

static ViewResult computeMakeIdentityTensorOp(OperandReader &rd,
                                              MakeIdentityTensorOp::Adaptor) {
  CuteValue s = rd.value();
  MemRefInfo r;
  r.isCoord = true;
  r.layout = makeIdentityLayout(s.tuple);
  r.base = repeatLike(s.tuple, IntTuple(0));
  return {r, IntTuple(0)};
}
CUTE_VIEW(MakeIdentityTensorOp)

static ViewResult computeMakePredicateOp(OperandReader &rd,
                                         MakePredicateOp::Adaptor) {
  MemRefInfo c = rd.tensor();
  CuteValue b = rd.value();
  if (!weaklyCongruent(c.base, b.tuple) && !congruent(c.base, b.tuple))
    fail("expects bounds congruent with the coordinates \"" + c.base.str() +
         "\" of the coord_tensor, but got \"" + b.tuple.str() + "\"");
  MemRefInfo r;
  r.elem = IntegerType::get(rd.types[0].getContext(), 1);
  r.space = MemSpace::rmem;
  r.layout = fragmentLayout(c.layout);
  r.align = 1;
  return {r, IntTuple(0)};
}
CUTE_VIEW(MakePredicateOp)

static ViewResult computeAddOffsetOp(OperandReader &rd, AddOffsetOp::Adaptor) {
  MemRefInfo p = rd.tensor();
  Int off = rd.index();
  MemRefInfo r = p;
  r.align = alignAfterOffset(p.align, off, p.bits());
  if (!r.align)
    fail("the offset " + (off.isStatic() ? off.str() : std::string("?")) +
         " is not on a byte boundary for " + std::to_string(p.bits()) +
         "-bit elements");
  return {r, IntTuple(off)};
}
CUTE_VIEW(AddOffsetOp)

static ViewResult computeRecastOp(OperandReader &rd, RecastOp::Adaptor a) {
  MemRefInfo t = rd.tensor();
  Type to = a.getElemType();
  std::string names;
  llvm::raw_string_ostream os(names);
  os << t.elem << " to " << to;
  if (!storageBits(to))
    fail("cannot recast to " + names.substr(names.find(" to ") + 4) +
         ": not a tensor element type");
  MemRefInfo r = t;
  r.elem = to;
  // TMEM offsets are address units (32-bit columns), not elements: a
  // pointer may change its element type, a tensor's layout may not scale.
  if (t.space == MemSpace::tmem && !t.isPtr && t.bits() != storageBits(to))
    fail("cannot recast a tmem tensor from " + names +
         ": its offsets are TMEM address units (32-bit columns), which a "
         "recast would scale as elements (recast its pointer and make a "
         "view)");
  if (t.isPtr) {
    if (std::string m = checkAlignment(to, t.align); !m.empty())
      fail("cannot recast the pointer from " + names + ": " + m);
    return {r, IntTuple(0)};
  }
  auto acc = guard([&] { return recastAccess(t.access(), storageBits(to)); });
  if (!acc)
    fail("(" + names + ") " + acc.message());
  r.layout = acc->layout;
  r.swizzle = acc->swizzle;
  return {r, IntTuple(0)};
}
CUTE_VIEW(RecastOp)

//===----------------------------------------------------------------------===//
// get_layout / get_iter
//===----------------------------------------------------------------------===//

LogicalResult GetLayoutOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location>,
                                            ValueRange operands, DictionaryAttr,
                                            OpaqueProperties, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  Type t = operands[0].getType();
  if (auto m = dyn_cast<CuteMemRefType>(t))
    inferred.push_back(LayoutType::get(ctx, m.getLayout()));
  else
    inferred.push_back(
        LayoutType::get(ctx, cast<CoordTensorType>(t).getLayout()));
  return success();
}

LogicalResult GetIterOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location>,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  Type t = operands[0].getType();
  if (auto m = dyn_cast<CuteMemRefType>(t))
    inferred.push_back(m.getPtrType());
  else
    inferred.push_back(
        IntTupleType::get(ctx, cast<CoordTensorType>(t).getBase()));
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult MakeFragmentOp::verify() {
  MemRefInfo m = tensorInfo(getType());
  if (m.space != MemSpace::rmem)
    return emitOpError("expects an rmem result, but got ")
           << stringifyMemSpace(m.space);
  if (!m.layout.isStatic())
    return emitOpError("expects a static layout, but got \"")
           << m.layout.str() << "\"";
  int64_t n = size(m.layout).value(), cs = cosize(m.layout).value();
  if (n != cs)
    return emitOpError("expects a compact layout (cosize == size), but \"")
           << m.layout.str() << "\" has size " << n << " and cosize " << cs;
  return success();
}

static LogicalResult checkNotTmem(Operation *op, const MemRefInfo &m,
                                  StringRef what) {
  if (m.space == MemSpace::tmem)
    return op->emitOpError() << what
                             << " is a tmem tensor; tmem is reserved for "
                                "cute_nvgpu (tcgen05) ops";
  return success();
}

//===----------------------------------------------------------------------===//
// #cute.universal_copy
//===----------------------------------------------------------------------===//

LogicalResult
UniversalCopyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned bits) {
  if (bits < 8 || bits > 128 || !llvm::isPowerOf2_32(bits))
    return emitError() << "#cute.universal_copy: bits must be a power of two "
                          "in [8, 128], but got "
                       << bits;
  return success();
}

StringRef UniversalCopyAttr::getAtomName() const { return "universal"; }

unsigned UniversalCopyAttr::getMaxAccessBits() const { return getBits(); }

LogicalResult
UniversalCopyAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError,
                              Type srcType, Type dstType, Type predType) const {
  if (!isa<CuteMemRefType>(srcType) || !isa<CuteMemRefType>(dstType))
    return emitError() << "the universal copy moves between !cute.memref "
                          "tensors, but got "
                       << srcType << " and " << dstType;
  MemRefInfo s = tensorInfo(srcType), d = tensorInfo(dstType);
  for (auto [m, what] : {std::pair{&s, "src"}, std::pair{&d, "dst"}})
    if (m->space == MemSpace::tmem)
      return emitError() << what
                         << " is a tmem tensor; the universal copy moves "
                            "gmem/smem/rmem (tmem is read and written by "
                            "cute_nvgpu tcgen05 atoms)";
  auto plan = guard([&] {
    return planCopy(s.access(), d.access(), getBits(), bool(predType));
  });
  if (!plan)
    return emitError() << plan.message();
  return success();
}

static LogicalResult verifyLoadStore(Operation *op, Type tensorType,
                                     VectorType vt) {
  MemRefInfo m = tensorInfo(tensorType);
  if (failed(checkNotTmem(op, m, "the tensor")))
    return failure();
  if (!m.layout.isStatic())
    return op->emitOpError("expects a tensor of static layout, but got \"")
           << m.layout.str() << "\"";
  int64_t n = size(m.layout).value();
  if (vt.getRank() != 1 || vt.getNumElements() != n ||
      vt.getElementType() != m.elem)
    return op->emitOpError("expects ")
           << VectorType::get({n}, m.elem) << " for layout \"" << m.layout.str()
           << "\", but got " << vt;
  if (m.bits() < 8) {
    Layout c = coalesce(m.layout);
    bool contiguous = c.shape.isInt() && c.stride.isInt() &&
                      (n == 1 || c.stride.value().is(1));
    if (!contiguous || (n * m.bits()) % 8)
      return op->emitOpError("expects a contiguous layout covering whole "
                             "bytes for ")
             << m.bits() << "-bit elements, but got \"" << m.layout.str()
             << "\"";
  }
  return success();
}

LogicalResult LoadCoordsOp::inferReturnTypes(MLIRContext *ctx,
                                             std::optional<Location> loc,
                                             ValueRange operands,
                                             DictionaryAttr, OpaqueProperties,
                                             RegionRange,
                                             SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 1 || !isa<CoordTensorType>(operands[0].getType()))
    return emitOptionalError(
        loc, "'cute.load_coords' op expects a !cute.coord_tensor");
  MemRefInfo m = tensorInfo(operands[0].getType());
  if (!m.layout.isStatic())
    return emitOptionalError(
        loc,
        "'cute.load_coords' op expects a coordinate tensor of static "
        "layout (partition it first), but got \"",
        m.layout.str(), "\"");
  Type v = VectorType::get({size(m.layout).value()}, IntegerType::get(ctx, 32));
  inferred.append(flattenLeaves(m.base).size(), v);
  return success();
}

LogicalResult LoadOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       ValueRange operands, DictionaryAttr,
                                       OpaqueProperties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 1 || !isa<CuteMemRefType>(operands[0].getType()))
    return emitOptionalError(loc, "'cute.load' op expects a !cute.memref");
  MemRefInfo m = tensorInfo(operands[0].getType());
  if (!m.layout.isStatic())
    return emitOptionalError(
        loc, "'cute.load' op expects a tensor of static layout, but got \"",
        m.layout.str(), "\"");
  inferred.push_back(VectorType::get({size(m.layout).value()}, m.elem));
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyLoadStore(*this, getTensor().getType(),
                         cast<VectorType>(getType()));
}

LogicalResult StoreOp::verify() {
  return verifyLoadStore(*this, getTensor().getType(),
                         cast<VectorType>(getValue().getType()));
}

LogicalResult FillOp::verify() {
  MemRefInfo m = tensorInfo(getTensor().getType());
  if (getValue().getType() != m.elem)
    return emitOpError("expects a value of the tensor's element type ")
           << m.elem << ", but got " << getValue().getType();
  if (failed(checkNotTmem(*this, m, "the tensor")))
    return failure();
  if (!m.layout.isStatic())
    return emitOpError("expects a tensor of static layout, but got \"")
           << m.layout.str() << "\"";
  return verifyLoadStore(*this, getTensor().getType(),
                         VectorType::get({size(m.layout).value()}, m.elem));
}

//===----------------------------------------------------------------------===//
// smem_alloc
//===----------------------------------------------------------------------===//

int64_t SmemAllocOp::getSizeInBytes() {
  MemRefInfo m = tensorInfo(getType());
  int64_t n = cosize(m.layout).value();
  return (n * int64_t(m.bits()) + 7) / 8;
}

int64_t SmemAllocOp::getRequiredAlignment() {
  MemRefInfo m = tensorInfo(getType());
  int64_t align = std::max<int64_t>(m.align, 16);
  if (m.swizzle && !m.swizzle->isIdentity()) {
    const Swizzle &s = *m.swizzle;
    int64_t elems = int64_t(1) << (s.bits + s.base + std::abs(s.shift));
    align =
        std::max<int64_t>(align, std::max<int64_t>(1, elems * m.bits() / 8));
  }
  return align;
}

LogicalResult SmemAllocOp::verify() {
  MemRefInfo m = tensorInfo(getType());
  if (m.space != MemSpace::smem)
    return emitOpError("expects an smem result, but got ")
           << stringifyMemSpace(m.space);
  if (!m.layout.isStatic())
    return emitOpError("expects a static layout, but got \"")
           << m.layout.str() << "\"";
  Operation *fn = (*this)->getParentOp();
  while (fn && fn->getName().getStringRef() != "gpu.func")
    fn = fn->getParentOp();
  if (!fn)
    return emitOpError("must be inside a gpu.func kernel (shared memory is "
                       "planned per kernel)");
  if (!fn->hasAttr("gpu.kernel"))
    return emitOpError("must be inside a gpu.func kernel, but @")
           << fn->getAttrOfType<StringAttr>("sym_name").getValue()
           << " is not a kernel (shared memory is planned per kernel)";
  if (getAliasAttr() && getAliasAttr().getValue().empty())
    return emitOpError("has an empty alias name (members of a shared-memory "
                       "union share one non-empty name)");
  if (getSizeInBytes() <= 0)
    return emitOpError("allocates no memory (cosize of \"")
           << m.layout.str() << "\" is 0)";
  if (getOffset() && int64_t(*getOffset()) % getRequiredAlignment() != 0)
    return emitOpError("planned offset ")
           << *getOffset() << " is not a multiple of the required alignment "
           << getRequiredAlignment();
  if (getOffset().has_value() != bool(getBufferAttr()))
    return emitOpError("expects `offset` and `buffer` together (both are set "
                       "by cute-plan-smem)");
  return success();
}
