//===- Views.cpp - Offset-width checks of a launch's tensors --------------===//
//
// The metadata's "views" (cute/Support/KernelMetadataSchema.h) give, for a
// pointer, the largest offset the kernel computes in 32 bits as an
// expression over its integer scalar parameters. Here it is evaluated from
// the actual arguments, in overflow-checked 64-bit arithmetic.
//
//===----------------------------------------------------------------------===//
#include "Exprs.h"
#include "Integers.h"
#include "cute/Runtime/Launch.h"

#include <cstdint>

namespace cute::rt {

namespace {

Error viewError(const KernelInfo &info, size_t i, const std::string &msg) {
  return Error(ErrorCode::InvalidArgument,
               "kernel '" + info.name + "': argument " + std::to_string(i) +
                   " ('" + info.params[i].name + "'): " + msg);
}

} // namespace

namespace detail {

/// The value of integer scalar argument `i` as int64_t; std::nullopt when
/// it is not one (validateArgs checked kinds and sizes before) or an
/// unsigned value above INT64_MAX.
std::optional<int64_t> argValue(const KernelInfo &info, const KernelArgs &args,
                                size_t i) {
  if (i >= info.params.size() || i >= args.size() || !info.params[i].elem)
    return std::nullopt;
  const KernelArgs::Arg &a = args[i];
  std::optional<detail::Integer> v =
      detail::readInteger(a.data, a.bytes, *info.params[i].elem);
  if (!v)
    return std::nullopt;
  if (v->isSigned)
    return v->s;
  if (v->u > uint64_t(INT64_MAX))
    return std::nullopt;
  return int64_t(v->u);
}

Eval evaluate(const OffsetExpr &e, const KernelInfo &info,
              const KernelArgs &args) {
  switch (e.op) {
  case OffsetExpr::Op::Const:
    return {true, e.value, ""};
  case OffsetExpr::Op::Param: {
    std::optional<int64_t> v = argValue(info, args, size_t(e.value));
    if (!v)
      return {false, 0,
              "param " + e.str(info) + " is not an integer below 2^63"};
    return {true, *v, ""};
  }
  case OffsetExpr::Op::Abs: {
    Eval x = evaluate(e.ops.front(), info, args);
    if (!x.ok)
      return x;
    if (x.v == INT64_MIN)
      return {false, 0, "it overflows 64-bit arithmetic"};
    return {true, x.v < 0 ? -x.v : x.v, ""};
  }
  case OffsetExpr::Op::Div: {
    Eval a = evaluate(e.ops[0], info, args);
    if (!a.ok)
      return a;
    Eval b = evaluate(e.ops[1], info, args);
    if (!b.ok)
      return b;
    if (b.v == 0)
      return {false, 0, "it divides by zero (" + e.str(info) + ")"};
    if (a.v == INT64_MIN && b.v == -1)
      return {false, 0, "it overflows 64-bit arithmetic"};
    return {true, a.v / b.v, ""};
  }
  case OffsetExpr::Op::Add:
  case OffsetExpr::Op::Mul: {
    bool add = e.op == OffsetExpr::Op::Add;
    int64_t acc = add ? 0 : 1;
    for (const OffsetExpr &o : e.ops) {
      Eval x = evaluate(o, info, args);
      if (!x.ok)
        return x;
      if (add ? __builtin_add_overflow(acc, x.v, &acc)
              : __builtin_mul_overflow(acc, x.v, &acc))
        return {false, 0, "it overflows 64-bit arithmetic"};
    }
    return {true, acc, ""};
  }
  }
  return {false, 0, "unknown operation"};
}

/// "rows = 65536, cols = 65536": the params `e` reads, in order, once.
static void paramValues(const OffsetExpr &e, const KernelInfo &info,
                        const KernelArgs &args, std::vector<int64_t> &seen,
                        std::string &out) {
  if (e.op == OffsetExpr::Op::Param) {
    for (int64_t s : seen)
      if (s == e.value)
        return;
    seen.push_back(e.value);
    std::optional<int64_t> v = argValue(info, args, size_t(e.value));
    out += (out.empty() ? "" : ", ") + e.str(info) + " = " +
           (v ? std::to_string(*v) : std::string("?"));
    return;
  }
  for (const OffsetExpr &o : e.ops)
    paramValues(o, info, args, seen, out);
}

std::string paramValues(const OffsetExpr &e, const KernelInfo &info,
                        const KernelArgs &args) {
  std::vector<int64_t> seen;
  std::string out;
  paramValues(e, info, args, seen, out);
  return out;
}

} // namespace detail

using detail::Eval;
using detail::evaluate;
using detail::paramValues;

Status checkViews(const KernelInfo &info, const KernelArgs &args) {
  for (size_t i = 0; i < info.params.size(); ++i) {
    for (const ViewInfo &view : info.params[i].views) {
      bool empty = false;
      for (const OffsetExpr &extent : view.extents) {
        Eval x = evaluate(extent, info, args);
        if (!x.ok)
          return viewError(info, i,
                           "cannot evaluate the extent " + extent.str(info) +
                               " of its tensor: " + x.why);
        if (x.v < 0)
          return viewError(info, i,
                           "its tensor has the negative extent " +
                               extent.str(info) + " = " + std::to_string(x.v));
        empty |= x.v == 0;
      }
      // An empty tensor has no offsets to overflow.
      if (empty)
        continue;
      const int64_t limit =
          view.bits >= 64 ? INT64_MAX : (int64_t(1) << (view.bits - 1)) - 1;
      Eval x = evaluate(view.maxOffset, info, args);
      if (x.ok && x.v <= limit)
        continue;
      std::string bits = std::to_string(view.bits);
      std::string values = paramValues(view.maxOffset, info, args);
      return viewError(
          info, i,
          "the largest element offset of its tensor, " +
              view.maxOffset.str(info) + " = " +
              (x.ok ? std::to_string(x.v) : "? (" + x.why + ")") +
              (values.empty() ? "" : " with " + values) +
              ", does not fit the kernel's " + bits + "-bit offsets (at most " +
              std::to_string(limit) +
              "); declare the tensor's strides ?{i64} (the stride of its "
              "slowest mode at least) and recompile, or launch on a "
              "smaller tensor");
    }
  }
  return okStatus();
}

} // namespace cute::rt
