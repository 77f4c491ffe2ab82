//===- Expected.h - The one error type of cute-mlir -------------*- C++ -*-===//
//
// Every fallible call outside MLIR code (the layout library, the host runtime,
// the JIT) returns an Expected<T> or a Status (Expected<void>). An Error
// carries a category (ErrorCode), a human-readable message and, for driver
// failures, the raw CUresult. Errors cross library boundaries as values;
// nothing here throws. MLIR-free and header-mostly (errorCodeName and
// Error::str live in lib/Support).
//
//   Expected<Layout> l = parseLayout("(2,3):(1,2)", syms);
//   if (!l) return l.error().withContext("tiler");   // or l.message()
//
//   Status run() {
//     CUTE_ASSIGN_OR_RETURN(Context ctx, Context::create(0));
//     CUTE_TRY(ctx.synchronize());
//     return okStatus();
//   }
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SUPPORT_EXPECTED_H
#define CUTE_SUPPORT_EXPECTED_H

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace cute {

enum class ErrorCode {
  Ok = 0,
  InvalidArgument, ///< a caller-supplied value is wrong (checked on CPU).
  NotFound,        ///< a kernel / function / file does not exist.
  Io,              ///< reading or writing a file failed.
  Algebra,         ///< a layout-algebra precondition failed (or bad notation).
  Parse,           ///< source text (MLIR) could not be parsed.
  Compile,         ///< the compile pipeline (passes, ptxas) failed.
  Json,            ///< text is not valid JSON.
  Metadata,        ///< kernel metadata is malformed or of another schema.
  NoDriver,        ///< libcuda could not be loaded (no driver / no GPU).
  MissingSymbol,   ///< the loaded driver lacks an entry point we need.
  Cuda,            ///< a driver call returned an error.
  TensorMap,       ///< a TMA descriptor request is invalid.
};

/// "Ok", "InvalidArgument", "CudaError", "MetadataError", ...
const char *errorCodeName(ErrorCode c);

class Error {
public:
  /// No error (code Ok); only a successful Status holds one.
  Error() = default;
  Error(ErrorCode code, std::string message, int cudaResult = 0)
      : code_(code), message_(std::move(message)), cudaResult_(cudaResult) {}

  ErrorCode code() const { return code_; }
  const std::string &message() const { return message_; }
  /// The CUresult behind an ErrorCode::Cuda error, 0 otherwise.
  int cudaResult() const { return cudaResult_; }
  /// "<CodeName>: <message>".
  std::string str() const;

  /// Returns a copy whose message is prefixed by `context + ": "`.
  Error withContext(const std::string &context) const {
    return Error(code_, context + ": " + message_, cudaResult_);
  }

private:
  ErrorCode code_ = ErrorCode::Ok;
  std::string message_;
  int cudaResult_ = 0;
};

namespace detail {
/// value() of a failed Expected, or an Expected built from an Ok Error:
/// prints "cute: <what>: <error>" to stderr and aborts. A checked error in
/// every build (not undefined behaviour in release builds).
[[noreturn]] void misusedExpected(const char *what, const Error &e);
} // namespace detail

/// A value of type T or an Error. value() (and * and ->) on a failed one
/// aborts with the error's message, in release builds too.
template <class T> class [[nodiscard]] Expected {
public:
  Expected(T v) : val_(std::move(v)) {}
  /// Anything convertible to T (e.g. a string literal for Expected<string>).
  template <class U,
            std::enable_if_t<std::is_convertible_v<U &&, T> &&
                                 !std::is_same_v<std::decay_t<U>, T> &&
                                 !std::is_same_v<std::decay_t<U>, Error> &&
                                 !std::is_same_v<std::decay_t<U>, Expected>,
                             int> = 0>
  Expected(U &&v) : val_(T(std::forward<U>(v))) {}
  Expected(Error e) : err_(std::move(e)) {
    if (err_.code() == ErrorCode::Ok)
      detail::misusedExpected("Expected built from a non-error", err_);
  }

  bool ok() const { return val_.has_value(); }
  explicit operator bool() const { return ok(); }
  /// The error; an Ok Error on success.
  const Error &error() const { return err_; }
  /// The error's message; empty on success.
  const std::string &message() const { return err_.message(); }

  T &value() & {
    check();
    return *val_;
  }
  const T &value() const & {
    check();
    return *val_;
  }
  T &&value() && {
    check();
    return std::move(*val_);
  }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }
  T &&operator*() && { return std::move(*this).value(); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }

private:
  void check() const {
    if (!val_.has_value())
      detail::misusedExpected("value() of a failed Expected", err_);
  }

  std::optional<T> val_;
  Error err_;
};

/// Success, or an Error.
template <> class [[nodiscard]] Expected<void> {
public:
  Expected() = default;
  Expected(Error e) : err_(std::move(e)) {}

  bool ok() const { return err_.code() == ErrorCode::Ok; }
  explicit operator bool() const { return ok(); }
  const Error &error() const { return err_; }
  const std::string &message() const { return err_.message(); }

private:
  Error err_;
};

using Status = Expected<void>;

inline Status okStatus() { return Status(); }

} // namespace cute

#define CUTE_SUPPORT_CONCAT_(a, b) a##b
#define CUTE_SUPPORT_CONCAT(a, b) CUTE_SUPPORT_CONCAT_(a, b)

/// Returns the error of a failed Status/Expected from the enclosing function
/// (which returns a Status or any Expected<U>).
#define CUTE_TRY(expr)                                                         \
  do {                                                                         \
    auto &&cute_try_ = (expr);                                                 \
    if (!cute_try_.ok())                                                       \
      return cute_try_.error();                                                \
  } while (0)

/// `CUTE_ASSIGN_OR_RETURN(auto x, f());` binds the value of f() or returns
/// its error. `decl` may also be an existing lvalue (`CUTE_ASSIGN_OR_RETURN(
/// info.box, parseBox())`). Expands to several statements: do not use it as
/// the body of an unbraced if/for.
#define CUTE_ASSIGN_OR_RETURN(decl, expr)                                      \
  CUTE_ASSIGN_OR_RETURN_IMPL_(CUTE_SUPPORT_CONCAT(cute_assign_, __LINE__),     \
                              decl, expr)
// `tmp` and `decl` name or declare variables: they cannot be parenthesized.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define CUTE_ASSIGN_OR_RETURN_IMPL_(tmp, decl, expr)                           \
  auto tmp = (expr);                                                           \
  if (!tmp.ok())                                                               \
    return tmp.error();                                                        \
  decl = std::move(tmp).value()
// NOLINTEND(bugprone-macro-parentheses)

#endif // CUTE_SUPPORT_EXPECTED_H
