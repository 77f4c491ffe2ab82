//===- GpuTest.cpp - End-to-end tests that need a GPU ---------------------===//
//
// Every test here skips itself (visibly) when libcuda.so.1 cannot be loaded
// or no device exists. Kernels: kernels/test_kernels.{cu,ptx,json}.
//
//===----------------------------------------------------------------------===//
#include "cute/Runtime/Runtime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numeric>

using namespace cute;
using namespace cute::rt;

namespace {

std::string kernelsFile(const char *name) {
  return std::string(CUTE_RT_KERNELS_DIR) + "/" + name;
}

class RuntimeGpu : public ::testing::Test {
protected:
  void SetUp() override {
    auto d = Driver::get();
    if (!d.ok())
      GTEST_SKIP() << "no CUDA driver on this machine, GPU test skipped: "
                   << d.error().message();
    auto n = (*d)->deviceCount();
    if (!n.ok() || *n == 0)
      GTEST_SKIP() << "no CUDA device, GPU test skipped";
    auto c = Context::create(*d, 0);
    ASSERT_TRUE(c.ok()) << c.error().str();
    ctx = *c;
    auto s = Stream::create(ctx);
    ASSERT_TRUE(s.ok()) << s.error().str();
    stream = std::move(*s);
  }

  /// The test kernels are built for sm_90a.
  bool isSm90() {
    auto cc = ctx.computeCapability();
    return cc.ok() && *cc == std::make_pair(9, 0);
  }

  Program loadProgram() {
    auto ptx = readFile(kernelsFile("test_kernels.ptx"));
    auto json = readFile(kernelsFile("test_kernels.json"));
    EXPECT_TRUE(ptx.ok() && json.ok());
    auto p = Program::load(ctx, *ptx, *json);
    EXPECT_TRUE(p.ok()) << p.error().str();
    return p.ok() ? *p : Program();
  }

  Context ctx;
  Stream stream;
};

#define REQUIRE_SM90()                                                         \
  if (!isSm90())                                                               \
  GTEST_SKIP() << "test kernels are built for sm_90a; device is not 9.0"

} // namespace

TEST_F(RuntimeGpu, DeviceInfo) {
  auto name = ctx.name();
  ASSERT_TRUE(name.ok()) << name.error().str();
  auto cc = ctx.computeCapability();
  ASSERT_TRUE(cc.ok());
  std::cout << "[ info ] " << *name << ", sm_" << cc->first << cc->second
            << ", driver " << ctx.driver().version() << "\n";
  EXPECT_GT(ctx.driver().version(), 0);
  Status s = ctx.driver().check(CUDA_ERROR_OUT_OF_MEMORY, "probe");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find(
                "probe: CUDA_ERROR_OUT_OF_MEMORY (out of memory)"),
            std::string::npos)
      << s.error().message();
  EXPECT_FALSE(ctx.checkChip("sm_10a").ok());
}

TEST_F(RuntimeGpu, BufferRoundTripFillAndPoison) {
  std::vector<int32_t> host(1000);
  std::iota(host.begin(), host.end(), -500);
  auto b = DeviceBuffer::fromHost(ctx, host);
  ASSERT_TRUE(b.ok()) << b.error().str();
  auto back = b->download<int32_t>();
  ASSERT_TRUE(back.ok()) << back.error().str();
  EXPECT_EQ(*back, host);
  ASSERT_TRUE(b->poison().ok());
  back = b->download<int32_t>();
  for (int32_t v : *back)
    ASSERT_EQ(v, -1);
  ASSERT_TRUE(b->fill32(0x3f800000u).ok()); // 1.0f
  auto f = b->download<float>();
  for (float v : *f)
    ASSERT_EQ(v, 1.0f);
  int32_t x = 0;
  Status s = b->copyToHost(&x, 8, 3996);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("exceeds the buffer's 4000 bytes"),
            std::string::npos);
  // Async round trip on the stream.
  std::vector<int32_t> out(host.size());
  ASSERT_TRUE(b->copyFromHostAsync(host.data(), 4000, stream).ok());
  ASSERT_TRUE(b->copyToHostAsync(out.data(), 4000, stream).ok());
  ASSERT_TRUE(stream.synchronize().ok());
  EXPECT_EQ(out, host);
}

