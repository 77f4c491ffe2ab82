//===- Parse.cpp - CuTe notation parser
//------------------------------------===//
#include "cute/Layout/Parse.h"

#include <cctype>
#include <limits>

namespace cute::layout {
namespace {

class Parser {
public:
  Parser(std::string_view text, DynamicSymbols *syms) : s(text), syms(syms) {}

  [[noreturn]] void error(const std::string &what) {
    fail("cannot parse \"" + std::string(s) + "\" at column " +
         std::to_string(pos + 1) + ": " + what);
  }

  void skipSpace() {
    while (pos < s.size() && std::isspace((unsigned char)s[pos]))
      ++pos;
  }
  bool peek(char c) {
    skipSpace();
    return pos < s.size() && s[pos] == c;
  }
  bool consume(char c) {
    if (!peek(c))
      return false;
    ++pos;
    return true;
  }
  void expect(char c) {
    if (!consume(c))
      error(std::string("expected '") + c + "'");
  }
  bool atEnd() {
    skipSpace();
    return pos == s.size();
  }
  void expectEnd() {
    if (!atEnd())
      error("unexpected trailing characters");
  }

  int64_t integer() {
    skipSpace();
    bool neg = false;
    if (pos < s.size() && (s[pos] == '-' || s[pos] == '+'))
      neg = s[pos++] == '-';
    if (pos >= s.size() || !std::isdigit((unsigned char)s[pos]))
      error("expected an integer");
    uint64_t v = 0;
    const uint64_t limit = uint64_t(std::numeric_limits<int64_t>::max()) + 1;
    while (pos < s.size() && std::isdigit((unsigned char)s[pos])) {
      v = v * 10 + uint64_t(s[pos++] - '0');
      if (v > limit)
        error("integer does not fit in 64 bits");
    }
    if (!neg && v == limit)
      error("integer does not fit in 64 bits");
    return neg ? int64_t(0 - v) : int64_t(v);
  }

  Int dynamic() {
    // '?' already consumed.
    unsigned width = 32;
    int64_t div = 1;
    if (consume('{')) {
      do {
        skipSpace();
        if (s.compare(pos, 4, "div=") == 0) {
          // An expression like a static leaf's: an instance's parameters
          // may give the divisor (`div=16/KB`).
          pos += 4;
          div = expression();
          if (div <= 0)
            error("a divisor must be positive");
        } else if (consume('i')) {
          int64_t w = integer();
          if (w != 1 && w != 8 && w != 16 && w != 32 && w != 64)
            error("dynamic integer width must be i1, i8, i16, i32 or i64");
          width = unsigned(w);
        } else {
          error("expected 'iN' or 'div=N' in a dynamic leaf");
        }
      } while (consume(','));
      expect('}');
    }
    if (!syms)
      error("dynamic leaves are not allowed here");
    return syms->fresh(width, div);
  }

  /// A static leaf: an integer, or an expression of integers and named
  /// instance parameters with + - * / % (C precedence, left to right; no
  /// parentheses, which delimit tuples; `/` must be exact): `BM`, `BM*BK`,
  /// `128/ELEM_BYTES`.
  int64_t expression() {
    int64_t v = product();
    for (;;) {
      skipSpace();
      if (pos + 1 < s.size() && (s[pos] == '+' || s[pos] == '-') &&
          (std::isalnum((unsigned char)s[pos + 1]) || s[pos + 1] == ' ')) {
        bool minus = s[pos++] == '-';
        int64_t r = product();
        v = checked(minus ? __int128(v) - r : __int128(v) + r);
        continue;
      }
      return v;
    }
  }
  int64_t product() {
    int64_t v = factor();
    for (;;) {
      skipSpace();
      if (pos >= s.size() || (s[pos] != '*' && s[pos] != '/' && s[pos] != '%'))
        return v;
      char op = s[pos++];
      int64_t r = factor();
      if (op == '*') {
        v = checked(__int128(v) * r);
        continue;
      }
      if (r == 0)
        error(std::string("division by zero in '") + op + "'");
      if (op == '/' && v % r != 0)
        error(std::to_string(v) + " / " + std::to_string(r) +
              " is not exact (use % for a remainder)");
      v = op == '/' ? v / r : v % r;
    }
  }
  int64_t factor() {
    skipSpace();
    if (pos < s.size() && std::isalpha((unsigned char)s[pos])) {
      size_t start = pos;
      while (pos < s.size() &&
             (std::isalnum((unsigned char)s[pos]) || s[pos] == '_'))
        ++pos;
      std::string_view name = s.substr(start, pos - start);
      std::optional<int64_t> v;
      if (syms && syms->params)
        v = syms->params(name);
      if (!v) {
        pos = start;
        error("'" + std::string(name) +
              "' is not an integer instance parameter (declare it with "
              "#cute.param<\"" +
              std::string(name) + "\", ...> before its first use)");
      }
      return *v;
    }
    return integer();
  }
  int64_t checked(__int128 v) {
    if (v > std::numeric_limits<int64_t>::max() ||
        v < std::numeric_limits<int64_t>::min())
      error("the value does not fit in 64 bits");
    return int64_t(v);
  }

