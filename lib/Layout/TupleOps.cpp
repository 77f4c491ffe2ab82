//===- TupleOps.cpp - Mode operations on plain tuples ---------------------===//
//
// The dialect applies slice, dice, group_modes and select to shapes, strides
// and coordinates too; these reuse the layout versions on (t : t).
//
//===----------------------------------------------------------------------===//
#include "LayoutDetail.h"

namespace cute::layout {

IntTuple sliceIntTuple(const IntTuple &crd, const IntTuple &t) {
  return detail::sliceTuple(crd, t);
}

IntTuple diceIntTuple(const IntTuple &crd, const IntTuple &t) {
  return detail::diceTuple(crd, t);
}

IntTuple groupModes(const IntTuple &t, size_t b, size_t e) {
  return groupModes(detail::rawLayout(t, t), b, e).shape;
}

IntTuple selectModes(const IntTuple &t, const std::vector<int> &modes) {
  return select(detail::rawLayout(t, t), modes).shape;
}

IntTuple tileShape(const Tile &t) {
  if (t.isUnderscore())
    fail("the shape of a tiler is undefined for a `_` mode");
  if (t.isLayout())
    return t.layout.shape;
  std::vector<IntTuple> r;
  for (auto &e : t.elems)
    r.push_back(tileShape(e));
  return IntTuple(std::move(r));
}

} // namespace cute::layout
