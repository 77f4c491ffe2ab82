//===- MmaAtoms.cpp - The MMA atoms of cute_nvgpu
//--------------------------===//
//
// Each atom attribute: its legal parameters (with messages naming the rule),
// its layouts through cute's MMA-atom interface (from cute/Atom/MmaAtoms.h,
// i.e. CuTe's MMA_Traits) and the operand rules of `cute.gemm`.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Atom/Sm90Gmma.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
namespace atom = ::cute::atom;
using mlir::cute::CuteMemRefType;
using mlir::cute::CuteValue;
using mlir::cute::MemSpace;

namespace {

std::string str(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

bool is16Bit(Type t) { return isa<Float16Type, BFloat16Type>(t); }
bool isF8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }
bool isF6(Type t) { return isa<Float6E2M3FNType, Float6E3M2FNType>(t); }
bool isF4(Type t) { return isa<Float4E2M1FNType>(t); }
bool isF8F6F4(Type t) { return isF8(t) || isF6(t) || isF4(t); }

atom::MmaAtomLayouts layoutsOr(::cute::Expected<atom::MmaAtomLayouts> l) {
  // Attributes are verified when built, so their layouts exist.
  return l ? *l : atom::MmaAtomLayouts();
}

/// An s8/u8 operand of the integer mma.sync: si8 or ui8 (the PTX .s8/.u8).
bool isInt8(Type t) {
  auto i = dyn_cast<IntegerType>(t);
  return i && i.getWidth() == 8 && !i.isSignless();
}

/// The element type of the tensors holding an atom's operand: si8/ui8 are
/// held as signless i8 (the same bits; LLVM integers have no sign), tf32 as
/// f32 (the instruction reads the upper 19 bits of each 32-bit word).
Type operandStorage(Type t) {
  if (isInt8(t))
    return IntegerType::get(t.getContext(), 8);
  if (isa<FloatTF32Type>(t))
    return Float32Type::get(t.getContext());
  return t;
}

/// The block size of a tcgen05/wgmma K step: 256 bits of the A type.
int64_t kOf256Bits(Type t) {
  unsigned bits = mlir::cute::storageBits(operandStorage(t));
  return bits ? 256 / bits : 0;
}

LogicalResult expectSpace(function_ref<InFlightDiagnostic()> emitError,
                          StringRef atomName, const char *operand, Type t,
                          MemSpace space, Type elem) {
  auto m = cast<CuteMemRefType>(t);
  if (m.getMemSpace() != space)
    return emitError() << "operand " << operand << " of " << atomName
                       << " must be a " << mlir::cute::stringifyMemSpace(space)
                       << " tensor, got " << t;
  Type held = elem ? operandStorage(elem) : Type();
  if (held && m.getElementType() != held) {
    InFlightDiagnostic d = emitError()
                           << "operand " << operand << " of " << atomName
                           << " holds " << m.getElementType() << "; the atom's "
                           << operand << " type is " << elem;
    if (held != elem)
      d << ", held in tensors of " << held;
    return d;
  }
  return success();
}

/// A scale-factor tensor: in `space`, holding the atom's scale type (one
/// scale per `vs` elements of K).
LogicalResult expectScales(function_ref<InFlightDiagnostic()> emitError,
                           StringRef atomName, const char *operand, Type t,
                           MemSpace space, Type sf, int64_t vs) {
  auto m = cast<CuteMemRefType>(t);
  if (m.getMemSpace() != space)
    return emitError() << "scale factors " << operand << " of " << atomName
                       << " must be a " << mlir::cute::stringifyMemSpace(space)
                       << " tensor, got " << t;
  if (m.getElementType() != sf)
    return emitError() << "scale factors " << operand << " of " << atomName
                       << " hold " << m.getElementType() << "; the atom scales "
                       << "by " << sf << " per " << vs << " elements of K"
                       << (isa<Float8E4M3FNType>(sf) ? " (UE4M3)" : "");
  return success();
}

/// kind::f8f6f4 / mxf8f6f4 read 6- and 4-bit operands from shared memory
/// one per byte (padded); a packed sub-byte tensor is not that layout.
LogicalResult expectBytePerElement(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef kindName, const char *operand,
                                   Type t) {
  auto m = cast<CuteMemRefType>(t);
  if (mlir::cute::storageBits(m.getElementType()) >= 8)
    return success();
  return emitError() << "operand " << operand << " of " << kindName
                     << " holds packed " << m.getElementType()
                     << " (4 bits per element); the instruction reads 6- and "
                        "4-bit operands one per byte (padded), which no cute "
                        "type expresses yet (use kind::mxf4 or mxf4nvf4 for "
                        "packed e2m1)";
}

/// A shared-memory operand read through a descriptor: one atom block (mode
/// 0, or the whole tensor for rank 1) must be a canonical GMMA/UMMA layout.
LogicalResult expectDescribable(function_ref<InFlightDiagnostic()> emitError,
                                StringRef atomName, const char *operand, Type t,
                                MmaMajor major) {
  auto m = cast<CuteMemRefType>(t);
  if (!m.isStatic())
    return emitError() << "operand " << operand << " of " << atomName
                       << " must have a static layout (its descriptor is "
                          "derived at compile time), got "
                       << t;
  const ::cute::layout::Layout &l = m.getLayout().layout;
  ::cute::layout::Layout block = l.shape.isInt() || l.rank() == 2 ? l : l[0];
  auto f = atom::deriveGmmaDesc(
      major == MmaMajor::k ? atom::GmmaMajor::K : atom::GmmaMajor::MN, block,
      m.getSwizzleFunctor(), mlir::cute::storageBits(m.getElementType()));
  if (!f) {
    InFlightDiagnostic d = emitError()
                           << "operand " << operand << " of " << atomName
                           << " (block " << block.str()
                           << "): no shared-memory descriptor expresses it: "
                           << f.message();
    // A layout of the other major: the atom's major disagrees with it.
    MmaMajor other = major == MmaMajor::k ? MmaMajor::mn : MmaMajor::k;
    if (atom::deriveGmmaDesc(other == MmaMajor::k ? atom::GmmaMajor::K
                                                  : atom::GmmaMajor::MN,
                             block, m.getSwizzleFunctor(),
                             mlir::cute::storageBits(m.getElementType())))
      d << " (the layout is " << stringifyMmaMajor(other)
        << "-major: the atom says " << stringifyMmaMajor(major) << ")";
    return d;
  }
  if (f->layout == atom::GmmaLayoutType::B128Base32B &&
      atomName.starts_with("wgmma"))
    return emitError() << "operand " << operand << " of " << atomName
                       << " (block " << block.str() << ", swizzle "
                       << m.getSwizzleFunctor()->str()
                       << "): the 128-byte swizzle with 32-byte atoms "
                          "(UMMA's SWIZZLE_128B_BASE32B) is a tcgen05 "
                          "(sm_100a) descriptor mode; sm_90a's wgmma "
                          "descriptor has none (32, 64 or 128-byte swizzles)";
  int64_t swizzleAlign = 0;
  if (auto s = m.getSwizzleFunctor())
    swizzleAlign = (int64_t(1) << (s->bits + s->base + s->shift)) *
                   mlir::cute::storageBits(m.getElementType()) / 8;
  if (m.getAlignment() < std::max<int64_t>(16, swizzleAlign))
    return emitError() << "operand " << operand << " of " << atomName
                       << " is aligned to " << m.getAlignment()
                       << " B; its descriptor needs "
                       << std::max<int64_t>(16, swizzleAlign)
                       << " B (16 B, and the swizzle atom)";
  return success();
}

} // namespace

