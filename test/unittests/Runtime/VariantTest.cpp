//===- VariantTest.cpp - Specialized clones: metadata and selection -------===//
#include "cute/Runtime/Launch.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

using namespace cute;
using namespace cute::rt;

namespace {

// A generic kernel with two clones, most specialized first: k__spec0 needs
// x and y 16-byte aligned and cols % 16 == 0, k__spec1 only x aligned and
// ld % 8 == 0.
const char *kDoc = R"({"schema_version":5,"chip":"sm_90a","module":"m",
 "kernels":[
  {"name":"k","params":[
     {"name":"x","kind":"ptr","elem":"f32","bytes":8,"align":4},
     {"name":"y","kind":"ptr","elem":"f32","bytes":8,"align":4},
     {"name":"rows","kind":"scalar","elem":"i32","bytes":4},
     {"name":"ld","kind":"scalar","elem":"i64","bytes":8},
     {"name":"cols","kind":"scalar","elem":"u32","bytes":4}],
   "block":[128,1,1],
   "variants":[
     {"name":"k__spec0","when":[{"param":0,"align":16},{"param":1,"align":16},
                                {"param":4,"div":16}]},
     {"name":"k__spec1","when":[{"param":0,"align":16},{"param":3,"div":8}]}]},
  {"name":"k__spec0","params":[
     {"name":"x","kind":"ptr","elem":"f32","bytes":8,"align":16},
     {"name":"y","kind":"ptr","elem":"f32","bytes":8,"align":16},
     {"name":"rows","kind":"scalar","elem":"i32","bytes":4},
     {"name":"ld","kind":"scalar","elem":"i64","bytes":8},
     {"name":"cols","kind":"scalar","elem":"u32","bytes":4}],
   "block":[128,1,1]},
  {"name":"k__spec1","params":[
     {"name":"x","kind":"ptr","elem":"f32","bytes":8,"align":16},
     {"name":"y","kind":"ptr","elem":"f32","bytes":8,"align":4},
     {"name":"rows","kind":"scalar","elem":"i32","bytes":4},
     {"name":"ld","kind":"scalar","elem":"i64","bytes":8},
     {"name":"cols","kind":"scalar","elem":"u32","bytes":4}],
   "block":[128,1,1]}]})";

/// kDoc with the first occurrence of `from` replaced by `to`.
std::string mutate(const std::string &from, const std::string &to) {
  std::string s = kDoc;
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos)
    s.replace(p, from.size(), to);
  return s;
}

void expectError(const std::string &json, const std::string &field,
                 const std::string &what) {
  auto m = parseMetadata(json);
  ASSERT_FALSE(m.ok()) << "accepted: " << json;
  EXPECT_EQ(m.error().code(), ErrorCode::Metadata) << m.error().str();
  const std::string &msg = m.error().message();
  EXPECT_EQ(msg.rfind(field + ": ", 0), 0u) << "message: " << msg;
  EXPECT_NE(msg.find(what), std::string::npos) << "message: " << msg;
}

ModuleMetadata doc() {
  auto m = parseMetadata(kDoc);
  EXPECT_TRUE(m.ok()) << m.error().str();
  return m.ok() ? *m : ModuleMetadata();
}

const CUdeviceptr kAligned = 0x7f0000001000ull; // 4096-aligned
const CUdeviceptr kOff4 = 0x7f0000001004ull;    // 4-aligned only

KernelArgs args(CUdeviceptr x, CUdeviceptr y, int64_t ld, uint32_t cols,
                int32_t rows = 100) {
  KernelArgs a;
  a.ptr(x, ElemType::F32)
      .ptr(y, ElemType::F32)
      .scalar<int32_t>(rows)
      .scalar<int64_t>(ld)
      .scalar<uint32_t>(cols);
  return a;
}

/// Sets CUTE_LOG for the scope of the object.
class ScopedLogEnv {
public:
  explicit ScopedLogEnv(const char *value) {
    if (const char *old = std::getenv("CUTE_LOG"))
      saved_ = old;
    if (value)
      setenv("CUTE_LOG", value, 1);
    else
      unsetenv("CUTE_LOG");
  }
  ~ScopedLogEnv() {
    if (saved_)
      setenv("CUTE_LOG", saved_->c_str(), 1);
    else
      unsetenv("CUTE_LOG");
  }

private:
  std::optional<std::string> saved_;
};

} // namespace

