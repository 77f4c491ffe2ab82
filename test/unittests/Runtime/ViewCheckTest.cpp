//===- ViewCheckTest.cpp - "views": 32-bit offset checks at launch --------===//
//
// A pointer's "views" in the metadata give the largest offset the kernel
// computes in 32 bits as an expression over its integer scalar params;
// validateArgs evaluates it from the actual arguments. Host-only.
//
//===----------------------------------------------------------------------===//
#include "cute/Runtime/Launch.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace cute;
using namespace cute::rt;

namespace {

const CUdeviceptr kPtr = 0x7f0000001000ull;

/// The view the compiler writes for x_ptr of
///   %shape = cute.make_shape(%rows, %cols)
///   %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
///   %x = cute.make_view(%x_ptr, cute.make_layout(%shape, %stride))
/// (test/Target/kernel-views.mlir): (rows - 1)*|cols| + cols - 1.
const char *kView2D =
    R"({"bits":32,"extents":[{"param":1},{"param":2}],
        "max_offset":{"add":[{"mul":[{"add":[{"param":1},{"const":-1}]},
                                     {"abs":{"param":2}}]},
                             {"param":2},{"const":-1}]}})";

std::string doc(const std::string &views, const std::string &extraParams = "") {
  return std::string(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[
      {"name":"x_ptr","kind":"ptr","elem":"bf16","bytes":8,"align":2,
       "views":[)") +
         views + R"(]},
      {"name":"rows","kind":"scalar","elem":"i32","bytes":4},
      {"name":"cols","kind":"scalar","elem":"i32","bytes":4})" +
         extraParams + R"(],
    "block":[128,1,1]}]})";
}

KernelInfo kernel2D() {
  auto m = parseMetadata(doc(kView2D));
  EXPECT_TRUE(m.ok()) << m.error().str();
  return m.ok() ? m->kernels[0] : KernelInfo();
}

KernelArgs args2D(int32_t rows, int32_t cols) {
  KernelArgs a;
  a.ptr(kPtr, ElemType::BF16).scalar<int32_t>(rows).scalar<int32_t>(cols);
  return a;
}

void expectMetaError(const std::string &json, const std::string &field,
                     const std::string &what) {
  auto m = parseMetadata(json);
  ASSERT_FALSE(m.ok()) << "accepted: " << json;
  EXPECT_EQ(m.error().code(), ErrorCode::Metadata);
  const std::string &msg = m.error().message();
  EXPECT_EQ(msg.rfind(field + ": ", 0), 0u) << msg;
  EXPECT_NE(msg.find(what), std::string::npos) << msg;
}

void expectRejected(const KernelInfo &info, const KernelArgs &args,
                    const std::string &what) {
  Status s = validateArgs(info, args);
  ASSERT_FALSE(s.ok()) << "accepted: " << what;
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
  EXPECT_NE(s.error().message().find(what), std::string::npos)
      << s.error().message();
}

} // namespace

