//===- KernelViews.cpp - Kernel parameters' views and TMA sources ---------===//
//
// What the launch metadata says about a kernel's tensors in terms of its
// parameters: the views of each pointer (their largest 32-bit offsets, for
// the runtime's overflow checks) and the source of each derived TMA
// descriptor (its extents and strides), as expressions over the integer
// scalar parameters (cute/Support/KernelMetadata.h).
//
//===----------------------------------------------------------------------===//
#include "KernelViews.h"
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/IR/CuteTensor.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"
#include "cute/Support/KernelMetadataSchema.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

#include <limits>

using namespace mlir;
using namespace mlir::cute;
namespace kind = ::cute::metadata::kind;
namespace lay = ::cute::layout;
namespace md = ::cute::metadata;

static bool isIntegerElem(StringRef elem) {
  for (StringRef prefix : {"ui", "si", "i"})
    if (elem.consume_front(prefix)) {
      unsigned width = 0;
      return !elem.getAsInteger(10, width) && width >= 8 && width <= 64;
    }
  return false;
}

//===----------------------------------------------------------------------===//
// Views: the largest offsets of a pointer's tensors, over the parameters
//===----------------------------------------------------------------------===//

namespace {

/// An offset expression of the metadata ("views", KernelMetadataSchema.h)
/// under construction.
struct Node {
  enum Op { Const, Param, Add, Mul, Abs, Div };
  Op op = Const;
  int64_t value = 0; // Const: the value; Param: the index into params
  std::vector<Node> ops;

  static Node constant(int64_t v) {
    Node n;
    n.value = v;
    return n;
  }
  static Node param(int64_t i) {
    Node n;
    n.op = Param;
    n.value = i;
    return n;
  }
  static Node make(Op op, std::vector<Node> ops) {
    Node n;
    n.op = op;
    n.ops = std::move(ops);
    return n;
  }
  bool isConst() const { return op == Const; }
  bool hasParam() const {
    return op == Param ||
           llvm::any_of(ops, [](const Node &n) { return n.hasParam(); });
  }
  bool operator==(const Node &o) const {
    return op == o.op && value == o.value && ops == o.ops;
  }
};

/// `n` with its constants folded: nested sums and products flattened, their
/// constant operands combined into one (dropped when 0 in a sum or 1 in a
/// product), a product with 0 is 0, |c| computed, |(|x|)| is |x|.
/// std::nullopt when a constant overflows 64 bits.
std::optional<Node> simplify(const Node &n) {
  switch (n.op) {
  case Node::Const:
  case Node::Param:
    return n;
  case Node::Abs: {
    std::optional<Node> x = simplify(n.ops.front());
    if (!x)
      return std::nullopt;
    if (x->isConst()) {
      if (x->value == std::numeric_limits<int64_t>::min())
        return std::nullopt;
      return Node::constant(x->value < 0 ? -x->value : x->value);
    }
    if (x->op == Node::Abs)
      return x;
    return Node::make(Node::Abs, {std::move(*x)});
  }
  case Node::Div: {
    std::optional<Node> a = simplify(n.ops[0]), b = simplify(n.ops[1]);
    if (!a || !b || (b->isConst() && b->value == 0))
      return std::nullopt;
    if (b->isConst() && b->value == 1)
      return a;
    if (a->isConst() && b->isConst()) {
      if (a->value == std::numeric_limits<int64_t>::min() && b->value == -1)
        return std::nullopt;
      return Node::constant(a->value / b->value);
    }
    return Node::make(Node::Div, {std::move(*a), std::move(*b)});
  }
  case Node::Add:
  case Node::Mul: {
    bool add = n.op == Node::Add;
    int64_t acc = add ? 0 : 1;
    std::vector<Node> rest;
    for (const Node &o : n.ops) {
      std::optional<Node> x = simplify(o);
      if (!x)
        return std::nullopt;
      std::vector<Node> parts;
      if (x->op == n.op)
        parts = std::move(x->ops);
      else
        parts.push_back(std::move(*x));
      for (Node &p : parts) {
        if (!p.isConst()) {
          rest.push_back(std::move(p));
          continue;
        }
        if (add ? __builtin_add_overflow(acc, p.value, &acc)
                : __builtin_mul_overflow(acc, p.value, &acc))
          return std::nullopt;
      }
    }
    if (!add && acc == 0)
      return Node::constant(0);
    // The constant last in a sum (x - 1), first in a product (3*x).
    if (acc != (add ? 0 : 1) || rest.empty())
      rest.insert(add ? rest.end() : rest.begin(), Node::constant(acc));
    if (rest.size() == 1)
      return std::move(rest.front());
    return Node::make(n.op, std::move(rest));
  }
  }
  return std::nullopt;
}

/// `n` in the metadata model.
md::Expr toExpr(const Node &n) {
  std::vector<md::Expr> ops;
  for (const Node &o : n.ops)
    ops.push_back(toExpr(o));
  switch (n.op) {
  case Node::Const:
    return md::Expr::constant(n.value);
  case Node::Param:
    return md::Expr::param(n.value);
  case Node::Add:
    return md::Expr::make(md::Expr::Op::Add, std::move(ops));
  case Node::Mul:
    return md::Expr::make(md::Expr::Op::Mul, std::move(ops));
  case Node::Abs:
    return md::Expr::make(md::Expr::Op::Abs, std::move(ops));
  case Node::Div:
    return md::Expr::make(md::Expr::Op::Div, std::move(ops));
  }
  return md::Expr();
}

/// Follows the layouts of a kernel's tensors back to its parameters. Their
/// dynamic leaves become layout-library symbols: id i >= 0 is the value of
/// `params[i]`, id -1-j the constant `constants[j]` (a symbol, not a static
/// integer, so that it keeps the width of the leaf it fills). The algebra
/// then runs on those symbols exactly as type inference does.
class ViewTracer {
public:
  ViewTracer(gpu::GPUFuncOp fn, const KernelInfo &k) : fn(fn), k(k) {}

