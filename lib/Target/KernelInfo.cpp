//===- KernelInfo.cpp - Launch facts of a gpu.func kernel -----------------===//
#include "cute/Target/KernelInfo.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/IR/CuteTensor.h"
#include "cute/Support/KernelMetadataSchema.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace mlir;
using namespace mlir::cute;
namespace key = ::cute::metadata::key;
namespace kind = ::cute::metadata::kind;
namespace lay = ::cute::layout;

static std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

static bool isIntegerElem(StringRef elem) {
  for (StringRef prefix : {"ui", "si", "i"})
    if (elem.consume_front(prefix)) {
      unsigned width = 0;
      return !elem.getAsInteger(10, width) && width >= 8 && width <= 64;
    }
  return false;
}

static std::array<int32_t, 3> dims(Attribute a) {
  std::array<int32_t, 3> d{1, 1, 1};
  if (auto arr = dyn_cast_or_null<DenseI32ArrayAttr>(a))
    for (size_t i = 0; i < std::min<size_t>(3, arr.size()); ++i)
      d[i] = arr[i];
  return d;
}

//===----------------------------------------------------------------------===//
// Parameter names from the source
//===----------------------------------------------------------------------===//

std::string mlir::cute::ssaNameAt(StringRef line, unsigned column) {
  if (column == 0 || column > line.size())
    return "";
  StringRef rest = line.drop_front(column - 1);
  if (!rest.consume_front("%"))
    return "";
  // MLIR's suffix-id: digits, or a letter or one of $._- then those and
  // digits. Only the named form is a name.
  auto idChar = [](char c) {
    return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
  };
  size_t n = 0;
  while (n < rest.size() && idChar(rest[n]))
    ++n;
  StringRef id = rest.take_front(n);
  if (id.empty() || llvm::isDigit(id.front()))
    return "";
  return id.str();
}

namespace {

/// Lines of the source files argument locations point into, each file read
/// at most once.
class SourceLines {
public:
  /// Line `line` (1-based) of `file`; "" when the file cannot be read.
  StringRef get(StringRef file, unsigned line) {
    auto [it, inserted] = files_.try_emplace(file);
    if (inserted && !file.empty() && !file.starts_with("<") && file != "-")
      if (auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/true))
        it->second = std::move(*buf);
    if (!it->second || line == 0)
      return "";
    StringRef text = it->second->getBuffer();
    for (unsigned l = 1; l < line; ++l) {
      size_t nl = text.find('\n');
      if (nl == StringRef::npos)
        return "";
      text = text.drop_front(nl + 1);
    }
    return text.take_until([](char c) { return c == '\n'; });
  }

private:
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> files_;
};

/// The name of `fn`'s argument `i`: `cute.param_name`, else the `%name` its
/// location points at; "" when neither gives one.
std::string sourceName(gpu::GPUFuncOp fn, unsigned i, SourceLines &lines) {
  if (auto name = fn.getArgAttrOfType<StringAttr>(i, attrs::ParamName))
    return name.getValue().str();
  if (fn.getBody().empty())
    return "";
  auto loc = fn.getArgument(i).getLoc()->findInstanceOf<FileLineColLoc>();
  if (!loc)
    return "";
  return ssaNameAt(lines.get(loc.getFilename(), loc.getLine()),
                   loc.getColumn());
}

} // namespace

void mlir::cute::nameKernelParamsFromSource(Operation *root,
                                            llvm::SourceMgr &sourceMgr) {
  root->walk([&](gpu::GPUFuncOp fn) {
    if (!fn.isKernel() || fn.getBody().empty())
      return;
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i) {
      if (fn.getArgAttr(i, attrs::ParamName))
        continue;
      auto loc = fn.getArgument(i).getLoc()->findInstanceOf<FileLineColLoc>();
      if (!loc)
        continue;
      for (unsigned b = 1, nb = sourceMgr.getNumBuffers(); b <= nb; ++b) {
        const llvm::MemoryBuffer *buf = sourceMgr.getMemoryBuffer(b);
        if (buf->getBufferIdentifier() != loc.getFilename().getValue())
          continue;
        llvm::SMLoc at = sourceMgr.FindLocForLineAndColumn(b, loc.getLine(),
                                                           loc.getColumn());
        if (!at.isValid())
          break;
        const char *end = buf->getBufferEnd();
        StringRef rest(at.getPointer(), end - at.getPointer());
        std::string name =
            ssaNameAt(rest.take_until([](char c) { return c == '\n'; }), 1);
        if (!name.empty())
          fn.setArgAttr(i, attrs::ParamName,
                        StringAttr::get(fn.getContext(), name));
        break;
      }
    }
  });
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