TEST_F(RuntimeGpu, PtxJitLaunchAndTiming) {
  REQUIRE_SM90();
  Program prog = loadProgram();
  EXPECT_STREQ(prog.module().origin(), "ptx");
  auto k = prog.kernel("add_f32");
  ASSERT_TRUE(k.ok()) << k.error().str();
  const int n = 1000;
  std::vector<float> a(n), bv(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i);
    bv[i] = 0.5f * float(i);
  }
  auto da = DeviceBuffer::fromHost(ctx, a);
  auto db = DeviceBuffer::fromHost(ctx, bv);
  auto dc = DeviceBuffer::allocate(ctx, n * sizeof(float));
  ASSERT_TRUE(da.ok() && db.ok() && dc.ok());
  ASSERT_TRUE(dc->poison().ok());
  auto e0 = Event::create(ctx), e1 = Event::create(ctx);
  ASSERT_TRUE(e0.ok() && e1.ok());
  KernelArgs args;
  args.ptr<float>(*da).ptr<float>(*db).ptr<float>(*dc).scalar<int32_t>(n);
  LaunchConfig cfg;
  cfg.grid = Dim3((n + 127) / 128);
  ASSERT_TRUE(e0->record(stream).ok());
  Status s = k->launch(stream, cfg, args);
  ASSERT_TRUE(s.ok()) << s.error().str();
  ASSERT_TRUE(e1->record(stream).ok());
  ASSERT_TRUE(e1->synchronize().ok());
  auto ms = Event::elapsedMs(*e0, *e1);
  ASSERT_TRUE(ms.ok()) << ms.error().str();
  EXPECT_GE(*ms, 0.0f);
  auto c = dc->download<float>();
  ASSERT_TRUE(c.ok());
  for (int i = 0; i < n; ++i)
    ASSERT_EQ((*c)[i], 1.5f * float(i)) << i;
  // Wrong arguments are rejected before the launch.
  KernelArgs bad;
  bad.ptr<float>(*da).ptr<float>(*db).ptr<float>(*dc);
  s = k->launch(stream, cfg, bad);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
}

TEST_F(RuntimeGpu, CubinLoad) {
  REQUIRE_SM90();
  std::string cubin = CUTE_RT_TEST_CUBIN;
  if (cubin.empty() || !std::ifstream(cubin))
    GTEST_SKIP() << "no test cubin (ptxas was not found at configure time)";
  auto p = Program::loadFiles(ctx, cubin, kernelsFile("test_kernels.json"));
  ASSERT_TRUE(p.ok()) << p.error().str();
  EXPECT_STREQ(p->module().origin(), "cubin");
  auto k = p->kernel("add_f32");
  ASSERT_TRUE(k.ok()) << k.error().str();
  auto nf = p->module().function("no_such_kernel");
  ASSERT_FALSE(nf.ok());
  EXPECT_EQ(nf.error().code(), ErrorCode::NotFound);
  EXPECT_NE(nf.error().message().find("no_such_kernel"), std::string::npos);
}

TEST_F(RuntimeGpu, PtxJitErrorLog) {
  const char *bad = ".version 8.0\n.target sm_90a\n.address_size 64\n"
                    ".visible .entry broken() {\n  frobnicate.u32 %r1;\n}\n";
  auto m = Module::loadPtx(ctx, bad);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().code(), ErrorCode::Cuda);
  const std::string &msg = m.error().message();
  EXPECT_NE(msg.find("CUDA_ERROR_INVALID_PTX"), std::string::npos) << msg;
  EXPECT_NE(msg.find("JIT log"), std::string::npos) << msg;
  std::cout << "[ info ] JIT error: " << msg << "\n";
}