  /// Appends to each pointer parameter of `params` (k's) its views.
  void collect(std::vector<KernelParam> &params) {
    if (fn.getBody().empty())
      return;
    auto add = [&](int64_t p, const lay::Layout &l) {
      std::optional<md::View> v = view(l);
      if (!v)
        return;
      std::vector<md::View> &views = params[size_t(p)].views;
      if (llvm::find(views, *v) == views.end())
        views.push_back(std::move(*v));
    };
    // A gmem memref parameter: its pointer with its own layout, whose
    // dynamic leaves are the parameters that follow it.
    for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
      auto mt = dyn_cast<CuteMemRefType>(t);
      if (!mt || mt.getMemSpace() != MemSpace::gmem || mt.getSwizzle())
        continue;
      std::optional<int64_t> p = paramOf(i, -1);
      std::optional<CuteValue> l = argValue(i, mt.getLayout());
      if (p && l && l->kind == CuteKind::Layout)
        add(*p, l->layout);
    }
    fn.walk([&](MakeViewOp mv) {
      auto ba = dyn_cast<BlockArgument>(mv.getIter());
      if (!ba || ba.getOwner() != &fn.getBody().front() ||
          mv.getIter().getType().getMemSpace() != MemSpace::gmem)
        return;
      std::optional<int64_t> p = paramOf(ba.getArgNumber(), -1);
      if (!p || k.params[size_t(*p)].kind != kind::Pointer)
        return;
      std::optional<CuteValue> l = trace(mv.getLayout());
      if (l && l->kind == CuteKind::Layout)
        add(*p, l->layout);
    });
  }

