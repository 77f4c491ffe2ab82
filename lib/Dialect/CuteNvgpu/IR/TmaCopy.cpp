//===- TmaCopy.cpp - #cute_nvgpu.tma: TMA as a copy atom on cute.copy -----===//
//
// A TMA copy moves one box, or a tile of whole boxes, between a TMA
// coordinate tile (a !cute.coord_tensor of the global tensor's
// coordinates, tiled like the data) and shared memory. The descriptor's
// type implies the atom; the checks here make the coordinate tile exactly
// one box, so that its first coordinate is the box origin that
// `cute-nvgpu-lower-tma-copies` passes to cute_nvgpu.tma_load / tma_store,
// or a tile whose every box (cute.local_tile by the box shape, as
// cute_nvgpu.tma_partition divides) passes those checks; the lowering then
// issues one TMA per box.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Dialect/Cute/IR/CuteParams.h"
#include "cute/Dialect/Cute/IR/CuteTensor.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using ::cute::layout::Int;
using ::cute::layout::IntTuple;
using mlir::cute::CoordTensorType;

Attribute TmaCopyAttr::parse(AsmParser &p, Type) {
  int64_t ctaGroup = 1;
  SMLoc loc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalLess())) {
    // A number or an integer instance parameter's name (`cta_group = CG`).
    FailureOr<int64_t> v;
    if (p.parseKeyword("cta_group") || p.parseEqual() ||
        failed(v = mlir::cute::parseIntOrParam(p)) || p.parseGreater())
      return {};
    ctaGroup = *v;
  }
  if (ctaGroup < 1 || ctaGroup > 2) {
    p.emitError(loc, "#cute_nvgpu.tma: cta_group = ")
        << ctaGroup << "; it is 1 or 2 (a CTA pair)";
    return {};
  }
  return p.getChecked<TmaCopyAttr>(p.getContext(),
                                   static_cast<unsigned>(ctaGroup));
}

void TmaCopyAttr::print(AsmPrinter &p) const {
  if (getCtaGroup() != 1)
    p << "<cta_group = " << getCtaGroup() << ">";
}

LogicalResult TmaCopyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  unsigned ctaGroup) {
  if (ctaGroup != 1 && ctaGroup != 2)
    return emitError() << "#cute_nvgpu.tma: cta_group = " << ctaGroup
                       << "; it is 1 or 2 (a CTA pair)";
  return success();
}

StringRef TmaCopyAttr::getAtomName() const { return "tma"; }
unsigned TmaCopyAttr::getMaxAccessBits() const { return 0; }
bool TmaCopyAttr::takesCoordinates() const { return true; }

mlir::cute::CopyAtomAttrInterface TmaDescType::getImpliedCopyAtom() const {
  return TmaCopyAttr::get(getContext(), 1);
}

// The types alone say little; verifyAtomOperands (which sees the
// descriptor) checks the copy.
LogicalResult
TmaCopyAttr::verifyCopy(function_ref<InFlightDiagnostic()> emitError, Type src,
                        Type dst, Type pred) const {
  if (pred)
    return emitError() << "a TMA copy takes no predicate: out-of-bounds "
                          "elements are zero-filled on loads and not written "
                          "on stores";
  return success();
}

/// The coordinate tile of one box of `desc`: top-level mode j has the box
/// extent of mode j and stride 1@j (a mode of extent 1 may have any), and
/// the base is one coordinate per mode.
static LogicalResult
verifyBoxCoords(function_ref<InFlightDiagnostic()> emitError, TmaDescType desc,
                CoordTensorType coords) {
  ::cute::atom::TmaBox box = tmaBoxOf(desc);
  size_t rank = box.dims.size();
  SmallVector<int64_t> extent(rank, 0);
  for (auto [d, mode] : llvm::enumerate(box.dimModes))
    extent[mode] = box.dims[d];
  auto printExtents = [&](InFlightDiagnostic &&diag) -> InFlightDiagnostic {
    diag << "(";
    llvm::interleaveComma(extent, diag);
    return std::move(diag << ")");
  };
  mlir::cute::MemRefInfo info = mlir::cute::tensorInfo(coords);
  const ::cute::layout::Layout &layout = info.layout;
  const IntTuple &shape = layout.shape, &stride = layout.stride;
  size_t modes = shape.rank();
  if (modes != rank)
    return printExtents(
               emitError()
               << "a TMA copy moves whole boxes: the coordinate tile \""
               << layout.str() << "\" has " << modes << " mode(s), the box ")
           << " has " << rank
           << " (tile the coordinate tensor by the box, e.g. cute.local_tile "
              "with the box shape as tiler)";
  for (size_t j = 0; j < rank; ++j) {
    const IntTuple &s = shape[j], &d = stride[j];
    if (!s.isInt() || !s.value().isStatic() || s.value().value() != extent[j])
      return printExtents(emitError()
                          << "a TMA copy moves whole boxes: mode " << j
                          << " of the coordinate tile \"" << layout.str()
                          << "\" is " << s.str() << ", the box's extents are ")
             << " (tile the coordinate tensor by the box or a multiple of it, "
                "with a shared tile of the same mode sizes)";
    if (extent[j] == 1)
      continue;
    bool unit = d.isBasis() && d.basisModes().size() == 1 &&
                d.basisModes().front() == int(j) && d.value().isStatic() &&
                d.value().value() == 1;
    if (!unit)
      return emitError() << "a TMA copy moves whole boxes: mode " << j
                         << " of the coordinate tile \"" << layout.str()
                         << "\" has stride " << d.str() << ", it must be 1@"
                         << j << " (consecutive coordinates of mode " << j
                         << " of the global tensor, as a cute.local_tile of "
                            "cute.make_identity_tensor gives)";
  }
  const IntTuple &base = info.base;
  bool flat = base.rank() == rank;
  for (size_t j = 0; flat && j < rank; ++j)
    flat = base[j].isInt();
  if (!flat)
    return emitError() << "a TMA copy needs one integer coordinate per box "
                          "mode, but the coordinate tile's base is \""
                       << base.str() << "\" for a rank-" << rank << " box";
  return success();
}

