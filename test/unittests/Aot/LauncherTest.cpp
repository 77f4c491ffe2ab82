//===- LauncherTest.cpp - Generated typed launchers and AOT libraries -----===//
//
// Two AOT kernel libraries made by cute_add_kernel_library (elementwise for
// sm_90a/sm_100a/sm_120a, gemm_sm90 for sm_90a) are linked into this one
// program: their namespaces keep them apart. The launchers' checks run on
// the embedded metadata without a GPU. The generator's own errors are
// checked on the metadata those builds wrote.
//
//===----------------------------------------------------------------------===//
#include "elementwise.h"
#include "gemm_sm90.h"

#include "cute/Aot/Generate.h"

#include <gtest/gtest.h>

#include <regex>

using namespace cute;
using namespace cute::rt;
namespace ew = cute_kernels::elementwise;
namespace gm = cute_kernels::gemm_sm90;

namespace {

const CUdeviceptr kAligned = 0x7f0000010000ull;

const KernelInfo &kernel(const ModuleMetadata &m, const char *name) {
  const KernelInfo *k = m.find(name);
  EXPECT_NE(k, nullptr) << name;
  return *k;
}

template <class T> DevicePtr<T> dev(CUdeviceptr p) { return DevicePtr<T>(p); }

// The QKV instances' append arguments (examples/gemm-sm90/gemm-qkv.mlir),
// which every gemm_sm90 kernel takes and the others never read: the norm
// weights, cos/sin, positions, slots, caches, scales, head counts, slot
// stride, the caches' slot count and eps.
#define CUTE_UNUSED_QKV_ARGS                                                   \
  dev<bfloat16_t>(kAligned), dev<bfloat16_t>(kAligned), dev<float>(kAligned),  \
      dev<int32_t>(kAligned), dev<int32_t>(kAligned),                          \
      dev<bfloat16_t>(kAligned), dev<bfloat16_t>(kAligned),                    \
      dev<float>(kAligned), dev<float>(kAligned), 0, 0, 0, 0, 0.f

void expectError(const Status &s, const std::string &needle) {
  ASSERT_FALSE(s.ok()) << "expected an error containing: " << needle;
  EXPECT_NE(s.error().message().find(needle), std::string::npos)
      << s.error().message();
}

std::string readText(const std::string &path) {
  Expected<std::string> t = readFile(path);
  EXPECT_TRUE(t.ok()) << t.message();
  return t.ok() ? *t : std::string();
}

} // namespace

TEST(AotLibrary, HoldsAnImagePerChipAndItsMetadata) {
  EXPECT_EQ(ew::Module::chips(),
            (std::vector<std::string>{"sm_90a", "sm_100a", "sm_120a"}));
  EXPECT_EQ(gm::Module::chips(), (std::vector<std::string>{"sm_90a"}));
  for (const std::string &chip : ew::Module::chips()) {
    auto m = ew::Module::metadata(chip);
    ASSERT_TRUE(m.ok()) << m.message();
    EXPECT_EQ(m->chip, chip);
    EXPECT_EQ(m->module, "elementwise");
    EXPECT_NE(m->find("add_bf16"), nullptr);
  }
  expectError(gm::Module::metadata("sm_100a").error() /* no such image */,
              "module 'gemm_sm90' has no image for sm_100a");
  EXPECT_STREQ(ew::Module::kModuleName, "elementwise");
  EXPECT_STREQ(gm::Module::kModuleName, "gemm_sm90");
}