/// The interface methods every atom shares: its layouts from
/// `layoutsOf(attr)`.
#define CUTE_NVGPU_MMA_ATOM(ATTR, NAME)                                        \
  StringRef ATTR::getAtomName() const { return NAME; }                         \
  CuteValue ATTR::getShapeMNK() const { return shapeValue(layoutsOf(*this)); } \
  CuteValue ATTR::getThrLayout() const {                                       \
    return CuteValue::ofLayout(layoutsOf(*this).thr);                          \
  }                                                                            \
  CuteValue ATTR::getLayoutA() const {                                         \
    return CuteValue::ofLayout(layoutsOf(*this).a);                            \
  }                                                                            \
  CuteValue ATTR::getLayoutB() const {                                         \
    return CuteValue::ofLayout(layoutsOf(*this).b);                            \
  }                                                                            \
  CuteValue ATTR::getLayoutC() const {                                         \
    return CuteValue::ofLayout(layoutsOf(*this).c);                            \
  }                                                                            \
  std::optional<CuteValue> ATTR::getLayoutSFA() const {                        \
    return optionalLayout(layoutsOf(*this).sfa);                               \
  }                                                                            \
  std::optional<CuteValue> ATTR::getLayoutSFB() const {                        \
    return optionalLayout(layoutsOf(*this).sfb);                               \
  }                                                                            \
  int64_t ATTR::getScaleVecSize() const { return layoutsOf(*this).sfVecSize; }

