//===- IntTuple.h - CuTe hierarchical integer tuples ------------*- C++ -*-===//
//
// An IntTuple is either a leaf or a (possibly empty) tuple of IntTuples.
// Leaves are integers (static or dynamic, see Int.h), scaled basis elements
// `v@i@j` (CuTe's ScaledBasis, used as strides of identity layouts), or the
// slicing wildcard `_`. Functions here follow CuTe's int_tuple.hpp and
// stride.hpp, including the exact structure of their results.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_INTTUPLE_H
#define CUTE_LAYOUT_INTTUPLE_H

#include "cute/Layout/Int.h"

#include <functional>
#include <string>
#include <vector>

namespace cute::layout {

class IntTuple {
public:
  enum class Kind { Int, Basis, Underscore, Tuple };

  IntTuple() : kind(Kind::Tuple) {}
  IntTuple(Int v) : kind(Kind::Int), v(std::move(v)) {}
  IntTuple(int64_t v) : kind(Kind::Int), v(v) {}
  IntTuple(int v) : kind(Kind::Int), v(v) {}
  IntTuple(std::vector<IntTuple> elems)
      : kind(Kind::Tuple), elems(std::move(elems)) {}
  IntTuple(std::initializer_list<IntTuple> elems)
      : kind(Kind::Tuple), elems(elems) {}

  /// CuTe's ScaledBasis: value `v` at mode path `modes` (outermost first), so
  /// basis(1, {1, 0}) is E<1,0> and prints as `1@0@1`.
  static IntTuple basis(Int v, std::vector<int> modes);
  static IntTuple underscore();
  static IntTuple tuple(std::vector<IntTuple> e) {
    return IntTuple(std::move(e));
  }

  Kind getKind() const { return kind; }
  bool isTuple() const { return kind == Kind::Tuple; }
  bool isLeaf() const { return kind != Kind::Tuple; }
  bool isInt() const { return kind == Kind::Int; }
  bool isBasis() const { return kind == Kind::Basis; }
  bool isUnderscore() const { return kind == Kind::Underscore; }

  /// The integer of an Int leaf or the scale of a basis leaf.
  const Int &value() const;
  const std::vector<int> &basisModes() const { return modes; }

  /// Number of top-level modes: a leaf has rank 1.
  size_t rank() const { return isTuple() ? elems.size() : 1; }
  /// Mode i: a leaf's only mode is itself.
  const IntTuple &operator[](size_t i) const;
  IntTuple &operator[](size_t i);
  const std::vector<IntTuple> &elements() const { return elems; }
  std::vector<IntTuple> &elements() { return elems; }
  void push_back(IntTuple t) { elems.push_back(std::move(t)); }

  /// 0 for a leaf, 1 + max depth of the elements for a tuple.
  int depth() const;
  bool isStatic() const;
  bool hasUnderscore() const;
  /// Structural identity (same tree, same leaves).
  bool same(const IntTuple &o) const;
  bool operator==(const IntTuple &o) const { return same(o); }
  bool operator!=(const IntTuple &o) const { return !same(o); }

  /// Visits every leaf, left to right.
  void forEachLeaf(const std::function<void(const IntTuple &)> &f) const;