  /// The "source" of a derived TMA descriptor: the pointer parameter and,
  /// per TMA dimension (innermost first), extent and stride over the
  /// parameters. Fails with the reason in `why`.
  std::optional<md::TmaSource> tmaSource(cute_nvgpu::MakeTmaDescOp op,
                                         std::string &why) {
    Value t = op.getTensor();
    std::optional<int64_t> ptr;
    std::optional<CuteValue> layout;
    if (auto ba = dyn_cast<BlockArgument>(t);
        ba && ba.getOwner() == &fn.getBody().front()) {
      ptr = paramOf(ba.getArgNumber(), -1);
      auto mt = cast<CuteMemRefType>(t.getType());
      layout = argValue(ba.getArgNumber(), mt.getLayout());
    } else if (auto mv = t.getDefiningOp<MakeViewOp>()) {
      // A pointer recast to another element type keeps its address
      // (cute.recast moves no data): the view's own type gives the element.
      Value iter = mv.getIter();
      while (auto rc = iter.getDefiningOp<RecastOp>())
        iter = rc.getSrc();
      auto pa = dyn_cast<BlockArgument>(iter);
      if (pa && pa.getOwner() == &fn.getBody().front())
        ptr = paramOf(pa.getArgNumber(), -1);
      layout = trace(mv.getLayout());
    }
    if (!ptr || k.params[size_t(*ptr)].kind != kind::Pointer) {
      why = "the tensor is not a pointer parameter with a layout "
            "(cute.make_view of a kernel argument, or of its cute.recast)";
      return std::nullopt;
    }
    if (!layout || layout->kind != CuteKind::Layout) {
      why = "its layout is not made of integer kernel arguments and "
            "constants";
      return std::nullopt;
    }
    auto mt = cast<CuteMemRefType>(t.getType());
    auto dims = ::cute::atom::deriveTmaGlobal(
        layout->layout, cute_nvgpu::tmaBoxOf(op.getType()),
        storageBits(mt.getElementType()));
    if (!dims) {
      why = dims.message();
      return std::nullopt;
    }
    md::TmaSource src;
    src.ptr = size_t(*ptr);
    for (const ::cute::atom::TmaGlobalDim &d : *dims) {
      std::optional<Node> e = tree(d.extent), st = tree(d.stride);
      if (e)
        e = simplify(*e);
      if (st)
        st = simplify(*st);
      if (!e || !st) {
        why = "an extent or stride is not made of sums, differences, "
              "products and quotients of integer kernel arguments and "
              "constants";
        return std::nullopt;
      }
      src.dims.push_back({toExpr(*e), toExpr(*st)});
    }
    return src;
  }

private:
  /// The index into k.params of gpu.func argument `arg` (its dynamic leaf
  /// `leaf` for a cute-typed argument; -1: the argument itself).
  std::optional<int64_t> paramOf(unsigned arg, int64_t leaf) const {
    for (auto [i, p] : llvm::enumerate(k.params))
      if (p.arg == arg && p.leaf == leaf)
        return int64_t(i);
    return std::nullopt;
  }

  /// A symbol standing for the constant `c`, with `leaf`'s width.
  lay::Int constant(int64_t c, const lay::Int &leaf) {
    constants.push_back(c);
    return lay::Int::symbol(-int64_t(constants.size()), leaf.width(),
                            leaf.divisor());
  }

  /// `typed` (the type's value of argument `arg`) with its dynamic leaves
  /// replaced by the parameters that pass them.
  std::optional<CuteValue> argValue(unsigned arg, const CuteValue &typed) {
    int64_t leaf = 0;
    bool ok = true;
    CuteValue r = typed.mapInts([&](const lay::Int &i) -> lay::Int {
      if (i.isStatic())
        return i;
      std::optional<int64_t> p = paramOf(arg, leaf++);
      if (!p) {
        ok = false;
        return i;
      }
      return lay::Int::symbol(*p, i.width(), i.divisor());
    });
    if (!ok)
      return std::nullopt;
    return r;
  }

  /// An integer operand that fills dynamic leaf `leaf` of a constructor: a
  /// kernel argument that is an integer scalar parameter, an integer
  /// constant, or sums, differences, products and (ceil) quotients of
  /// those through extensions, index casts and selects on constants
  /// (`%seq * %d`).
  std::optional<lay::Int> traceInt(Value v, const lay::Int &leaf,
                                   int depth = 0) {
    if (depth > 32)
      return std::nullopt;
    Operation *d = v.getDefiningOp();
    if (isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp,
                        arith::DivUIOp, arith::DivSIOp, arith::CeilDivUIOp,
                        arith::CeilDivSIOp>(d)) {
      std::optional<lay::Int> a = traceInt(d->getOperand(0), leaf, depth + 1);
      std::optional<lay::Int> b = traceInt(d->getOperand(1), leaf, depth + 1);
      if (!a || !b)
        return std::nullopt;
      if (isa<arith::AddIOp>(d))
        return *a + *b;
      if (isa<arith::SubIOp>(d))
        return *a - *b;
      if (isa<arith::MulIOp>(d))
        return *a * *b;
      if (isa<arith::DivUIOp, arith::DivSIOp>(d))
        return *a / *b;
      return lay::ceilDiv(*a, *b);
    }
    if (isa_and_nonnull<arith::ExtUIOp, arith::IndexCastOp,
                        arith::IndexCastUIOp>(d))
      return traceInt(d->getOperand(0), leaf, depth + 1);
    // A select on a constant (an instance parameter): the chosen operand.
    if (auto sel = dyn_cast_or_null<arith::SelectOp>(d)) {
      auto c = sel.getCondition().getDefiningOp<arith::ConstantOp>();
      auto b = c ? dyn_cast<BoolAttr>(c.getValue()) : BoolAttr();
      if (!b)
        if (auto ia = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr())
          return traceInt(ia.getValue().isZero() ? sel.getFalseValue()
                                                 : sel.getTrueValue(),
                          leaf, depth + 1);
      if (!b)
        return std::nullopt;
      return traceInt(b.getValue() ? sel.getTrueValue() : sel.getFalseValue(),
                      leaf, depth + 1);
    }
    if (auto ba = dyn_cast<BlockArgument>(v)) {
      if (ba.getOwner() != &fn.getBody().front())
        return std::nullopt;
      std::optional<int64_t> p = paramOf(ba.getArgNumber(), -1);
      if (!p || k.params[size_t(*p)].kind != kind::Scalar ||
          !isIntegerElem(k.params[size_t(*p)].elem))
        return std::nullopt;
      return lay::Int::symbol(*p, leaf.width(), leaf.divisor());
    }
    Operation *def = v.getDefiningOp();
    if (auto c = dyn_cast_or_null<arith::ConstantOp>(def))
      if (auto ia = dyn_cast<IntegerAttr>(c.getValue()))
        return constant(ia.getValue().getSExtValue(), leaf);
    if (auto ext = dyn_cast_or_null<arith::ExtSIOp>(def))
      return traceInt(ext.getIn(), leaf, depth + 1);
    return std::nullopt;
  }