int64_t mlir::cute_nvgpu::tmaTileBoxes(TmaDescType desc, Type coords,
                                       Type smem) {
  auto ct = dyn_cast<CoordTensorType>(coords);
  auto mt = dyn_cast<mlir::cute::CuteMemRefType>(smem);
  if (!ct || !mt)
    return 0;
  ::cute::atom::TmaBox box = tmaBoxOf(desc);
  size_t rank = box.dims.size();
  SmallVector<int64_t> extent(rank, 0);
  for (auto [d, mode] : llvm::enumerate(box.dimModes))
    extent[mode] = box.dims[d];
  const ::cute::layout::Layout &c = mlir::cute::tensorInfo(ct).layout,
                               &m = mlir::cute::tensorInfo(mt).layout;
  if (c.shape.rank() != rank || m.shape.rank() != rank)
    return 0;
  int64_t n = 1;
  for (size_t j = 0; j < rank; ++j) {
    const IntTuple &s = c.shape[j];
    Int ms = ::cute::layout::size(m[j]);
    if (!s.isInt() || !s.value().isStatic() || !ms.isStatic() ||
        ms.value() != s.value().value() || s.value().value() % extent[j])
      return 0;
    n *= s.value().value() / extent[j];
  }
  // One box in the box's own layout: the plain one-box copy.
  if (n == 1 && m == mlir::cute::tensorInfo(desc.getBox()).layout)
    return 0;
  return n;
}

FailureOr<std::pair<Type, Type>>
mlir::cute_nvgpu::tmaTileBoxTypes(function_ref<InFlightDiagnostic()> emitError,
                                  TmaDescType desc, Type coords, Type smem) {
  mlir::cute::LocalTileOp::Properties props;
  props.tiler = TmaPartitionOp::boxTiler(desc);
  mlir::cute::LocalTileOp::Adaptor a(ValueRange{}, DictionaryAttr{}, props);
  Type index = IntegerType::get(desc.getContext(), 32);
  SmallVector<Type, 2> out;
  for (Type t : {smem, coords}) {
    ::cute::layout::DynamicSymbols syms;
    auto r = mlir::cute::LocalTileOp::computeView({t, index}, a, syms);
    if (!r)
      return emitError() << "a TMA copy of a tile of whole boxes: dividing "
                         << t << " by the box: " << r.message(),
             failure();
    out.push_back(mlir::cute::tensorTypeOf(desc.getContext(), r->result));
  }
  return std::pair<Type, Type>{out[0], out[1]};
}