static CuteValue shapeValue(const atom::MmaAtomLayouts &l) {
  using ::cute::layout::IntTuple;
  return CuteValue::ofTuple(mlir::cute::CuteKind::Shape,
                            IntTuple(std::vector<IntTuple>{
                                IntTuple(l.m), IntTuple(l.n), IntTuple(l.k)}));
}

static std::optional<CuteValue>
optionalLayout(const std::optional<::cute::layout::Layout> &l) {
  if (!l)
    return std::nullopt;
  return CuteValue::ofLayout(*l);
}

//===----------------------------------------------------------------------===//
// mma_sync (sm_80+)
//===----------------------------------------------------------------------===//

static ::cute::Expected<atom::MmaAtomLayouts>
mmaSyncLayouts(int64_t m, int64_t n, int64_t k, Type a) {
  if (m == 16 && n == 8 && k == 16)
    return atom::mmaAtomLayouts(atom::MmaAtomKind::Sm80_16x8x16);
  if (m == 16 && n == 8 && k == 8)
    return atom::mmaAtomLayouts(atom::MmaAtomKind::Sm80_16x8x8);
  if (m == 16 && n == 8 && k == 32)
    return atom::mmaAtomLayouts(isF8F6F4(a)
                                    ? atom::MmaAtomKind::Sm120_16x8x32_F8F6F4
                                    : atom::MmaAtomKind::Sm80_16x8x32_S8);
  return ::cute::Error(::cute::ErrorCode::InvalidArgument,
                       "mma.sync shape " + std::to_string(m) + "x" +
                           std::to_string(n) + "x" + std::to_string(k) +
                           " is not m16n8k8, m16n8k16 or m16n8k32");
}

static atom::MmaAtomLayouts layoutsOf(MmaSyncAttr a) {
  return layoutsOr(mmaSyncLayouts(a.getM(), a.getN(), a.getK(), a.getA()));
}

LogicalResult MmaSyncAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t m, int64_t n, int64_t k, Type a,
                                  Type b, Type c) {
  auto l = mmaSyncLayouts(m, n, k, a);
  if (!l)
    return emitError() << l.message();
  if (k == 32 && isF8F6F4(a) && isF8F6F4(b)) {
    // kind::f8f6f4 (sm_120a): e4m3, e5m2, e3m2, e2m3, e2m1 in any pair.
    if (isF6(a) || isF6(b))
      return emitError() << "mma.sync m16n8k32 kind::f8f6f4 on " << a << " x "
                         << b
                         << ": 6-bit operands have no cute tensor type yet "
                            "(a register fragment holds 8, 16, 32 or 64-bit "
                            "or packed e2m1 elements), so no fragment can "
                            "feed them; e4m3, e5m2 and e2m1 are supported";
    if (!c.isF32())
      return emitError() << "mma.sync m16n8k32 kind::f8f6f4 accumulates in "
                            "f32 here, got "
                         << c;
    return success();
  }
  if (k == 32) {
    if (!isInt8(a) || !isInt8(b))
      return emitError() << "mma.sync m16n8k32 takes s8/u8 operands (si8 or "
                            "ui8, each of A and B) or, kind::f8f6f4 on "
                            "sm_120a, 8/6/4-bit floats for both, got "
                         << a << " x " << b;
    if (!c.isSignlessInteger(32))
      return emitError() << "mma.sync m16n8k32 accumulates in s32 (i32), got "
                         << c;
    return success();
  }
  if (!is16Bit(a) || a != b)
    return emitError() << "mma.sync takes f16 x f16 or bf16 x bf16, got " << a
                       << " x " << b;
  if (!c.isF32())
    return emitError() << "mma.sync accumulates in f32 here, got " << c;
  return success();
}

LogicalResult
MmaSyncAttr::verifyGemmOperands(function_ref<InFlightDiagnostic()> emitError,
                                Type a, Type b, Type c) const {
  if (failed(
          expectSpace(emitError, "mma.sync", "A", a, MemSpace::rmem, getA())) ||
      failed(
          expectSpace(emitError, "mma.sync", "B", b, MemSpace::rmem, getB())))
    return failure();
  return expectSpace(emitError, "mma.sync", "C", c, MemSpace::rmem, getC());
}