TEST(AotLibrary, OneLauncherPerInstanceOfOneSource) {
  // examples/gemm-sm90/kernel.mlir is one kernel, @gemm, with the instances
  // bf16, f16 and e4m3, their 128 x 128-tile versions, the block-scaled
  // e4m3, the 128 x 192-tile and swap-AB versions, the grouped bf16 and
  // e4m3, the SwiGLU ones, the f32- and e4m3-output ones and the 2 x 1
  // cluster ones (its cute.instances): cute-opt
  // compiles each, and cute-aot gives each its own typed launcher, named after
  // the instance.
  auto g = gm::Module::metadata("sm_90a");
  ASSERT_TRUE(g.ok());
  std::vector<std::string> names;
  for (const KernelInfo &k : g->kernels)
    names.push_back(k.name);
  EXPECT_EQ(names, (std::vector<std::string>{"gemm_bf16",
                                             "gemm_f16",
                                             "gemm_e4m3",
                                             "gemm_bf16_n128",
                                             "gemm_f16_n128",
                                             "gemm_e4m3_n128",
                                             "gemm_e4m3_n128_bs",
                                             "gemm_e4m3_swap_bs",
                                             "gemm_bf16_n192",
                                             "gemm_f16_n192",
                                             "gemm_e4m3_n192",
                                             "gemm_bf16_swap",
                                             "gemm_f16_swap",
                                             "gemm_e4m3_swap",
                                             "gemm_bf16_grouped",
                                             "gemm_e4m3_grouped",
                                             "gemm_bf16_swiglu",
                                             "gemm_e4m3_swiglu",
                                             "gemm_bf16_n128_swiglu",
                                             "gemm_e4m3_n128_swiglu",
                                             "gemm_bf16_grouped_swiglu",
                                             "gemm_e4m3_grouped_swiglu",
                                             "gemm_bf16_f32",
                                             "gemm_bf16_n128_f32",
                                             "gemm_bf16_swap_f32",
                                             "gemm_e4m3_e4m3",
                                             "gemm_e4m3_n128_e4m3",
                                             "gemm_e4m3_swap_e4m3",
                                             "gemm_bf16_c2",
                                             "gemm_f16_c2",
                                             "gemm_e4m3_c2",
                                             "gemm_bf16_n128_c2",
                                             "gemm_f16_n128_c2",
                                             "gemm_e4m3_n128_c2",
                                             "gemm_bf16_n128_qkv",
                                             "gemm_bf16_n128_qkv_e4m3",
                                             "gemm_bf16_swap_qkv",
                                             "gemm_bf16_swap_qkv_e4m3"}));
  // The cluster instances (CM = 2) carry their cluster shape.
  EXPECT_EQ(kernel(*g, "gemm_bf16_c2").cluster.x, 2u);
  EXPECT_EQ(kernel(*g, "gemm_bf16").cluster.x, 1u);
  // The instances' element types reach the launchers' parameter types.
  EXPECT_EQ(kernel(*g, "gemm_f16").params[0].elem, ElemType::F16);
  EXPECT_EQ(kernel(*g, "gemm_e4m3").params[0].elem, ElemType::F8E4M3);
  EXPECT_EQ(kernel(*g, "gemm_e4m3").params[2].elem, ElemType::BF16);
  EXPECT_TRUE(gm::Module::gemm_f16_signature(kernel(*g, "gemm_f16")).ok());
  expectError(gm::Module::gemm_f16_signature(kernel(*g, "gemm_e4m3")),
              "gemm_e4m3");
}

TEST(AotLibrary, LauncherAcceptsGoodArguments) {
  auto m = ew::Module::metadata("sm_90a");
  ASSERT_TRUE(m.ok());
  LaunchConfig cfg;
  cfg.grid = Dim3(64);
  Status s = ew::Module::check_add_bf16(
      kernel(*m, "add_bf16"), cfg, dev<bfloat16_t>(kAligned),
      dev<bfloat16_t>(kAligned + 4096), dev<bfloat16_t>(kAligned + 8192), 1000);
  EXPECT_TRUE(s.ok()) << s.message();

  auto g = gm::Module::metadata("sm_90a");
  ASSERT_TRUE(g.ok());
  cfg.grid = Dim3(132);
  s = gm::Module::check_gemm_e4m3(
      kernel(*g, "gemm_e4m3"), cfg, dev<float8_e4m3_t>(kAligned),
      dev<float8_e4m3_t>(kAligned + (1 << 24)),
      dev<bfloat16_t>(kAligned + (2 << 24)), 4096, 4096, 4096, 4096, 0.5f,
      dev<float>(kAligned + (3 << 24)), dev<int32_t>(kAligned + (4 << 24)), 1,
      0.f, dev<bfloat16_t>(kAligned), 0, dev<bfloat16_t>(kAligned), 0, 0,
      dev<float>(kAligned), dev<float>(kAligned), 0, 0, dev<int32_t>(kAligned),
      1, dev<float>(kAligned), CUTE_UNUSED_QKV_ARGS);
  EXPECT_TRUE(s.ok()) << s.message();
}

