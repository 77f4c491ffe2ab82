//===- Assumptions.h - Run-time preconditions of the algebra ----*- C++ -*-===//
//
// With dynamic leaves, CuTe's algebra takes for granted divisibility facts
// that only the run-time values decide (the static computation checks them
// and fails). While a RecordAssumptions is alive on a thread, every such
// fact the algebra relies on is recorded as an Int condition over the
// operands' symbols (nonzero = holds) with its rule, so a caller can check
// it at run time (cute-expand-ops `debug-checks`). A condition that the
// values' known divisors (`?{div=N}`) decide is not recorded: a static true
// holds, a static false has already failed.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_ASSUMPTIONS_H
#define CUTE_LAYOUT_ASSUMPTIONS_H

#include "cute/Layout/Int.h"

#include <string>
#include <vector>

namespace cute::layout {

struct Assumption {
  Int holds;         ///< nonzero when the precondition holds
  std::string rule;  ///< e.g. "composition: the rhs stride ... must be ..."
  std::string where; ///< the operands, e.g. "lhs (?,8):(1,?), rhs 4:2"
};

/// Records the assumptions the algebra makes on this thread while alive
/// (scopes nest; the innermost records).
class RecordAssumptions {
public:
  RecordAssumptions();
  ~RecordAssumptions();
  RecordAssumptions(const RecordAssumptions &) = delete;
  RecordAssumptions &operator=(const RecordAssumptions &) = delete;
  const std::vector<Assumption> &assumptions() const { return list_; }

private:
  friend void assume(const Int &, std::string, std::string);
  std::vector<Assumption> list_;
  RecordAssumptions *outer_;
};

/// The algebra relies on `holds` (nonzero) without being able to check it
/// now; recorded if a RecordAssumptions is alive and `holds` is dynamic.
void assume(const Int &holds, std::string rule, std::string where);

} // namespace cute::layout

#endif // CUTE_LAYOUT_ASSUMPTIONS_H