llvm::json::Value toJSON(const Node &n) {
  namespace ex = ::cute::metadata::expr;
  auto list = [](const std::vector<Node> &ops) {
    llvm::json::Array a;
    for (const Node &o : ops)
      a.push_back(toJSON(o));
    return a;
  };
  switch (n.op) {
  case Node::Const:
    return llvm::json::Object{{ex::Const, n.value}};
  case Node::Param:
    return llvm::json::Object{{ex::Param, n.value}};
  case Node::Add:
    return llvm::json::Object{{ex::Add, list(n.ops)}};
  case Node::Mul:
    return llvm::json::Object{{ex::Mul, list(n.ops)}};
  case Node::Abs:
    return llvm::json::Object{{ex::Abs, toJSON(n.ops.front())}};
  case Node::Div:
    return llvm::json::Object{{ex::Div, list(n.ops)}};
  }
  return nullptr;
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
      std::optional<ParamView> v = view(l);
      if (!v)
        return;
      std::vector<ParamView> &views = params[size_t(p)].views;
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
  std::optional<llvm::json::Object> tmaSource(cute_nvgpu::MakeTmaDescOp op,
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
      auto pa = dyn_cast<BlockArgument>(mv.getIter());
      if (pa && pa.getOwner() == &fn.getBody().front())
        ptr = paramOf(pa.getArgNumber(), -1);
      layout = trace(mv.getLayout());
    }
    if (!ptr || k.params[size_t(*ptr)].kind != kind::Pointer) {
      why = "the tensor is not a pointer parameter with a layout "
            "(cute.make_view of a kernel argument)";
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
    llvm::json::Array out;
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
      out.push_back(llvm::json::Object{{key::Extent, toJSON(*e)},
                                       {key::Stride, toJSON(*st)}});
    }
    return llvm::json::Object{{key::Ptr, *ptr}, {key::Dims, std::move(out)}};
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
  /// those through extensions and index casts (`%seq * %d`).
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
  std::optional<ParamView> view(const lay::Layout &l) const {
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
    ParamView v;
    v.bits = 32;
    v.maxOffset = toJSON(*sum);
    for (const Node &e : extents)
      v.extents.push_back(toJSON(e));
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
    std::optional<llvm::json::Object> source = tracer.tmaSource(op, why);
    if (!source) {
      op.emitOpError("cannot be described to the runtime: ") << why;
      return failure();
    }
    // Unnamed in the source (the parameter was appended): name it after
    // the tensor's pointer, e.g. "x_tma".
    if (StringRef(p.name).starts_with("arg")) {
      std::string base =
          k.params[size_t(source->getInteger(key::Ptr).value_or(0))].name +
          "_tma";
      std::string name = base;
      for (unsigned n = 2; llvm::any_of(
               k.params, [&](const KernelParam &q) { return q.name == name; });
           ++n)
        name = base + std::to_string(n);
      p.name = name;
    }
    ::cute::atom::TmaBox box = cute_nvgpu::tmaBoxOf(td);
    llvm::json::Array dims;
    for (int64_t d : box.dims)
      dims.push_back(d);
    p.tma = llvm::json::Object{{key::Elem, p.elem},
                               {key::Rank, int64_t(box.dims.size())},
                               {key::Box, std::move(dims)},
                               {key::Swizzle, box.swizzleBytes},
                               {key::Interleave, 0},
                               {key::L2Promotion, int64_t(op.getL2Promotion())},
                               {key::OobFill, "zero"},
                               {key::Source, std::move(*source)}};
  }
  return success();
}