  IntTuple leaf() {
    skipSpace();
    if (consume('_'))
      return IntTuple::underscore();
    Int v = consume('?') ? dynamic() : Int(expression());
    std::vector<int> modes;
    while (consume('@')) {
      int64_t m = integer();
      if (m < 0 || m > 1024)
        error("a basis mode must be in [0, 1024]");
      modes.push_back(int(m));
    }
    // `v@a@b` is E<b,a>: the last index is the outermost mode.
    std::vector<int> outerFirst(modes.rbegin(), modes.rend());
    return IntTuple::basis(v, outerFirst);
  }

  IntTuple tuple(int depth = 0) {
    if (depth > 64)
      error("nesting is deeper than 64 levels");
    if (!consume('('))
      return leaf();
    std::vector<IntTuple> e;
    if (consume(')'))
      return IntTuple(std::move(e));
    do
      e.push_back(tuple(depth + 1));
    while (consume(','));
    expect(')');
    return IntTuple(std::move(e));
  }

  Layout layout() {
    IntTuple shape = tuple();
    if (!consume(':'))
      error("expected ':' between shape and stride");
    IntTuple stride = tuple();
    if (!congruent(shape, stride))
      error("shape " + shape.str() + " and stride " + stride.str() +
            " are not congruent");
    if (shape.hasUnderscore() || stride.hasUnderscore())
      error("`_` is not allowed in a layout");
    return Layout(shape, stride);
  }

  Swizzle swizzle() {
    skipSpace();
    if (s.compare(pos, 2, "S<") != 0)
      error("expected 'S<'");
    pos += 2;
    int64_t b = integer();
    expect(',');
    int64_t m = integer();
    expect(',');
    int64_t sh = integer();
    expect('>');
    if (b < 0 || b > 64 || m < 0 || m > 64 || sh < -64 || sh > 64)
      error("swizzle parameters out of range");
    return Swizzle(int(b), int(m), int(sh));
  }

  bool atSwizzle() {
    skipSpace();
    return s.compare(pos, 2, "S<") == 0;
  }

  void expectO() {
    skipSpace();
    if (pos >= s.size() || s[pos] != 'o')
      error("expected 'o' between the parts of a composed layout");
    ++pos;
  }

  ComposedLayout composed() {
    ComposedLayout c;
    if (atSwizzle())
      c.inner = swizzle();
    else
      c.inner = layout();
    expectO();
    c.offset = tuple();
    if (c.offset.hasUnderscore())
      error("`_` is not allowed in an offset");
    expectO();
    c.outer = layout();
    return c;
  }

  Tile tile(int depth = 0) {
    if (depth > 64)
      error("nesting is deeper than 64 levels");
    if (consume('[')) {
      std::vector<Tile> e;
      do
        e.push_back(tile(depth + 1));
      while (consume(';'));
      expect(']');
      return Tile::tuple(std::move(e));
    }
    skipSpace();
    size_t save = pos;
    if (consume('_')) {
      skipSpace();
      if (pos == s.size() || s[pos] == ';' || s[pos] == ']')
        return Tile::underscore();
      pos = save;
    }
    return Tile::ofLayout(layout());
  }

private:
  std::string_view s;
  size_t pos = 0;
  DynamicSymbols *syms;
};

} // namespace

Expected<IntTuple> parseIntTuple(std::string_view text, DynamicSymbols &syms) {
  return guard([&] {
    Parser p(text, &syms);
    IntTuple t = p.tuple();
    p.expectEnd();
    return t;
  });
}

Expected<Layout> parseLayout(std::string_view text, DynamicSymbols &syms) {
  return guard([&] {
    Parser p(text, &syms);
    Layout l = p.layout();
    p.expectEnd();
    return l;
  });
}

Expected<Swizzle> parseSwizzle(std::string_view text) {
  return guard([&] {
    Parser p(text, nullptr);
    Swizzle sw = p.swizzle();
    p.expectEnd();
    return sw;
  });
}

Expected<ComposedLayout> parseComposedLayout(std::string_view text,
                                             DynamicSymbols &syms) {
  return guard([&] {
    Parser p(text, &syms);
    ComposedLayout c = p.composed();
    p.expectEnd();
    return c;
  });
}

Expected<Tile> parseTile(std::string_view text, DynamicSymbols &syms) {
  return guard([&] {
    Parser p(text, &syms);
    Tile t = p.tile();
    p.expectEnd();
    return t;
  });
}

} // namespace cute::layout
