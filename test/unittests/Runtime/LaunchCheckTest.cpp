//===- LaunchCheckTest.cpp - Host-side argument and geometry checks -------===//
#include "cute/Runtime/Launch.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace cute;
using namespace cute::rt;

namespace {

KernelInfo kernelInfo() {
  auto m = parseMetadata(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"add_f32",
    "params":[{"name":"a","kind":"ptr","elem":"f32","bytes":8},
              {"name":"n","kind":"scalar","elem":"i32","bytes":4},
              {"name":"tmap","kind":"tma_desc","bytes":128,"tma":{"elem":"f16",
               "rank":2,"box":[64,64],"swizzle":128,"interleave":0}}],
    "block":[128,1,1],"cluster":[2,1,1],"smem_static":0,
    "smem_dynamic":1024}]})");
  EXPECT_TRUE(m.ok()) << m.error().str();
  return m->kernels[0];
}

TensorMap fakeTensorMap(ElemType elem = ElemType::F16,
                        std::vector<uint32_t> box = {64, 64},
                        int swizzle = 128) {
  TensorMap tm;
  std::memset(&tm.map, 0xab, sizeof(tm.map));
  tm.elem = elem;
  tm.rank = int(box.size());
  tm.box = std::move(box);
  tm.swizzle = swizzle;
  return tm;
}

const CUdeviceptr kPtr = 0x7f0000001000ull;

void expectRejected(const KernelArgs &args, const std::string &what) {
  Status s = validateArgs(kernelInfo(), args);
  ASSERT_FALSE(s.ok()) << "accepted: " << what;
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
  EXPECT_NE(s.error().message().find(what), std::string::npos)
      << s.error().message();
  EXPECT_EQ(s.error().message().rfind("kernel 'add_f32': ", 0), 0u)
      << s.error().message();
}

} // namespace

TEST(RuntimeLaunchCheck, AcceptsMatchingArguments) {
  KernelArgs args;
  args.ptr(kPtr, ElemType::F32).scalar<int32_t>(7).tensorMap(fakeTensorMap());
  Status s = validateArgs(kernelInfo(), args);
  EXPECT_TRUE(s.ok()) << s.error().str();
  // Untyped pointers are accepted (only kind, size and null are checked).
  KernelArgs untyped;
  untyped.ptr(kPtr).scalar<int32_t>(7).tensorMap(fakeTensorMap());
  EXPECT_TRUE(validateArgs(kernelInfo(), untyped).ok());
  // Argument storage: values land in the kernelParams slots.
  auto p = args.pointers();
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(*static_cast<CUdeviceptr *>(p[0]), kPtr);
  EXPECT_EQ(*static_cast<int32_t *>(p[1]), 7);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p[2]) % 64, 0u);
  EXPECT_EQ(static_cast<unsigned char *>(p[2])[127], 0xab);
}

TEST(RuntimeLaunchCheck, WrongCount) {
  KernelArgs args;
  args.ptr(kPtr).scalar<int32_t>(7);
  expectRejected(args, "expected 3 argument(s) (a, n, tmap), got 2");
  args.tensorMap(fakeTensorMap()).scalar<int32_t>(1);
  expectRejected(args, "expected 3 argument(s) (a, n, tmap), got 4");
}

TEST(RuntimeLaunchCheck, WrongSize) {
  KernelArgs args;
  args.ptr(kPtr).scalar<int64_t>(7).tensorMap(fakeTensorMap());
  expectRejected(args, "argument 1 ('n'): expected 4-byte scalar i32, got "
                       "8-byte scalar i64");
  KernelArgs raw;
  uint16_t h = 0x3c00;
  raw.ptr(kPtr).scalarBytes(&h, sizeof(h)).tensorMap(fakeTensorMap());
  expectRejected(raw, "expected 4-byte scalar i32, got 2-byte scalar");
}

TEST(RuntimeLaunchCheck, WrongKindAndType) {
  KernelArgs args;
  args.scalar<int64_t>(int64_t(kPtr))
      .scalar<int32_t>(7)
      .tensorMap(fakeTensorMap());
  expectRejected(args, "argument 0 ('a'): expected ptr f32, got scalar i64");
  KernelArgs swapped;
  swapped.ptr(kPtr).tensorMap(fakeTensorMap()).scalar<int32_t>(7);
  expectRejected(swapped,
                 "argument 1 ('n'): expected scalar i32, got tma_desc of f16");
  KernelArgs f;
  f.ptr(kPtr).scalar<float>(7.f).tensorMap(fakeTensorMap());
  expectRejected(f, "argument 1 ('n'): expected scalar i32, got scalar f32");
  KernelArgs p;
  p.ptr(kPtr, ElemType::F16).scalar<int32_t>(7).tensorMap(fakeTensorMap());
  expectRejected(p, "argument 0 ('a'): expected ptr f32, got ptr f16");
}

TEST(RuntimeLaunchCheck, NullPointer) {
  KernelArgs args;
  args.ptr(0).scalar<int32_t>(7).tensorMap(fakeTensorMap());
  expectRejected(args, "argument 0 ('a'): null device pointer");
  DeviceBuffer empty;
  KernelArgs b;
  b.ptr<float>(empty).scalar<int32_t>(7).tensorMap(fakeTensorMap());
  expectRejected(b, "null device pointer");
}