FailureOr<KernelInfo> mlir::cute::computeKernelInfo(gpu::GPUFuncOp fn) {
  KernelInfo k;
  k.name = fn.getName().str();
  // Both spellings: the discardable `gpu.known_block_size` kernels write in
  // `attributes {...}`, and gpu.func's inherent `known_block_size`.
  Attribute known =
      fn->getAttr(gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
  if (auto kb = fn.getKnownBlockSizeAttr())
    known = kb;
  k.block = dims(known);
  k.knownBlock = bool(known);
  k.cluster = dims(fn->getAttr(attrs::ClusterDims));
  if (auto ds = fn->getAttrOfType<IntegerAttr>(attrs::DynamicSmem))
    k.dynamicSmem = ds.getInt();
  fn.walk([&](cute_nvgpu::TmemAllocOp a) { k.tmemColumns += a.getColumns(); });
  for (BlockArgument a : fn.getWorkgroupAttributions()) {
    auto mt = dyn_cast<MemRefType>(a.getType());
    if (!mt || !mt.hasStaticShape()) {
      fn.emitError("kernel @") << k.name << ": workgroup attribution of type "
                               << a.getType() << " has no static size";
      return failure();
    }
    k.staticSmem +=
        mt.getNumElements() * ((mt.getElementTypeBitWidth() + 7) / 8);
  }
  // cute.smem_alloc planned into static shared memory (cute-plan-smem); a
  // dynamic plan is already in `cute.dynamic_smem`.
  if (auto plan = fn->getAttrOfType<DictionaryAttr>(attrs::SmemPlan)) {
    auto dyn = plan.getAs<BoolAttr>(attrs::SmemPlanDynamic);
    auto bytes = plan.getAs<IntegerAttr>(attrs::SmemPlanBytes);
    if (bytes && !(dyn && dyn.getValue()))
      k.staticSmem += bytes.getInt();
  }
  SourceLines lines;
  llvm::StringSet<> taken;
  auto unique = [&](std::string name, size_t i) {
    if (name.empty() || taken.contains(name))
      name = "arg" + std::to_string(i);
    for (unsigned n = 1; taken.contains(name); ++n)
      name = "arg" + std::to_string(i) + "_" + std::to_string(n);
    taken.insert(name);
    return name;
  };
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    std::string base = unique(sourceName(fn, i, lines), i);
    KernelParam p;
    p.name = base;
    p.arg = i;
    if (isa<LLVM::LLVMPointerType>(t)) {
      p.kind = kind::Pointer;
      p.bytes = 8;
      if (auto e = fn.getArgAttrOfType<TypeAttr>(i, attrs::ArgElem))
        p.elem = typeName(e.getValue());
      k.params.push_back(p);
      continue;
    }
    if (auto td = dyn_cast<cute_nvgpu::TmaDescType>(t)) {
      // A derived descriptor (cute-nvgpu-outline-tma): filled in below.
      p.kind = kind::TmaDesc;
      p.bytes = 128;
      p.elem = typeName(td.getBox().getElementType());
      k.params.push_back(p);
      continue;
    }
    if (t.isIntOrFloat()) {
      p.kind = kind::Scalar;
      p.elem = typeName(t);
      p.bytes = (t.getIntOrFloatBitWidth() + 7) / 8;
      k.params.push_back(p);
      continue;
    }
    if (isa<CuteDialect>(t.getDialect())) {
      // A cute value is passed flattened (see convert-cute-to-llvm): the
      // pointer of a ptr/memref, then one integer per dynamic leaf.
      Type elem;
      if (auto pt = dyn_cast<PtrType>(t)) {
        elem = pt.getElementType();
        p.align = pt.getAlignment();
      } else if (auto mt = dyn_cast<CuteMemRefType>(t)) {
        elem = mt.getElementType();
        p.align = mt.getAlignment();
      }
      if (elem) {
        p.kind = kind::Pointer;
        p.bytes = 8;
        p.elem = typeName(elem);
        k.params.push_back(p);
      }
      unsigned leaf = 0;
      for (const ::cute::layout::Int &v : dynamicLeavesOfType(t)) {
        KernelParam q;
        q.arg = i;
        q.leaf = leaf;
        q.name = unique(base + ".leaf" + std::to_string(leaf++), i);
        q.kind = kind::Scalar;
        q.elem = "i" + std::to_string(v.width());
        q.bytes = (v.width() + 7) / 8;
        k.params.push_back(q);
      }
      continue;
    }
    fn.emitError("kernel @") << k.name << ": cannot describe parameter " << i
                             << " of type " << t << " in the launch metadata";
    return failure();
  }
  ViewTracer tracer(fn, k);
  tracer.collect(k.params);
  if (failed(describeTmaParams(fn, k, tracer)))
    return failure();
  return k;
}