TEST(AotLibrary, LauncherRejectsNullAndMisalignedPointers) {
  auto m = ew::Module::metadata("sm_100a");
  ASSERT_TRUE(m.ok());
  const KernelInfo &k = kernel(*m, "add_f32");
  LaunchConfig cfg;
  cfg.grid = Dim3(8);
  expectError(ew::Module::check_add_f32(k, cfg, nullptr, dev<float>(kAligned),
                                        dev<float>(kAligned), 64),
              "argument 0 ('pa'): null device pointer");
  expectError(ew::Module::check_add_f32(k, cfg, dev<float>(kAligned),
                                        dev<float>(kAligned + 4),
                                        dev<float>(kAligned), 64),
              "argument 1 ('pb'): device pointer 0x7f0000010004 is not "
              "aligned to the 16 bytes");
}

TEST(AotLibrary, LauncherRejectsABadTensorForADerivedDescriptor) {
  auto g = gm::Module::metadata("sm_90a");
  ASSERT_TRUE(g.ok());
  const KernelInfo &k = kernel(*g, "gemm_bf16");
  LaunchConfig cfg;
  cfg.grid = Dim3(132);
  auto check = [&](int32_t m, int32_t n, int32_t kk, int32_t ldc) {
    return gm::Module::check_gemm_bf16(
        k, cfg, dev<bfloat16_t>(kAligned), dev<bfloat16_t>(kAligned),
        dev<bfloat16_t>(kAligned), m, n, kk, ldc, 1.f, dev<float>(kAligned),
        dev<int32_t>(kAligned), 1, 0.f, dev<bfloat16_t>(kAligned), 0,
        dev<bfloat16_t>(kAligned), 0, 0, dev<float>(kAligned),
        dev<float>(kAligned), 0, 0, dev<int32_t>(kAligned), 1,
        dev<float>(kAligned), CUTE_UNUSED_QKV_ARGS);
  };
  EXPECT_TRUE(check(256, 512, 128, 512).ok());
  // A row pitch of 1001 bf16 is not a multiple of 16 bytes: TMA cannot
  // describe C.
  expectError(check(256, 512, 128, 1001), "pc_tma");
  expectError(check(256, 512, 128, 1001), "is not a multiple of 16");
  // An empty extent.
  expectError(check(0, 512, 128, 512), "must be at least 1");
}

TEST(AotLibrary, LauncherRejectsALaunchTheKernelWasNotCompiledFor) {
  auto g = gm::Module::metadata("sm_90a");
  ASSERT_TRUE(g.ok());
  const KernelInfo &k = kernel(*g, "gemm_f16");
  LaunchConfig cfg;
  cfg.grid = Dim3(132);
  cfg.block = Dim3(256);
  expectError(gm::Module::check_gemm_f16(
                  k, cfg, dev<half_t>(kAligned), dev<half_t>(kAligned),
                  dev<half_t>(kAligned), 128, 256, 64, 256, 1.f,
                  dev<float>(kAligned), dev<int32_t>(kAligned), 1, 0.f,
                  dev<half_t>(kAligned), 0, dev<half_t>(kAligned), 0, 0,
                  dev<float>(kAligned), dev<float>(kAligned), 0, 0,
                  dev<int32_t>(kAligned), 1, dev<float>(kAligned),
                  CUTE_UNUSED_QKV_ARGS),
              "block [256,1,1] differs from the compiled block [384,1,1]");
  cfg.block.reset();
  cfg.grid = Dim3(0);
  expectError(gm::Module::check_gemm_f16(
                  k, cfg, dev<half_t>(kAligned), dev<half_t>(kAligned),
                  dev<half_t>(kAligned), 128, 256, 64, 256, 1.f,
                  dev<float>(kAligned), dev<int32_t>(kAligned), 1, 0.f,
                  dev<half_t>(kAligned), 0, dev<half_t>(kAligned), 0, 0,
                  dev<float>(kAligned), dev<float>(kAligned), 0, 0,
                  dev<int32_t>(kAligned), 1, dev<float>(kAligned),
                  CUTE_UNUSED_QKV_ARGS),
              "has a zero extent");
}

