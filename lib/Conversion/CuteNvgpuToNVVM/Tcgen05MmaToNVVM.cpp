//===- Tcgen05MmaToNVVM.cpp - sm_100a tcgen05.mma (UMMA) ------------------===//
//
// cute.gemm with #cute_nvgpu.tcgen05_mma / tcgen05_mma_block_scale ->
// nvvm.tcgen05.mma / nvvm.tcgen05.mma.block_scale, one per (k, m, n) block
// in CuTe's order. The MMA is issued by one thread (cute-verify-kernel
// checks that the op runs in one thread where it can count them); it is
// asynchronous: its completion is observed through tcgen05.commit onto an
// mbarrier (cute_nvgpu.tcgen05_commit, or a tma_umma / umma_async
// pipeline).
//  - A in Tensor Memory (a_src = tmem, the "TS" form; 16-bit A packed two
//    per 32-bit column, row m in lane m): the TMEM address of A's block,
//    the tensor's address plus the block's offset in address units.
//  - A and B in shared memory: 64-bit UMMA descriptors. The static fields
//    (layout type with the sm_100 codes, LBO, SBO, version 1) come from the
//    atom block's layout and swizzle (deriveGmmaDesc, encodeUmmaSmemDesc,
//    cute/Atom/Sm100Umma.h); the start address is the block's address at
//    run time, so a K block inside a swizzle atom advances the start by its
//    unswizzled byte offset, as CuTe's DescriptorIterator does. Packed e2m1
//    (kind::mxf4/mxf4nvf4) counts 4 bits per element.
//  - The instruction descriptor (32 bits) is a constant made from the atom
//    (makeUmmaInstrDesc); block-scaled kinds add the scale-factor ids.
//  - D: the TMEM address of C's block (m, n): the tensor's address plus the
//    block's offset (TMEM address units, lane << 16 | column).
//  - enable-input-D: true, except for k = 0 with `accumulate(%flag)`,
//    where it is %flag.
//  - Block-scaled: the scale factors are i32 tmem tensors (4 scale bytes per
//    32-bit column, as tcgen05.cp writes them). A K block reads K/vs scale
//    bytes per row; k-blocks of fewer than 4 bytes share a column (their
//    offsets are equal, checked by the atom) and the byte is selected by
//    sf_id = (k * K/vs) mod 4, written into the instruction descriptor
//    (a_sf_id [29,31), b_sf_id [4,6)) and, as CUTLASS does, into bits
//    [30,32) of the scale address.
//
//===----------------------------------------------------------------------===//
#include "MmaCommon.h"

#include "cute/Atom/Sm100Umma.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using namespace mlir::cute_nvgpu::lowering;
namespace atom = ::cute::atom;

namespace {

constexpr unsigned kSmemSpace = 3;

std::optional<atom::UmmaType> ummaTypeOf(Type t) {
  if (isa<Float16Type>(t))
    return atom::UmmaType::F16;
  if (isa<BFloat16Type>(t))
    return atom::UmmaType::BF16;
  if (isa<FloatTF32Type, Float32Type>(t))
    return atom::UmmaType::TF32;
  if (isa<Float8E4M3FNType>(t))
    return atom::UmmaType::E4M3;
  if (isa<Float8E5M2Type>(t))
    return atom::UmmaType::E5M2;
  if (isa<Float6E2M3FNType>(t))
    return atom::UmmaType::E2M3;
  if (isa<Float6E3M2FNType>(t))
    return atom::UmmaType::E3M2;
  if (isa<Float4E2M1FNType>(t))
    return atom::UmmaType::E2M1;
  return std::nullopt;
}

/// What one tcgen05 cute.gemm needs from its atom.
struct UmmaGemm {
  atom::UmmaInstr instr;
  MmaMajor aMajor = MmaMajor::k, bMajor = MmaMajor::k;
  int64_t k = 0;
  bool blockScaled = false;
  bool aTmem = false; ///< A from Tensor Memory (the TS form)
  NVVM::Tcgen05MMAKind kind = NVVM::Tcgen05MMAKind::F16;
  NVVM::MMABlockScaleKind scaleKind = NVVM::MMABlockScaleKind::MXF4NVF4;
  int64_t vs = 0;