//===----------------------------------------------------------------------===//
// Specialized clones
//===----------------------------------------------------------------------===//

namespace {

std::string describeParam(const KernelParam &p) {
  std::string s = p.kind;
  if (!p.elem.empty())
    s += " " + p.elem;
  return s;
}

/// The conditions of `clone`'s `cute.specialization`, mapped from gpu.func
/// argument indices to indices into `info.params`.
FailureOr<std::vector<VariantCondition>>
specializationConditions(gpu::GPUFuncOp clone, const KernelInfo &info,
                         Attribute attr) {
  auto fail = [&](const Twine &msg) {
    clone.emitError("kernel @")
        << info.name << ": " << attrs::Specialization << " " << msg;
    return failure();
  };
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list)
    return fail("must be an array of dictionaries");
  if (list.empty())
    return fail("has no conditions: a clone that always applies makes the "
                "generic kernel unreachable");
  std::vector<VariantCondition> when;
  unsigned numArgs = clone.getNumArguments();
  for (auto [c, entry] : llvm::enumerate(list)) {
    std::string where = "condition " + std::to_string(c);
    auto dict = dyn_cast<DictionaryAttr>(entry);
    if (!dict)
      return fail(where + " must be a dictionary");
    for (NamedAttribute na : dict) {
      StringRef k = na.getName().getValue();
      if (k != attrs::SpecParam && k != attrs::SpecAlign &&
          k != attrs::SpecDiv && k != attrs::SpecLeaf)
        return fail(where + ": unknown key '" + k +
                    "' (allowed: param, align, div, leaf)");
      if (!isa<IntegerAttr>(na.getValue()))
        return fail(where + ": '" + k + "' must be an integer");
    }
    auto get = [&](StringRef k) -> std::optional<int64_t> {
      if (auto a = dict.getAs<IntegerAttr>(k))
        return a.getValue().getSExtValue();
      return std::nullopt;
    };
    std::optional<int64_t> arg = get(attrs::SpecParam);
    std::optional<int64_t> align = get(attrs::SpecAlign);
    std::optional<int64_t> div = get(attrs::SpecDiv);
    std::optional<int64_t> leaf = get(attrs::SpecLeaf);
    if (!arg)
      return fail(where + ": missing 'param'");
    if (*arg < 0 || *arg >= int64_t(numArgs))
      return fail(where + ": param " + std::to_string(*arg) +
                  " is out of range: the kernel has " +
                  std::to_string(numArgs) + " argument(s)");
    if (bool(align) == bool(div))
      return fail(where + ": needs exactly one of 'align' and 'div'");
    VariantCondition cond;
    auto params = llvm::make_filter_range(
        info.params, [&](const KernelParam &p) { return p.arg == *arg; });
    auto indexOf = [&](const KernelParam &p) {
      return int64_t(&p - info.params.data());
    };
    std::string argDesc = "argument " + std::to_string(*arg);
    if (align) {
      if (*align <= 0 || (*align & (*align - 1)))
        return fail(where + ": align " + std::to_string(*align) +
                    " is not a positive power of two");
      if (leaf)
        return fail(where + ": 'leaf' goes with 'div', not 'align'");
      const KernelParam *ptr = nullptr;
      for (const KernelParam &p : params)
        if (p.leaf < 0 && p.kind == kind::Pointer)
          ptr = &p;
      if (!ptr)
        return fail(where + ": align needs a pointer, and " + argDesc +
                    " is not one");
      cond.param = indexOf(*ptr);
      cond.align = *align;
    } else {
      if (*div <= 0)
        return fail(where + ": div " + std::to_string(*div) +
                    " is not positive");
      SmallVector<const KernelParam *> ints;
      for (const KernelParam &p : params)
        if (p.kind == kind::Scalar && isIntegerElem(p.elem) &&
            (!leaf || p.leaf == *leaf))
          ints.push_back(&p);
      if (leaf && ints.empty())
        return fail(where + ": " + argDesc + " has no dynamic leaf " +
                    std::to_string(*leaf));
      if (ints.empty())
        return fail(where + ": div needs an integer scalar, and " + argDesc +
                    " is not one");
      if (ints.size() > 1)
        return fail(where + ": " + argDesc + " has " +
                    std::to_string(ints.size()) +
                    " dynamic leaves; say which with 'leaf'");
      cond.param = indexOf(*ints.front());
      cond.div = *div;
    }
    when.push_back(cond);
  }
  return when;
}

} // namespace

