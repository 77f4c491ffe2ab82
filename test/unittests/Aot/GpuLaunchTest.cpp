//===- GpuLaunchTest.cpp - AOT libraries launched on a GPU ----------------===//
//
// With a GPU (skipped without a driver or device): the elementwise library
// picks the image for the device, its typed launcher and a PreparedLaunch
// (relaunched on new data in the same buffers) compute c = a + b exactly,
// on fresh random data with the output poisoned first.
//
//===----------------------------------------------------------------------===//
#include "elementwise.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace cute;
using namespace cute::rt;
namespace ew = cute_kernels::elementwise;

namespace {

std::vector<float> randomFloats(size_t n, std::mt19937 &rng) {
  std::uniform_real_distribution<float> d(-16.0f, 16.0f);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng);
  return v;
}

size_t mismatches(const std::vector<float> &a, const std::vector<float> &b,
                  const std::vector<float> &c) {
  size_t bad = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    float ref = a[i] + b[i];
    bad += std::memcmp(&ref, &c[i], sizeof(float)) != 0;
  }
  return bad;
}

} // namespace

TEST(AotLibraryGpu, TypedAndPreparedLaunchesAreExact) {
  Expected<Context> ctx = Context::create();
  if (!ctx.ok())
    GTEST_SKIP() << "no GPU: " << ctx.message();
  Expected<ew::Module> mod = ew::Module::load(*ctx);
  if (!mod.ok() && mod.message().find("has images for") != std::string::npos)
    GTEST_SKIP() << mod.message();
  ASSERT_TRUE(mod.ok()) << mod.message();
  Expected<Stream> stream = Stream::create(*ctx);
  ASSERT_TRUE(stream.ok()) << stream.message();

  std::mt19937 rng(std::random_device{}());
  const int32_t n = 100003; // a ragged last tile
  std::vector<float> a = randomFloats(size_t(n), rng);
  std::vector<float> b = randomFloats(size_t(n), rng);
  auto da = DeviceBuffer::fromHost(*ctx, a);
  auto db = DeviceBuffer::fromHost(*ctx, b);
  auto dc = DeviceBuffer::allocate(*ctx, size_t(n) * sizeof(float));
  ASSERT_TRUE(da.ok() && db.ok() && dc.ok());
  ASSERT_TRUE(dc->poison().ok());
  LaunchConfig cfg;
  cfg.grid = Dim3(unsigned((n + 511) / 512));
  Status s = mod->add_f32(*stream, cfg, DevicePtr<float>(*da),
                          DevicePtr<float>(*db), DevicePtr<float>(*dc), n);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_TRUE(stream->synchronize().ok());
  auto c = dc->download<float>();
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(mismatches(a, b, *c), 0u);

  // A prepared launch binds the buffers once; new data, relaunched.
  auto prepared =
      mod->prepare_add_f32(cfg, DevicePtr<float>(*da), DevicePtr<float>(*db),
                           DevicePtr<float>(*dc), n);
  ASSERT_TRUE(prepared.ok()) << prepared.message();
  for (int round = 0; round < 2; ++round) {
    a = randomFloats(size_t(n), rng);
    b = randomFloats(size_t(n), rng);
    ASSERT_TRUE(da->upload(a).ok() && db->upload(b).ok());
    ASSERT_TRUE(dc->poison().ok());
    ASSERT_TRUE(prepared->launch(*stream).ok());
    ASSERT_TRUE(stream->synchronize().ok());
    c = dc->download<float>();
    ASSERT_TRUE(c.ok()) << c.message();
    EXPECT_EQ(mismatches(a, b, *c), 0u) << "round " << round;
  }
}