LogicalResult MmaSyncAttr::verifyGemmScales(function_ref<InFlightDiagnostic()>,
                                            Type, Type) const {
  return success(); // not block-scaled: cute.gemm rejects scales
}
bool MmaSyncAttr::acceptsAccumulateFlag() const { return true; }

CUTE_NVGPU_MMA_ATOM(MmaSyncAttr, "mma.sync")

//===----------------------------------------------------------------------===//
// wgmma (sm_90a)
//===----------------------------------------------------------------------===//

static atom::MmaAtomKind wgmmaKind(bool f8, bool rs, bool tf32 = false) {
  if (tf32)
    return atom::MmaAtomKind::Sm90_64xNx8_SS;
  if (rs)
    return f8 ? atom::MmaAtomKind::Sm90_64xNx32_RS
              : atom::MmaAtomKind::Sm90_64xNx16_RS;
  return f8 ? atom::MmaAtomKind::Sm90_64xNx32_SS
            : atom::MmaAtomKind::Sm90_64xNx16_SS;
}

static atom::MmaAtomLayouts layoutsOf(WgmmaAttr a) {
  return layoutsOr(atom::mmaAtomLayouts(
      wgmmaKind(isF8(a.getA()), a.getASrc() == OperandSource::rmem,
                isa<FloatTF32Type>(a.getA())),
      a.getN()));
}

LogicalResult WgmmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t m, int64_t n, int64_t k, Type a, Type b,
                                Type c, MmaMajor aMajor, MmaMajor bMajor,
                                OperandSource aSrc) {
  if (aSrc == OperandSource::tmem)
    return emitError() << "wgmma reads A from shared memory (a_src = smem) "
                          "or registers (a_src = rmem), not Tensor Memory";
  bool rs = aSrc == OperandSource::rmem;
  if (m != 64)
    return emitError() << "wgmma M = " << m << "; it is 64";
  bool f16 = is16Bit(a) && a == b, f8 = isF8(a) && isF8(b);
  bool tf32 = isa<FloatTF32Type>(a) && a == b;
  if (tf32 && rs)
    return emitError() << "wgmma on tf32 takes A from shared memory only "
                          "here (a_src = smem, CuTe's "
                          "SM90_64xNx8_F32TF32TF32_SS_TN); the register-A "
                          "form is implemented for f16/bf16/e4m3/e5m2";
  if (!f16 && !f8 && !tf32)
    return emitError() << "wgmma (" << (rs ? "RS" : "SS")
                       << ") takes f16 x f16, bf16 x bf16"
                       << (rs ? " or " : ", tf32 x tf32 or ")
                       << "e4m3/e5m2 x e4m3/e5m2, got " << a << " x " << b;
  if (tf32 && (aMajor != MmaMajor::k || bMajor != MmaMajor::k))
    return emitError() << "wgmma on tf32 reads K-major operands only "
                          "(a_major = k, b_major = k): imm-trans exists for "
                          "f16/bf16 only";
  if (k != kOf256Bits(a))
    return emitError() << "wgmma K = " << k << " for " << a << "; it is "
                       << kOf256Bits(a) << " (32 bytes)";
  auto l = atom::mmaAtomLayouts(wgmmaKind(f8, rs, tf32), n);
  if (!l)
    return emitError() << l.message();
  if (!c.isF32())
    return emitError() << "wgmma accumulates in f32 here, got " << c;
  if (rs && aMajor != MmaMajor::k)
    return emitError() << "wgmma with A in registers (a_src = rmem) takes A "
                          "K-major only (a_major = k): the register form has "
                          "no imm-trans-a";
  if (rs && f8 && bMajor != MmaMajor::k)
    return emitError() << "wgmma (RS) on 8-bit types reads B K-major only "
                          "(b_major = k): the 8-bit forms have no imm-trans-b";
  if (f8 && (aMajor != MmaMajor::k || bMajor != MmaMajor::k))
    return emitError() << "wgmma on 8-bit types reads K-major operands only "
                          "(a_major = k, b_major = k)";
  return success();
}

