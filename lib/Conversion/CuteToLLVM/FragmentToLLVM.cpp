//===- FragmentToLLVM.cpp - Register fragments, predicates, load/store ----===//
//
// A register tensor is an llvm.alloca in the entry block; its layout is
// static, so every access has a constant index and SROA promotes the array
// to registers. cute.load/cute.store move a whole tensor to/from a vector:
// one vector access when the layout is contiguous, element by element
// otherwise.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute::lowering;
using namespace ::cute::layout;

namespace {

template <class OpT> struct FragmentLowering : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Adaptor = typename ConvertOpToLLVMPattern<OpT>::OneToNOpAdaptor;
  LogicalResult
  matchAndRewrite(OpT op, Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DynamicSymbols syms;
    MemRefInfo info = infoOf(op.getType(), syms);
    if (!info.layout.isStatic())
      return rewriter.notifyMatchFailure(op, "dynamic fragment layout");
    Value ptr = allocaFragment(rewriter, op, info);
    rewriter.replaceOpWithMultiple(op, {ValueRange{ptr}});
    return success();
  }
};

/// 1 when every leaf of the coordinate is below the matching bound leaf
/// (CuTe's elem_less), as an Int over the operands' symbols.
Int inBounds(const IntTuple &coord, const std::vector<IntTuple> &bounds) {
  std::vector<IntTuple> c = flattenLeaves(coord);
  Int all = 1;
  for (size_t j = 0; j < c.size() && j < bounds.size(); ++j)
    all = all * lessThan(c[j].value(), bounds[j].value());
  return all;
}

struct MakePredicateLowering : ConvertOpToLLVMPattern<MakePredicateOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MakePredicateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DynamicSymbols syms;
    MemRefInfo frag = infoOf(op.getType(), syms);
    DynamicSymbols osyms;
    std::vector<int64_t> first{osyms.next};
    MemRefInfo coords = infoOf(op.getCoords().getType(), osyms);
    first.push_back(osyms.next);
    auto bounds = valueOfType(op.getBounds().getType(), osyms);
    if (!bounds)
      return failure();
    ArithEmitter em(rewriter, loc);
    bindOperands(em, op->getOperandTypes(), adaptor.getOperands(), first);
    Value ptr = allocaFragment(rewriter, op, frag);
    std::vector<IntTuple> b = flattenLeaves(bounds->tuple);
    int64_t n = size(coords.layout).value();
    for (int64_t i = 0; i < n; ++i) {
      Int all =
          inBounds(addIndex(coords.base, coords.layout(IntTuple(Int(i)))), b);
      Value p = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                      em.emit(all, 32), em.constant(0, 32));
      Value addr = elementAddress(rewriter, loc, em, ptr,
                                  Int(frag.layout.eval(i)), frag);
      LLVM::StoreOp::create(rewriter, loc, p, addr, 1);
    }
    rewriter.replaceOpWithMultiple(op, {ValueRange{ptr}});
    return success();
  }
};

