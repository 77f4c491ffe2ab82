//===- Error.h - Error values of the host runtime ---------------*- C++ -*-===//
//
// The runtime never throws: every fallible call returns a Status or a
// Result<T>. An Error carries a category, a human-readable message (which
// names the CUDA error and the kernel where relevant) and the raw CUresult.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_ERROR_H
#define CUTE_RUNTIME_ERROR_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace cute::rt {

enum class ErrorCode {
  Ok = 0,
  NoDriver,        ///< libcuda could not be loaded (no driver / no GPU).
  MissingSymbol,   ///< the loaded driver lacks an entry point we need.
  Cuda,            ///< a driver call returned an error.
  InvalidArgument, ///< a caller-supplied value is wrong (checked on CPU).
  Metadata,        ///< kernel metadata is malformed.
  Json,            ///< the metadata text is not valid JSON.
  TensorMap,       ///< a TMA descriptor request is invalid.
  NotFound,        ///< a kernel / function / file does not exist.
  Io,              ///< reading a file failed.
};

const char *errorCodeName(ErrorCode c);

class Error {
public:
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

/// A value of type T or an Error.
template <class T> class [[nodiscard]] Result {
public:
  Result(T v) : val_(std::move(v)) {}
  Result(Error e) : err_(std::move(e)) {
    assert(err_.code() != ErrorCode::Ok && "Result built from a non-error");
  }

  bool ok() const { return val_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error &error() const { return err_; }

  T &value() & {
    assert(ok());
    return *val_;
  }
  const T &value() const & {
    assert(ok());
    return *val_;
  }
  T &&value() && {
    assert(ok());
    return std::move(*val_);
  }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }
  T &&operator*() && { return std::move(*this).value(); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }

private:
  std::optional<T> val_;
  Error err_;
};

/// Success, or an Error.
template <> class [[nodiscard]] Result<void> {
public:
  Result() = default;
  Result(Error e) : err_(std::move(e)) {}

  bool ok() const { return err_.code() == ErrorCode::Ok; }
  explicit operator bool() const { return ok(); }
  const Error &error() const { return err_; }

private:
  Error err_;
};

using Status = Result<void>;

inline Status okStatus() { return Status(); }

} // namespace cute::rt

/// Returns the error of a failed Status/Result from the enclosing function.
#define CUTE_RT_TRY(expr)                                                      \
  do {                                                                         \
    auto &&cute_rt_try_ = (expr);                                              \
    if (!cute_rt_try_.ok())                                                    \
      return cute_rt_try_.error();                                             \
  } while (0)

#define CUTE_RT_CONCAT_(a, b) a##b
#define CUTE_RT_CONCAT(a, b) CUTE_RT_CONCAT_(a, b)
/// `CUTE_RT_ASSIGN(auto x, f());` binds the value of f() or returns its error.
#define CUTE_RT_ASSIGN(decl, expr)                                             \
  CUTE_RT_ASSIGN_IMPL_(CUTE_RT_CONCAT(cute_rt_res_, __LINE__), decl, expr)
#define CUTE_RT_ASSIGN_IMPL_(tmp, decl, expr)                                  \
  auto tmp = (expr);                                                           \
  if (!tmp.ok())                                                               \
    return tmp.error();                                                        \
  decl = std::move(tmp).value()

#endif // CUTE_RUNTIME_ERROR_H