TEST_F(RuntimeGpu, ClusterLaunch) {
  REQUIRE_SM90();
  Program prog = loadProgram();
  auto k = prog.kernel("cluster_info");
  ASSERT_TRUE(k.ok()) << k.error().str();
  for (Dim3 cluster : {Dim3(2, 1, 1), Dim3(4, 2, 1)}) {
    KernelInfo info = k->info();
    info.cluster = cluster;
    Kernel kk(k->function(), info);
    Dim3 grid(8, 4, 1);
    auto out = DeviceBuffer::allocate(ctx, grid.volume() * 2 * sizeof(int));
    ASSERT_TRUE(out.ok());
    ASSERT_TRUE(out->poison().ok());
    KernelArgs args;
    args.ptr<int32_t>(*out);
    LaunchConfig cfg;
    cfg.grid = grid;
    Status s = kk.launch(stream, cfg, args);
    ASSERT_TRUE(s.ok()) << s.error().str();
    ASSERT_TRUE(stream.synchronize().ok());
    auto v = out->download<int32_t>();
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) {
        unsigned b = x + grid.x * y;
        EXPECT_EQ((*v)[2 * b + 1], int(cluster.volume())) << cluster.str();
        EXPECT_EQ((*v)[2 * b], int(x % cluster.x + cluster.x * (y % cluster.y)))
            << cluster.str() << " block " << x << "," << y;
      }
  }
}

TEST_F(RuntimeGpu, LargeDynamicSharedMemory) {
  REQUIRE_SM90();
  Program prog = loadProgram();
  auto k = prog.kernel("smem_roundtrip");
  ASSERT_TRUE(k.ok()) << k.error().str();
  ASSERT_EQ(k->info().smemDynamic, 102400u); // > 48 KB: needs the attribute
  const int n = 102400 / 4;
  auto out = DeviceBuffer::allocate(ctx, sizeof(float));
  ASSERT_TRUE(out.ok());
  ASSERT_TRUE(out->memset(0).ok());
  KernelArgs args;
  args.ptr<float>(*out).scalar<int32_t>(n);
  LaunchConfig cfg;
  cfg.grid = Dim3(1);
  Status s = k->launch(stream, cfg, args);
  ASSERT_TRUE(s.ok()) << s.error().str();
  ASSERT_TRUE(stream.synchronize().ok());
  auto v = out->download<float>();
  double want = double(n) * (n - 1) / 2;
  EXPECT_NEAR((*v)[0], want, want * 1e-5);
  // More than the device offers is refused with both sizes named.
  cfg.dynamicSmem = 1 << 20;
  s = k->launch(stream, cfg, args);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("exceed the device's"), std::string::npos)
      << s.error().message();
}

TEST_F(RuntimeGpu, TmaLoad2D) {
  REQUIRE_SM90();
  Program prog = loadProgram();
  auto k = prog.kernel("tma_load_2d");
  ASSERT_TRUE(k.ok()) << k.error().str();
  const unsigned W = 64, H = 48, BX = 32, BY = 16;
  std::vector<float> host(W * H);
  for (unsigned i = 0; i < W * H; ++i)
    host[i] = float(i);
  auto src = DeviceBuffer::fromHost(ctx, host);
  auto out = DeviceBuffer::allocate(ctx, BX * BY * sizeof(float));
  ASSERT_TRUE(src.ok() && out.ok());
  ASSERT_TRUE(out->poison().ok());
  TmaDescriptorSpec spec;
  spec.globalAddress = src->ptr();
  spec.elem = ElemType::F32;
  spec.shape = {W, H};
  spec.strides = {1, W};
  spec.box = {BX, BY};
  auto tm = encodeTensorMap(ctx, spec);
  ASSERT_TRUE(tm.ok()) << tm.error().str();
  KernelArgs args;
  int x0 = 32, y0 = 16;
  args.tensorMap(*tm)
      .ptr<float>(*out)
      .scalar<int32_t>(x0)
      .scalar<int32_t>(y0)
      .scalar<int32_t>(int(BX))
      .scalar<int32_t>(int(BY));
  LaunchConfig cfg;
  cfg.grid = Dim3(1);
  Status s = k->launch(stream, cfg, args);
  ASSERT_TRUE(s.ok()) << s.error().str();
  ASSERT_TRUE(stream.synchronize().ok());
  auto v = out->download<float>();
  ASSERT_TRUE(v.ok());
  for (unsigned y = 0; y < BY; ++y)
    for (unsigned x = 0; x < BX; ++x)
      ASSERT_EQ((*v)[y * BX + x], host[(y0 + y) * W + (x0 + x)])
          << x << "," << y;
  // A descriptor whose box disagrees with the metadata is refused.
  spec.box = {16, 16};
  auto tm2 = encodeTensorMap(ctx, spec);
  ASSERT_TRUE(tm2.ok()) << tm2.error().str();
  KernelArgs bad;
  bad.tensorMap(*tm2)
      .ptr<float>(*out)
      .scalar<int32_t>(0)
      .scalar<int32_t>(0)
      .scalar<int32_t>(16)
      .scalar<int32_t>(16);
  s = k->launch(stream, cfg, bad);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("box [16,16]"), std::string::npos);
}