/// One i32 vector per coordinate leaf: element e of result j is leaf j of
/// base + layout(e).
struct LoadCoordsLowering : ConvertOpToLLVMPattern<LoadCoordsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LoadCoordsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DynamicSymbols syms;
    std::vector<int64_t> first{syms.next};
    MemRefInfo coords = infoOf(op.getCoords().getType(), syms);
    if (!coords.layout.isStatic())
      return rewriter.notifyMatchFailure(op, "dynamic coordinate layout");
    ArithEmitter em(rewriter, loc);
    bindOperands(em, op->getOperandTypes(), adaptor.getOperands(), first);
    int64_t n = size(coords.layout).value();
    size_t leaves = op.getNumResults();
    SmallVector<Value> results;
    for (size_t j = 0; j < leaves; ++j)
      results.push_back(
          LLVM::PoisonOp::create(rewriter, loc, op.getResult(j).getType()));
    for (int64_t i = 0; i < n; ++i) {
      std::vector<IntTuple> c =
          flattenLeaves(addIndex(coords.base, coords.layout(IntTuple(Int(i)))));
      for (size_t j = 0; j < leaves && j < c.size(); ++j)
        results[j] = LLVM::InsertElementOp::create(rewriter, loc, results[j],
                                                   em.emit(c[j].value(), 32),
                                                   em.constant(i, 32));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct AllInBoundsLowering : ConvertOpToLLVMPattern<AllInBoundsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AllInBoundsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DynamicSymbols syms;
    std::vector<int64_t> first{syms.next};
    MemRefInfo coords = infoOf(op.getCoords().getType(), syms);
    first.push_back(syms.next);
    auto bounds = valueOfType(op.getBounds().getType(), syms);
    if (!bounds || !coords.layout.isStatic())
      return rewriter.notifyMatchFailure(op, "dynamic coordinate layout");
    ArithEmitter em(rewriter, loc);
    bindOperands(em, op->getOperandTypes(), adaptor.getOperands(), first);
    std::vector<IntTuple> b = flattenLeaves(bounds->tuple);
    int64_t n = size(coords.layout).value();
    // Each element's static offset from the base, as a coordinate congruent
    // with it: a layout with one non-trivial mode ("(1,32):(0,1@1)", one row
    // of a 2-D tile) gives a single basis element (31@1), whose mode the
    // per-leaf maximum below would lose.
    IntTuple zero = transformLeaf(
        coords.base, [](const IntTuple &) { return IntTuple(Int(0)); });
    std::vector<IntTuple> offs;
    bool monotone = true;
    for (int64_t i = 0; i < n; ++i) {
      offs.push_back(addIndex(zero, coords.layout(IntTuple(Int(i)))));
      for (const IntTuple &leaf : flattenLeaves(offs.back()))
        monotone &= leaf.value().value() >= 0;
    }
    if (monotone && n > 0) {
      // Coordinates are base + offset with offset >= 0: the largest offset
      // of each mode decides (the base itself is a valid coordinate).
      IntTuple maxOff = offs[0];
      for (const IntTuple &o : offs)
        maxOff =
            transformLeaf(maxOff, o, [](const IntTuple &x, const IntTuple &y) {
              return IntTuple(max(x.value(), y.value()));
            });
      offs = {maxOff};
    }
    Int all = 1;
    for (const IntTuple &o : offs)
      all = all * inBounds(addIndex(coords.base, o), b);
    Value r = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                    em.emit(all, 32), em.constant(0, 32));
    rewriter.replaceOp(op, r);
    return success();
  }
};

// Narrow floats (f8, f6, f4) have no LLVM type: memory holds integers of
// their width, and an arith.bitcast (legal here, lowered later as a no-op)
// gives the vector its float type back.

/// i1 tensors (predicates) hold one byte per element (an i1 load/store
/// moves a byte), while a vector of i1 is bit-packed in memory: they are
/// read and written element by element.
bool isBytePerElement(const MemRefInfo &info) { return info.elem.isInteger(1); }

/// True when element i of the layout is at offset i.
bool isContiguous(const Layout &l) {
  Layout c = coalesce(l);
  return c.shape.isInt() && c.stride.isInt() &&
         (c.shape.value().is(1) || c.stride.value().is(1));
}

/// A run of consecutive elements of a tensor: elements [first, first + len)
/// at element offsets [off, off + len).
struct Run {
  int64_t first, len, off;
};

/// The runs of a tensor's first n elements when every offset is static
/// (else none): a strided view such as a thread's chunks "(8,4):(1,32)" is
/// read or written as one vector access per run. A swizzle S<B,M,S> moves
/// only address bits from M up (element units), so a run stays contiguous
/// within each aligned chunk of min(align, 2^M elements): a swizzled view's
/// runs are cut at those chunks (16 bf16 values of a 128-byte swizzled row,
/// 32-byte aligned: two 16-byte accesses).
SmallVector<Run> staticRuns(const MemRefInfo &info, int64_t n) {
  SmallVector<Run> runs;
  if (isBytePerElement(info) || info.bits() % 8 != 0)
    return {};
  int64_t chunk = 0; // elements; 0: no swizzle
  if (info.swizzle && !info.swizzle->isIdentity()) {
    int64_t bytes = info.bits() / 8;
    int64_t span = std::min<int64_t>(info.align,
                                     bytes << std::min(info.swizzle->base, 30));
    chunk = std::max<int64_t>(1, span / bytes);
  }
  for (int64_t i = 0; i < n; ++i) {
    Int e(info.layout.eval(i));
    if (!e.isStatic())
      return {};
    int64_t o = e.value();
    if (!runs.empty() && runs.back().off + runs.back().len == o &&
        (!chunk || o % chunk != 0))
      ++runs.back().len;
    else
      runs.push_back({i, 1, o});
  }
  return runs;
}

