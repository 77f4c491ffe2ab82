//===- BlockScaleMmaToNVVM.cpp - sm_120a block-scaled mma.sync ------------===//
//
// cute.gemm with #cute_nvgpu.mma_block_scale -> nvvm.mma.block_scale, one
// per (k, m, n) block (CuTe's order). Every operand is a register fragment
// with a static layout; the registers are assembled as the atom's layouts
// say (cute/Atom/Sm120BlockScaledFragments.h, checked there against the PTX
// fragment tables):
//  - A (4 x b32) and B (2 x b32): value v of the lane's fragment sits in
//    register v * bits / 32 at bit v * bits % 32; bits = 4 for m16n8k64
//    (e2m1 packed, two per byte, as f4E2M1FN fragments are stored) and 8 for
//    m16n8k32 (an f8 code as is; an e2m1 code in bits [2,6) of its byte).
//  - scale-a/b-data (b32): byte j holds the scale of K-block j (of `vs`
//    elements) of the lane's row of A (column of B): value j of a fragment
//    of K/vs values, or in CuTe's per-element view (the SFA/SFB layouts, K
//    values per lane) the value whose K coordinate is j * vs; byte-id 0,
//    thread-id 0 (every lane holds its row's scales, so any selector would
//    do).
//  - C/D: four f32; with `accumulate(%flag)` false, k = 0 starts from zero.
// NVVM 22 has every form the atom allows (2X ue8m0 / 4X ue4m3 on
// m16n8k64 mxf4nvf4, 1X ue8m0 on m16n8k32 mxf8f6f4): no inline PTX.
//
//===----------------------------------------------------------------------===//
#include "MmaCommon.h"

#include "cute/Dialect/Cute/IR/CuteMma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
using ::cute::layout::Layout;