TEST(RuntimeViews, RoundTrip) {
  KernelInfo k = kernel2D();
  ASSERT_EQ(k.params.size(), 3u);
  ASSERT_EQ(k.params[0].views.size(), 1u);
  EXPECT_TRUE(k.params[1].views.empty());
  const ViewInfo &v = k.params[0].views[0];
  EXPECT_EQ(v.bits, 32);
  ASSERT_EQ(v.extents.size(), 2u);
  EXPECT_EQ(v.extents[0].op, OffsetExpr::Op::Param);
  EXPECT_EQ(v.extents[0].value, 1);
  EXPECT_EQ(v.extents[1].str(k), "cols");
  EXPECT_EQ(v.maxOffset.op, OffsetExpr::Op::Add);
  ASSERT_EQ(v.maxOffset.ops.size(), 3u);
  EXPECT_EQ(v.maxOffset.ops[0].op, OffsetExpr::Op::Mul);
  EXPECT_EQ(v.maxOffset.ops[0].ops[1].op, OffsetExpr::Op::Abs);
  EXPECT_EQ(v.maxOffset.ops[2].value, -1);
  EXPECT_EQ(v.maxOffset.str(k), "(rows - 1)*|cols| + cols - 1");
  // "extents" is optional; several views of one pointer are all kept.
  auto two = parseMetadata(doc(std::string(kView2D) + R"(,
      {"bits":64,"max_offset":{"mul":[{"param":1},{"param":2},{"const":4}]}})"));
  ASSERT_TRUE(two.ok()) << two.error().str();
  const ParamInfo &p = two->kernels[0].params[0];
  ASSERT_EQ(p.views.size(), 2u);
  EXPECT_EQ(p.views[1].bits, 64);
  EXPECT_TRUE(p.views[1].extents.empty());
  EXPECT_EQ(p.views[1].maxOffset.str(two->kernels[0]), "rows*cols*4");
  // The keys are the schema's.
  EXPECT_STREQ(metadata::key::Views, "views");
  EXPECT_STREQ(metadata::key::MaxOffset, "max_offset");
  EXPECT_GE(metadata::kSchemaVersion, 3);
}

TEST(RuntimeViews, ReaderErrors) {
  const std::string v = "kernels[0].params[0].views[0]";
  // Malformed expressions.
  expectMetaError(doc(R"({"bits":32,"max_offset":7})"), v + ".max_offset",
                  "expected an expression: an object with one key (const, "
                  "param, add, mul, abs, div), got number");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"param":1,"const":2}})"),
                  v + ".max_offset", "an object with one key");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"add":[{"param":1}]}})"),
                  v + ".max_offset.add",
                  "expected two or more operands, got 1");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"mul":{"param":1}}})"),
                  v + ".max_offset.mul", "expected array, got object");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"const":1.5}})"),
                  v + ".max_offset.const",
                  "expected an integer, got a non-integer number");
  expectMetaError(
      doc(R"({"bits":32,"max_offset":{"add":[{"param":1},{"abs":[]}]}})"),
      v + ".max_offset.add[1].abs", "expected an expression");
  // Unknown operation.
  expectMetaError(
      doc(R"({"bits":32,"max_offset":{"sub":[{"param":1},{"const":1}]}})"),
      v + ".max_offset",
      "unknown operation 'sub' (expected one of const, "
      "param, add, mul, abs, div)");
  // Param index out of range.
  expectMetaError(doc(R"({"bits":32,"max_offset":{"param":3}})"),
                  v + ".max_offset.param",
                  "index 3 out of range: kernel 'k' has 3 params");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"param":-1}})"),
                  v + ".max_offset.param", "value -1 out of range");
  // Param not an integer scalar.
  expectMetaError(
      doc(R"({"bits":32,"max_offset":{"add":[{"param":1},{"param":0}]}})"),
      v + ".max_offset.add[1].param",
      "param 0 'x_ptr' is ptr bf16; a view's expressions read integer "
      "scalar params");
  expectMetaError(
      doc(R"({"bits":32,"max_offset":{"param":1},"extents":[{"param":3}]})",
          R"(,{"name":"eps","kind":"scalar","elem":"f32","bytes":4})"),
      v + ".extents[0].param", "param 3 'eps' is scalar f32");
  // The view object itself.
  expectMetaError(doc(R"({"bits":16,"max_offset":{"param":1}})"), v + ".bits",
                  "must be 32 or 64, got 16");
  expectMetaError(doc(R"({"max_offset":{"param":1}})"), v + ".bits",
                  "missing required field");
  expectMetaError(doc(R"({"bits":32})"), v + ".max_offset",
                  "missing required field");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"param":1},"exts":[]})"),
                  v + ".exts",
                  "unknown key (allowed: bits, max_offset, "
                  "extents)");
  expectMetaError(doc(R"({"bits":32,"max_offset":{"param":1},"extents":{}})"),
                  v + ".extents", "expected array, got object");
  expectMetaError(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"k","params":[
      {"name":"n","kind":"scalar","elem":"i32","bytes":4,"views":[]}],
      "block":[1,1,1]}]})",
      "kernels[0].params[0].views", "only allowed on ptr parameters");
}

TEST(RuntimeViews, RejectsAnOverflowingTensor) {
  KernelInfo k = kernel2D();
  // 65536 x 65536 bf16 (8 GiB): the last element is at 2^32 - 1.
  Status s = validateArgs(k, args2D(65536, 65536));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
  EXPECT_EQ(s.error().message(),
            "kernel 'k': argument 0 ('x_ptr'): the largest element offset of "
            "its tensor, (rows - 1)*|cols| + cols - 1 = 4294967295 with rows "
            "= 65536, cols = 65536, does not fit the kernel's 32-bit offsets "
            "(at most 2147483647); declare the tensor's strides ?{i64} (the "
            "stride of its slowest mode at least) and recompile, or launch on "
            "a smaller tensor");
  EXPECT_EQ(checkViews(k, args2D(65536, 65536)).error().message(),
            s.error().message());
}

TEST(RuntimeViews, AcceptsATensorThatFits) {
  KernelInfo k = kernel2D();
  Status s = validateArgs(k, args2D(1024, 1024));
  EXPECT_TRUE(s.ok()) << s.error().str();
  EXPECT_TRUE(validateArgs(k, args2D(1, 1)).ok());
}

TEST(RuntimeViews, ExactBoundary) {
  KernelInfo k = kernel2D();
  // 32768 x 65536: rows*cols - 1 = 2^31 - 1, the largest 32-bit offset.
  Status fits = validateArgs(k, args2D(32768, 65536));
  EXPECT_TRUE(fits.ok()) << fits.error().str();
  // 3 x 715827883 = 2^31 + 1 elements: the last is at 2^31.
  expectRejected(k, args2D(3, 715827883),
                 "(rows - 1)*|cols| + cols - 1 = 2147483648 with rows = 3, "
                 "cols = 715827883, does not fit the kernel's 32-bit offsets");
  // A 64-bit view's limit is 2^63 - 1; beyond it the arithmetic overflows.
  auto m = parseMetadata(doc(
      R"({"bits":64,"max_offset":{"mul":[{"param":1},{"param":2},{"param":3}]}})",
      R"(,{"name":"depth","kind":"scalar","elem":"i64","bytes":8})"));
  ASSERT_TRUE(m.ok()) << m.error().str();
  KernelArgs big = args2D(65536, 65536);
  big.scalar<int64_t>(int64_t(1) << 30);
  Status s = validateArgs(m->kernels[0], big);
  EXPECT_TRUE(s.ok()) << s.error().str();
  KernelArgs huge = args2D(65536, 65536);
  huge.scalar<int64_t>(int64_t(1) << 31);
  expectRejected(m->kernels[0], huge,
                 "rows*cols*depth = ? (it overflows 64-bit arithmetic) with "
                 "rows = 65536, cols = 65536, depth = 2147483648, does not fit "
                 "the kernel's 64-bit offsets (at most 9223372036854775807)");
}