LogicalResult
WgmmaAttr::verifyGemmOperands(function_ref<InFlightDiagnostic()> emitError,
                              Type a, Type b, Type c) const {
  if (getASrc() == OperandSource::rmem) {
    StringRef n = "wgmma (RS)";
    if (failed(expectSpace(emitError, n, "A", a, MemSpace::rmem, getA())) ||
        failed(expectSpace(emitError, n, "B", b, MemSpace::smem, getB())) ||
        failed(expectSpace(emitError, n, "C", c, MemSpace::rmem, getC())))
      return failure();
    // Every A value is read at a constant offset of the fragment (a
    // register, after SROA).
    if (!cast<CuteMemRefType>(a).isStatic())
      return emitError() << "operand A of " << n
                         << " must be a register fragment with a static "
                            "layout, got "
                         << a;
    return expectDescribable(emitError, n, "B", b, getBMajor());
  }
  if (failed(expectSpace(emitError, "wgmma", "A", a, MemSpace::smem, getA())) ||
      failed(expectSpace(emitError, "wgmma", "B", b, MemSpace::smem, getB())) ||
      failed(expectSpace(emitError, "wgmma", "C", c, MemSpace::rmem, getC())) ||
      failed(expectDescribable(emitError, "wgmma", "A", a, getAMajor())))
    return failure();
  return expectDescribable(emitError, "wgmma", "B", b, getBMajor());
}

LogicalResult WgmmaAttr::verifyGemmScales(function_ref<InFlightDiagnostic()>,
                                          Type, Type) const {
  return success(); // not block-scaled: cute.gemm rejects scales
}
// accumulate(%flag): NVVM's wgmma takes scale-d as a constant, so the SS
// lowering emits both forms of the first k-block behind a branch; the RS
// lowering's inline PTX takes the flag as its scale-d predicate.
bool WgmmaAttr::acceptsAccumulateFlag() const { return true; }

CUTE_NVGPU_MMA_ATOM(WgmmaAttr, "wgmma")

//===----------------------------------------------------------------------===//
// tcgen05_mma (sm_100a)
//===----------------------------------------------------------------------===//

FailureOr<std::optional<int64_t>>
mlir::cute_nvgpu::parseOptionalAtomInt(AsmParser &p) {
  FailureOr<int64_t> v = mlir::cute::parseIntOrParam(p);
  if (failed(v))
    return failure();
  return std::optional<int64_t>(*v);
}

FailureOr<std::optional<UmmaKind>>
mlir::cute_nvgpu::parseOptionalUmmaKind(AsmParser &p) {
  FailureOr<UmmaKind> k = FieldParser<UmmaKind, UmmaKind>::parse(p);
  if (failed(k))
    return failure();
  return std::optional<UmmaKind>(*k);
}

std::optional<UmmaKind> mlir::cute_nvgpu::inferUmmaKind(Type a, Type b) {
  if (is16Bit(a) && a == b)
    return UmmaKind::f16;
  if (isa<FloatTF32Type, Float32Type>(a) && a == b)
    return UmmaKind::tf32;
  if (isF8F6F4(a) && isF8F6F4(b))
    return UmmaKind::f8f6f4;
  return std::nullopt;
}

int64_t mlir::cute_nvgpu::ummaK(UmmaKind kind) {
  return kind == UmmaKind::tf32 ? 8 : kind == UmmaKind::f16 ? 16 : 32;
}

UmmaKind Tcgen05MmaAttr::getMmaKind() const {
  if (getKind())
    return *getKind();
  // Verified when built: A and B take a kind.
  return inferUmmaKind(getA(), getB()).value_or(UmmaKind::f16);
}

int64_t Tcgen05MmaAttr::getMmaK() const {
  return getK() ? *getK() : ummaK(getMmaKind());
}

static atom::MmaAtomLayouts layoutsOf(Tcgen05MmaAttr a) {
  return layoutsOr(
      atom::ummaAtomLayouts(a.getM(), a.getN(), a.getMmaK(), a.getCtaGroup()));
}

