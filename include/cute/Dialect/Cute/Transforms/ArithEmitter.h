//===- ArithEmitter.h - Symbolic layout integers to arith -------*- C++ -*-===//
//
// The layout library computes dynamic results as expression DAGs over
// symbols (Int.h). ArithEmitter turns such an expression into arith ops;
// each symbol is resolved to an SSA integer, either bound up front (bind) or
// on first use through a resolver callback. Shared by cute-expand-ops and
// convert-cute-to-llvm.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_TRANSFORMS_ARITHEMITTER_H
#define CUTE_DIALECT_CUTE_TRANSFORMS_ARITHEMITTER_H

#include "cute/Layout/Layout.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>

namespace mlir::cute {

class ArithEmitter {
public:
  using Resolver = std::function<Value(int64_t symbol)>;

  ArithEmitter(OpBuilder &b, Location loc, Resolver resolver = {})
      : b(b), loc(loc), resolver(std::move(resolver)) {}

  /// Symbol `id` is the SSA integer `v`.
  void bind(int64_t id, Value v) { bound[id] = v; }
  /// The value of `v` as an integer of `width` bits (sign-extended or
  /// truncated); null if a symbol cannot be resolved.
  Value emit(const ::cute::layout::Int &v, unsigned width);
  /// An integer constant.
  Value constant(int64_t c, unsigned width);
  /// Sign-extends or truncates an integer to `width` bits.
  Value cast(Value v, unsigned width);
  /// CuTe's Swizzle<B,M,S> on an integer value: x ^ ((x & yyy) >> S) for
  /// S >= 0 (<< -S otherwise), emitted as arith.andi/shrui/xori.
  Value swizzle(const ::cute::layout::Swizzle &s, Value x);

private:
  Value symbol(int64_t id);
  Value emitExpr(const ::cute::layout::Expr *e);

  OpBuilder &b;
  Location loc;
  Resolver resolver;
  llvm::DenseMap<int64_t, Value> bound;
  llvm::DenseMap<const ::cute::layout::Expr *, Value> memo;
  /// Keeps every emitted expression alive: `memo` is keyed by node address,
  /// which a freed node could otherwise hand to a new one.
  std::vector<::cute::layout::ExprRef> keepAlive;
};

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_TRANSFORMS_ARITHEMITTER_H