// Extents: a negative one is a caller's bug; a zero one makes the tensor
// empty, with no offsets to overflow.
TEST(RuntimeViews, NegativeAndZeroExtents) {
  KernelInfo k = kernel2D();
  expectRejected(k, args2D(-5, 1024),
                 "kernel 'k': argument 0 ('x_ptr'): its tensor has the "
                 "negative extent rows = -5");
  expectRejected(k, args2D(16, -1), "negative extent cols = -1");
  Status empty = validateArgs(k, args2D(0, 2000000000));
  EXPECT_TRUE(empty.ok()) << empty.error().str();
}

// Integer params are read by their type: u32 zero-extended, u64 above
// 2^63 - 1 cannot be evaluated and is rejected.
TEST(RuntimeViews, UnsignedParams) {
  auto m = parseMetadata(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[
      {"name":"p","kind":"ptr","bytes":8,"views":[{"bits":32,
        "extents":[{"param":1}],"max_offset":{"add":[{"param":1},{"const":-1}]}}]},
      {"name":"n","kind":"scalar","elem":"ui64","bytes":8}],
    "block":[32,1,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  const KernelInfo &k = m->kernels[0];
  KernelArgs ok;
  ok.ptr(kPtr).scalar<uint64_t>(uint64_t(1) << 31);
  EXPECT_TRUE(validateArgs(k, ok).ok());
  KernelArgs over;
  over.ptr(kPtr).scalar<uint64_t>((uint64_t(1) << 31) + 1);
  expectRejected(k, over, "n - 1 = 2147483648 with n = 2147483649");
  KernelArgs top;
  top.ptr(kPtr).scalar<uint64_t>(~uint64_t(0));
  expectRejected(k, top,
                 "cannot evaluate the extent n of its tensor: param n is not "
                 "an integer below 2^63");
}

// A kernel with variants: the clone takes the same params and has the same
// views; the check applies to whichever the launch runs.
TEST(RuntimeViews, AppliesToVariants) {
  std::string view = kView2D;
  auto m = parseMetadata(std::string(R"({"schema_version":5,"chip":"sm_90a",
    "kernels":[
    {"name":"k","params":[
      {"name":"x_ptr","kind":"ptr","elem":"bf16","bytes":8,"align":2,
       "views":[)") + view +
                         R"(]},
      {"name":"rows","kind":"scalar","elem":"i32","bytes":4},
      {"name":"cols","kind":"scalar","elem":"i32","bytes":4}],
     "block":[128,1,1],
     "variants":[{"name":"k__aligned16","when":[{"param":0,"align":16},
                                                {"param":2,"div":16}]}]},
    {"name":"k__aligned16","params":[
      {"name":"x_ptr","kind":"ptr","elem":"bf16","bytes":8,"align":16,
       "views":[)" + view +
                         R"(]},
      {"name":"rows","kind":"scalar","elem":"i32","bytes":4},
      {"name":"cols","kind":"scalar","elem":"i32","bytes":4}],
     "block":[128,1,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  const KernelInfo &generic = m->kernels[0];
  const KernelInfo &clone = m->kernels[1];
  KernelArgs big = args2D(65536, 65536);
  VariantChoice c = selectVariant(generic, big);
  ASSERT_TRUE(c.variant.has_value()) << c.reason;
  EXPECT_EQ(c.name, "k__aligned16");
  // Kernel::launch validates with the generic kernel's metadata, then
  // launches the choice with its own (rt::launch validates again).
  expectRejected(generic, big,
                 "kernel 'k': argument 0 ('x_ptr'): the "
                 "largest element offset");
  expectRejected(clone, big,
                 "kernel 'k__aligned16': argument 0 ('x_ptr'): "
                 "the largest element offset");
  EXPECT_TRUE(validateArgs(generic, args2D(1024, 1024)).ok());
  EXPECT_TRUE(validateArgs(clone, args2D(1024, 1024)).ok());
}

// The other checks come first: a wrongly typed scalar is reported as such,
// not read as an extent.
TEST(RuntimeViews, TypeErrorsComeFirst) {
  KernelInfo k = kernel2D();
  KernelArgs a;
  a.ptr(kPtr, ElemType::BF16).scalar<int64_t>(65536).scalar<int32_t>(65536);
  expectRejected(k, a, "argument 1 ('rows'): expected 4-byte scalar i32");
}