LogicalResult
Tcgen05MmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       std::optional<UmmaKind> kindOrNone, int64_t m, int64_t n,
                       std::optional<int64_t> kOrNone, Type a, Type b, Type c,
                       int64_t ctaGroup, OperandSource aSrc, MmaMajor aMajor,
                       MmaMajor bMajor) {
  std::optional<UmmaKind> inferred = inferUmmaKind(a, b);
  if (!kindOrNone && !inferred)
    return emitError() << "tcgen05.mma takes f16 x f16, bf16 x bf16, tf32 x "
                          "tf32 or 8/6/4-bit floats (kind::f16, tf32, "
                          "f8f6f4), got "
                       << a << " x " << b;
  UmmaKind kind = kindOrNone ? *kindOrNone : *inferred;
  if (kind != inferred)
    return emitError() << "tcgen05.mma kind::" << stringifyUmmaKind(kind)
                       << " does not take " << a << " x " << b;
  int64_t wantK = ummaK(kind);
  int64_t k = kOrNone.value_or(wantK);
  if (k != wantK)
    return emitError() << "tcgen05.mma kind::" << stringifyUmmaKind(kind)
                       << " K = " << k << "; it is " << wantK
                       << " (32 bytes of A)";
  if (!c.isF32() && !(c.isF16() && kind != UmmaKind::tf32))
    return emitError() << "tcgen05.mma accumulates in f32 (or f16), got " << c;
  auto l = atom::ummaAtomLayouts(m, n, k, int(ctaGroup));
  if (!l)
    return emitError() << l.message();
  if (aSrc == OperandSource::rmem)
    return emitError() << "tcgen05.mma reads A from shared memory (a_src = "
                          "smem) or Tensor Memory (a_src = tmem), not "
                          "registers";
  if (aSrc == OperandSource::tmem && aMajor != MmaMajor::k)
    return emitError() << "tcgen05.mma reads A from Tensor Memory K-major "
                          "only (a_major = k)";
  if (aSrc == OperandSource::tmem && m == 128 && ctaGroup == 1 && n % 16)
    return emitError() << "tcgen05.mma with A in Tensor Memory and M = 128 "
                          "needs N % 16 == 0, got N = "
                       << n;
  bool narrow = (isF6(a) || isF4(a)) || (isF6(b) || isF4(b));
  if (narrow && (aMajor != MmaMajor::k || bMajor != MmaMajor::k))
    return emitError() << "6- and 4-bit operands are K-major only "
                          "(MN-major needs 8, 16 or 32 bits)";
  return success();
}

LogicalResult
Tcgen05MmaAttr::verifyGemmOperands(function_ref<InFlightDiagnostic()> emitError,
                                   Type a, Type b, Type c) const {
  MemSpace aSpace =
      getASrc() == OperandSource::tmem ? MemSpace::tmem : MemSpace::smem;
  if (failed(expectSpace(emitError, "tcgen05.mma", "A", a, aSpace, getA())) ||
      failed(expectSpace(emitError, "tcgen05.mma", "B", b, MemSpace::smem,
                         getB())) ||
      failed(expectSpace(emitError, "tcgen05.mma", "C", c, MemSpace::tmem,
                         getC())))
    return failure();
  if (getMmaKind() == UmmaKind::f8f6f4 &&
      (failed(expectBytePerElement(emitError, "tcgen05.mma kind::f8f6f4", "A",
                                   a)) ||
       failed(expectBytePerElement(emitError, "tcgen05.mma kind::f8f6f4", "B",
                                   b))))
    return failure();
  if (aSpace == MemSpace::smem &&
      failed(expectDescribable(emitError, "tcgen05.mma", "A", a, getAMajor())))
    return failure();
  return expectDescribable(emitError, "tcgen05.mma", "B", b, getBMajor());
}

LogicalResult
Tcgen05MmaAttr::verifyGemmScales(function_ref<InFlightDiagnostic()>, Type,
                                 Type) const {
  return success(); // not block-scaled: cute.gemm rejects scales
}
bool Tcgen05MmaAttr::acceptsAccumulateFlag() const { return true; }

CUTE_NVGPU_MMA_ATOM(Tcgen05MmaAttr, "tcgen05.mma")

//===----------------------------------------------------------------------===//
// tcgen05_mma_block_scale (sm_100a)
//===----------------------------------------------------------------------===//

static atom::MmaAtomLayouts layoutsOf(Tcgen05MmaBlockScaleAttr a) {
  atom::MmaAtomLayouts l = layoutsOr(
      atom::ummaAtomLayouts(a.getM(), a.getN(), a.getK(), a.getCtaGroup()));
  l.sfVecSize = int(a.getVs());
  return l;
}