  /// Operand `v` of a constructor filling its dynamic leaf `leaf` (the
  /// lowering sign-extends or truncates it to the leaf's width; a
  /// truncation is not followed).
  std::optional<lay::Int> traceLeaf(Value v, const lay::Int &leaf) {
    Type t = v.getType();
    if (auto it = dyn_cast<IntegerType>(t)) {
      if (it.getWidth() > leaf.width())
        return std::nullopt;
      return traceInt(v, leaf);
    }
    if (!isa<IntTupleType>(t))
      return std::nullopt;
    std::optional<CuteValue> tv = trace(v);
    if (!tv || !tv->tuple.isInt())
      return std::nullopt;
    lay::Int i = tv->tuple.value();
    if (i.isStatic())
      return constant(i.value(), leaf);
    if (i.width() > leaf.width())
      return std::nullopt;
    if (i.expr()->kind == lay::ExprKind::Sym)
      return lay::Int::symbol(i.expr()->value, leaf.width(), leaf.divisor());
    return i;
  }

  /// The value of a cute-typed SSA value over the parameters.
  std::optional<CuteValue> trace(Value v) {
    if (auto it = memo.find(v); it != memo.end())
      return it->second;
    std::optional<CuteValue> r = traceUncached(v);
    memo[v] = r;
    return r;
  }

  std::optional<CuteValue> traceUncached(Value v) {
    const CuteValue *typed = cuteValueOf(v.getType());
    if (!typed)
      return std::nullopt;
    if (auto ba = dyn_cast<BlockArgument>(v)) {
      if (ba.getOwner() != &fn.getBody().front())
        return std::nullopt;
      return argValue(ba.getArgNumber(), *typed);
    }
    Operation *op = v.getDefiningOp();
    if (!op)
      return std::nullopt;
    if (isa<StaticOp>(op))
      return *typed;
    if (isa<MakeIntTupleOp, MakeShapeOp, MakeStrideOp, MakeCoordOp>(op)) {
      // Operand i fills the i-th dynamic leaf of the result type.
      unsigned next = 0;
      bool ok = true;
      CuteValue r = typed->mapInts([&](const lay::Int &leaf) -> lay::Int {
        if (leaf.isStatic() || !ok)
          return leaf;
        if (next >= op->getNumOperands()) {
          ok = false;
          return leaf;
        }
        std::optional<lay::Int> t = traceLeaf(op->getOperand(next++), leaf);
        if (!t) {
          ok = false;
          return leaf;
        }
        return *t;
      });
      if (!ok || next != op->getNumOperands())
        return std::nullopt;
      return r;
    }
    if (auto alg = dyn_cast<AlgebraOpInterface>(op)) {
      SmallVector<CuteValue, 2> in;
      for (Value o : op->getOperands()) {
        std::optional<CuteValue> t = trace(o);
        if (!t)
          return std::nullopt;
        in.push_back(std::move(*t));
      }
      auto r = alg.computeResult(in);
      if (!r)
        return std::nullopt;
      return *r;
    }
    return std::nullopt;
  }

  using Wide = __int128;
  using Range = std::pair<Wide, Wide>; // [lo, hi]

