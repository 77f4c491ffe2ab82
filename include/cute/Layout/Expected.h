//===- Expected.h - Error-returning entry points to the algebra -*- C++ -*-===//
//
// The algebra raises AlgebraError internally. Code outside the library (the
// dialect, passes, the runtime) calls it through `guard`, which turns an
// error into a value carrying the message, so no exception ever crosses into
// MLIR or LLVM code (which is built without exceptions).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_EXPECTED_H
#define CUTE_LAYOUT_EXPECTED_H

#include "cute/Layout/Int.h"

#include <optional>
#include <string>
#include <utility>

namespace cute::layout {

template <class T> class Expected {
public:
  Expected(T v) : val(std::move(v)) {}
  static Expected error(std::string msg) {
    Expected e;
    e.msg = std::move(msg);
    return e;
  }
  explicit operator bool() const { return val.has_value(); }
  T &operator*() { return *val; }
  const T &operator*() const { return *val; }
  T *operator->() { return &*val; }
  const T *operator->() const { return &*val; }
  const std::string &message() const { return msg; }

private:
  Expected() = default;
  std::optional<T> val;
  std::string msg;
};

/// Runs `f` and returns its result, or the AlgebraError's message.
template <class F> auto guard(F &&f) -> Expected<decltype(f())> {
  using R = decltype(f());
  try {
    return Expected<R>(f());
  } catch (const AlgebraError &e) {
    return Expected<R>::error(e.what());
  } catch (const std::bad_alloc &) {
    return Expected<R>::error("out of memory in the layout algebra");
  }
}

} // namespace cute::layout

#endif // CUTE_LAYOUT_EXPECTED_H