LogicalResult
Tcgen05MmaBlockScaleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 BlockScaleKind kind, int64_t m, int64_t n,
                                 int64_t k, Type a, Type b, Type sf, int64_t vs,
                                 int64_t ctaGroup) {
  std::string kn = "tcgen05.mma kind::" + stringifyBlockScaleKind(kind).str();
  bool fp4 = kind != BlockScaleKind::mxf8f6f4;
  if (fp4 ? !(isF4(a) && isF4(b)) : !(isF8F6F4(a) && isF8F6F4(b)))
    return emitError() << kn << " does not take " << a << " x " << b
                       << (fp4 ? " (f4E2M1FN x f4E2M1FN)"
                               : " (8, 6 or 4-bit floats)");
  int64_t wantK = fp4 ? 64 : 32;
  if (k != wantK)
    return emitError() << kn << " K = " << k << "; it is " << wantK;
  bool e8m0 = isa<Float8E8M0FNUType>(sf), ue4m3 = isa<Float8E4M3FNType>(sf);
  bool sfOk = kind == BlockScaleKind::mxf4nvf4
                  ? ((e8m0 && (vs == 32 || vs == 16)) || (ue4m3 && vs == 16))
                  : (e8m0 && vs == 32);
  if (!sfOk)
    return emitError() << kn << " with " << sf << " scales per " << vs
                       << " elements is not a block-scaled format: "
                       << (kind == BlockScaleKind::mxf4nvf4
                               ? "it takes f8E8M0FNU per 32 or 16, or UE4M3 "
                                 "(f8E4M3FN) per 16"
                               : "it takes f8E8M0FNU per 32");
  if (ctaGroup != 1 && ctaGroup != 2)
    return emitError() << kn << " runs on 1 or 2 CTAs, not " << ctaGroup;
  bool mOk = ctaGroup == 1 ? m == 128 : (m == 256 || (fp4 && m == 128));
  if (!mOk)
    return emitError() << kn << " M = " << m << " on " << ctaGroup
                       << " CTA(s); it is "
                       << (ctaGroup == 1 ? "128"
                           : fp4         ? "128 or 256"
                                         : "256");
  auto l = atom::ummaAtomLayouts(m, n, k, int(ctaGroup));
  if (!l)
    return emitError() << l.message();
  return success();
}

LogicalResult Tcgen05MmaBlockScaleAttr::verifyGemmOperands(
    function_ref<InFlightDiagnostic()> emitError, Type a, Type b,
    Type c) const {
  StringRef n = "tcgen05.mma.block_scale";
  if (failed(expectSpace(emitError, n, "A", a, MemSpace::smem, getA())) ||
      failed(expectSpace(emitError, n, "B", b, MemSpace::smem, getB())) ||
      failed(expectSpace(emitError, n, "C", c, MemSpace::tmem,
                         Float32Type::get(getContext()))))
    return failure();
  if (getKind() == BlockScaleKind::mxf8f6f4 &&
      (failed(expectBytePerElement(emitError, "tcgen05.mma kind::mxf8f6f4", "A",
                                   a)) ||
       failed(expectBytePerElement(emitError, "tcgen05.mma kind::mxf8f6f4", "B",
                                   b))))
    return failure();
  if (failed(expectDescribable(emitError, n, "A", a, MmaMajor::k)))
    return failure();
  return expectDescribable(emitError, n, "B", b, MmaMajor::k);
}

LogicalResult Tcgen05MmaBlockScaleAttr::verifyGemmScales(
    function_ref<InFlightDiagnostic()> emitError, Type sfa, Type sfb) const {
  // Tensor Memory holds 32-bit words: the scale bytes are packed four to a
  // column (as tcgen05.cp writes them), so the tensors are i32.
  StringRef n = "tcgen05.mma.block_scale";
  Type word = IntegerType::get(getContext(), 32);
  if (failed(expectSpace(emitError, n, "SFA", sfa, MemSpace::tmem, word)) ||
      failed(expectSpace(emitError, n, "SFB", sfb, MemSpace::tmem, word)))
    return failure();
  // A K block reads K/vs scale bytes per row; when that is under 4, 4/(K/vs)
  // consecutive K blocks read one column (the lowering selects the byte
  // with sf_id), so the layout gives them one offset.
  int64_t bytes = getK() / getVs();
  if (bytes >= 4)
    return success();
  int64_t perColumn = 4 / bytes;
  for (auto [name, t] : {std::pair<const char *, Type>{"SFA", sfa},
                         std::pair<const char *, Type>{"SFB", sfb}}) {
    const ::cute::layout::Layout &l =
        cast<CuteMemRefType>(t).getLayout().layout;
    if (l.shape.isInt() || l.rank() != 3)
      continue;
    int64_t rest = ::cute::layout::size(l[1]).value(),
            ks = ::cute::layout::size(l[2]).value();
    for (int64_t i = 0; i < rest; ++i)
      for (int64_t k = 0; k < ks; ++k) {
        using ::cute::layout::IntTuple;
        auto at = [&](int64_t kk) {
          return l(IntTuple(std::vector<IntTuple>{IntTuple(int64_t(0)),
                                                  IntTuple(i), IntTuple(kk)}))
              .value()
              .value();
        };
        int64_t first = k - k % perColumn;
        if (at(k) != at(first))
          return emitError()
                 << "scale factors " << name << " of " << n << ": K blocks "
                 << first << " and " << k << " read the same TMEM column ("
                 << bytes << " scale byte" << (bytes == 1 ? "" : "s")
                 << " per K block, 4 per 32-bit column, the byte selected by "
                    "sf_id), so their offsets must be equal; the layout "
                 << l.str() << " gives " << at(first) << " and " << at(k);
      }
  }
  return success();
}
bool Tcgen05MmaBlockScaleAttr::acceptsAccumulateFlag() const { return true; }

