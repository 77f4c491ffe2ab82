//===- ArithEmitter.cpp - Symbolic layout integers to arith ---------------===//
#include "cute/Dialect/Cute/Transforms/ArithEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::cute;
using namespace ::cute::layout;

Value ArithEmitter::constant(int64_t c, unsigned width) {
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(b.getIntegerType(width), c));
}

Value ArithEmitter::cast(Value v, unsigned width) {
  unsigned w = v.getType().getIntOrFloatBitWidth();
  if (w == width)
    return v;
  Type t = b.getIntegerType(width);
  if (w < width)
    return arith::ExtSIOp::create(b, loc, t, v);
  return arith::TruncIOp::create(b, loc, t, v);
}

Value ArithEmitter::emit(const Int &v, unsigned width) {
  if (v.isStatic())
    return constant(v.value(), width);
  keepAlive.push_back(v.expr());
  Value r = emitExpr(v.expr().get());
  return r ? cast(r, width) : Value();
}

Value ArithEmitter::symbol(int64_t id) {
  if (auto it = bound.find(id); it != bound.end())
    return it->second;
  Value v = resolver ? resolver(id) : Value();
  if (v)
    bound[id] = v;
  return v;
}

Value ArithEmitter::emitExpr(const Expr *e) {
  if (auto it = memo.find(e); it != memo.end())
    return it->second;
  unsigned w = std::max(e->width, 32u);
  bool ok = true;
  auto op = [&](int i) -> Value {
    const Expr *c = e->ops[size_t(i)].get();
    if (c->kind == ExprKind::Const)
      return constant(c->value, w);
    Value v = emitExpr(c);
    if (!v) {
      ok = false;
      return constant(0, w);
    }
    return cast(v, w);
  };
  Value r;
  switch (e->kind) {
  case ExprKind::Const:
    r = constant(e->value, w);
    break;
  case ExprKind::Sym:
    r = symbol(e->value);
    break;
  case ExprKind::Add:
    r = arith::AddIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Sub:
    r = arith::SubIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Mul:
    r = arith::MulIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Div:
    r = arith::DivSIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Rem:
    r = arith::RemSIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Min:
    r = arith::MinSIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Max:
    r = arith::MaxSIOp::create(b, loc, op(0), op(1));
    break;
  case ExprKind::Lt:
  case ExprKind::Eq: {
    auto pred = e->kind == ExprKind::Lt ? arith::CmpIPredicate::slt
                                        : arith::CmpIPredicate::eq;
    Value c = arith::CmpIOp::create(b, loc, pred, op(0), op(1));
    r = arith::ExtUIOp::create(b, loc, b.getIntegerType(w), c);
    break;
  }
  case ExprKind::Select: {
    Value c = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, op(0),
                                    constant(0, w));
    r = arith::SelectOp::create(b, loc, c, op(1), op(2));
    break;
  }
  }
  if (!ok)
    return {};
  if (r)
    memo[e] = r;
  return r;
}

Value ArithEmitter::swizzle(const Swizzle &s, Value x) {
  if (s.isIdentity())
    return x;
  unsigned w = x.getType().getIntOrFloatBitWidth();
  int64_t shift = s.shift < 0 ? -s.shift : s.shift;
  int64_t zzz = ((int64_t(1) << s.bits) - 1) << s.base;
  int64_t yyy = s.shift >= 0 ? zzz << shift : zzz >> shift;
  Value masked = arith::AndIOp::create(b, loc, x, constant(yyy, w));
  Value moved = s.shift >= 0
                    ? arith::ShRUIOp::create(b, loc, masked, constant(shift, w))
                          .getResult()
                    : arith::ShLIOp::create(b, loc, masked, constant(shift, w))
                          .getResult();
  return arith::XOrIOp::create(b, loc, x, moved);
}
