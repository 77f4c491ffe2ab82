//===- Expected.h - Error-returning entry points to the algebra -*- C++ -*-===//
//
// Why the algebra uses exceptions internally: it is deep and recursive
// (composition, complement, divide and product call each other on nested
// tuples), and almost every step has a precondition (divisibility, stride
// agreement, overflow, static-only operations). Returning an error value
// from each of those steps would put plumbing on every line. Instead a
// violated precondition raises AlgebraError (`fail`), and every entry point
// that code outside the library calls goes through `guard`, which turns it
// into an Error{ErrorCode::Algebra} value. No exception ever crosses into
// MLIR or LLVM code, which is built without exceptions; the layout library
// itself is built with -fexceptions (lib/Layout/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_EXPECTED_H
#define CUTE_LAYOUT_EXPECTED_H

#include "cute/Layout/Int.h"
#include "cute/Support/Expected.h"

#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace cute::layout {

// The one error type (cute/Support/Expected.h), visible to code that says
// `using namespace ::cute::layout` (the dialect, the conversions).
using ::cute::Error;
using ::cute::ErrorCode;
using ::cute::Expected;

/// An Error{Algebra} with `message`.
inline Error algebraError(std::string message) {
  return Error(ErrorCode::Algebra, std::move(message));
}

/// Runs `f` and returns its result, or an Error{Algebra} carrying the
/// AlgebraError's message. Other exceptions (bugs) propagate.
template <class F> auto guard(F &&f) -> Expected<decltype(f())> {
  using R = decltype(f());
  try {
    if constexpr (std::is_void_v<R>) {
      f();
      return Expected<void>();
    } else {
      return Expected<R>(f());
    }
  } catch (const AlgebraError &e) {
    return algebraError(e.what());
  } catch (const std::bad_alloc &) {
    return algebraError("out of memory in the layout algebra");
  }
}

} // namespace cute::layout

#endif // CUTE_LAYOUT_EXPECTED_H