  static FailureOr<UmmaGemm> of(Attribute a, Operation *op) {
    UmmaGemm g;
    Type ta, tb;
    if (auto t = dyn_cast<Tcgen05MmaAttr>(a)) {
      g.aTmem = t.getASrc() == OperandSource::tmem;
      ta = t.getA(), tb = t.getB();
      g.aMajor = t.getAMajor(), g.bMajor = t.getBMajor();
      g.k = t.getMmaK();
      g.instr.ctaGroup = int(t.getCtaGroup());
      g.instr.m = int(t.getM()), g.instr.n = int(t.getN());
      g.instr.accum =
          t.getC().isF16() ? atom::UmmaAccum::F16 : atom::UmmaAccum::F32;
      switch (t.getMmaKind()) {
      case UmmaKind::f16:
        g.instr.kind = atom::UmmaKind::F16, g.kind = NVVM::Tcgen05MMAKind::F16;
        break;
      case UmmaKind::tf32:
        g.instr.kind = atom::UmmaKind::TF32,
        g.kind = NVVM::Tcgen05MMAKind::TF32;
        break;
      case UmmaKind::f8f6f4:
        g.instr.kind = atom::UmmaKind::F8F6F4,
        g.kind = NVVM::Tcgen05MMAKind::F8F6F4;
        break;
      }
    } else {
      auto s = cast<Tcgen05MmaBlockScaleAttr>(a);
      ta = s.getA(), tb = s.getB();
      g.k = s.getK();
      g.blockScaled = true;
      g.vs = s.getVs();
      g.instr.ctaGroup = int(s.getCtaGroup());
      g.instr.m = int(s.getM()), g.instr.n = int(s.getN());
      g.instr.scale = isa<Float8E8M0FNUType>(s.getSf())
                          ? atom::UmmaScale::UE8M0
                          : atom::UmmaScale::UE4M3;
      switch (s.getKind()) {
      case BlockScaleKind::mxf8f6f4:
        g.instr.kind = atom::UmmaKind::MXF8F6F4,
        g.scaleKind = NVVM::MMABlockScaleKind::MXF8F6F4;
        break;
      case BlockScaleKind::mxf4:
        g.instr.kind = atom::UmmaKind::MXF4,
        g.scaleKind = NVVM::MMABlockScaleKind::MXF4;
        break;
      case BlockScaleKind::mxf4nvf4:
        g.instr.kind = atom::UmmaKind::MXF4NVF4,
        g.scaleKind = NVVM::MMABlockScaleKind::MXF4NVF4;
        break;
      }
    }
    std::optional<atom::UmmaType> ua = ummaTypeOf(ta), ub = ummaTypeOf(tb);
    if (!ua || !ub)
      return op->emitOpError("tcgen05.mma operand types ")
             << ta << " x " << tb << " have no UMMA format";
    g.instr.a = *ua, g.instr.b = *ub;
    g.instr.aMajorMN = g.aMajor == MmaMajor::mn;
    g.instr.bMajorMN = g.bMajor == MmaMajor::mn;
    return g;
  }