FailureOr<std::vector<KernelInfo>>
mlir::cute::collectKernelInfos(gpu::GPUModuleOp mod) {
  std::vector<KernelInfo> infos;
  SmallVector<gpu::GPUFuncOp> fns;
  bool ok = true;
  for (auto fn : mod.getOps<gpu::GPUFuncOp>()) {
    if (!fn.isKernel())
      continue;
    FailureOr<KernelInfo> k = computeKernelInfo(fn);
    if (failed(k)) {
      ok = false;
      continue;
    }
    infos.push_back(std::move(*k));
    fns.push_back(fn);
  }
  if (!ok)
    return failure();
  auto find = [&](StringRef name) -> KernelInfo * {
    for (KernelInfo &k : infos)
      if (k.name == name)
        return &k;
    return nullptr;
  };
  for (auto [fn, info] : llvm::zip(fns, infos)) {
    Attribute of = fn->getAttr(attrs::SpecializationOf);
    Attribute spec = fn->getAttr(attrs::Specialization);
    if (!of && !spec)
      continue;
    // "kernel @k__spec0 is ..." or, with a colon, "kernel @k__spec0: x ...".
    auto err = [&, &info = info, &fn = fn](bool colon) -> InFlightDiagnostic {
      ok = false;
      InFlightDiagnostic d = fn.emitError("kernel @");
      d << info.name << (colon ? ": " : " ");
      return d;
    };
    if (!of || !spec) {
      err(false) << "has "
                 << (of ? attrs::SpecializationOf : attrs::Specialization)
                 << " without "
                 << (of ? attrs::Specialization : attrs::SpecializationOf);
      continue;
    }
    auto ofName = dyn_cast<StringAttr>(of);
    if (!ofName) {
      err(true) << attrs::SpecializationOf
                << " must be a string naming the generic kernel, got " << of;
      continue;
    }
    KernelInfo *generic = find(ofName.getValue());
    if (!generic) {
      err(false) << "is a specialization of '" << ofName.getValue()
                 << "', which is not a kernel of gpu.module @" << mod.getName();
      continue;
    }
    if (generic == &info) {
      err(false) << "is a specialization of itself";
      continue;
    }
    if (auto genericFn = mod.lookupSymbol<gpu::GPUFuncOp>(generic->name);
        genericFn && genericFn->hasAttr(attrs::SpecializationOf)) {
      err(false) << "is a specialization of '" << generic->name
                 << "', which is itself a specialization";
      continue;
    }
    if (info.params.size() != generic->params.size()) {
      err(false) << "takes " << info.params.size()
                 << " runtime parameter(s), but its generic kernel '"
                 << generic->name << "' takes " << generic->params.size()
                 << "; a specialization must take the same ones";
      continue;
    }
    bool same = true;
    for (auto [i, p, q] : llvm::enumerate(info.params, generic->params)) {
      if (p.kind == q.kind && p.elem == q.elem && p.bytes == q.bytes)
        continue;
      err(true) << "parameter " << i << " ('" << p.name << "') is "
                << describeParam(p) << ", but its generic kernel '"
                << generic->name << "' has " << describeParam(q)
                << "; a specialization must take the same parameters";
      same = false;
      break;
    }
    if (!same)
      continue;
    FailureOr<std::vector<VariantCondition>> when =
        specializationConditions(fn, info, spec);
    if (failed(when)) {
      ok = false;
      continue;
    }
    // The runtime checks the clone's own alignments at launch: a condition
    // must guarantee each that the generic kernel does not.
    for (auto [i, p, q] : llvm::enumerate(info.params, generic->params)) {
      if (p.kind != kind::Pointer || p.align <= std::max<int64_t>(q.align, 1))
        continue;
      bool guaranteed =
          llvm::any_of(*when, [&, i = i, &p = p](const VariantCondition &c) {
            return c.param == int64_t(i) && c.align >= p.align;
          });
      if (!guaranteed) {
        err(false) << "assumes parameter " << i << " ('" << p.name
                   << "') is aligned to " << p.align << " bytes, but '"
                   << generic->name << "' promises "
                   << std::max<int64_t>(q.align, 1) << " and no condition of "
                   << attrs::Specialization << " checks it";
        break;
      }
    }
    if (!ok)
      continue;
    generic->variants.push_back(KernelVariant{info.name, std::move(*when)});
  }
  if (!ok)
    return failure();
  return infos;
}