namespace {

NVVM::MMATypes ptxTypeOf(Type t) {
  if (isa<Float4E2M1FNType>(t))
    return NVVM::MMATypes::e2m1;
  if (isa<Float6E2M3FNType>(t))
    return NVVM::MMATypes::e2m3;
  if (isa<Float6E3M2FNType>(t))
    return NVVM::MMATypes::e3m2;
  if (isa<Float8E5M2Type>(t))
    return NVVM::MMATypes::e5m2;
  return NVVM::MMATypes::e4m3;
}

/// For each scale vector j of one atom (0 .. K/vs - 1): the value index of
/// the SFA/SFB thread-value layout `tv` (over (rows, K), column-major) whose
/// K coordinate is j * vs, read at thread 0 (the thread modes move along
/// rows only; the verifier of the atom table checks the layouts).
SmallVector<int64_t> scaleValueIndices(const Layout &tv, int64_t rows,
                                       int64_t k, int64_t vs) {
  SmallVector<int64_t> idx(size_t(k / vs), -1);
  Layout vals = tv[1];
  for (int64_t v = 0, n = ::cute::layout::size(vals).value(); v < n; ++v) {
    int64_t kk = vals.eval(v) / rows;
    if (kk % vs == 0 && kk / vs < int64_t(idx.size()) && idx[kk / vs] < 0)
      idx[kk / vs] = v;
  }
  return idx;
}

struct BlockScaleMmaSyncLowering
    : MmaLoweringAttrInterface::ExternalModel<BlockScaleMmaSyncLowering,
                                              MmaBlockScaleAttr> {
  LogicalResult lowerGemm(Attribute attr, RewriterBase &rewriter,
                          mlir::cute::GemmOp op, Value accumulate) const {
    auto atom = cast<MmaBlockScaleAttr>(attr);
    auto layouts = mlir::cute::mmaLayoutsOf(atom);
    if (!layouts || !layouts->sfa || !layouts->sfb)
      return rewriter.notifyMatchFailure(op, "atom without scale layouts");
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    GemmOperandLayout a(op.getA()), bo(op.getB()), c(op.getC()),
        sfa(op.getSfa()), sfb(op.getSfb());
    Value pa = tensorBasePtr(b, loc, op.getA(), 0);
    Value pb = tensorBasePtr(b, loc, op.getB(), 0);
    Value pc = tensorBasePtr(b, loc, op.getC(), 0);
    Value psa = tensorBasePtr(b, loc, op.getSfa(), 0);
    Value psb = tensorBasePtr(b, loc, op.getSfb(), 0);
    FragmentReader ra(b, loc, pa, a), rb(b, loc, pb, bo), rsa(b, loc, psa, sfa),
        rsb(b, loc, psb, sfb);

    bool k64 = atom.getK() == 64;
    unsigned regBits = k64 ? 4 : 8;
    int64_t perReg = 32 / regBits;
    int64_t vs = atom.getVs();
    auto shiftOf = [&](Type t) -> unsigned {
      // kind::mxf8f6f4 keeps e2m1 in bits [2,6) of its byte.
      return !k64 && isa<Float4E2M1FNType>(t) ? 2 : 0;
    };
    auto indices = [&](const GemmOperandLayout &o, const Layout &tv,
                       int64_t rows) {
      int64_t vectors = atom.getK() / vs;
      if (::cute::layout::size(o.block()).value() == vectors)
        return llvm::to_vector(llvm::seq<int64_t>(0, vectors));
      return scaleValueIndices(tv, rows, atom.getK(), vs);
    };
    SmallVector<int64_t> sfaIdx = indices(sfa, *layouts->sfa, atom.getM());
    SmallVector<int64_t> sfbIdx = indices(sfb, *layouts->sfb, atom.getN());
    if (llvm::is_contained(sfaIdx, -1) || llvm::is_contained(sfbIdx, -1))
      return rewriter.notifyMatchFailure(op, "scale layout misses a K block");

    auto regs = [&](FragmentReader &r, const GemmOperandLayout &o, int64_t n,
                    int64_t i, int64_t j, Type t) {
      SmallVector<Value> out;
      for (int64_t reg = 0; reg < n; ++reg) {
        SmallVector<int64_t> offs;
        for (int64_t v = reg * perReg; v < (reg + 1) * perReg; ++v)
          offs.push_back(o.offset(v, i, j));
        out.push_back(r.reg(offs, regBits, shiftOf(t)));
      }
      return out;
    };
    auto scaleReg = [&](FragmentReader &r, const GemmOperandLayout &o,
                        ArrayRef<int64_t> idx, int64_t i, int64_t j) {
      SmallVector<int64_t> offs;
      for (int64_t v : idx)
        offs.push_back(o.offset(v, i, j));
      return r.reg(offs, 8, 0);
    };

    Type f32 = b.getF32Type();
    auto resTy =
        LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
    Value zero16 = arith::ConstantIntOp::create(b, loc, b.getI16Type(), 0);
    Value zeroF;
    auto scaleVec = vs == 16 ? NVVM::ScaleVecSize::X4
                    : k64    ? NVVM::ScaleVecSize::X2
                             : NVVM::ScaleVecSize::X1;
    auto format = isa<Float8E8M0FNUType>(atom.getSf())
                      ? NVVM::BlockScaleFormat::UE8M0
                      : NVVM::BlockScaleFormat::UE4M3;
    auto kind = k64 ? NVVM::MMABlockScaleKind::MXF4NVF4
                    : NVVM::MMABlockScaleKind::MXF8F6F4;
    forEachMmaBlock(a, c, [&](int64_t m, int64_t n, int64_t k) {
      SmallVector<Value> va = regs(ra, a, 4, m, k, atom.getA());
      SmallVector<Value> vb = regs(rb, bo, 2, n, k, atom.getB());
      SmallVector<Value> vc;
      for (int64_t v = 0; v < 4; ++v) {
        Value p = LLVM::GEPOp::create(
            b, loc, pc.getType(), f32, pc,
            ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(c.offset(v, m, n))});
        Value x = LLVM::LoadOp::create(b, loc, f32, p, 4);
        if (k == 0 && accumulate) {
          if (!zeroF)
            zeroF = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
          x = arith::SelectOp::create(b, loc, accumulate, x, zeroF);
        }
        vc.push_back(x);
      }
      Value sa = scaleReg(rsa, sfa, sfaIdx, m, k);
      Value sb = scaleReg(rsb, sfb, sfbIdx, n, k);
      Value d = NVVM::MmaBlockScaleOp::create(
          b, loc, resTy, va, vb, vc, sa, zero16, zero16, sb, zero16, zero16,
          {atom.getM(), atom.getN(), atom.getK()},
          std::array<NVVM::MMATypes, 2>{ptxTypeOf(atom.getA()),
                                        ptxTypeOf(atom.getB())},
          scaleVec, format, kind);
      for (int64_t v = 0; v < 4; ++v) {
        Value p = LLVM::GEPOp::create(
            b, loc, pc.getType(), f32, pc,
            ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(c.offset(v, m, n))});
        LLVM::StoreOp::create(b, loc,
                              LLVM::ExtractValueOp::create(b, loc, d, v), p, 4);
      }
    });
    return success();
  }
};

} // namespace

void lowering::attachBlockScaleMmaLowerings(MLIRContext *ctx) {
  MmaBlockScaleAttr::attachInterface<BlockScaleMmaSyncLowering>(*ctx);
}