CUTE_NVGPU_MMA_ATOM(Tcgen05MmaBlockScaleAttr, "tcgen05.mma.block_scale")

//===----------------------------------------------------------------------===//
// mma_block_scale (sm_120a)
//===----------------------------------------------------------------------===//

static atom::MmaAtomLayouts layoutsOf(MmaBlockScaleAttr a) {
  return layoutsOr(atom::mmaAtomLayouts(
      a.getK() == 64 ? atom::MmaAtomKind::Sm120_16x8x64_BlockScaled
                     : atom::MmaAtomKind::Sm120_16x8x32_BlockScaled,
      0, int(a.getVs())));
}

LogicalResult
MmaBlockScaleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          int64_t m, int64_t n, int64_t k, Type a, Type b,
                          Type c, Type sf, int64_t vs) {
  if (m != 16 || n != 8 || (k != 64 && k != 32))
    return emitError() << "block-scaled mma.sync shape " << m << "x" << n << "x"
                       << k << " is not m16n8k64 or m16n8k32";
  if (k == 64 && !(isF4(a) && isF4(b)))
    return emitError() << "m16n8k64 kind::mxf4nvf4 takes f4E2M1FN x "
                          "f4E2M1FN, got "
                       << a << " x " << b;
  if (k == 32 && !(isF8F6F4(a) && isF8F6F4(b)))
    return emitError() << "m16n8k32 kind::mxf8f6f4 takes 8, 6 or 4-bit "
                          "floats, got "
                       << a << " x " << b;
  if (!c.isF32())
    return emitError() << "block-scaled mma.sync accumulates in f32, got " << c;
  bool e8m0 = isa<Float8E8M0FNUType>(sf), ue4m3 = isa<Float8E4M3FNType>(sf);
  bool ok = k == 64 ? ((e8m0 && vs == 32) || (ue4m3 && vs == 16))
                    : (e8m0 && vs == 32);
  if (!ok)
    return emitError() << "m16n8k" << k << " with " << sf << " scales per "
                       << vs << " elements is not a scale_vec mode: "
                       << (k == 64 ? "2X is f8E8M0FNU per 32, 4X is UE4M3 "
                                     "(f8E4M3FN) per 16"
                                   : "1X is f8E8M0FNU per 32");
  return success();
}

LogicalResult MmaBlockScaleAttr::verifyGemmOperands(
    function_ref<InFlightDiagnostic()> emitError, Type a, Type b,
    Type c) const {
  StringRef n = "block-scaled mma.sync";
  if (failed(expectSpace(emitError, n, "A", a, MemSpace::rmem, getA())) ||
      failed(expectSpace(emitError, n, "B", b, MemSpace::rmem, getB())))
    return failure();
  return expectSpace(emitError, n, "C", c, MemSpace::rmem, getC());
}

LogicalResult MmaBlockScaleAttr::verifyGemmScales(
    function_ref<InFlightDiagnostic()> emitError, Type sfa, Type sfb) const {
  StringRef n = "block-scaled mma.sync";
  if (failed(expectScales(emitError, n, "SFA", sfa, MemSpace::rmem, getSf(),
                          getVs())))
    return failure();
  return expectScales(emitError, n, "SFB", sfb, MemSpace::rmem, getSf(),
                      getVs());
}
bool MmaBlockScaleAttr::acceptsAccumulateFlag() const { return true; }

CUTE_NVGPU_MMA_ATOM(MmaBlockScaleAttr, "mma.sync.block_scale")