/// The alignment of a run's access: the tensor's, reduced by the run's byte
/// offset, at most the (power of two below the) access's size.
int64_t runAlign(const MemRefInfo &info, const Run &r) {
  int64_t bytes = r.len * info.bits() / 8;
  int64_t offBytes = r.off * info.bits() / 8;
  int64_t a = info.align;
  if (offBytes)
    a = std::min<int64_t>(a, offBytes & -offBytes);
  return std::max<int64_t>(
      1, std::min<int64_t>(a, int64_t(1) << llvm::Log2_64(bytes)));
}

/// Whether runs make fewer, wider accesses than one per element.
bool worthRuns(const SmallVector<Run> &runs, int64_t n) {
  return !runs.empty() && int64_t(runs.size()) < n;
}

struct LoadLowering : ConvertOpToLLVMPattern<LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DynamicSymbols syms;
    MemRefInfo info = infoOf(op.getTensor().getType(), syms);
    Value ptr = adaptor.getTensor().front();
    auto vt = cast<VectorType>(op.getType());
    Type elem = llvmElementType(info.elem);
    auto lvt = VectorType::get(vt.getShape(), elem);
    ArithEmitter em(rewriter, loc);
    Value result;
    if (isContiguous(info.layout) && !info.swizzle && !isBytePerElement(info)) {
      int64_t vecBytes =
          std::max<int64_t>(1, vt.getNumElements() * info.bits() / 8);
      int64_t a =
          std::min<int64_t>(info.align, int64_t(1) << llvm::Log2_64(vecBytes));
      result = LLVM::LoadOp::create(rewriter, loc, lvt, ptr, a);
    } else if (SmallVector<Run> runs = staticRuns(info, vt.getNumElements());
               worthRuns(runs, vt.getNumElements())) {
      // One vector load per run of consecutive elements.
      result = LLVM::PoisonOp::create(rewriter, loc, lvt);
      for (const Run &r : runs) {
        Value addr = elementAddress(rewriter, loc, em, ptr, Int(r.off), info);
        auto rt = VectorType::get({r.len}, elem);
        Value v =
            LLVM::LoadOp::create(rewriter, loc, rt, addr, runAlign(info, r));
        for (int64_t j = 0; j < r.len; ++j) {
          Value src =
              LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                       rewriter.getI32IntegerAttr(j));
          Value e = LLVM::ExtractElementOp::create(rewriter, loc, v, src);
          Value dst =
              LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                       rewriter.getI32IntegerAttr(r.first + j));
          result = LLVM::InsertElementOp::create(rewriter, loc, result, e, dst);
        }
      }
    } else {
      result = LLVM::PoisonOp::create(rewriter, loc, lvt);
      for (int64_t i = 0; i < vt.getNumElements(); ++i) {
        Value addr = elementAddress(rewriter, loc, em, ptr,
                                    Int(info.layout.eval(i)), info);
        Value e = LLVM::LoadOp::create(rewriter, loc, elem, addr,
                                       std::max<int64_t>(1, info.bits() / 8));
        Value idx =
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                     rewriter.getI32IntegerAttr(i));
        result = LLVM::InsertElementOp::create(rewriter, loc, result, e, idx);
      }
    }
    if (lvt != vt)
      result = arith::BitcastOp::create(rewriter, loc, vt, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Stores `vec` (size(layout) elements) into the tensor at `ptr`.
void storeVector(ConversionPatternRewriter &rewriter, Location loc,
                 const MemRefInfo &info, Value ptr, Value vec) {
  auto vt = cast<VectorType>(vec.getType());
  Type elem = llvmElementType(info.elem);
  auto lvt = VectorType::get(vt.getShape(), elem);
  if (lvt != vt)
    vec = arith::BitcastOp::create(rewriter, loc, lvt, vec);
  ArithEmitter em(rewriter, loc);
  if (isContiguous(info.layout) && !info.swizzle && !isBytePerElement(info)) {
    int64_t vecBytes =
        std::max<int64_t>(1, vt.getNumElements() * info.bits() / 8);
    int64_t a =
        std::min<int64_t>(info.align, int64_t(1) << llvm::Log2_64(vecBytes));
    LLVM::StoreOp::create(rewriter, loc, vec, ptr, a);
  } else if (SmallVector<Run> runs = staticRuns(info, vt.getNumElements());
             worthRuns(runs, vt.getNumElements())) {
    // One vector store per run of consecutive elements.
    for (const Run &r : runs) {
      auto rt = VectorType::get({r.len}, elem);
      Value v = LLVM::PoisonOp::create(rewriter, loc, rt);
      for (int64_t j = 0; j < r.len; ++j) {
        Value src =
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                     rewriter.getI32IntegerAttr(r.first + j));
        Value e = LLVM::ExtractElementOp::create(rewriter, loc, vec, src);
        Value dst =
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                     rewriter.getI32IntegerAttr(j));
        v = LLVM::InsertElementOp::create(rewriter, loc, v, e, dst);
      }
      Value addr = elementAddress(rewriter, loc, em, ptr, Int(r.off), info);
      LLVM::StoreOp::create(rewriter, loc, v, addr, runAlign(info, r));
    }
  } else {
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      Value idx = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                           rewriter.getI32IntegerAttr(i));
      Value e = LLVM::ExtractElementOp::create(rewriter, loc, vec, idx);
      Value addr = elementAddress(rewriter, loc, em, ptr,
                                  Int(info.layout.eval(i)), info);
      LLVM::StoreOp::create(rewriter, loc, e, addr,
                            std::max<int64_t>(1, info.bits() / 8));
    }
  }
}

