//===- DriverTest.cpp - Behaviour without a CUDA driver -------------------===//
#include "cute/Runtime/Runtime.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace cute;
using namespace cute::rt;

TEST(RuntimeDriver, MissingLibraryIsNoDriverError) {
  auto d = Driver::load("libcuda-does-not-exist.so");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().code(), ErrorCode::NoDriver);
  const std::string &m = d.error().message();
  EXPECT_NE(m.find("no CUDA driver"), std::string::npos) << m;
  EXPECT_NE(m.find("libcuda-does-not-exist.so"), std::string::npos) << m;
  EXPECT_NE(m.find("CUTE_RT_LIBCUDA"), std::string::npos) << m;
}

TEST(RuntimeDriver, LibraryWithoutCudaSymbolsIsMissingSymbolError) {
  // libc loads fine but has no cu* entry points.
  auto d = Driver::load("libc.so.6");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().code(), ErrorCode::MissingSymbol);
  // Versioned names, as cuda.h maps them.
  EXPECT_NE(d.error().message().find("cuMemAlloc_v2"), std::string::npos)
      << d.error().message();
  EXPECT_NE(d.error().message().find("cuEventElapsedTime_v2"),
            std::string::npos);
}

TEST(RuntimeDriver, ContextCreationFailsCleanlyWithoutDriver) {
  auto d = Driver::get();
  if (d.ok())
    GTEST_SKIP() << "a CUDA driver is present; the no-driver path is covered "
                    "by MissingLibraryIsNoDriverError";
  auto c = Context::create(0);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().code(), d.error().code());
  EXPECT_EQ(c.error().message(), d.error().message());
}

TEST(RuntimeDriver, EmptyObjectsReportMisuse) {
  Context c;
  EXPECT_FALSE(c.valid());
  auto s = c.makeCurrent();
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
  Module m;
  auto f = m.function("k");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error().code(), ErrorCode::InvalidArgument);
  DeviceBuffer b;
  int x = 0;
  EXPECT_FALSE(b.copyToHost(&x, sizeof(x)).ok());
  EXPECT_FALSE(b.poison().ok());
}

namespace {
Expected<int> half(int x) {
  if (x % 2)
    return Error(ErrorCode::InvalidArgument, "odd");
  return x / 2;
}
Expected<int> quarter(int x) {
  CUTE_ASSIGN_OR_RETURN(int h, half(x));
  CUTE_ASSIGN_OR_RETURN(int q, half(h));
  return q;
}
Status checkEven(int x) {
  CUTE_TRY(half(x));
  return okStatus();
}
} // namespace

TEST(RuntimeError, ResultAndMacros) {
  EXPECT_EQ(*quarter(8), 2);
  auto r = quarter(6);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message(), "odd");
  EXPECT_EQ(r.error().str(), "InvalidArgument: odd");
  EXPECT_TRUE(checkEven(2).ok());
  EXPECT_FALSE(checkEven(3).ok());
  EXPECT_EQ(r.error().withContext("ctx").message(), "ctx: odd");
}