  /// The values `n` can take given its parameters' integer types;
  /// std::nullopt when that overflows 128 bits.
  std::optional<Range> range(const Node &n) const {
    switch (n.op) {
    case Node::Const:
      return Range{n.value, n.value};
    case Node::Param: {
      StringRef elem = k.params[size_t(n.value)].elem;
      bool isUnsigned = elem.consume_front("ui");
      if (!isUnsigned && !elem.consume_front("si"))
        elem.consume_front("i");
      unsigned w = 0;
      if (elem.getAsInteger(10, w) || w == 0 || w > 64)
        return std::nullopt;
      if (isUnsigned)
        return Range{0, (Wide(1) << w) - 1};
      return Range{-(Wide(1) << (w - 1)), (Wide(1) << (w - 1)) - 1};
    }
    case Node::Abs: {
      std::optional<Range> r = range(n.ops.front());
      if (!r)
        return std::nullopt;
      Wide lo = r->first < 0 ? -r->first : r->first;
      Wide hi = r->second < 0 ? -r->second : r->second;
      if (r->first <= 0 && r->second >= 0)
        return Range{0, std::max(lo, hi)};
      return Range{std::min(lo, hi), std::max(lo, hi)};
    }
    case Node::Add:
    case Node::Mul: {
      bool add = n.op == Node::Add;
      Range acc{add ? 0 : 1, add ? 0 : 1};
      for (const Node &o : n.ops) {
        std::optional<Range> r = range(o);
        if (!r)
          return std::nullopt;
        if (add) {
          if (__builtin_add_overflow(acc.first, r->first, &acc.first) ||
              __builtin_add_overflow(acc.second, r->second, &acc.second))
            return std::nullopt;
          continue;
        }
        Wide c[4];
        if (__builtin_mul_overflow(acc.first, r->first, &c[0]) ||
            __builtin_mul_overflow(acc.first, r->second, &c[1]) ||
            __builtin_mul_overflow(acc.second, r->first, &c[2]) ||
            __builtin_mul_overflow(acc.second, r->second, &c[3]))
          return std::nullopt;
        acc = {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
      }
      return acc;
    }
    case Node::Div: {
      // A positive constant divisor keeps the range; others are not bounded.
      std::optional<Range> r = range(n.ops[0]);
      if (!r || !n.ops[1].isConst() || n.ops[1].value <= 0)
        return std::nullopt;
      return Range{r->first / n.ops[1].value, r->second / n.ops[1].value};
    }
    }
    return std::nullopt;
  }

  /// A leaf over the symbols as an expression; std::nullopt for what the
  /// metadata cannot express (remainder, min, select, ...).
  std::optional<Node> tree(const lay::Int &v) const {
    if (v.isStatic())
      return Node::constant(v.value());
    return tree(v.expr().get());
  }
  std::optional<Node> tree(const lay::Expr *e) const {
    auto op = [&](size_t i) { return tree(e->ops[i].get()); };
    switch (e->kind) {
    case lay::ExprKind::Const:
      return Node::constant(e->value);
    case lay::ExprKind::Sym:
      if (e->value >= 0)
        return Node::param(e->value);
      return Node::constant(constants[size_t(-e->value - 1)]);
    case lay::ExprKind::Add:
    case lay::ExprKind::Sub:
    case lay::ExprKind::Mul:
    case lay::ExprKind::Div: {
      std::optional<Node> a = op(0), b = op(1);
      if (!a || !b)
        return std::nullopt;
      if (e->kind == lay::ExprKind::Div)
        return Node::make(Node::Div, {std::move(*a), std::move(*b)});
      if (e->kind == lay::ExprKind::Mul)
        return Node::make(Node::Mul, {std::move(*a), std::move(*b)});
      if (e->kind == lay::ExprKind::Sub)
        b = Node::make(Node::Mul, {Node::constant(-1), std::move(*b)});
      return Node::make(Node::Add, {std::move(*a), std::move(*b)});
    }
    default:
      return std::nullopt;
    }
  }

  /// The view of layout `l`: the modes whose offsets are computed in 32
  /// bits are those whose stride has no 64-bit leaf and, for a static
  /// stride, whose extent has none (the lowering computes coordinate *
  /// stride in the wider of the two, and coordinates are 32-bit unless they
  /// derive from a 64-bit extent). std::nullopt when the layout is not an
  /// integer layout over parameters and constants, is always empty, or no
  /// 32-bit offset depends on a parameter.
  std::optional<md::View> view(const lay::Layout &l) const {
    std::vector<lay::IntTuple> shapes = lay::flattenLeaves(l.shape);
    std::vector<lay::IntTuple> strides = lay::flattenLeaves(l.stride);
    if (shapes.size() != strides.size())
      return std::nullopt;
    std::vector<Node> terms, extents;
    for (auto [s, d] : llvm::zip(shapes, strides)) {
      if (!s.isInt() || !d.isInt())
        return std::nullopt;
      const lay::Int &sv = s.value(), &dv = d.value();
      std::optional<Node> extent = tree(sv), stride = tree(dv);
      if (!extent || !stride || !(extent = simplify(*extent)))
        return std::nullopt;
      if (extent->isConst()) {
        if (extent->value <= 0)
          return std::nullopt;
      } else if (llvm::find(extents, *extent) == extents.end()) {
        extents.push_back(*extent);
      }
      bool wide = dv.width() == 64 || (dv.isStatic() && sv.width() == 64);
      if (wide)
        continue;
      terms.push_back(Node::make(
          Node::Mul, {Node::make(Node::Add, {*extent, Node::constant(-1)}),
                      Node::make(Node::Abs, {std::move(*stride)})}));
    }
    std::optional<Node> sum = simplify(Node::make(Node::Add, terms));
    if (!sum || !sum->hasParam())
      return std::nullopt;
    // Nothing to check when the parameters' types already keep it below
    // 2^31 (a 1-D view of an i32 extent: n - 1).
    if (std::optional<Range> r = range(*sum); r && r->second < (Wide(1) << 31))
      return std::nullopt;
    md::View v;
    v.bits = 32;
    v.maxOffset = toExpr(*sum);
    for (const Node &e : extents)
      v.extents.push_back(toExpr(e));
    return v;
  }

  gpu::GPUFuncOp fn;
  const KernelInfo &k;
  std::vector<int64_t> constants;
  llvm::DenseMap<Value, std::optional<CuteValue>> memo;
};

} // namespace

