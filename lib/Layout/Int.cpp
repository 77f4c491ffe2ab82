//===- Int.cpp - Static or symbolic integers
//--------------------------------===//
#include "cute/Layout/Int.h"

#include <cstdlib>
#include <limits>
#include <sstream>

namespace cute::layout {

void fail(const std::string &msg) { throw AlgebraError(msg); }

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    fail("integer overflow: " + std::to_string(a) + " + " + std::to_string(b) +
         " does not fit in 64 bits");
  return r;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    fail("integer overflow: " + std::to_string(a) + " * " + std::to_string(b) +
         " does not fit in 64 bits");
  return r;
}

static int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    fail("integer overflow: " + std::to_string(a) + " - " + std::to_string(b) +
         " does not fit in 64 bits");
  return r;
}

int64_t gcd64(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - uint64_t(a) : uint64_t(a);
  uint64_t y = b < 0 ? 0 - uint64_t(b) : uint64_t(b);
  while (y) {
    uint64_t t = x % y;
    x = y;
    y = t;
  }
  return int64_t(x);
}

Int::Int(ExprRef ex) {
  if (ex->kind == ExprKind::Const)
    val = ex->value;
  else
    e = std::move(ex);
}

Int Int::symbol(int64_t id, unsigned width, int64_t divisor) {
  auto n = std::make_shared<Expr>();
  n->kind = ExprKind::Sym;
  n->value = id;
  n->width =
      (width == 1 || width == 8 || width == 16 || width == 64) ? width : 32;
  n->divisor = divisor > 0 ? divisor : 1;
  return Int(ExprRef(n));
}

int64_t Int::value() const {
  if (e)
    fail("a static integer is required here, but the value is dynamic (" +
         str() + ")");
  return val;
}

int64_t Int::divisor() const {
  if (!e)
    return val == 0 ? 0 : (val < 0 ? -val : val);
  return e->divisor;
}

Int Int::withDivisor(int64_t d) const {
  if (!e || d <= 0 || e->divisor % d != 0 || e->divisor == d)
    return *this;
  auto n = std::make_shared<Expr>(*e);
  n->divisor = d;
  return Int(ExprRef(n));
}

ExprRef Int::asExpr() const {
  if (e)
    return e;
  auto n = std::make_shared<Expr>();
  n->kind = ExprKind::Const;
  n->value = val;
  n->width = 0;
  n->divisor = val == 0 ? 0 : (val < 0 ? -val : val);
  return n;
}

static bool sameExpr(const Expr *a, const Expr *b) {
  if (a == b)
    return true;
  if (a->kind != b->kind || a->value != b->value || a->width != b->width ||
      a->ops.size() != b->ops.size())
    return false;
  for (size_t i = 0; i < a->ops.size(); ++i)
    if (!sameExpr(a->ops[i].get(), b->ops[i].get()))
      return false;
  return true;
}

bool Int::same(const Int &o) const {
  if (!e && !o.e)
    return val == o.val;
  if (!e || !o.e)
    return false;
  return sameExpr(e.get(), o.e.get());
}

static void printExpr(std::ostream &os, const Expr *x) {
  static const char *names[] = {"",  "",    "+",   "-", "*",  "/",
                                "%", "min", "max", "<", "==", "select"};
  switch (x->kind) {
  case ExprKind::Const:
    os << x->value;
    return;
  case ExprKind::Sym:
    os << "s" << x->value;
    return;
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul:
  case ExprKind::Div:
  case ExprKind::Rem:
  case ExprKind::Lt:
  case ExprKind::Eq:
    os << "(";
    printExpr(os, x->ops[0].get());
    os << " " << names[int(x->kind)] << " ";
    printExpr(os, x->ops[1].get());
    os << ")";
    return;
  default:
    os << names[int(x->kind)] << "(";
    for (size_t i = 0; i < x->ops.size(); ++i) {
      if (i)
        os << ", ";
      printExpr(os, x->ops[i].get());
    }
    os << ")";
  }
}

std::string Int::str() const {
  if (!e)
    return std::to_string(val);
  std::ostringstream os;
  printExpr(os, e.get());
  return os.str();
}

// Builds a node with the result width and known divisor of its operands.
static Int node(ExprKind k, std::vector<Int> args, int64_t divisor) {
  auto n = std::make_shared<Expr>();
  n->kind = k;
  n->width = 32;
  for (auto &a : args) {
    if (a.width() > n->width)
      n->width = a.width();
    n->ops.push_back(a.asExpr());
  }
  n->divisor = divisor > 0 ? divisor : 1;
  return Int(ExprRef(n));
}

Int operator+(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return checkedAdd(a.value(), b.value());
  if (a.is(0))
    return b;
  if (b.is(0))
    return a;
  return node(ExprKind::Add, {a, b}, gcd64(a.divisor(), b.divisor()));
}

Int operator-(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return checkedSub(a.value(), b.value());
  if (b.is(0))
    return a;
  if (a.same(b))
    return 0;
  return node(ExprKind::Sub, {a, b}, gcd64(a.divisor(), b.divisor()));
}

