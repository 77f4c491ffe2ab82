//===- TestUtil.h - Helpers shared by the layout library tests --*- C++ -*-===//
//
// A tiny parser for static layouts ("(2,(3,4)):(1,(2,6))") that does not go
// through the library's own parser, so algebra tests do not depend on it, and
// a reference evaluator written directly from CuTe's definition (colex
// decomposition + inner product) to check the library's functions against.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TEST_LAYOUT_TESTUTIL_H
#define CUTE_TEST_LAYOUT_TESTUTIL_H

#include "cute/Layout/Expected.h"
#include "cute/Layout/IntTuple.h"
#include "cute/Layout/Layout.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cute::layout::test {

namespace detail {
inline IntTuple parseTuple(const std::string &s, size_t &p) {
  while (p < s.size() && s[p] == ' ')
    ++p;
  if (p < s.size() && s[p] == '(') {
    ++p;
    std::vector<IntTuple> e;
    if (s[p] == ')') {
      ++p;
      return IntTuple(e);
    }
    for (;;) {
      e.push_back(parseTuple(s, p));
      if (s[p] == ',') {
        ++p;
        continue;
      }
      if (s[p] != ')')
        throw std::invalid_argument("test parser: expected ')' in " + s);
      ++p;
      return IntTuple(e);
    }
  }
  size_t b = p;
  if (p < s.size() && s[p] == '-')
    ++p;
  while (p < s.size() && std::isdigit((unsigned char)s[p]))
    ++p;
  if (b == p)
    throw std::invalid_argument("test parser: expected an integer in " + s);
  return IntTuple(int64_t(std::stoll(s.substr(b, p - b))));
}
} // namespace detail

/// Static IntTuple from "(2,(3,4))".
inline IntTuple T(const std::string &s) {
  size_t p = 0;
  IntTuple t = detail::parseTuple(s, p);
  if (p != s.size())
    throw std::invalid_argument("test parser: trailing text in " + s);
  return t;
}

/// Static layout from "shape:stride" (or "shape" for column-major).
inline Layout L(const std::string &s) {
  size_t c = s.find(':');
  if (c == std::string::npos)
    return Layout(T(s));
  return Layout(T(s.substr(0, c)), T(s.substr(c + 1)));
}

/// A tile from its modes (each mode a layout): `[m0;m1;...]`.
inline Tile makeTile(const std::vector<Layout> &modes) {
  std::vector<Tile> e;
  for (auto &m : modes)
    e.push_back(Tile::ofLayout(m));
  return Tile::tuple(std::move(e));
}

// --- Reference semantics (independent of lib/Layout) -------------------------

inline int64_t leafVal(const IntTuple &t) { return t.value().value(); }

inline int64_t refSize(const IntTuple &shape) {
  if (!shape.isTuple())
    return leafVal(shape);
  int64_t p = 1;
  for (auto &e : shape.elements())
    p *= refSize(e);
  return p;
}

/// CuTe's crd2idx for an integer index: colex split, where the last mode of
/// each tuple takes the unbounded quotient (so it also works past size).
inline int64_t refEvalImpl(int64_t idx, const IntTuple &shape,
                           const IntTuple &stride) {
  if (!shape.isTuple())
    return idx * leafVal(stride);
  int64_t r = 0;
  size_t n = shape.rank();
  for (size_t i = 0; i < n; ++i) {
    if (i + 1 == n) {
      r += refEvalImpl(idx, shape[i], stride[i]);
    } else {
      int64_t s = refSize(shape[i]);
      r += refEvalImpl(idx % s, shape[i], stride[i]);
      idx /= s;
    }
  }
  return r;
}
inline int64_t refEval(const Layout &l, int64_t idx) {
  return refEvalImpl(idx, l.shape, l.stride);
}
inline int64_t refSize(const Layout &l) { return refSize(l.shape); }
/// max over the domain + 1 (CuTe's cosize for non-negative strides).
inline int64_t refCosize(const Layout &l) {
  int64_t n = refSize(l);
  if (n == 0)
    return 0;
  return refEval(l, n - 1) + 1;
}
inline std::vector<int64_t> refValues(const Layout &l) {
  std::vector<int64_t> v;
  int64_t n = refSize(l);
  for (int64_t i = 0; i < n; ++i)
    v.push_back(refEval(l, i));
  return v;
}

/// Flattened leaves of a static tuple as integers.
inline std::vector<int64_t> leaves(const IntTuple &t) {
  std::vector<int64_t> r;
  for (auto &e : flattenLeaves(t))
    r.push_back(leafVal(e));
  return r;
}

inline std::string str(const std::vector<int64_t> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? " " : "") + std::to_string(v[i]);
  return s + "]";
}

} // namespace cute::layout::test

#endif // CUTE_TEST_LAYOUT_TESTUTIL_H