llvm::json::Object mlir::cute::toJSON(const KernelInfo &k) {
  llvm::json::Array params;
  for (const KernelParam &p : k.params) {
    llvm::json::Object o{{key::Name, p.name},
                         {key::Kind, p.kind},
                         {key::Elem, p.elem},
                         {key::Bytes, p.bytes}};
    if (p.align > 1)
      o[key::Align] = p.align;
    if (!p.views.empty()) {
      llvm::json::Array views;
      for (const ParamView &v : p.views)
        views.push_back(
            llvm::json::Object{{key::Bits, v.bits},
                               {key::MaxOffset, v.maxOffset},
                               {key::Extents, llvm::json::Array(v.extents)}});
      o[key::Views] = std::move(views);
    }
    if (p.tma)
      o[key::Tma] = llvm::json::Object(*p.tma);
    params.push_back(std::move(o));
  }
  auto arr = [](const std::array<int32_t, 3> &d) {
    return llvm::json::Array{d[0], d[1], d[2]};
  };
  llvm::json::Object o{{key::Name, k.name},
                       {key::Params, std::move(params)},
                       {key::Block, arr(k.block)},
                       {key::Cluster, arr(k.cluster)},
                       {key::SmemStatic, k.staticSmem},
                       {key::SmemDynamic, k.dynamicSmem}};
  if (k.tmemColumns)
    o[key::TmemColumns] = k.tmemColumns;
  if (!k.variants.empty()) {
    llvm::json::Array variants;
    for (const KernelVariant &v : k.variants) {
      llvm::json::Array when;
      for (const VariantCondition &c : v.when) {
        llvm::json::Object co{{key::Param, c.param}};
        if (c.align)
          co[key::Align] = c.align;
        else
          co[key::Div] = c.div;
        when.push_back(std::move(co));
      }
      variants.push_back(llvm::json::Object{{key::Name, v.name},
                                            {key::When, std::move(when)}});
    }
    o[key::Variants] = std::move(variants);
  }
  return o;
}

llvm::json::Object mlir::cute::metadataDocument(llvm::StringRef chip,
                                                llvm::StringRef module,
                                                llvm::json::Array kernels) {
  return llvm::json::Object{
      {key::SchemaVersion, ::cute::metadata::kSchemaVersion},
      {key::Chip, chip},
      {key::Module, module},
      {key::Kernels, std::move(kernels)}};
}
