//===- Int.h - Static or symbolic integers for the layout algebra -*- C++
//-*-===//
//
// The layout algebra is written once against `Int`. An Int is either a static
// 64-bit value or a symbolic expression over dynamic leaves (symbols). Static
// arithmetic folds immediately and detects overflow; symbolic arithmetic builds
// an expression DAG that passes later emit as `arith` operations. Structural
// decisions in the algebra only ever look at static values (exactly as CuTe's
// `is_constant` checks do), so the same code serves both modes.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_INT_H
#define CUTE_LAYOUT_INT_H

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cute::layout {

/// Error raised inside the algebra. It never escapes the library: public entry
/// points catch it and return an `Expected` (see Expected.h).
class AlgebraError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string &msg);

enum class ExprKind {
  Const,
  Sym,
  Add,
  Sub,
  Mul,
  Div, // C++ truncating division
  Rem, // C++ remainder
  Min,
  Max,
  Lt,     // 1 if lhs < rhs else 0
  Eq,     // 1 if lhs == rhs else 0
  Select, // ops[0] != 0 ? ops[1] : ops[2]
};

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

/// Node of a symbolic integer expression.
struct Expr {
  ExprKind kind;
  int64_t value = 0; // Const: the value. Sym: the symbol id.
  unsigned width =
      32; // 1, 8, 16, 32 or 64 bits: the integer type of the value.
  int64_t divisor = 1; // A known positive divisor of the value.
  std::vector<ExprRef> ops;
};

class Int {
public:
  Int() = default;
  Int(int64_t v) : val(v) {}
  Int(int v) : val(v) {}
  Int(unsigned v) : val(v) {}
  Int(long long v, int) = delete;
  explicit Int(ExprRef e);

  /// A fresh dynamic leaf. `width` is 1/8/16/32/64; `divisor` a known divisor.
  static Int symbol(int64_t id, unsigned width = 32, int64_t divisor = 1);

  bool isStatic() const { return !e; }
  bool isDynamic() const { return bool(e); }
  /// True when this is the static value `v` (CuTe's is_constant<v>).
  bool is(int64_t v) const { return !e && val == v; }
  /// The static value; raises an AlgebraError on a dynamic Int.
  int64_t value() const;
  /// The static value, or `dflt` when dynamic.
  int64_t valueOr(int64_t dflt) const { return e ? dflt : val; }
  const ExprRef &expr() const { return e; }
  /// Integer width (32/64) of a dynamic value; 0 for a static value.
  unsigned width() const { return e ? e->width : 0; }
  /// Largest known positive divisor (|value| for a static nonzero value).
  int64_t divisor() const;
  /// This dynamic value with the weaker known divisor `d` (a divisor of
  /// divisor()): a declared type may forget what the algebra knew.
  Int withDivisor(int64_t d) const;
  /// Expression as a node (a Const node for static values).
  ExprRef asExpr() const;
  /// Structural identity: same static value or the same expression DAG.
  bool same(const Int &o) const;
  std::string str() const;

private:
  int64_t val = 0;
  ExprRef e;
};

Int operator+(const Int &a, const Int &b);
Int operator-(const Int &a, const Int &b);
Int operator-(const Int &a);
Int operator*(const Int &a, const Int &b);
/// C++ truncating division / remainder (CuTe's `/` and `%`).
Int operator/(const Int &a, const Int &b);
Int operator%(const Int &a, const Int &b);
Int min(const Int &a, const Int &b);
Int max(const Int &a, const Int &b);
Int abs(const Int &a);
Int signum(const Int &a);
/// ceil(a / b) for positive b (CuTe's ceil_div on integers).
Int ceilDiv(const Int &a, const Int &b);
/// 1 if a < b else 0 / 1 if a == b else 0.
Int lessThan(const Int &a, const Int &b);
Int equalTo(const Int &a, const Int &b);
Int select(const Int &cond, const Int &a, const Int &b);
/// Static gcd; for dynamic operands, gcd of the known divisors.
int64_t gcd64(int64_t a, int64_t b);

/// Evaluate an Int with values for its symbols (id -> value).
int64_t evaluate(const Int &v, const std::function<int64_t(int64_t)> &symValue);

/// Checked 64-bit arithmetic that raises AlgebraError on overflow.
int64_t checkedAdd(int64_t a, int64_t b);
int64_t checkedMul(int64_t a, int64_t b);

} // namespace cute::layout

#endif // CUTE_LAYOUT_INT_H