TEST_F(RuntimeGpu, TmaLoad2DDerived) {
  REQUIRE_SM90();
  Program prog = loadProgram();
  auto k = prog.kernel("tma_load_2d_derived");
  ASSERT_TRUE(k.ok()) << k.error().str();
  // A row-major (H, W) tensor with a padded leading dimension LD; the
  // runtime encodes the descriptor from in, w, h and ld.
  const unsigned W = 60, H = 40, LD = 68, BX = 32, BY = 16;
  std::vector<float> host(LD * H, -1.f);
  for (unsigned y = 0; y < H; ++y)
    for (unsigned x = 0; x < W; ++x)
      host[y * LD + x] = float(y * 1000 + x);
  auto src = DeviceBuffer::fromHost(ctx, host);
  auto out = DeviceBuffer::allocate(ctx, BX * BY * sizeof(float));
  ASSERT_TRUE(src.ok() && out.ok());
  auto run = [&](int x0, int y0, int ld, CUdeviceptr base) {
    EXPECT_TRUE(out->poison().ok());
    KernelArgs args;
    args.ptr(base, ElemType::F32)
        .ptr<float>(*out)
        .scalar<int32_t>(x0)
        .scalar<int32_t>(y0)
        .scalar<int32_t>(int(BX))
        .scalar<int32_t>(int(BY))
        .scalar<int32_t>(int(W))
        .scalar<int32_t>(int(H))
        .scalar<int32_t>(ld);
    LaunchConfig cfg;
    cfg.grid = Dim3(1);
    return k->launch(stream, cfg, args);
  };
  // The last box overhangs the tensor (x 48..79 of 60, y 32..47 of 40):
  // the descriptor's extents are w and h, so the overhang reads zeros, not
  // the padding of ld.
  const int x0 = 48, y0 = 32;
  Status s = run(x0, y0, int(LD), src->ptr());
  ASSERT_TRUE(s.ok()) << s.error().str();
  ASSERT_TRUE(stream.synchronize().ok());
  auto v = out->download<float>();
  ASSERT_TRUE(v.ok());
  for (unsigned y = 0; y < BY; ++y)
    for (unsigned x = 0; x < BX; ++x) {
      unsigned gx = x0 + x, gy = y0 + y;
      float want = gx < W && gy < H ? host[gy * LD + gx] : 0.f;
      ASSERT_EQ((*v)[y * BX + x], want) << x << "," << y;
    }
  // A leading dimension of 4012 bytes is refused before the launch.
  s = run(0, 0, 1003, src->ptr());
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("TMA descriptor 'tmap' (param 9) dim 1: "
                                     "stride 1003 elements = 4012 bytes of "
                                     "f32 from param 8 'ld' is not a multiple "
                                     "of 16"),
            std::string::npos)
      << s.error().message();
  s = run(0, 0, int(LD), src->ptr() + 4);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("param 0 'in': a TMA descriptor needs a "
                                     "16-byte aligned global address"),
            std::string::npos)
      << s.error().message();
  // What launch encodes and appends: one map, 64-byte aligned.
  auto info = k->info();
  KernelArgs args;
  args.ptr(src->ptr(), ElemType::F32)
      .ptr<float>(*out)
      .scalar<int32_t>(0)
      .scalar<int32_t>(0)
      .scalar<int32_t>(int(BX))
      .scalar<int32_t>(int(BY))
      .scalar<int32_t>(int(W))
      .scalar<int32_t>(int(H))
      .scalar<int32_t>(int(LD));
  auto maps = encodeDerivedTensorMaps(ctx.driver(), info, args);
  ASSERT_TRUE(maps.ok()) << maps.error().str();
  ASSERT_EQ(maps->size(), 1u);
  EXPECT_EQ((*maps)[0].box, (std::vector<uint32_t>{BX, BY}));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(&(*maps)[0].map) % 64, 0u);
}