  std::string str() const;

private:
  Kind kind;
  Int v;
  std::vector<int> modes;
  std::vector<IntTuple> elems;
};

// --- Construction helpers --------------------------------------------------

/// repeat_like(t, x): same profile as t with every leaf replaced by x.
IntTuple repeatLike(const IntTuple &t, const IntTuple &x);
/// A tuple of n copies of x (a leaf x when n == 1 and `tupleIfOne` is false).
IntTuple repeat(size_t n, const IntTuple &x);
/// Elements [b, e) of a tuple (CuTe's take<B,E>).
IntTuple take(const IntTuple &t, size_t b, size_t e);
IntTuple append(const IntTuple &t, const IntTuple &x);
IntTuple prepend(const IntTuple &t, const IntTuple &x);
/// append<N>(t, x): pad tuple t (or the leaf t as a 1-tuple) with x to rank n.
IntTuple appendTo(const IntTuple &t, size_t n, const IntTuple &x);
IntTuple flatten(const IntTuple &t);
std::vector<IntTuple> flattenLeaves(const IntTuple &t);
/// Unwraps rank-1 tuples recursively at the top (CuTe's unwrap).
IntTuple unwrap(const IntTuple &t);
/// A tuple around a leaf, unchanged tuple otherwise (CuTe's wrap).
IntTuple wrap(const IntTuple &t);
/// Element at a mode path (get<I0,I1,...>).
const IntTuple &getPath(const IntTuple &t, const std::vector<int> &path);

IntTuple transform(const IntTuple &t,
                   const std::function<IntTuple(const IntTuple &)> &f);
IntTuple
transform(const IntTuple &a, const IntTuple &b,
          const std::function<IntTuple(const IntTuple &, const IntTuple &)> &f);
IntTuple transformLeaf(const IntTuple &t,
                       const std::function<IntTuple(const IntTuple &)> &f);
IntTuple transformLeaf(
    const IntTuple &a, const IntTuple &b,
    const std::function<IntTuple(const IntTuple &, const IntTuple &)> &f);

// --- Reductions and arithmetic ---------------------------------------------

/// Product of all leaves (1 for an empty tuple). Leaves must be integers.
Int product(const IntTuple &t);
/// product of each top-level mode, as a tuple (or a leaf for a leaf).
IntTuple productEach(const IntTuple &t);
/// product_like(t, ref): product of the modes of t that match leaves in ref.
IntTuple productLike(const IntTuple &t, const IntTuple &ref);
Int sum(const IntTuple &t);
/// Sum of the leaf-wise products: the result may be a tuple when b holds
/// basis elements (crd * E<i> contributes to position i).
IntTuple innerProduct(const IntTuple &a, const IntTuple &b);
Int max(const IntTuple &t);
Int min(const IntTuple &t);

/// Index arithmetic over integers and basis tuples.
IntTuple addIndex(const IntTuple &a, const IntTuple &b);
IntTuple scaleIndex(const Int &c, const IntTuple &d);

IntTuple shapeDiv(const IntTuple &a, const IntTuple &b);
IntTuple shapeMod(const IntTuple &a, const IntTuple &b);
IntTuple ceilDiv(const IntTuple &a, const IntTuple &b);
IntTuple elemScale(const IntTuple &a, const IntTuple &b);
/// Exclusive prefix products of a tuple (CuTe's prefix_product).
IntTuple prefixProduct(const IntTuple &t, const IntTuple &init = Int(1));
/// Exclusive suffix products (used by compact row-major).
IntTuple suffixProduct(const IntTuple &t, const IntTuple &init = Int(1));

bool congruent(const IntTuple &a, const IntTuple &b);
bool weaklyCongruent(const IntTuple &a, const IntTuple &b);
/// compatible(a, b): sizes agree and each coordinate of a is a coordinate of
/// b. Dynamic sizes compare by expression identity.
bool compatible(const IntTuple &a, const IntTuple &b);
bool weaklyCompatible(const IntTuple &a, const IntTuple &b);

// --- Coordinates ------------------------------------------------------------

IntTuple crd2idx(const IntTuple &crd, const IntTuple &shape,
                 const IntTuple &stride);
Int crd2idx(const IntTuple &crd, const IntTuple &shape);
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape,
                 const IntTuple &stride);
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape);
/// Column-major (LayoutLeft) and row-major (LayoutRight) compact strides.
IntTuple compactColMajor(const IntTuple &shape, const Int &current = 1);
IntTuple compactRowMajor(const IntTuple &shape, const Int &current = 1);
/// make_basis_like(shape): E<i...> at every leaf position.
IntTuple makeBasisLike(const IntTuple &shape);

} // namespace cute::layout

#endif // CUTE_LAYOUT_INTTUPLE_H
