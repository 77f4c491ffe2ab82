//===- Expected.cpp - The one error type of cute-mlir ---------------------===//
#include "cute/Support/Expected.h"

#include <cstdio>
#include <cstdlib>

namespace cute {

const char *errorCodeName(ErrorCode c) {
  switch (c) {
  case ErrorCode::Ok:
    return "Ok";
  case ErrorCode::InvalidArgument:
    return "InvalidArgument";
  case ErrorCode::NotFound:
    return "NotFound";
  case ErrorCode::Io:
    return "IoError";
  case ErrorCode::Algebra:
    return "AlgebraError";
  case ErrorCode::Parse:
    return "ParseError";
  case ErrorCode::Compile:
    return "CompileError";
  case ErrorCode::Json:
    return "JsonError";
  case ErrorCode::Metadata:
    return "MetadataError";
  case ErrorCode::NoDriver:
    return "NoDriver";
  case ErrorCode::MissingSymbol:
    return "MissingSymbol";
  case ErrorCode::Cuda:
    return "CudaError";
  case ErrorCode::TensorMap:
    return "TensorMapError";
  }
  return "Unknown";
}

void detail::misusedExpected(const char *what, const Error &e) {
  std::fprintf(stderr, "cute: %s: %s\n", what, e.str().c_str());
  std::fflush(stderr);
  std::abort();
}

std::string Error::str() const {
  return std::string(errorCodeName(code_)) + ": " + message_;
}

} // namespace cute
