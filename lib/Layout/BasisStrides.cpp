//===- BasisStrides.cpp - complement and inverses of scaled-basis layouts
//--===//
//
// Layouts whose strides are scaled basis elements (`v@i`, CuTe's E<i> * v)
// map coordinates into a multi-dimensional codomain. CuTe C++ has no
// complement or inverse for them; CuTe IR (the dialect whose IR cute-opt
// accepts) defines them one codomain direction at a time, and these functions
// reproduce its results:
//
//  - The coprofile L(0) (for example `(0,0)` for `(4,3):(1@0,1@1)`) gives the
//    shape of the codomain; each of its leaves is a *bucket*: the modes whose
//    stride is a basis element at that path.
//  - Integer strides must be a static 0 (a broadcast, ignored); basis values
//    must be static.
//  - Within a bucket the modes are taken in order of increasing stride value
//    (stable among equal values), and the integer algorithm runs on the
//    values alone.
//  - The results are assembled in the shape of the coprofile.
//
// The bucket results use CuTe IR's coalescing rules (see foldCoalesce), which
// differ from CuTe C++'s coalesce in how size-1 modes are kept.
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"

#include <algorithm>
#include <map>

namespace cute::layout {

using namespace detail;

namespace {

/// One flat mode of a layout: a static extent and a static stride leaf (an
/// integer or a basis element).
struct FlatMode {
  int64_t shape;
  IntTuple stride;
};

/// One entry of a bucket: the stride value, the extent, and the prefix product
/// of the (coalesced) input shape at that mode.
struct Entry {
  int64_t value;
  int64_t shape;
  int64_t prefix;
};

using Path = std::vector<int>;

bool sameStaticLeaf(const IntTuple &a, const IntTuple &b) {
  if (a.getKind() != b.getKind() || !a.isLeaf() || a.isUnderscore())
    return false;
  if (a.isBasis() && a.basisModes() != b.basisModes())
    return false;
  return a.value().isStatic() && b.value().isStatic() &&
         a.value().value() == b.value().value();
}

/// CuTe IR's left-to-right coalescing fold: a size-1 mode is dropped when
/// another mode follows it, a mode whose stride continues the previous one is
/// merged into it, and a trailing size-1 mode is kept.
std::vector<FlatMode> foldCoalesce(const std::vector<FlatMode> &in) {
  std::vector<FlatMode> acc;
  for (const FlatMode &m : in) {
    while (!acc.empty() && acc.back().shape == 1)
      acc.pop_back();
    if (!acc.empty() &&
        sameStaticLeaf(m.stride,
                       scaleIndex(Int(acc.back().shape), acc.back().stride))) {
      acc.back().shape = checkedMul(acc.back().shape, m.shape);
      continue;
    }
    acc.push_back(m);
  }
  return acc;
}

Layout modesLayout(const std::vector<FlatMode> &modes) {
  std::vector<IntTuple> s, d;
  for (auto &m : modes) {
    s.push_back(IntTuple(m.shape));
    d.push_back(m.stride);
  }
  if (s.size() == 1)
    return rawLayout(s[0], d[0]);
  return rawLayout(IntTuple(std::move(s)), IntTuple(std::move(d)));
}

/// Integer modes (shape i, stride i) of one bucket.
std::vector<FlatMode> intModes(const std::vector<int64_t> &shape,
                               const std::vector<int64_t> &stride) {
  std::vector<FlatMode> r;
  for (size_t i = 0; i < shape.size(); ++i)
    r.push_back({shape[i], IntTuple(stride[i])});
  return r;
}

/// CuTe IR's coalesce_z: the fold, then unwrap.
Layout coalesceZ(const std::vector<FlatMode> &modes) {
  return modesLayout(foldCoalesce(modes));
}

/// CuTe IR's (PyCuTe's) coalesce: the fold, then a trailing size-1 mode is
/// dropped when other modes precede it, then unwrap.
Layout coalescePy(const std::vector<FlatMode> &modes) {
  std::vector<FlatMode> f = foldCoalesce(modes);
  if (f.size() > 1 && f.back().shape == 1)
    f.pop_back();
  if (f.empty())
    return trivialLayout();
  return modesLayout(f);
}

/// The integer strides of a bucket layout as basis elements at `path`.
Layout toBasis(const Layout &l, const Path &path) {
  return rawLayout(l.shape, transformLeaf(l.stride, [&](const IntTuple &d) {
                     return IntTuple::basis(d.value(), path);
                   }));
}

/// A layout shaped like `coprof`, with the layout `f(path)` at each leaf.
Layout assemble(const IntTuple &coprof, Path &path,
                const std::function<Layout(const Path &)> &f) {
  if (!coprof.isTuple())
    return f(path);
  std::vector<IntTuple> s, d;
  for (size_t i = 0; i < coprof.rank(); ++i) {
    path.push_back(int(i));
    Layout m = assemble(coprof[i], path, f);
    path.pop_back();
    s.push_back(m.shape);
    d.push_back(m.stride);
  }
  return rawLayout(IntTuple(std::move(s)), IntTuple(std::move(d)));
}

Layout assemble(const IntTuple &coprof,
                const std::function<Layout(const Path &)> &f) {
  Path p;
  return assemble(coprof, p, f);
}

/// The checks shared by the three functions and the flat modes of `l`.
/// Every stride leaf must be a basis element or a static integer 0, and every
/// value must be static.
std::vector<FlatMode> checkedFlatModes(const Layout &l, const char *op) {
  if (!l.shape.isStatic())
    opFail(op, "a layout with basis strides needs a static shape", l.str());
  std::vector<IntTuple> fs = flattenLeaves(l.shape),
                        fd = flattenLeaves(l.stride);
  if (fs.size() != fd.size())
    opFail(op, "shape and stride are not congruent", l.str());
  std::vector<FlatMode> r;
  for (size_t i = 0; i < fs.size(); ++i) {
    const IntTuple &d = fd[i];
    if (d.isInt() && !d.value().is(0))
      opFail(op,
             "basis strides cannot be mixed with integer strides other than a "
             "static 0",
             l.str());
    if (!d.isInt() && !d.isBasis())
      opFail(op, "invalid stride " + d.str(), l.str());
    if (!d.value().isStatic())
      opFail(op, "a layout with basis strides needs static strides", l.str());
    r.push_back({fs[i].value().value(), d});
  }
  return r;
}

/// The coprofile L(0): zeros shaped like the codomain. Conflicting basis
/// paths (`1@0` next to `1@0@0`) are rejected.
IntTuple basisCoprofile(const Layout &l, const char *op) {
  IntTuple sum(0);
  try {
    l.stride.forEachLeaf([&](const IntTuple &d) {
      if (d.isBasis())
        sum = addIndex(sum, IntTuple::basis(Int(1), d.basisModes()));
    });
  } catch (const AlgebraError &) {
    opFail(op, "the basis strides name conflicting codomain modes", l.str());
  }
  return repeatLike(asArithmeticTuple(sum), IntTuple(0));
}

/// Groups the modes by basis path; integer-0 and zero-valued strides are
/// dropped. Within a bucket, entries are sorted by value (stable).
std::map<Path, std::vector<Entry>>
bucketize(const std::vector<FlatMode> &modes,
          const std::vector<int64_t> &prefix) {
  std::map<Path, std::vector<Entry>> b;
  for (size_t i = 0; i < modes.size(); ++i) {
    const IntTuple &d = modes[i].stride;
    if (!d.isBasis())
      continue;
    b[d.basisModes()].push_back(
        {d.value().value(), modes[i].shape, prefix.empty() ? 0 : prefix[i]});
  }
  for (auto &[p, v] : b)
    std::stable_sort(v.begin(), v.end(), [](const Entry &x, const Entry &y) {
      return x.value < y.value;
    });
  return b;
}

std::vector<int64_t> prefixProductsOf(const std::vector<FlatMode> &modes) {
  std::vector<int64_t> r;
  int64_t p = 1;
  for (auto &m : modes) {
    r.push_back(p);
    p = checkedMul(p, m.shape);
  }
  return r;
}

} // namespace

namespace detail {

bool isBasisStrideLayout(const Layout &l) {
  bool basis = false, others = false;
  l.stride.forEachLeaf([&](const IntTuple &d) {
    basis |= d.isBasis();
    others |= !d.isBasis() && !(d.isInt() && d.value().is(0));
  });
  return basis && !others;
}

Layout basisComplement(const Layout &l) {
  const char *op = "complement";
  std::vector<FlatMode> modes = checkedFlatModes(l, op);
  IntTuple coprof = basisCoprofile(l, op);
  auto buckets = bucketize(modes, {});
  return assemble(coprof, [&](const Path &p) {
    std::vector<int64_t> s, d{1};
    auto it = buckets.find(p);
    if (it != buckets.end())
      for (const Entry &e : it->second) {
        if (e.value == 0 || e.shape == 1)
          continue;
        if (e.value < d.back())
          opFail(op, "the layout is not injective", l.str());
        s.push_back(e.value / d.back());
        d.push_back(checkedMul(e.value, e.shape));
      }
    if (s.empty())
      return toBasis(rawLayout(IntTuple(1), IntTuple(1)), p);
    s.push_back(1);
    return toBasis(coalesceZ(intModes(s, d)), p);
  });
}

Layout basisComplementExtend(const Layout &l, const IntTuple &cotarget) {
  const char *op = "complement";
  if (!cotarget.isStatic())
    opFail(op, "a basis-stride complement needs a static cotarget",
           "layout " + l.str() + ", cotarget " + cotarget.str());
  Layout c = basisComplement(l);
  IntTuple coprof = basisCoprofile(l, op);
  IntTuple basisLike = makeBasisLike(cotarget);
  std::string operands = "layout " + l.str() + ", cotarget " + cotarget.str();

  // Extends one bucket (cs : cd, integer-valued basis strides at one path) so
  // that it covers the cotarget mode `ext`: the last mode becomes
  // ceil_div(ext, running cosize) leaf by leaf, with prefix-product strides.
  auto extendBucket = [&](const IntTuple &cs, const IntTuple &cd,
                          const IntTuple &ext) -> Layout {
    std::vector<IntTuple> fs = flattenLeaves(cs), fd = flattenLeaves(cd);
    const IntTuple &last = fd.back();
    Path path = last.isBasis() ? last.basisModes() : Path{};
    int64_t sizeC = last.value().value();
    if (sizeC <= 0)
      opFail(op,
             "cannot extend the complement bucket " + cs.str() + ":" + cd.str(),
             operands);
    std::vector<FlatMode> modes;
    for (size_t i = 0; i + 1 < fs.size(); ++i)
      modes.push_back({fs[i].value().value(), fd[i]});
    int64_t stride = sizeC;
    for (const IntTuple &sa : flattenLeaves(ext)) {
      int64_t s = sa.value().value();
      if (s <= 0)
        opFail(op, "the cotarget must have positive extents", operands);
      int64_t r = (s + sizeC - 1) / sizeC;
      modes.push_back({r, IntTuple::basis(Int(stride), path)});
      stride = checkedMul(stride, r);
      sizeC = (sizeC + s - 1) / s;
    }
    return coalescePy(modes);
  };

  // Walks the coprofile and the cotarget together. Coprofile modes beyond the
  // cotarget are an error; cotarget modes beyond the coprofile are untouched
  // directions and keep their full extent.
  std::function<Layout(const IntTuple &, const IntTuple &, const IntTuple &,
                       const IntTuple &, const IntTuple &)>
      walk = [&](const IntTuple &cp, const IntTuple &cs, const IntTuple &cd,
                 const IntTuple &ext, const IntTuple &bl) -> Layout {
    if (!cp.isTuple())
      return extendBucket(cs, cd, ext);
    size_t extRank = ext.isTuple() ? ext.rank() : 1;
    if (cp.rank() > extRank)
      opFail(op, "the cotarget has fewer modes than the codomain of the layout",
             operands);
    std::vector<Layout> modes;
    for (size_t i = 0; i < extRank; ++i) {
      const IntTuple &e = ext.isTuple() ? ext[i] : ext;
      const IntTuple &b = bl.isTuple() ? bl[i] : bl;
      if (i < cp.rank())
        modes.push_back(walk(cp[i], cs[i], cd[i], e, b));
      else
        modes.push_back(rawLayout(e, b));
    }
    return makeLayout(modes);
  };
  return walk(coprof, c.shape, c.stride, cotarget, basisLike);
}

Layout basisRightInverse(const Layout &l) {
  const char *op = "right_inverse";
  std::vector<FlatMode> modes = foldCoalesce(checkedFlatModes(l, op));
  IntTuple coprof = basisCoprofile(l, op);
  auto buckets = bucketize(modes, prefixProductsOf(modes));
  return assemble(coprof, [&](const Path &p) {
    std::vector<int64_t> s, d;
    int64_t curr = 1;
    auto it = buckets.find(p);
    if (it != buckets.end())
      for (const Entry &e : it->second) {
        if (e.value == 0 || e.shape == 1 || e.value != curr)
          continue;
        s.push_back(e.shape);
        d.push_back(e.prefix);
        curr = checkedMul(e.shape, e.value);
      }
    if (s.empty())
      return trivialLayout();
    return coalescePy(intModes(s, d));
  });
}

Layout basisLeftInverse(const Layout &l) {
  const char *op = "left_inverse";
  std::vector<FlatMode> modes = foldCoalesce(checkedFlatModes(l, op));
  IntTuple coprof = basisCoprofile(l, op);
  auto buckets = bucketize(modes, prefixProductsOf(modes));
  return assemble(coprof, [&](const Path &p) {
    std::vector<int64_t> s{1}, d{0};
    int64_t curr = 1;
    auto it = buckets.find(p);
    if (it != buckets.end())
      for (const Entry &e : it->second) {
        if (e.value == 0 || e.shape == 1)
          continue;
        if (e.value < 0 || e.value % curr != 0)
          opFail(op,
                 "the layout is not injective: stride " +
                     std::to_string(e.value) + " is not a multiple of " +
                     std::to_string(curr),
                 l.str());
        s.back() = e.value / curr;
        curr = e.value;
        s.push_back(e.shape);
        d.push_back(e.prefix);
      }
    return coalesceZ(intModes(s, d));
  });
}

} // namespace detail

} // namespace cute::layout