LogicalResult
TmaCopyAttr::verifyAtomOperands(function_ref<InFlightDiagnostic()> emitError,
                                Type src, Type dst, TypeRange operands) const {
  auto desc = operands.empty() ? TmaDescType()
                               : dyn_cast<TmaDescType>(operands.front());
  if (!desc)
    return emitError() << "a TMA copy takes `with(%desc, %barrier[, "
                          "%multicast_mask])` (a load) or `with(%desc)` (a "
                          "store), with a !cute_nvgpu.tma_desc first";
  bool load = desc.getKind() == TmaKind::load;
  Type coords = load ? src : dst, smem = load ? dst : src;
  auto ct = dyn_cast<CoordTensorType>(coords);
  if (!ct)
    return emitError() << "a TMA " << (load ? "load" : "store") << " copies "
                       << (load ? "from" : "to")
                       << " a !cute.coord_tensor of global coordinates (the "
                       << (load ? "src" : "dst") << "), but got " << coords;
  if (load) {
    if (operands.size() < 2 || operands.size() > 3 ||
        !isa<MbarrierType>(operands[1]) ||
        (operands.size() == 3 && !operands[2].isInteger(16)))
      return emitError() << "a TMA load takes `with(%desc, %barrier)` or, "
                            "with a multicast descriptor, `with(%desc, "
                            "%barrier, %mask)` (a !cute_nvgpu.mbarrier, an "
                            "i16 mask of cluster CTAs)";
    bool mask = operands.size() == 3;
    if (mask && desc.getMulticast() < 2)
      return emitError() << "a multicast mask needs a descriptor with "
                            "multicast >= 2, got "
                         << desc;
    if (!mask && desc.getMulticast() > 1)
      return emitError() << "a multicast descriptor needs the multicast mask "
                            "(`with(%desc, %barrier, %mask)`)";
    if (getCtaGroup() == 2 && mask)
      return emitError() << "cta_group = 2 with a multicast mask is not "
                            "supported (CuTe's SM100_TMA_2SM_LOAD_MULTICAST)";
  } else {
    if (operands.size() != 1)
      return emitError() << "a TMA store takes `with(%desc)` only, but "
                         << operands.size() << " operands are written";
    if (getCtaGroup() != 1)
      return emitError() << "cta_group = 2 is for TMA loads (a store writes "
                            "from its own CTA)";
  }
  size_t rank = tmaBoxOf(desc).dims.size();
  int64_t boxes = tmaTileBoxes(desc, ct, smem);
  if (boxes == 0) {
    if (failed(verifyTmaBoxOperand(emitError, desc, smem, rank)))
      return failure();
    return verifyBoxCoords(emitError, desc, ct);
  }
  // A tile of whole boxes: every box has the layout and alignment of the
  // first (the offsets differ), so the one-box checks of a box at a
  // dynamic index speak for all of them.
  auto boxErr = [&] {
    return emitError() << "box of the " << boxes << "-box tile (smem \""
                       << mlir::cute::tensorInfo(smem).layout.str()
                       << "\", coordinates \""
                       << mlir::cute::tensorInfo(ct).layout.str() << "\"): ";
  };
  auto types = tmaTileBoxTypes(emitError, desc, ct, smem);
  if (failed(types) ||
      failed(verifyTmaBoxOperand(boxErr, desc, types->first, rank)))
    return failure();
  return verifyBoxCoords(boxErr, desc, cast<CoordTensorType>(types->second));
}

//===----------------------------------------------------------------------===//
// cute_nvgpu.tma_partition
//===----------------------------------------------------------------------===//

Attribute TmaPartitionOp::boxTiler(TmaDescType desc) {
  return mlir::cute::ShapeAttr::get(
      desc.getContext(),
      mlir::cute::CuteValue::ofTuple(
          mlir::cute::CuteKind::Shape,
          mlir::cute::tensorInfo(desc.getBox()).layout.shape));
}

/// The box `index` of `tile`: cute.local_tile's result type with the box
/// shape as tiler.
static LogicalResult boxOf(MLIRContext *ctx, std::optional<Location> loc,
                           Value tile, Value index, Attribute tiler,
                           SmallVectorImpl<Type> &out) {
  mlir::cute::LocalTileOp::Properties props;
  props.tiler = tiler;
  return mlir::cute::LocalTileOp::inferReturnTypes(
      ctx, loc, ValueRange{tile, index}, DictionaryAttr::get(ctx, {}),
      OpaqueProperties(&props), RegionRange(), out);
}

LogicalResult TmaPartitionOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange, SmallVectorImpl<Type> &out) {
  if (operands.size() != 4)
    return failure();
  auto desc = dyn_cast<TmaDescType>(operands[0].getType());
  if (!desc)
    return failure();
  Attribute tiler = boxTiler(desc);
  if (failed(boxOf(ctx, loc, operands[2], operands[1], tiler, out)) ||
      failed(boxOf(ctx, loc, operands[3], operands[1], tiler, out)))
    return failure();
  return success();
}

LogicalResult TmaPartitionOp::verify() {
  TmaDescType desc = getDesc().getType();
  const ::cute::layout::IntTuple &box =
      mlir::cute::tensorInfo(desc.getBox()).layout.shape;
  for (auto [what, t] :
       {std::pair<StringRef, Type>{"smem", getSmem().getType()},
        {"coordinate", getCoords().getType()}}) {
    const ::cute::layout::IntTuple &shape =
        mlir::cute::tensorInfo(t).layout.shape;
    bool ok = shape.rank() == box.rank();
    for (size_t j = 0; ok && j < box.rank(); ++j) {
      const IntTuple &s = shape[j], &b = box[j];
      ok = s.isInt() && b.isInt() && s.value().isStatic() &&
           b.value().isStatic() && s.value().value() % b.value().value() == 0;
    }
    if (!ok)
      return emitOpError("divides the ")
             << what << " tile by the box: its shape " << shape.str()
             << " must have the box's rank and static "
             << "multiples of the box extents " << box.str();
  }
  return success();
}
