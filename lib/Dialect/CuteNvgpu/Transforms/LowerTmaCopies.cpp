//===- LowerTmaCopies.cpp - cute.copy with a TMA atom -> tma_load/store ---===//
//
// The coordinates of the box are the first coordinate of the copy's
// coordinate tile: its base (cute.get_iter), one i32 per mode
// (cute.get_scalars). cute.copy's verifier has checked the tile is one box
// or a tile of whole boxes; the latter becomes one TMA per box, box i of
// both tiles being their cute.local_tile by the box shape at i (in
// colexicographic order, as cute_nvgpu.tma_partition numbers them).
// cute_nvgpu.tma_partition becomes the two cute.local_tile it stands for.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::cute_nvgpu {
#define GEN_PASS_DEF_CUTENVGPULOWERTMACOPIES
#include "cute/Dialect/CuteNvgpu/Transforms/Passes.h.inc"
} // namespace mlir::cute_nvgpu

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

/// The box origin of a coordinate tile: its base, as i32 values.
SmallVector<Value> boxOrigin(OpBuilder &b, Location loc, Value coords) {
  Value base = mlir::cute::GetIterOp::create(b, loc, coords);
  auto leaves =
      mlir::cute::GetScalarsOp::create(b, loc, base, /*only_dynamic=*/false);
  SmallVector<Value> out;
  Type i32 = b.getI32Type();
  for (Value v : leaves.getResults()) {
    unsigned w = v.getType().getIntOrFloatBitWidth();
    if (w > 32)
      v = arith::TruncIOp::create(b, loc, i32, v);
    else if (w < 32)
      v = arith::ExtSIOp::create(b, loc, i32, v);
    out.push_back(v);
  }
  return out;
}

struct CuteNvgpuLowerTmaCopiesPass
    : mlir::cute_nvgpu::impl::CuteNvgpuLowerTmaCopiesBase<
          CuteNvgpuLowerTmaCopiesPass> {
  void runOnOperation() override {
    // tma_partition is local_tile by the box on both tiles.
    SmallVector<TmaPartitionOp> parts;
    getOperation().walk([&](TmaPartitionOp p) { parts.push_back(p); });
    for (TmaPartitionOp p : parts) {
      OpBuilder b(p);
      Attribute tiler = TmaPartitionOp::boxTiler(p.getDesc().getType());
      auto tile = [&](Value t, Type want) {
        return mlir::cute::LocalTileOp::create(b, p.getLoc(), want, t,
                                               p.getIndex(), tiler)
            .getResult();
      };
      Value s = tile(p.getSmem(), p.getSmemBox().getType());
      Value c = tile(p.getCoords(), p.getCoordBox().getType());
      p.getSmemBox().replaceAllUsesWith(s);
      p.getCoordBox().replaceAllUsesWith(c);
      p.erase();
    }
    SmallVector<mlir::cute::CopyOp> copies;
    getOperation().walk([&](mlir::cute::CopyOp c) {
      if (isa<TmaCopyAttr>(c.getAtomOrDefault()))
        copies.push_back(c);
    });
    for (mlir::cute::CopyOp c : copies) {
      auto atom = cast<TmaCopyAttr>(c.getAtomOrDefault());
      ValueRange args = c.getAtomOperands();
      Value desc = args.front();
      bool load = cast<TmaDescType>(desc.getType()).getKind() == TmaKind::load;
      OpBuilder b(c);
      Location loc = c.getLoc();
      auto descType = cast<TmaDescType>(desc.getType());
      Value coordTile = load ? c.getSrc() : c.getDst();
      Value smemTile = load ? c.getDst() : c.getSrc();
      int64_t boxes =
          tmaTileBoxes(descType, coordTile.getType(), smemTile.getType());
      Attribute tiler = TmaPartitionOp::boxTiler(descType);
      for (int64_t i = 0; i < std::max<int64_t>(boxes, 1); ++i) {
        Value smem = smemTile, coordBox = coordTile;
        if (boxes > 0) {
          Value idx = arith::ConstantIntOp::create(b, loc, i, 32);
          smem = mlir::cute::LocalTileOp::create(b, loc, smemTile, idx, tiler);
          coordBox =
              mlir::cute::LocalTileOp::create(b, loc, coordTile, idx, tiler);
        }
        SmallVector<Value> coords = boxOrigin(b, loc, coordBox);
        if (load) {
          Value mask = args.size() == 3 ? args[2] : Value();
          TmaLoadOp::create(b, loc, desc, smem, args[1], coords, mask,
                            atom.getCtaGroup());
        } else {
          TmaStoreOp::create(b, loc, desc, smem, coords);
        }
      }
      c.erase();
    }
  }
};

} // namespace
