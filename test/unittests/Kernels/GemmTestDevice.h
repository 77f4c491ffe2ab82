//===- GemmTestDevice.h - What the kernel library's tests share --*- C++
//-*-===//
//
// One context, stream and cute::kernels::Gemm for a whole test binary, on
// the device CUTE_DEVICE names (ctest sets emu:sm_90a or emu:sm_100a; on
// a GPU machine unset, the GPU), the epilogue activations in double for
// the CPU references, and the checks that bad calls are rejected.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TEST_UNITTESTS_KERNELS_GEMMTESTDEVICE_H
#define CUTE_TEST_UNITTESTS_KERNELS_GEMMTESTDEVICE_H

#include "cute/Kernels/Gemm.h"

#include <gtest/gtest.h>

#include "cute/Runtime/Memory.h"
#include "cute/Support/NarrowFloat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace cute::kernels::gemm_test {

struct TestDevice {
  rt::Context ctx;
  rt::Stream stream;
  Gemm gemm;
};

/// Created on first use, kept for the process (the library's module and
/// its tuning state stay loaded across tests).
inline TestDevice &testDevice() {
  static TestDevice *d = [] {
    auto ctx = rt::Context::create();
    EXPECT_TRUE(ctx.ok()) << ctx.message();
    auto stream = rt::Stream::create(*ctx);
    EXPECT_TRUE(stream.ok()) << stream.message();
    auto g = Gemm::create(*ctx);
    EXPECT_TRUE(g.ok()) << g.message();
    return new TestDevice{*ctx, std::move(*stream), std::move(*g)};
  }();
  return *d;
}

/// 1 MiB of device memory for the operands of calls the library rejects
/// before launching (never read).
inline CUdeviceptr scratch() {
  static rt::DeviceBuffer *b = [] {
    auto buf = rt::DeviceBuffer::allocate(testDevice().ctx, 1 << 20);
    EXPECT_TRUE(buf.ok()) << buf.message();
    return new rt::DeviceBuffer(std::move(*buf));
  }();
  return b->ptr();
}

/// A matrix of `type` over scratch(): rows x cols, leading dimension cols.
inline DeviceMatrix scratchMatrix(ElemType type, int64_t rows, int64_t cols) {
  return {scratch(), type, rows, cols, cols};
}

/// Expects gemm(A, B, C, o) on the shared device to be rejected with a
/// message that contains `text`.
inline void expectRejected(const DeviceMatrix &a, const DeviceMatrix &b,
                           const DeviceMatrix &c, const GemmOptions &o,
                           const std::string &text) {
  TestDevice &d = testDevice();
  Status s = d.gemm.run(d.stream, a, b, c, o);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find(text), std::string::npos) << s.message();
}

/// Runs gemm(A, B, C, o) with `g` (the shared Gemm by default) on the
/// shared stream, expecting success, and returns C's buffer `dc` as 16-bit
/// elements (empty on failure).
inline std::vector<uint16_t>
runAndDownload16(const DeviceMatrix &a, const DeviceMatrix &b,
                 const DeviceMatrix &c, const rt::DeviceBuffer &dc,
                 const GemmOptions &o, const Gemm *g = nullptr) {
  TestDevice &d = testDevice();
  Status s = (g ? *g : d.gemm).run(d.stream, a, b, c, o);
  EXPECT_TRUE(s.ok()) << s.message();
  EXPECT_TRUE(d.stream.synchronize().ok());
  auto got = dc.download<uint16_t>();
  EXPECT_TRUE(got.ok());
  return got.ok() ? std::move(*got) : std::vector<uint16_t>();
}

/// Skips a test unless the test device is compute capability 10.0 (ctest
/// runs the GemmSm100* suites on CUTE_DEVICE=emu:sm_100a).
#define REQUIRE_SM100()                                                        \
  do {                                                                         \
    auto cc = gemm_test::testDevice().ctx.computeCapability();                 \
    ASSERT_TRUE(cc.ok());                                                      \
    if (cc->first != 10 || cc->second != 0)                                    \
      GTEST_SKIP() << "needs compute capability 10.0 (CUTE_DEVICE="            \
                      "emu:sm_100a), the device is "                           \
                   << cc->first << "." << cc->second;                          \
  } while (0)

/// Fills an operand: element i gets the code of next() in bf16 (two bytes
/// of `bytes`) or, with `fp8`, f8E4M3FN (one byte), and `v[i]` the value
/// that code holds.
template <class Next>
void fillOperand(std::vector<float> &v, std::vector<uint8_t> &bytes, bool fp8,
                 Next &&next) {
  for (size_t i = 0; i < v.size(); ++i) {
    const float x = next();
    if (fp8) {
      bytes[i] = toF8E4M3FN(x);
      v[i] = fromF8E4M3FN(bytes[i]);
    } else {
      const uint16_t h = floatToBF16Bits(x);
      std::memcpy(&bytes[2 * i], &h, 2);
      v[i] = bf16BitsToFloat(h);
    }
  }
}

/// Row i of A times row j of B (both row-major with k columns), in
/// double; adds sum |a b| to `mag` (the scale of the rounding bounds).
inline double refDot(const std::vector<float> &a, const std::vector<float> &b,
                     int64_t i, int64_t j, int64_t k, double &mag) {
  double acc = 0;
  for (int64_t q = 0; q < k; ++q) {
    double t = double(a[size_t(i * k + q)]) * b[size_t(j * k + q)];
    acc += t;
    mag += std::fabs(t);
  }
  return acc;
}

/// The epilogue's activation of `x`, in double (GELU in its tanh form).
inline double refActivation(Activation a, double x) {
  switch (a) {
  case Activation::ReLU:
    return std::max(x, 0.0);
  case Activation::ReLU2:
    return x > 0 ? x * x : 0;
  case Activation::GELUTanh:
    return 0.5 * x *
           (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
  case Activation::SiLU:
    return x / (1 + std::exp(-x));
  default:
    return x;
  }
}

} // namespace cute::kernels::gemm_test

#endif // CUTE_TEST_UNITTESTS_KERNELS_GEMMTESTDEVICE_H
