//===- MmaCommon.h - Pieces the cute.gemm lowerings share -------*- C++ -*-===//
//
// The static operands of cute.gemm and the unrolling order: A (FrgV, RestM,
// RestK), B (FrgV, RestN, RestK), C (FrgV, RestM, RestN) and the scale
// factors like A and B, all with static layouts (the op's verifier checks
// that); one instruction per (k, m, n), k outermost as CuTe's gemm does.
// Internal to convert-cute-nvgpu-to-nvvm: the one cute.gemm pattern
// (GemmToNVVM.cpp) asks the atom's MmaLoweringAttrInterface, whose models
// are one file per family (MmaSyncToNVVM, WgmmaToNVVM, BlockScaleMmaToNVVM,
// Tcgen05MmaToNVVM) and share the register-fragment helpers below.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_MMACOMMON_H
#define CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_MMACOMMON_H

#include "Patterns.h"

#include "cute/Dialect/Cute/IR/Cute.h"

namespace mlir::cute_nvgpu::lowering {

/// A static operand of cute.gemm: its layout as (FrgV, Rest0, Rest1), or
/// one atom's values (rank 1).
struct GemmOperandLayout {
  mlir::cute::CuteMemRefType type;
  ::cute::layout::Layout layout;
  bool rank1 = false;

  explicit GemmOperandLayout(Value v)
      : type(cast<mlir::cute::CuteMemRefType>(v.getType())),
        layout(type.getLayout().layout) {
    rank1 = layout.shape.isInt() || layout.rank() != 3;
  }
  int64_t rest(int mode) const {
    return rank1 ? 1 : ::cute::layout::size(layout[size_t(mode)]).value();
  }
  /// The element offset of value v of block (i, j).
  int64_t offset(int64_t v, int64_t i, int64_t j) const {
    using ::cute::layout::IntTuple;
    if (rank1)
      return layout.eval(v);
    IntTuple crd(std::vector<IntTuple>{IntTuple(v), IntTuple(i), IntTuple(j)});
    return layout(crd).value().value();
  }
  /// The atom block's layout (mode 0).
  ::cute::layout::Layout block() const { return rank1 ? layout : layout[0]; }
  unsigned elemBits() const {
    return mlir::cute::storageBits(type.getElementType());
  }
};

/// The base pointer of a tensor (the alloca of a register fragment, the
/// iterator of a shared-memory tensor): an unrealized cast that
/// convert-cute-to-llvm resolves.
inline Value tensorBasePtr(OpBuilder &b, Location loc, Value tensor,
                           unsigned addressSpace) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext(), addressSpace);
  return UnrealizedConversionCastOp::create(b, loc, ptr, tensor).getResult(0);
}

/// Calls `body(m, n, k)` in CuTe's order: k outermost, then m, then n.
template <class F>
void forEachMmaBlock(const GemmOperandLayout &a, const GemmOperandLayout &c,
                     F &&body) {
  for (int64_t k = 0; k < a.rest(2); ++k)
    for (int64_t m = 0; m < c.rest(1); ++m)
      for (int64_t n = 0; n < c.rest(2); ++n)
        body(m, n, k);
}

/// The register-fragment base pointer (an alloca after convert-cute-to-llvm).
inline Value fragmentPtr(OpBuilder &b, Location loc, Value tensor) {
  return tensorBasePtr(b, loc, tensor, /*addressSpace=*/0);
}

/// Loads values 0 .. n-1 of block (i, j) of a register fragment.
SmallVector<Value> loadValues(OpBuilder &b, Location loc, Value base,
                              const GemmOperandLayout &op, int64_t n, int64_t i,
                              int64_t j);
/// Stores `vals` as values 0 .. of block (i, j) of a register fragment.
void storeValues(OpBuilder &b, Location loc, Value base,
                 const GemmOperandLayout &op, ArrayRef<Value> vals, int64_t i,
                 int64_t j);
/// The fields of an LLVM struct value (an instruction's results).
SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value s, int64_t n);
/// A literal LLVM struct of `vals` (all of one type).
Value packStruct(OpBuilder &b, Location loc, ArrayRef<Value> vals);

/// Reads the elements of a register fragment as integers (their codes) and
/// assembles the b32 registers of mma.sync: used for 8-bit and narrower
/// operands (s8/u8, e4m3/e5m2, e2m1, scale bytes), which LLVM has no
/// element type for.
class FragmentReader {
public:
  FragmentReader(OpBuilder &b, Location loc, Value base,
                 const GemmOperandLayout &op)
      : b(b), loc(loc), base(base), op(op), bits(op.elemBits()) {}

  /// The code of the element at offset `off`, zero-extended to i32.
  Value code(int64_t off);

  /// A 32-bit register of the 32 / `regBits` values `offs` (value i at bit
  /// i * regBits). `shift` moves each code up inside its `regBits` (e2m1 in
  /// an 8-bit container: 2). Consecutive elements stored as the register
  /// wants them are one load (of 32 bits, or of 16 zero-extended).
  Value reg(ArrayRef<int64_t> offs, unsigned regBits, unsigned shift);

private:
  Value loadInt(Type t, int64_t byteOff, int64_t align);

  OpBuilder &b;
  Location loc;
  Value base;
  const GemmOperandLayout &op;
  unsigned bits;
};

/// The `n` b32 registers of block (i, j) of an 8-bit-container operand
/// (mma.sync m16n8k32: s8/u8, and kind::f8f6f4 with e2m1 in bits [2,6) of
/// its byte, `shift` 2): register r holds values 4r .. 4r+3 from the low
/// byte up.
SmallVector<Value> byteRegisters(FragmentReader &r, const GemmOperandLayout &op,
                                 int64_t n, int64_t i, int64_t j,
                                 unsigned shift);

/// Attach the MmaLoweringAttrInterface models of one family (one per file);
/// registerCuteNvgpuMmaLowerings calls them all.
void attachMmaSyncLowerings(MLIRContext *ctx);
void attachWgmmaLowerings(MLIRContext *ctx);
void attachBlockScaleMmaLowerings(MLIRContext *ctx);
void attachTcgen05Lowerings(MLIRContext *ctx);

} // namespace mlir::cute_nvgpu::lowering

#endif // CUTE_LIB_CONVERSION_CUTENVGPUTONVVM_MMACOMMON_H