  /// Scale bytes one K block reads per row (block-scaled kinds).
  int64_t scaleBytesPerBlock() const { return k / vs; }
};

/// The UMMA descriptor of the block of `op` starting `offset` elements from
/// the tensor's iterator `base` (an smem pointer).
Value ummaDescriptor(OpBuilder &b, Location loc, Value base,
                     const GemmOperandLayout &op, uint64_t fixed,
                     int64_t offset) {
  return smemDescriptor(b, loc, base, offset * op.elemBits() / 8, fixed);
}

FailureOr<uint64_t> fixedDescriptor(Operation *op, const char *name,
                                    const GemmOperandLayout &o,
                                    MmaMajor major) {
  auto f = atom::deriveGmmaDesc(
      major == MmaMajor::k ? atom::GmmaMajor::K : atom::GmmaMajor::MN,
      o.block(), o.type.getSwizzleFunctor(), o.elemBits());
  if (!f)
    return op->emitOpError("operand ")
           << name << ": no shared-memory descriptor: " << f.message();
  return atom::encodeUmmaSmemDesc(*f, 0);
}

/// The TMEM address `base` + `offset` (address units), with `byte` (0..3,
/// a scale factor's byte within its 32-bit column) in bits [30,32).
Value tmemAt(OpBuilder &b, Location loc, Value base, int64_t offset,
             int64_t byte = 0) {
  if (!offset && !byte)
    return base;
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  if (offset)
    addr = arith::AddIOp::create(b, loc, addr, i32(b, loc, offset));
  if (byte)
    addr = arith::OrIOp::create(b, loc, addr, i32(b, loc, byte << 30));
  return LLVM::IntToPtrOp::create(b, loc, base.getType(), addr);
}

/// Both tcgen05 atoms (plain and block-scaled) lower here.
template <class AtomT>
struct Tcgen05Lowering
    : MmaLoweringAttrInterface::ExternalModel<Tcgen05Lowering<AtomT>, AtomT> {
  LogicalResult lowerGemm(Attribute attr, RewriterBase &rewriter,
                          mlir::cute::GemmOp op, Value accumulate) const {
    FailureOr<UmmaGemm> g = UmmaGemm::of(attr, op);
    if (failed(g))
      return failure();
    auto idesc = atom::makeUmmaInstrDesc(g->instr);
    if (!idesc)
      return op.emitOpError("instruction descriptor: ") << idesc.message();
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    MLIRContext *ctx = rewriter.getContext();
    GemmOperandLayout a(op.getA()), bo(op.getB()), c(op.getC());
    FailureOr<uint64_t> fa = g->aTmem ? FailureOr<uint64_t>(0)
                                      : fixedDescriptor(op, "A", a, g->aMajor);
    FailureOr<uint64_t> fb = fixedDescriptor(op, "B", bo, g->bMajor);
    if (failed(fa) || failed(fb))
      return failure();
    Value sa = g->aTmem ? tmemAddress(b, loc, op.getA())
                        : tensorBasePtr(b, loc, op.getA(), kSmemSpace);
    Value sb = tensorBasePtr(b, loc, op.getB(), kSmemSpace);
    Value td = tmemAddress(b, loc, op.getC());
    std::optional<GemmOperandLayout> sfa, sfb;
    Value tsfa, tsfb;
    if (g->blockScaled) {
      sfa.emplace(op.getSfa());
      sfb.emplace(op.getSfb());
      tsfa = tmemAddress(b, loc, op.getSfa());
      tsfb = tmemAddress(b, loc, op.getSfb());
    }
    auto group = g->instr.ctaGroup == 2 ? NVVM::CTAGroupKind::CTA_2
                                        : NVVM::CTAGroupKind::CTA_1;
    auto groupAttr = NVVM::CTAGroupKindAttr::get(ctx, group);
    auto collector = NVVM::Tcgen05MMACollectorOpAttr::get(
        ctx, NVVM::Tcgen05MMACollectorOp::DISCARD);
    Value one;
    forEachMmaBlock(a, c, [&](int64_t m, int64_t n, int64_t k) {
      Value da = g->aTmem
                     ? tmemAt(b, loc, sa, a.offset(0, m, k))
                     : ummaDescriptor(b, loc, sa, a, *fa, a.offset(0, m, k));
      Value db = ummaDescriptor(b, loc, sb, bo, *fb, bo.offset(0, n, k));
      Value dd = tmemAt(b, loc, td, c.offset(0, m, n));
      Value enable;
      if (k == 0 && accumulate) {
        enable = accumulate;
      } else {
        if (!one)
          one = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
        enable = one;
      }
      uint32_t desc = *idesc;
      if (!g->blockScaled) {
        NVVM::Tcgen05MMAOp::create(
            b, loc, NVVM::Tcgen05MMAKindAttr::get(ctx, g->kind), groupAttr,
            collector, UnitAttr(), dd, da, db, i32(b, loc, int32_t(desc)),
            enable, Value(), Value());
        return;
      }
      // The scale bytes of this K block: byte (k * K/vs) of the rows'
      // scale stream, 4 per column.
      int64_t sfId = (k * g->scaleBytesPerBlock()) % 4;
      desc |= uint32_t(sfId) << 29 | uint32_t(sfId) << 4;
      Value sA = tmemAt(b, loc, tsfa, sfa->offset(0, m, k), sfId);
      Value sB = tmemAt(b, loc, tsfb, sfb->offset(0, n, k), sfId);
      NVVM::Tcgen05MMABlockScaleOp::create(
          b, loc, NVVM::MMABlockScaleKindAttr::get(ctx, g->scaleKind),
          groupAttr,
          NVVM::Tcgen05MMABlockScaleAttr::get(
              ctx, g->vs == 16 ? NVVM::Tcgen05MMABlockScale::BLOCK16
                               : NVVM::Tcgen05MMABlockScale::BLOCK32),
          collector, dd, da, db, i32(b, loc, int32_t(desc)), enable, sA, sB);
    });
    return success();
  }
};

} // namespace

void lowering::attachTcgen05Lowerings(MLIRContext *ctx) {
  Tcgen05MmaAttr::attachInterface<Tcgen05Lowering<Tcgen05MmaAttr>>(*ctx);
  Tcgen05MmaBlockScaleAttr::attachInterface<
      Tcgen05Lowering<Tcgen05MmaBlockScaleAttr>>(*ctx);
}