//===----------------------------------------------------------------------===//
// Metadata
//===----------------------------------------------------------------------===//

TEST(RuntimeVariants, ParsesVariantsInPriorityOrder) {
  ModuleMetadata m = doc();
  ASSERT_EQ(m.kernels.size(), 3u);
  const KernelInfo &k = m.kernels[0];
  ASSERT_EQ(k.variants.size(), 2u);
  EXPECT_EQ(k.variants[0].name, "k__spec0");
  ASSERT_EQ(k.variants[0].when.size(), 3u);
  EXPECT_EQ(k.variants[0].when[0].param, 0u);
  EXPECT_EQ(k.variants[0].when[0].kind, VariantCondition::Kind::Align);
  EXPECT_EQ(k.variants[0].when[0].value, 16u);
  EXPECT_EQ(k.variants[0].when[2].param, 4u);
  EXPECT_EQ(k.variants[0].when[2].kind, VariantCondition::Kind::Div);
  EXPECT_EQ(k.variants[0].when[2].value, 16u);
  EXPECT_EQ(k.variants[1].name, "k__spec1");
  ASSERT_EQ(k.variants[1].when.size(), 2u);
  EXPECT_EQ(k.variants[1].when[1].param, 3u);
  EXPECT_EQ(k.variants[1].when[1].value, 8u);
  // The clones are ordinary kernels of the document.
  ASSERT_NE(m.find("k__spec0"), nullptr);
  EXPECT_TRUE(m.find("k__spec0")->variants.empty());
  EXPECT_EQ(m.find("k__spec0")->params[0].align, 16u);
}

TEST(RuntimeVariants, ReaderRejectsMalformedVariants) {
  const std::string v = "kernels[0].variants";
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":4,"divv":16})"),
              v + "[0].when[2]", "unknown condition 'divv'");
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":7,"div":16})"),
              v + "[0].when[2].param",
              "index 7 out of range: kernel 'k' has 5 params");
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":-1,"div":16})"),
              v + "[0].when[2].param", "out of range");
  expectError(mutate(R"({"param":4,"div":16})", R"({"div":16})"),
              v + "[0].when[2].param", "missing required field");
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":4})"),
              v + "[0].when[2]", "missing condition (align or div)");
  expectError(
      mutate(R"({"param":4,"div":16})", R"({"param":4,"div":16,"align":16})"),
      v + "[0].when[2]", "has both align and div");
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":4,"div":0})"),
              v + "[0].when[2].div", "out of range");
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":4,"div":-16})"),
              v + "[0].when[2].div", "out of range");
  expectError(mutate(R"({"param":0,"align":16})", R"({"param":0,"align":12})"),
              v + "[0].when[0].align", "must be a power of two, got 12");
  expectError(mutate(R"({"param":0,"align":16})", R"({"param":0,"align":0})"),
              v + "[0].when[0].align", "out of range");
  expectError(mutate(R"({"param":0,"align":16})", R"({"param":2,"align":16})"),
              v + "[0].when[0].align",
              "param 2 'rows' is scalar i32; align applies to ptr params");
  expectError(mutate(R"({"param":4,"div":16})", R"({"param":1,"div":16})"),
              v + "[0].when[2].div",
              "param 1 'y' is ptr f32; div applies to integer scalar params");
  expectError(
      mutate(R"({"name":"k__spec1","when")", R"({"name":"k__spec1","if")"),
      v + "[1].if", "unknown key (allowed: name, when)");
  expectError(mutate(R"({"name":"k__spec1","when")", R"({"name":"","when")"),
              v + "[1].name", "must not be empty");
  expectError(mutate(R"("when":[{"param":0,"align":16},{"param":3,"div":8}])",
                     R"("when":[])"),
              v + "[1].when", "must not be empty");
  expectError(R"({"schema_version":5,"chip":"sm_90a","kernels":[
                  {"name":"k","params":[],"block":[1,1,1],"variants":7}]})",
              v, "expected array, got number");
  expectError(R"({"schema_version":5,"chip":"sm_90a","kernels":[
                  {"name":"k","params":[],"block":[1,1,1],"variants":[1]}]})",
              v + "[0]", "expected object, got number");
  expectError(mutate(R"({"name":"k__spec1","when")", R"({"name":"k","when")"),
              v + "[1].name", "'k' names the kernel itself");
  expectError(
      mutate(R"({"name":"k__spec1","when")", R"({"name":"k__spec0","when")"),
      v + "[1].name", "duplicate variant 'k__spec0'");
  // Checks that need the whole document.
  expectError(
      mutate(R"({"name":"k__spec1","when")", R"({"name":"k__spec9","when")"),
      v + "[1].name", "no kernel named 'k__spec9' in the document");
  expectError(mutate(R"({"name":"k__spec1","params")",
                     R"({"name":"k__spec1","variants":[{"name":"k",
                         "when":[{"param":0,"align":8}]}],"params")"),
              v + "[1].name", "'k__spec1' has variants of its own");
  expectError(mutate(R"({"name":"cols","kind":"scalar","elem":"u32","bytes":4}],
   "block":[128,1,1]},
  {"name":"k__spec1")",
                     R"({"name":"cols","kind":"scalar","elem":"i32","bytes":4}],
   "block":[128,1,1]},
  {"name":"k__spec1")"),
              v + "[0].name",
              "'k__spec0' param 4 'cols' is scalar i32, 'k' param 4 'cols' is "
              "scalar u32; a variant takes the same params");
  // A clone's alignment that no condition guarantees would fail at launch.
  expectError(mutate(R"({"param":1,"align":16},)", ""), v + "[0].name",
              "'k__spec0' assumes param 1 'y' is aligned to 16, but 'k' "
              "promises 4 and no condition checks it");
}

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

