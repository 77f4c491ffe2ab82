//===- Assumptions.cpp - Run-time preconditions of the algebra ------------===//
#include "cute/Layout/Assumptions.h"

namespace cute::layout {

static thread_local RecordAssumptions *current = nullptr;

RecordAssumptions::RecordAssumptions() : outer_(current) { current = this; }
RecordAssumptions::~RecordAssumptions() { current = outer_; }

void assume(const Int &holds, std::string rule, std::string where) {
  if (!current || holds.isStatic())
    return;
  current->list_.push_back({holds, std::move(rule), std::move(where)});
}

} // namespace cute::layout