TEST(AotLibrary, SignatureCheckCatchesAStaleHeader) {
  // The metadata of another kernel must not pass for add_f32's launcher.
  auto g = gm::Module::metadata("sm_90a");
  ASSERT_TRUE(g.ok());
  Status s = ew::Module::add_f32_signature(kernel(*g, "gemm_bf16"));
  expectError(s, "kernel 'gemm_bf16' has 38 parameter(s) in the metadata but "
                 "4 in the launcher: regenerate the launcher header");
  auto m = ew::Module::metadata("sm_90a");
  ASSERT_TRUE(m.ok());
  s = ew::Module::add_f32_signature(kernel(*m, "add_f16"));
  expectError(s, "parameter 0 is 'pa' (f16 ptr) in the metadata but 'pa' "
                 "(f32 ptr) in the launcher");
  EXPECT_TRUE(ew::Module::add_f16_signature(kernel(*m, "add_f16")).ok());
}

TEST(AotLibrary, ElementTypesMapToCxxTypes) {
  EXPECT_EQ(ElemTypeOf<bfloat16_t>::value, ElemType::BF16);
  EXPECT_EQ(ElemTypeOf<half_t>::value, ElemType::F16);
  EXPECT_EQ(ElemTypeOf<float8_e4m3_t>::value, ElemType::F8E4M3);
  EXPECT_EQ(ElemTypeOf<float8_e5m2_t>::value, ElemType::F8E5M2);
  EXPECT_EQ(ElemTypeOf<float8_e8m0_t>::value, ElemType::F8E8M0);
  EXPECT_EQ(ElemTypeOf<float4_e2m1x2_t>::value, ElemType::F4E2M1);
  EXPECT_EQ(bfloat16_t::fromFloat(1.0f).bits, 0x3f80);
  EXPECT_EQ(half_t::fromFloat(-2.0f).bits, 0xc000);
  EXPECT_EQ(float8_e4m3_t::fromFloat(448.0f).bits, 0x7e);
  EXPECT_EQ(float8_e5m2_t::fromFloat(-1.5f).bits, 0xbe);
  EXPECT_EQ(float8_e8m0_t::fromFloat(3.0f).bits, 129); // rounds up to 4
  EXPECT_EQ(bfloat16_t{0x4049}.toFloat(), 3.140625f);
  // A typed scalar packs as the metadata type.
  KernelArgs a;
  a.scalar(bfloat16_t::fromFloat(2.0f));
  EXPECT_EQ(a[0].bytes, 2u);
  EXPECT_EQ(*a[0].elem, ElemType::BF16);
}

//===----------------------------------------------------------------------===//
// The generator
//===----------------------------------------------------------------------===//

namespace {
aot::Image image(const std::string &chip, const std::string &module) {
  // Where the test libraries' images are (cute_add_kernel_library's
  // CUTE_IMAGE_DIR): compiled in this build (cute_test_gemm's are
  // lib/Kernels' compile of the same source), or build-artifacts/ in a
  // runtime-only build (scripts/compile-examples.sh).
  std::string base =
      std::string(module == "elementwise" ? CUTE_AOT_TEST_ELEMENTWISE_DIR
                                          : CUTE_AOT_TEST_GEMM_DIR) +
      "/" + chip + "/" + module + "." + chip;
  aot::Image img;
  img.chip = chip;
  img.cubin = readText(base + ".cubin");
  img.metadataJson = readText(base + ".json");
  // cute-opt writes the PTX beside the cubin (a precompiled directory may
  // lack it).
  if (Expected<std::string> ptx = readFile(base + ".ptx"); ptx.ok())
    img.ptx = *ptx;
  return img;
}
} // namespace