TEST(RuntimeVariants, AlignedAndDivisiblePicksTheFirstClone) {
  ModuleMetadata m = doc();
  VariantChoice c =
      selectVariant(m.kernels[0], args(kAligned, kAligned, 7, 64));
  ASSERT_TRUE(c.variant.has_value());
  EXPECT_EQ(*c.variant, 0u);
  EXPECT_EQ(c.name, "k__spec0");
  EXPECT_EQ(c.reason,
            "param 0 'x' align 16, param 1 'y' align 16, param 4 'cols' % 16 "
            "== 0");
}

TEST(RuntimeVariants, MisalignedPointerPicksTheGenericKernel) {
  ModuleMetadata m = doc();
  VariantChoice c = selectVariant(m.kernels[0], args(kOff4, kAligned, 8, 64));
  EXPECT_FALSE(c.variant.has_value());
  EXPECT_EQ(c.name, "k");
  EXPECT_EQ(c.reason,
            "'k__spec0': param 0 'x' = 0x7f0000001004 is not aligned to 16; "
            "'k__spec1': param 0 'x' = 0x7f0000001004 is not aligned to 16");
}

TEST(RuntimeVariants, NonDivisibleScalarPicksTheGenericKernel) {
  ModuleMetadata m = doc();
  VariantChoice c =
      selectVariant(m.kernels[0], args(kAligned, kAligned, 1003, 1003));
  EXPECT_FALSE(c.variant.has_value());
  EXPECT_EQ(c.name, "k");
  EXPECT_EQ(c.reason,
            "'k__spec0': param 4 'cols' = 1003 is not a multiple of 16; "
            "'k__spec1': param 3 'ld' = 1003 is not a multiple of 8");
}

TEST(RuntimeVariants, TwoClonesPickTheFirstThatApplies) {
  ModuleMetadata m = doc();
  // y misaligned: k__spec0 fails, k__spec1 (x aligned, ld % 8) applies.
  VariantChoice c = selectVariant(m.kernels[0], args(kAligned, kOff4, 24, 64));
  ASSERT_TRUE(c.variant.has_value());
  EXPECT_EQ(*c.variant, 1u);
  EXPECT_EQ(c.name, "k__spec1");
  EXPECT_EQ(c.reason, "param 0 'x' align 16, param 3 'ld' % 8 == 0; not "
                      "'k__spec0': param 1 'y' = 0x7f0000001004 is not "
                      "aligned to 16");
  // Both apply: the first listed wins.
  EXPECT_EQ(selectVariant(m.kernels[0], args(kAligned, kAligned, 24, 64)).name,
            "k__spec0");
}

