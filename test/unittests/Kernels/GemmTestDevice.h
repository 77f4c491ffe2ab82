//===- GemmTestDevice.h - What the kernel library's tests share --*- C++
//-*-===//
//
// One context, stream and cute::kernels::Gemm for a whole test binary, on
// the device CUTE_DEVICE names (ctest sets emu:sm_90a or emu:sm_100a; on
// a GPU machine unset, the GPU), and the epilogue activations in double
// for the CPU references.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TEST_UNITTESTS_KERNELS_GEMMTESTDEVICE_H
#define CUTE_TEST_UNITTESTS_KERNELS_GEMMTESTDEVICE_H

#include "cute/Kernels/Gemm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

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