struct StoreLowering : ConvertOpToLLVMPattern<StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DynamicSymbols syms;
    MemRefInfo info = infoOf(op.getTensor().getType(), syms);
    storeVector(rewriter, op.getLoc(), info, adaptor.getTensor().front(),
                adaptor.getValue().front());
    rewriter.eraseOp(op);
    return success();
  }
};

/// cute.fill: cute.store of a splat vector.
struct FillLowering : ConvertOpToLLVMPattern<FillOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FillOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DynamicSymbols syms;
    MemRefInfo info = infoOf(op.getTensor().getType(), syms);
    Location loc = op.getLoc();
    Value x = adaptor.getValue().front();
    auto vt = VectorType::get({size(info.layout).value()}, x.getType());
    Value vec = LLVM::PoisonOp::create(rewriter, loc, vt);
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      Value idx = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                           rewriter.getI32IntegerAttr(i));
      vec = LLVM::InsertElementOp::create(rewriter, loc, vec, x, idx);
    }
    storeVector(rewriter, loc, info, adaptor.getTensor().front(), vec);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A planned shared-memory allocation: its buffer (an addrspace-3 global made
/// by cute-plan-smem) advanced by its offset in bytes.
struct SmemAllocLowering : ConvertOpToLLVMPattern<SmemAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(SmemAllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getBufferAttr() || !op.getOffset())
      return op.emitOpError(
          "has no shared-memory plan; run cute-plan-smem before "
          "convert-cute-to-llvm");
    Location loc = op.getLoc();
    auto ptrTy = LLVM::LLVMPointerType::get(
        rewriter.getContext(), addressSpaceOf(unsigned(MemSpace::smem)));
    Value ptr = LLVM::AddressOfOp::create(rewriter, loc, ptrTy,
                                          op.getBufferAttr().getValue());
    if (int64_t off = *op.getOffset())
      ptr = LLVM::GEPOp::create(rewriter, loc, ptrTy, rewriter.getI8Type(), ptr,
                                ArrayRef<LLVM::GEPArg>{LLVM::GEPArg(off)});
    rewriter.replaceOpWithMultiple(op, {ValueRange{ptr}});
    return success();
  }
};

} // namespace

void lowering::populateFragmentPatterns(const LLVMTypeConverter &tc,
                                        RewritePatternSet &p) {
  p.add<FragmentLowering<MakeFragmentOp>, FragmentLowering<MakeFragmentLikeOp>,
        MakePredicateLowering, LoadCoordsLowering, AllInBoundsLowering,
        LoadLowering, StoreLowering, FillLowering, SmemAllocLowering>(tc);
}