Int operator-(const Int &a) { return Int(0) - a; }

Int operator*(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return checkedMul(a.value(), b.value());
  if (a.is(0) || b.is(0))
    return 0;
  if (a.is(1))
    return b;
  if (b.is(1))
    return a;
  int64_t d = 1;
  if (!__builtin_mul_overflow(a.divisor(), b.divisor(), &d) && d > 0)
    ;
  else
    d = 1;
  return node(ExprKind::Mul, {a, b}, d);
}

Int operator/(const Int &a, const Int &b) {
  if (b.is(0))
    fail("division by zero (" + a.str() + " / 0)");
  if (a.isStatic() && b.isStatic()) {
    if (a.value() == std::numeric_limits<int64_t>::min() && b.value() == -1)
      fail("integer overflow in division");
    return a.value() / b.value();
  }
  if (b.is(1))
    return a;
  if (a.is(0))
    return 0;
  if (a.same(b))
    return 1;
  int64_t d = 1;
  if (b.isStatic() && b.value() > 0 && a.divisor() % b.value() == 0)
    d = a.divisor() / b.value();
  return node(ExprKind::Div, {a, b}, d);
}

Int operator%(const Int &a, const Int &b) {
  if (b.is(0))
    fail("remainder by zero (" + a.str() + " % 0)");
  if (a.isStatic() && b.isStatic()) {
    if (b.value() == -1)
      return 0;
    return a.value() % b.value();
  }
  if (b.is(1) || b.is(-1) || a.is(0) || a.same(b))
    return 0;
  // A dynamic value with a static known divisor that b divides is 0 mod b.
  if (b.isStatic() && a.divisor() % b.value() == 0)
    return 0;
  return node(ExprKind::Rem, {a, b}, 1);
}

Int min(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return std::min(a.value(), b.value());
  if (a.same(b))
    return a;
  return node(ExprKind::Min, {a, b}, gcd64(a.divisor(), b.divisor()));
}

Int max(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return std::max(a.value(), b.value());
  if (a.same(b))
    return a;
  return node(ExprKind::Max, {a, b}, gcd64(a.divisor(), b.divisor()));
}

Int lessThan(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return a.value() < b.value() ? 1 : 0;
  if (a.same(b))
    return 0;
  return node(ExprKind::Lt, {a, b}, 1);
}

Int equalTo(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return a.value() == b.value() ? 1 : 0;
  if (a.same(b))
    return 1;
  return node(ExprKind::Eq, {a, b}, 1);
}

Int select(const Int &c, const Int &a, const Int &b) {
  if (c.isStatic())
    return c.value() != 0 ? a : b;
  if (a.same(b))
    return a;
  return node(ExprKind::Select, {c, a, b}, gcd64(a.divisor(), b.divisor()));
}

Int abs(const Int &a) {
  if (a.isStatic()) {
    if (a.value() == std::numeric_limits<int64_t>::min())
      fail("integer overflow in abs");
    return a.value() < 0 ? -a.value() : a.value();
  }
  return select(lessThan(a, 0), -a, a);
}

Int signum(const Int &a) { return lessThan(0, a) - lessThan(a, 0); }

Int ceilDiv(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic()) {
    int64_t x = a.value(), y = b.value();
    if (y == 0)
      fail("division by zero in ceil_div");
    return (x + y - 1) / y;
  }
  if (b.is(1))
    return a;
  return (a + b - 1) / b;
}

int64_t evaluate(const Int &v, const std::function<int64_t(int64_t)> &sym) {
  if (v.isStatic())
    return v.value();
  std::function<int64_t(const Expr *)> ev = [&](const Expr *x) -> int64_t {
    auto o = [&](int i) { return ev(x->ops[i].get()); };
    switch (x->kind) {
    case ExprKind::Const:
      return x->value;
    case ExprKind::Sym:
      return sym(x->value);
    case ExprKind::Add:
      return checkedAdd(o(0), o(1));
    case ExprKind::Sub:
      return checkedSub(o(0), o(1));
    case ExprKind::Mul:
      return checkedMul(o(0), o(1));
    case ExprKind::Div: {
      int64_t d = o(1);
      if (d == 0)
        fail("division by zero while evaluating " + v.str());
      return o(0) / d;
    }
    case ExprKind::Rem: {
      int64_t d = o(1);
      if (d == 0)
        fail("remainder by zero while evaluating " + v.str());
      return d == -1 ? 0 : o(0) % d;
    }
    case ExprKind::Min:
      return std::min(o(0), o(1));
    case ExprKind::Max:
      return std::max(o(0), o(1));
    case ExprKind::Lt:
      return o(0) < o(1);
    case ExprKind::Eq:
      return o(0) == o(1);
    case ExprKind::Select:
      return o(0) != 0 ? o(1) : o(2);
    }
    return 0;
  };
  return ev(v.expr().get());
}

} // namespace cute::layout