TEST(AotGenerator, EmbedsThePtxTheEmulatorRuns) {
  aot::Image img = image("sm_90a", "elementwise");
  if (img.ptx.empty())
    img.ptx = ".version 8.8\n.target sm_90a\n.address_size 64\n";
  aot::GenerateOptions opts;
  auto r = aot::generate({img}, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NE(r->source.find("bytes of cubin, " + std::to_string(img.ptx.size()) +
                           " bytes of PTX"),
            std::string::npos);
  EXPECT_NE(r->source.find("const unsigned char kPtx0[] = {"),
            std::string::npos);
  // Module::load takes the PTX when the driver is the emulator.
  EXPECT_NE(r->source.find("if (ctx.driver().emulated()) {"), std::string::npos)
      << r->source.substr(r->source.size() - 2000);
  // Without it the library says what to do on the emulator.
  img.ptx.clear();
  r = aot::generate({img}, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NE(r->source.find("0 bytes of PTX"), std::string::npos);
  EXPECT_NE(r->source.find("cute-aot --image CHIP=CUBIN,METADATA,PTX"),
            std::string::npos);
}

TEST(AotGenerator, RejectsInconsistentImages) {
  aot::GenerateOptions opts;
  auto r = aot::generate(
      {image("sm_90a", "elementwise"), image("sm_90a", "gemm_sm90")}, opts);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("two images for sm_90a"), std::string::npos)
      << r.message();
  aot::Image wrongChip = image("sm_100a", "elementwise");
  wrongChip.chip = "sm_120a";
  r = aot::generate({wrongChip}, opts);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("the image given for sm_120a has metadata for "
                             "sm_100a"),
            std::string::npos)
      << r.message();
  aot::Image other = image("sm_90a", "gemm_sm90");
  r = aot::generate({image("sm_100a", "elementwise"), other}, opts);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("different modules: 'elementwise' (sm_100a) and "
                             "'gemm_sm90' (sm_90a)"),
            std::string::npos)
      << r.message();
  opts.cppNamespace = "a::class::b";
  r = aot::generate({image("sm_90a", "elementwise")}, opts);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("'class' is not a C++ identifier"),
            std::string::npos)
      << r.message();
}

TEST(AotGenerator, HeaderOnlyAndUserDescriptors) {
  aot::Image img = image("sm_90a", "gemm_sm90");
  img.cubin.clear();
  aot::GenerateOptions opts;
  opts.embed = false;
  opts.cppNamespace = "my::kernels";
  auto r = aot::generate({img}, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_TRUE(r->source.empty());
  EXPECT_NE(r->header.find("namespace my {\nnamespace kernels {"),
            std::string::npos);
  EXPECT_EQ(r->header.find("load(const ::cute::rt::Context &ctx);"),
            std::string::npos);
  EXPECT_NE(r->header.find("fromImage("), std::string::npos);
  // Without a "source" a TMA descriptor is the caller's: the launcher takes
  // a TensorMap for it. (A dimension's extent may be an expression with
  // its own brackets: the grouped instances' B has groups x N rows.)
  img.metadataJson = std::regex_replace(
      img.metadataJson,
      std::regex(
          R"(,\s*"source":\s*\{\s*"dims":\s*\[(?:[^\[\]]|\[[^\[\]]*\])*\],\s*"ptr":\s*[0-9]+\s*\})"),
      "");
  r = aot::generate({img}, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NE(r->header.find("const ::cute::rt::TensorMap & pa_tma"),
            std::string::npos)
      << r->header.substr(0, 4000);
}