/// The "tma" object of each descriptor parameter, from the make_tma_desc
/// that cute-nvgpu-outline-tma turned into it.
static LogicalResult describeTmaParams(gpu::GPUFuncOp fn, KernelInfo &k,
                                       ViewTracer &tracer) {
  llvm::DenseMap<unsigned, cute_nvgpu::MakeTmaDescOp> byArg;
  fn.walk([&](cute_nvgpu::MakeTmaDescOp op) {
    if (op.getParam())
      byArg[*op.getParam()] = op;
  });
  for (KernelParam &p : k.params) {
    if (p.kind != kind::TmaDesc)
      continue;
    auto op = byArg.lookup(p.arg);
    auto td = cast<cute_nvgpu::TmaDescType>(fn.getArgumentTypes()[p.arg]);
    if (!op) {
      fn.emitError("kernel @")
          << k.name << ": TMA descriptor parameter " << p.arg
          << " has no cute_nvgpu.make_tma_desc (descriptors are made in the "
             "kernel from a global tensor)";
      return failure();
    }
    std::string why;
    std::optional<md::TmaSource> source = tracer.tmaSource(op, why);
    if (!source) {
      op.emitOpError("cannot be described to the runtime: ") << why;
      return failure();
    }
    // Unnamed in the source (the parameter was appended): name it after
    // the tensor's pointer, e.g. "x_tma".
    if (StringRef(p.name).starts_with("arg")) {
      std::string base = k.params[source->ptr].name + "_tma";
      std::string name = base;
      for (unsigned n = 2; llvm::any_of(
               k.params, [&](const KernelParam &q) { return q.name == name; });
           ++n)
        name = base + std::to_string(n);
      p.name = name;
    }
    std::optional<md::ElemType> elem = md::parseElemType(p.elem);
    if (!elem) {
      op.emitOpError("cannot be described to the runtime: its element type ")
          << p.elem << " has no TMA encoding in the kernel metadata";
      return failure();
    }
    ::cute::atom::TmaBox box = cute_nvgpu::tmaBoxOf(td);
    md::Tma t;
    t.elem = *elem;
    t.rank = int(box.dims.size());
    for (int64_t d : box.dims)
      t.box.push_back(uint32_t(d));
    t.swizzle = int(box.swizzleBytes);
    t.l2Promotion = int(op.getL2Promotion());
    t.source = std::move(*source);
    p.tma = std::move(t);
  }
  return success();
}

LogicalResult mlir::cute::describeParamViews(gpu::GPUFuncOp fn, KernelInfo &k) {
  ViewTracer tracer(fn, k);
  tracer.collect(k.params);
  return describeTmaParams(fn, k, tracer);
}
