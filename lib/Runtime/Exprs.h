//===- Exprs.h - Metadata expressions evaluated from arguments --*- C++ -*-===//
//
// Internal to lib/Runtime: the view checks (Views.cpp) and derived TMA
// descriptors (DerivedTma.cpp) evaluate the metadata's expressions over
// integer scalar arguments the same way, in overflow-checked 64-bit
// arithmetic.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_RUNTIME_EXPRS_H
#define CUTE_LIB_RUNTIME_EXPRS_H

#include "cute/Runtime/Launch.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cute::rt::detail {

/// The value of integer scalar argument `i` as int64_t; std::nullopt when
/// it is not one or an unsigned value above INT64_MAX.
std::optional<int64_t> argValue(const KernelInfo &info, const KernelArgs &args,
                                size_t i);

/// What evaluating an expression gives: its value, or why there is none.
struct Eval {
  bool ok = true;
  int64_t v = 0;
  std::string why; ///< when !ok
};

Eval evaluate(const OffsetExpr &e, const KernelInfo &info,
              const KernelArgs &args);

/// "rows = 65536, cols = 65536": the params `e` reads, in order, once.
std::string paramValues(const OffsetExpr &e, const KernelInfo &info,
                        const KernelArgs &args);

/// One argument per param that is not derived (KernelInfo::userParamCount);
/// the error gives both counts and names the params.
Status checkArgCount(const KernelInfo &info, const KernelArgs &args);

} // namespace cute::rt::detail

#endif // CUTE_LIB_RUNTIME_EXPRS_H