TEST(RuntimeVariants, IntegerScalarsAreReadByTheirType) {
  auto m = parseMetadata(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"g","params":[{"name":"a","kind":"scalar","elem":"i32","bytes":4},
                          {"name":"b","kind":"scalar","elem":"u64","bytes":8},
                          {"name":"c","kind":"scalar","elem":"i64","bytes":8},
                          {"name":"d","kind":"scalar","elem":"u32","bytes":4}],
     "block":[32,1,1],
     "variants":[{"name":"s","when":[{"param":0,"div":4},{"param":1,"div":4},
                                     {"param":2,"div":4},{"param":3,"div":4}]}]},
    {"name":"s","params":[{"name":"a","kind":"scalar","elem":"i32","bytes":4},
                          {"name":"b","kind":"scalar","elem":"u64","bytes":8},
                          {"name":"c","kind":"scalar","elem":"i64","bytes":8},
                          {"name":"d","kind":"scalar","elem":"u32","bytes":4}],
     "block":[32,1,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  const KernelInfo &g = m->kernels[0];
  auto pick = [&](int32_t a, uint64_t b, int64_t c, uint32_t d) {
    KernelArgs x;
    x.scalar<int32_t>(a)
        .scalar<uint64_t>(b)
        .scalar<int64_t>(c)
        .scalar<uint32_t>(d);
    return selectVariant(g, x);
  };
  EXPECT_EQ(pick(-8, 1ull << 40, -(int64_t(1) << 40), 0xfffffff0u).name, "s");
  VariantChoice c = pick(-6, 8, 8, 8);
  EXPECT_EQ(c.name, "g");
  EXPECT_EQ(c.reason, "'s': param 0 'a' = -6 is not a multiple of 4");
  // Values above 2^32 and 2^63 are not truncated or sign-flipped.
  EXPECT_EQ(pick(4, (1ull << 63) + 2, 4, 4).reason,
            "'s': param 1 'b' = 9223372036854775810 is not a multiple of 4");
  EXPECT_EQ(pick(4, 4, (int64_t(1) << 33) + 1, 4).reason,
            "'s': param 2 'c' = 8589934593 is not a multiple of 4");
  EXPECT_EQ(pick(4, 4, 4, 0xfffffffeu).reason,
            "'s': param 3 'd' = 4294967294 is not a multiple of 4");
}

TEST(RuntimeVariants, MistypedArgumentsFallBackToTheGenericKernel) {
  ModuleMetadata m = doc();
  const KernelInfo &k = m.kernels[0];
  // Too few arguments, a scalar where a pointer belongs, an i32 for the u32:
  // no clone; validateArgs then reports the mistake for the generic kernel.
  KernelArgs few;
  few.ptr(kAligned);
  EXPECT_EQ(selectVariant(k, few).reason,
            "'k__spec0': param 1 'y' is not given (1 argument(s)); "
            "'k__spec1': param 3 'ld' is not given (1 argument(s))");
  KernelArgs right = args(kAligned, kAligned, 8, 16);
  KernelArgs swapped;
  swapped.scalar<int64_t>(16)
      .ptr(kAligned)
      .scalar<int32_t>(1)
      .scalar<int64_t>(8)
      .scalar<int32_t>(16);
  VariantChoice c = selectVariant(k, swapped);
  EXPECT_FALSE(c.variant.has_value());
  EXPECT_EQ(c.reason, "'k__spec0': param 0 'x' is given as 8-byte scalar i64, "
                      "not ptr f32; 'k__spec1': param 0 'x' is given as "
                      "8-byte scalar i64, not ptr f32");
  // A null pointer is not aligned (and validateArgs rejects it).
  EXPECT_FALSE(selectVariant(k, args(0, kAligned, 8, 16)).variant);
  EXPECT_TRUE(selectVariant(k, right).variant);
}

TEST(RuntimeVariants, KernelWithoutVariants) {
  ModuleMetadata m = doc();
  VariantChoice c =
      selectVariant(m.kernels[1], args(kAligned, kAligned, 8, 16));
  EXPECT_FALSE(c.variant.has_value());
  EXPECT_EQ(c.name, "k__spec0");
  EXPECT_EQ(c.reason, "no variants");
}

TEST(RuntimeVariants, LogLine) {
  ModuleMetadata m = doc();
  const KernelInfo &k = m.kernels[0];
  EXPECT_EQ(
      variantLogLine(k, selectVariant(k, args(kAligned, kAligned, 7, 64))),
      "cute: kernel 'k' -> 'k__spec0' (param 0 'x' align 16, param 1 'y' "
      "align 16, param 4 'cols' % 16 == 0)");
  EXPECT_EQ(
      variantLogLine(k, selectVariant(k, args(kAligned, kAligned, 7, 1003))),
      "cute: kernel 'k' -> generic ('k__spec0': param 4 'cols' = 1003 is not "
      "a multiple of 16; 'k__spec1': param 3 'ld' = 7 is not a multiple of "
      "8)");
}

TEST(RuntimeVariants, LogVariable) {
  {
    ScopedLogEnv env(nullptr);
    EXPECT_FALSE(variantLogEnabled());
  }
  for (const char *on : {"variants", "all", "jit,variants", "variants,x"}) {
    ScopedLogEnv env(on);
    EXPECT_TRUE(variantLogEnabled()) << on;
  }
  for (const char *off : {"", "0", "variant", "jit", "variants2"}) {
    ScopedLogEnv env(off);
    EXPECT_FALSE(variantLogEnabled()) << off;
  }
}

// Kernel::launch on the host: the arguments are checked against the generic
// kernel, the choice is logged, and the chosen kernel is the one launched
// (here it fails at once: the Functions are empty, no GPU is needed).
TEST(RuntimeVariants, KernelLaunchRunsAndLogsTheChoice) {
  ModuleMetadata m = doc();
  std::vector<Kernel> clones;
  clones.emplace_back(Function(), *m.find("k__spec0"));
  clones.emplace_back(Function(), *m.find("k__spec1"));
  Kernel k(Function(), m.kernels[0], std::move(clones));
  ASSERT_EQ(k.variants().size(), 2u);
  EXPECT_EQ(k.selectedName(args(kAligned, kAligned, 8, 16)), "k__spec0");
  EXPECT_EQ(k.selectedName(args(kAligned, kOff4, 8, 16)), "k__spec1");
  EXPECT_EQ(k.selectedName(args(kOff4, kAligned, 8, 16)), "k");
  LaunchConfig cfg;
  cfg.grid = Dim3(4);
  {
    ScopedLogEnv env("variants");
    ::testing::internal::CaptureStderr();
    Status s = k.launch(Stream(), cfg, args(kAligned, kAligned, 8, 16));
    std::string log = ::testing::internal::GetCapturedStderr();
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message(),
              "kernel 'k__spec0': launch of an empty Function");
    EXPECT_EQ(log, "cute: kernel 'k' -> 'k__spec0' (param 0 'x' align 16, "
                   "param 1 'y' align 16, param 4 'cols' % 16 == 0)\n");
  }
  {
    ScopedLogEnv env(nullptr);
    ::testing::internal::CaptureStderr();
    Status s = k.launch(Stream(), cfg, args(kOff4, kAligned, 8, 16));
    EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message(), "kernel 'k': launch of an empty Function");
  }
  // Bad arguments are reported against the kernel the caller launched.
  KernelArgs bad = args(kAligned, kAligned, 8, 16);
  bad.scalar<int32_t>(1);
  Status s = k.launch(Stream(), cfg, bad);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message().rfind("kernel 'k': expected 5 argument(s)", 0),
            0u)
      << s.error().message();
}

TEST(RuntimeVariants, KernelWithoutLoadedVariantsRunsGeneric) {
  ModuleMetadata m = doc();
  Kernel k(Function(), m.kernels[0]);
  VariantChoice c = k.select(args(kAligned, kAligned, 8, 16));
  EXPECT_FALSE(c.variant.has_value());
  EXPECT_EQ(c.name, "k");
  EXPECT_NE(c.reason.find("not loaded"), std::string::npos) << c.reason;
}