TEST(RuntimeLaunchCheck, TensorMapMismatch) {
  auto with = [](TensorMap tm) {
    KernelArgs a;
    a.ptr(kPtr).scalar<int32_t>(7).tensorMap(tm);
    return a;
  };
  expectRejected(with(fakeTensorMap(ElemType::BF16)),
                 "tensor map element type bf16 does not match metadata f16");
  expectRejected(with(fakeTensorMap(ElemType::F16, {64, 32})),
                 "tensor map box [64,32] does not match metadata box [64,64]");
  expectRejected(with(fakeTensorMap(ElemType::F16, {64, 64, 1})),
                 "tensor map rank 3 does not match metadata rank 2");
  expectRejected(
      with(fakeTensorMap(ElemType::F16, {64, 64}, 64)),
      "tensor map swizzle 64 B does not match metadata swizzle 128 B");
}

TEST(RuntimeLaunchCheck, Geometry) {
  KernelInfo k = kernelInfo();
  LaunchConfig cfg;
  cfg.grid = Dim3(4, 2);
  auto r = resolveLaunch(k, cfg);
  ASSERT_TRUE(r.ok()) << r.error().str();
  EXPECT_EQ(r->block, Dim3(128));
  EXPECT_EQ(r->cluster, Dim3(2));
  EXPECT_EQ(r->dynamicSmem, 1024u);
  EXPECT_EQ(
      r->str(),
      "grid [4,2,1], block [128,1,1], cluster [2,1,1], dynamic smem 1024 B");

  auto bad = [&](LaunchConfig c, const std::string &what) {
    auto res = resolveLaunch(k, c);
    ASSERT_FALSE(res.ok()) << what;
    EXPECT_EQ(res.error().code(), ErrorCode::InvalidArgument);
    EXPECT_NE(res.error().message().find(what), std::string::npos)
        << res.error().message();
  };
  LaunchConfig c = cfg;
  c.grid = Dim3(3, 2);
  bad(c, "grid [3,2,1] is not a multiple of cluster [2,1,1]");
  c = cfg;
  c.grid = Dim3(0);
  bad(c, "has a zero extent");
  c = cfg;
  c.grid = Dim3(2, 70000);
  bad(c, "exceeds [2^31-1, 65535, 65535]");
  c = cfg;
  c.block = Dim3(256);
  bad(c, "block [256,1,1] differs from the compiled block [128,1,1]");
  c = cfg;
  c.cluster = Dim3(4);
  bad(c, "cluster [4,1,1] differs from the compiled cluster [2,1,1]");
  c = cfg;
  c.dynamicSmem = 512;
  bad(c,
      "dynamic shared memory 512 B is below the kernel's smem_dynamic 1024 B");
  c = cfg;
  c.dynamicSmem = 100 * 1024;
  EXPECT_TRUE(resolveLaunch(k, c).ok());
}

TEST(RuntimeLaunchCheck, LaunchRejectsBadArgumentsBeforeTouchingTheDriver) {
  // An empty Function/Stream would fail later; the argument check must come
  // first, so this works without a GPU.
  KernelArgs args;
  args.ptr(kPtr).scalar<int32_t>(7);
  LaunchConfig cfg;
  cfg.grid = Dim3(2);
  Status s = launch(Function(), kernelInfo(), Stream(), cfg, args);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("expected 3 argument(s)"),
            std::string::npos)
      << s.error().message();
  KernelArgs good;
  good.ptr(kPtr).scalar<int32_t>(7).tensorMap(fakeTensorMap());
  cfg.grid = Dim3(3);
  s = launch(Function(), kernelInfo(), Stream(), cfg, good);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("not a multiple of cluster"),
            std::string::npos)
      << s.error().message();
  cfg.grid = Dim3(2);
  s = launch(Function(), kernelInfo(), Stream(), cfg, good);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("empty Function"), std::string::npos);
}

// The compiler records the alignment a pointer parameter was compiled to
// assume (`"align"`); a pointer that breaks it is rejected before launch.
TEST(RuntimeLaunchCheck, PointerAlignmentPromise) {
  auto m = parseMetadata(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"add_f32",
    "params":[{"name":"a","kind":"ptr","elem":"f32","bytes":8,"align":16}],
    "block":[128,1,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  const KernelInfo &info = m->kernels[0];
  EXPECT_EQ(info.params[0].align, 16u);
  KernelArgs good;
  good.ptr(kPtr, ElemType::F32);
  EXPECT_TRUE(validateArgs(info, good).ok());
  KernelArgs bad;
  bad.ptr(kPtr + 4, ElemType::F32);
  Status s = validateArgs(info, bad);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find(
                "argument 0 ('a'): device pointer 0x7f0000001004 is not "
                "aligned to the 16 bytes the kernel was compiled to assume"),
            std::string::npos)
      << s.error().message();
}

TEST(RuntimeLaunchCheck, MalformedAlignment) {
  auto notPow2 = parseMetadata(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"k",
    "params":[{"name":"a","kind":"ptr","bytes":8,"align":12}],
    "block":[32,1,1]}]})");
  ASSERT_FALSE(notPow2.ok());
  EXPECT_NE(notPow2.error().message().find("must be a power of two, got 12"),
            std::string::npos)
      << notPow2.error().message();
  auto onScalar = parseMetadata(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"k",
    "params":[{"name":"n","kind":"scalar","elem":"i32","bytes":4,"align":4}],
    "block":[32,1,1]}]})");
  ASSERT_FALSE(onScalar.ok());
  EXPECT_NE(onScalar.error().message().find("only allowed on ptr parameters"),
            std::string::npos)
      << onScalar.error().message();
}
