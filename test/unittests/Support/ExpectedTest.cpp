//===- ExpectedTest.cpp - The one error type ------------------------------===//
#include "cute/Support/Expected.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

using namespace cute;

namespace {

Expected<int> half(int x) {
  if (x % 2)
    return Error(ErrorCode::InvalidArgument, std::to_string(x) + " is odd");
  return x / 2;
}

Expected<int> quarter(int x) {
  CUTE_ASSIGN_OR_RETURN(int h, half(x));
  CUTE_ASSIGN_OR_RETURN(h, half(h)); // assigns to an existing variable
  return h;
}

Status checkEven(int x) {
  CUTE_TRY(half(x));
  return okStatus();
}

Expected<std::string> name(bool ok) {
  if (!ok)
    return Error(ErrorCode::NotFound, "no name");
  return "literal"; // converts to std::string
}

} // namespace

TEST(SupportExpected, ValueAndError) {
  Expected<int> v = half(8);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(bool(v));
  EXPECT_EQ(*v, 4);
  EXPECT_EQ(v.value(), 4);
  EXPECT_EQ(v.error().code(), ErrorCode::Ok);
  EXPECT_EQ(v.message(), "");

  Expected<int> e = half(7);
  ASSERT_FALSE(e.ok());
  EXPECT_FALSE(bool(e));
  EXPECT_EQ(e.error().code(), ErrorCode::InvalidArgument);
  EXPECT_EQ(e.message(), "7 is odd");
  EXPECT_EQ(e.error().str(), "InvalidArgument: 7 is odd");
}

TEST(SupportExpected, MacrosPropagate) {
  EXPECT_EQ(*quarter(12), 3);
  Expected<int> q = quarter(6);
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(q.message(), "3 is odd");
  EXPECT_TRUE(checkEven(2).ok());
  Status s = checkEven(3);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
  EXPECT_EQ(s.message(), "3 is odd");
}

TEST(SupportExpected, StatusDefaultsToSuccess) {
  Status ok;
  EXPECT_TRUE(ok.ok());
  EXPECT_TRUE(okStatus().ok());
  EXPECT_EQ(ok.error().code(), ErrorCode::Ok);
}

TEST(SupportExpected, MoveOnlyValuesAndArrow) {
  Expected<std::unique_ptr<int>> p = std::make_unique<int>(5);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(**p, 5);
  std::unique_ptr<int> taken = std::move(p).value();
  EXPECT_EQ(*taken, 5);
  Expected<std::string> n = name(true);
  EXPECT_EQ(n->size(), 7u);
  EXPECT_EQ(name(false).error().code(), ErrorCode::NotFound);
}

TEST(SupportExpected, ErrorContextAndCudaResult) {
  Error e(ErrorCode::Cuda, "cuLaunchKernel failed", 719);
  Error c = e.withContext("kernel add_f32");
  EXPECT_EQ(c.code(), ErrorCode::Cuda);
  EXPECT_EQ(c.cudaResult(), 719);
  EXPECT_EQ(c.message(), "kernel add_f32: cuLaunchKernel failed");
  EXPECT_EQ(c.str(), "CudaError: kernel add_f32: cuLaunchKernel failed");
  EXPECT_EQ(Error(ErrorCode::Io, "x").cudaResult(), 0);
}

TEST(SupportExpected, EveryCodeHasADistinctName) {
  std::set<std::string> names;
  const ErrorCode codes[] = {ErrorCode::Ok,
                             ErrorCode::InvalidArgument,
                             ErrorCode::NotFound,
                             ErrorCode::Io,
                             ErrorCode::Algebra,
                             ErrorCode::Parse,
                             ErrorCode::Compile,
                             ErrorCode::Json,
                             ErrorCode::Metadata,
                             ErrorCode::NoDriver,
                             ErrorCode::MissingSymbol,
                             ErrorCode::Cuda,
                             ErrorCode::TensorMap};
  for (ErrorCode c : codes) {
    std::string n = errorCodeName(c);
    EXPECT_NE(n, "Unknown");
    EXPECT_TRUE(names.insert(n).second) << n;
  }
}

TEST(SupportKernelMetadataSchema, KeysAreDistinctPerObject) {
  auto distinct = [](auto &keys) {
    std::set<std::string> s(std::begin(keys), std::end(keys));
    return s.size() == std::size(keys);
  };
  EXPECT_TRUE(distinct(metadata::kDocumentKeys));
  EXPECT_TRUE(distinct(metadata::kKernelKeys));
  EXPECT_TRUE(distinct(metadata::kParamKeys));
  EXPECT_TRUE(distinct(metadata::kTmaKeys));
  EXPECT_TRUE(distinct(metadata::kViewKeys));
  EXPECT_TRUE(distinct(metadata::kExprOps));
  EXPECT_GE(metadata::kSchemaVersion, 1);
  EXPECT_EQ(metadata::artifactStem("kernels", "sm_90a") +
                metadata::kMetadataExtension,
            "kernels.sm_90a.json");
}

// value() (and * / ->) of a failed Expected aborts with the error, in
// release builds too: a checked error, not undefined behaviour (the tests
// run in the Release configuration, where assert() is compiled out).
TEST(SupportExpectedDeathTest, ValueOfAFailureAbortsWithItsMessage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  Expected<int> bad = Error(ErrorCode::NotFound, "no kernel 'gemm'");
  EXPECT_DEATH((void)bad.value(),
               "cute: value\\(\\) of a failed Expected: NotFound: no kernel "
               "'gemm'");
  EXPECT_DEATH((void)*bad, "value\\(\\) of a failed Expected");
  Expected<std::string> badStr = Error(ErrorCode::Io, "disk full");
  EXPECT_DEATH((void)badStr->size(), "IoError: disk full");
  EXPECT_DEATH((void)std::move(badStr).value(), "IoError: disk full");
  EXPECT_DEATH(Expected<int>{Error()},
               "cute: Expected built from a non-error: Ok: ");
  Expected<int> good = 7;
  EXPECT_EQ(good.value(), 7);
}
