//===- DerivedTmaTest.cpp - TMA descriptors encoded from the arguments ----===//
//
// A tma_desc param whose "tma" has a "source" is derived: the caller passes
// only the other params, and the runtime builds the descriptor from the
// pointer and integer arguments the source names (deriveTmaSpec). Host-only.
//
//===----------------------------------------------------------------------===//
#include "cute/Runtime/Launch.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

using namespace cute;
using namespace cute::rt;

namespace {

const CUdeviceptr kPtr = 0x7f0000001000ull;

/// A row-major (m, n) f32 tensor `in` with leading dimension `ld`, loaded
/// through the derived descriptor `in_tma` (dims innermost first: extent n
/// stride 1, extent m stride ld). `intType` is the type of m, n and ld.
std::string doc(const std::string &tma, const std::string &intType = "i32") {
  return R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[
      {"name":"in","kind":"ptr","elem":"f32","bytes":8},
      {"name":"m","kind":"scalar","elem":")" +
         intType + R"(","bytes":)" + (intType == "i64" ? "8" : "4") + R"(},
      {"name":"n","kind":"scalar","elem":")" +
         intType + R"(","bytes":)" + (intType == "i64" ? "8" : "4") + R"(},
      {"name":"ld","kind":"scalar","elem":")" +
         intType + R"(","bytes":)" + (intType == "i64" ? "8" : "4") + R"(},
      {"name":"out","kind":"ptr","elem":"f32","bytes":8},
      {"name":"in_tma","kind":"tma_desc","bytes":128,"tma":)" +
         tma + R"(}],
    "block":[128,1,1]}]})";
}

const char *kRowMajor =
    R"({"elem":"f32","rank":2,"box":[32,16],"swizzle":128,"interleave":0,
        "l2_promotion":128,"oob_fill":"nan",
        "source":{"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1}},
                                  {"extent":{"param":1},"stride":{"param":3}}]}})";

/// The same memory seen transposed: an (n, m) tensor, column-major, i.e.
/// m contiguous with stride 1 and n with stride ld.
const char *kTransposed =
    R"({"elem":"f32","rank":2,"box":[16,32],
        "source":{"ptr":0,"dims":[{"extent":{"param":1},"stride":{"const":1}},
                                  {"extent":{"param":2},"stride":{"param":3}}]}})";

KernelInfo kernel(const std::string &tma, const std::string &intType = "i32") {
  auto m = parseMetadata(doc(tma, intType));
  EXPECT_TRUE(m.ok()) << m.error().str();
  return m.ok() ? m->kernels[0] : KernelInfo();
}

KernelArgs args(int64_t m, int64_t n, int64_t ld, CUdeviceptr in = kPtr,
                bool i64 = false) {
  KernelArgs a;
  a.ptr(in, ElemType::F32);
  for (int64_t v : {m, n, ld}) {
    if (i64)
      a.scalar<int64_t>(v);
    else
      a.scalar<int32_t>(int32_t(v));
  }
  a.ptr(kPtr + 0x100000, ElemType::F32);
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

std::string deriveError(const KernelInfo &k, const KernelArgs &a) {
  auto s = deriveTmaSpec(k, 5, a);
  if (s.ok())
    return "accepted";
  // validateArgs reports the same.
  Status v = validateArgs(k, a);
  EXPECT_FALSE(v.ok());
  if (!v.ok()) {
    EXPECT_EQ(v.error().message(), s.error().message());
  }
  return s.error().message();
}

} // namespace

TEST(RuntimeDerivedTma, ReadsTheSource) {
  EXPECT_GE(metadata::kSchemaVersion, 4);
  EXPECT_STREQ(metadata::key::Source, "source");
  EXPECT_STREQ(metadata::key::Dims, "dims");
  EXPECT_STREQ(metadata::key::L2Promotion, "l2_promotion");
  EXPECT_STREQ(metadata::key::OobFill, "oob_fill");
  KernelInfo k = kernel(kRowMajor);
  ASSERT_EQ(k.params.size(), 6u);
  EXPECT_EQ(k.userParamCount(), 5u);
  EXPECT_FALSE(k.params[0].derived());
  ASSERT_TRUE(k.params[5].derived());
  const TmaParamInfo &t = *k.params[5].tma;
  EXPECT_EQ(t.elem, ElemType::F32);
  EXPECT_EQ(t.l2Promotion, 128);
  EXPECT_TRUE(t.oobFillNan);
  const TmaSourceInfo &src = *t.source;
  EXPECT_EQ(src.ptr, 0u);
  ASSERT_EQ(src.dims.size(), 2u);
  EXPECT_EQ(src.dims[0].extent.str(k), "n");
  EXPECT_EQ(src.dims[0].stride.str(k), "1");
  EXPECT_EQ(src.dims[1].extent.str(k), "m");
  EXPECT_EQ(src.dims[1].stride.str(k), "ld");

  // Without "source": a descriptor the caller passes, as before; the
  // options default to no promotion and zero fill.
  auto m = parseMetadata(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[{"name":"t","kind":"tma_desc","bytes":128,
      "tma":{"elem":"f16","rank":1,"box":[64]}},
      {"name":"n","kind":"scalar","elem":"i32","bytes":4}],
     "block":[32,1,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  const KernelInfo &plain = m->kernels[0];
  EXPECT_FALSE(plain.params[0].derived());
  EXPECT_EQ(plain.userParamCount(), 2u);
  EXPECT_EQ(plain.params[0].tma->l2Promotion, 0);
  EXPECT_FALSE(plain.params[0].tma->oobFillNan);
  // "zero" spelled out, and the options on a passed descriptor.
  auto z = parseMetadata(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[{"name":"t","kind":"tma_desc","bytes":128,
      "tma":{"elem":"f16","rank":1,"box":[64],"l2_promotion":256,
             "oob_fill":"zero"}}],"block":[32,1,1]}]})");
  ASSERT_TRUE(z.ok()) << z.error().str();
  EXPECT_EQ(z->kernels[0].params[0].tma->l2Promotion, 256);
  EXPECT_FALSE(z->kernels[0].params[0].tma->oobFillNan);
}

TEST(RuntimeDerivedTma, ReaderErrors) {
  const std::string t = "kernels[0].params[5].tma";
  const std::string s = t + ".source";
  auto withSource = [](const std::string &source) {
    return doc(R"({"elem":"f32","rank":2,"box":[32,16],"source":)" + source +
               "}");
  };
  const std::string dims =
      R"("dims":[{"extent":{"param":2},"stride":{"const":1}},
                 {"extent":{"param":1},"stride":{"param":3}}])";
  // The source object.
  expectMetaError(withSource("7"), s, "expected object, got number");
  expectMetaError(withSource(R"({"ptr":0,)" + dims + R"(,"base":1})"),
                  s + ".base", "unknown key (allowed: ptr, dims)");
  expectMetaError(withSource("{" + dims + "}"), s + ".ptr",
                  "missing required field");
  expectMetaError(withSource(R"({"ptr":-1,)" + dims + "}"), s + ".ptr",
                  "out of range");
  expectMetaError(withSource(R"({"ptr":0})"), s + ".dims",
                  "missing required field");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1}}]})"),
      s + ".dims", "expected 2 entries (rank), got 1");
  expectMetaError(withSource(R"({"ptr":0,"dims":[3,4]})"), s + ".dims[0]",
                  "expected object, got number");
  expectMetaError(withSource(R"({"ptr":0,"dims":[{"stride":{"const":1}},
                                     {"extent":{"param":1},"stride":{"param":3}}]})"),
                  s + ".dims[0].extent", "missing required field");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1}},
                                     {"extent":{"param":1}}]})"),
      s + ".dims[1].stride", "missing required field");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1},"bytes":4},
                                     {"extent":{"param":1},"stride":{"param":3}}]})"),
      s + ".dims[0].bytes", "unknown key (allowed: extent, stride)");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"param":2},"stride":{"param":3}},
                                     {"extent":{"param":1},"stride":{"param":3}}]})"),
      s + ".dims[0].stride",
      "innermost dimension of a TMA descriptor is "
      "contiguous: expected {\"const\":1}");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"sub":[1,2]},"stride":{"const":1}},
                                     {"extent":{"param":1},"stride":{"param":3}}]})"),
      s + ".dims[0].extent", "unknown operation 'sub'");
  // What the source names.
  expectMetaError(withSource(R"({"ptr":9,)" + dims + "}"), s + ".ptr",
                  "index 9 out of range: kernel 'k' has 6 params");
  expectMetaError(withSource(R"({"ptr":3,)" + dims + "}"), s + ".ptr",
                  "param 3 'ld' is scalar i32; a source's ptr names a ptr "
                  "param");
  expectMetaError(withSource(R"({"ptr":5,)" + dims + "}"), s + ".ptr",
                  "param 5 'in_tma' is itself a derived TMA descriptor");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1}},
                                     {"extent":{"param":4},"stride":{"param":3}}]})"),
      s + ".dims[1].extent.param",
      "param 4 'out' is ptr f32; a TMA source's extents and strides read "
      "integer scalar params");
  expectMetaError(
      withSource(
          R"({"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1}},
                                     {"extent":{"param":1},"stride":{"mul":[{"param":3},{"param":5}]}}]})"),
      s + ".dims[1].stride.mul[1].param",
      "param 5 'in_tma' is tma_desc (derived); a TMA source's extents and "
      "strides read integer scalar params");
  // The encoding options.
  expectMetaError(
      doc(R"({"elem":"f32","rank":2,"box":[32,16],"l2_promotion":32})"),
      t + ".l2_promotion", "must be 0, 64, 128 or 256, got 32");
  expectMetaError(doc(R"({"elem":"f32","rank":2,"box":[32,16],"oob_fill":0})"),
                  t + ".oob_fill", "expected string, got number");
  expectMetaError(
      doc(R"({"elem":"f32","rank":2,"box":[32,16],"oob_fill":"inf"})"),
      t + ".oob_fill", "unknown fill 'inf' (expected zero or nan)");
  expectMetaError(
      doc(R"({"elem":"i32","rank":2,"box":[32,16],"oob_fill":"nan"})"),
      t + ".oob_fill", "\"nan\" needs a floating-point elem, got i32");
  // Derived params come last.
  expectMetaError(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[
      {"name":"in","kind":"ptr","elem":"f32","bytes":8},
      {"name":"in_tma","kind":"tma_desc","bytes":128,"tma":{"elem":"f32",
       "rank":1,"box":[32],"source":{"ptr":0,
       "dims":[{"extent":{"param":2},"stride":{"const":1}}]}}},
      {"name":"n","kind":"scalar","elem":"i32","bytes":4}],
    "block":[128,1,1]}]})",
                  "kernels[0].params[2]",
                  "param 2 'n' (scalar) follows the derived TMA descriptor "
                  "param 1 'in_tma'; derived params (a \"tma\" with "
                  "\"source\") come after all others");
}

TEST(RuntimeDerivedTma, VariantsKeepDerivedParams) {
  // A variant whose descriptor is passed where the generic kernel's is
  // derived would take other arguments.
  const std::string tma =
      R"({"elem":"f32","rank":1,"box":[32],"source":{"ptr":0,
          "dims":[{"extent":{"param":1},"stride":{"const":1}}]}})";
  const std::string passed = R"({"elem":"f32","rank":1,"box":[32]})";
  auto kernel = [](const std::string &name, const std::string &t,
                   const std::string &variants) {
    return R"({"name":")" + name + R"(","params":[
      {"name":"in","kind":"ptr","elem":"f32","bytes":8},
      {"name":"n","kind":"scalar","elem":"i32","bytes":4},
      {"name":"t","kind":"tma_desc","bytes":128,"tma":)" +
           t + R"(}],"block":[128,1,1])" + variants + "}";
  };
  const std::string variants =
      R"(,"variants":[{"name":"k__spec0","when":[{"param":1,"div":32}]}])";
  auto ok = parseMetadata(R"({"schema_version":5,"chip":"sm_90a","kernels":[)" +
                          kernel("k", tma, variants) + "," +
                          kernel("k__spec0", tma, "") + "]}");
  ASSERT_TRUE(ok.ok()) << ok.error().str();
  expectMetaError(R"({"schema_version":5,"chip":"sm_90a","kernels":[)" +
                      kernel("k", tma, variants) + "," +
                      kernel("k__spec0", passed, "") + "]}",
                  "kernels[0].variants[0].name",
                  "'k__spec0' param 2 't' is tma_desc, 'k' param 2 't' is "
                  "tma_desc (derived); a variant takes the same params");

  // The choice reads the user's arguments by param index as before.
  const KernelInfo &k = ok->kernels[0];
  KernelArgs a;
  a.ptr(kPtr, ElemType::F32).scalar<int32_t>(64);
  EXPECT_EQ(selectVariant(k, a).name, "k__spec0");
  KernelArgs b;
  b.ptr(kPtr, ElemType::F32).scalar<int32_t>(65);
  VariantChoice c = selectVariant(k, b);
  EXPECT_FALSE(c.variant);
  EXPECT_EQ(c.reason, "'k__spec0': param 1 'n' = 65 is not a multiple of 32");
  EXPECT_TRUE(validateArgs(k, a).ok());
}

TEST(RuntimeDerivedTma, RowMajor) {
  KernelInfo k = kernel(kRowMajor);
  KernelArgs a = args(/*m=*/48, /*n=*/64, /*ld=*/68);
  auto spec = deriveTmaSpec(k, 5, a);
  ASSERT_TRUE(spec.ok()) << spec.error().str();
  EXPECT_EQ(spec->globalAddress, kPtr);
  EXPECT_EQ(spec->elem, ElemType::F32);
  EXPECT_EQ(spec->shape, (std::vector<uint64_t>{64, 48}));
  EXPECT_EQ(spec->strides, (std::vector<uint64_t>{1, 68}));
  EXPECT_EQ(spec->box, (std::vector<uint32_t>{32, 16}));
  EXPECT_TRUE(spec->elementStrides.empty());
  EXPECT_EQ(spec->swizzle, TmaSwizzle::B128);
  EXPECT_EQ(spec->interleave, TmaInterleave::None);
  EXPECT_EQ(spec->l2Promotion, TmaL2Promotion::B128);
  EXPECT_EQ(spec->oobFill, TmaOobFill::NanRequestZeroFma);
  EXPECT_TRUE(validateTensorMapSpec(*spec).ok());
  // The caller passes the five params before the descriptor.
  Status s = validateArgs(k, a);
  EXPECT_TRUE(s.ok()) << s.error().str();
}

TEST(RuntimeDerivedTma, Transposed) {
  KernelInfo k = kernel(kTransposed);
  auto spec = deriveTmaSpec(k, 5, args(/*m=*/48, /*n=*/64, /*ld=*/52));
  ASSERT_TRUE(spec.ok()) << spec.error().str();
  EXPECT_EQ(spec->shape, (std::vector<uint64_t>{48, 64}));
  EXPECT_EQ(spec->strides, (std::vector<uint64_t>{1, 52}));
  EXPECT_EQ(spec->box, (std::vector<uint32_t>{16, 32}));
  EXPECT_EQ(spec->swizzle, TmaSwizzle::None);
  EXPECT_EQ(spec->l2Promotion, TmaL2Promotion::None);
  EXPECT_EQ(spec->oobFill, TmaOobFill::Zero);
}

TEST(RuntimeDerivedTma, ComputedStride) {
  // A 3-D tensor (batch, m, n) whose batch stride is m*ld.
  KernelInfo k = kernel(
      R"({"elem":"f32","rank":3,"box":[32,16,1],"source":{"ptr":0,"dims":[
          {"extent":{"param":2},"stride":{"const":1}},
          {"extent":{"param":1},"stride":{"param":3}},
          {"extent":{"const":4},"stride":{"mul":[{"param":1},{"param":3}]}}]}})");
  auto spec = deriveTmaSpec(k, 5, args(48, 64, 64));
  ASSERT_TRUE(spec.ok()) << spec.error().str();
  EXPECT_EQ(spec->shape, (std::vector<uint64_t>{64, 48, 4}));
  EXPECT_EQ(spec->strides, (std::vector<uint64_t>{1, 64, 48 * 64}));
  EXPECT_EQ(deriveError(k, args(3, 64, 65)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 1: stride 65 "
            "elements = 260 bytes of f32 from param 3 'ld' is not a multiple "
            "of 16");
  EXPECT_EQ(deriveError(k, args(-3, 64, 64)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 1: extent -3 "
            "from param 1 'm' must be at least 1");
  EXPECT_EQ(deriveError(k, args(1 << 20, 64, 1 << 20)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 2: stride "
            "1099511627776 elements of f32 from m*ld with m = 1048576, ld = "
            "1048576 is 2^40 bytes or more");
}

TEST(RuntimeDerivedTma, QuotientsAndDifferences) {
  // Pairs of rows: ceil_div(m, 2) rows of 2n elements, row stride
  // 2*ld - n (a difference); the compiler writes arith.ceildivui as
  // div(m + 1, 2).
  KernelInfo k = kernel(
      R"({"elem":"f32","rank":2,"box":[32,16],"source":{"ptr":0,"dims":[
          {"extent":{"mul":[{"const":2},{"param":2}]},"stride":{"const":1}},
          {"extent":{"div":[{"add":[{"param":1},{"const":1}]},{"const":2}]},
           "stride":{"add":[{"mul":[{"const":2},{"param":3}]},
                            {"mul":[{"const":-1},{"param":2}]}]}}]}})");
  auto spec = deriveTmaSpec(k, 5, args(/*m=*/7, /*n=*/32, /*ld=*/48));
  ASSERT_TRUE(spec.ok()) << spec.error().str();
  EXPECT_EQ(spec->shape, (std::vector<uint64_t>{64, 4}));
  EXPECT_EQ(spec->strides, (std::vector<uint64_t>{1, 2 * 48 - 32}));
  // A quotient reads as one in messages.
  const OffsetExpr &e = k.params[5].tma->source->dims[1].extent;
  EXPECT_EQ(e.str(k), "(m + 1)/2");
  // A divisor that is a param may be 0 at launch.
  KernelInfo z = kernel(
      R"({"elem":"f32","rank":2,"box":[32,16],"source":{"ptr":0,"dims":[
          {"extent":{"param":2},"stride":{"const":1}},
          {"extent":{"div":[{"param":1},{"param":3}]},"stride":{"param":2}}]}})");
  std::string msg = deriveError(z, args(64, 64, 0));
  EXPECT_NE(msg.find("it divides by zero (m/ld)"), std::string::npos) << msg;
  auto ok = deriveTmaSpec(z, 5, args(64, 64, 16));
  ASSERT_TRUE(ok.ok()) << ok.error().str();
  EXPECT_EQ(ok->shape, (std::vector<uint64_t>{64, 4}));
}

TEST(RuntimeDerivedTma, QuotientTakesTwoOperands) {
  expectMetaError(
      doc(R"({"elem":"f32","rank":2,"box":[32,16],"source":{"ptr":0,"dims":[
          {"extent":{"param":2},"stride":{"const":1}},
          {"extent":{"div":[{"param":1},{"const":2},{"const":3}]},
           "stride":{"param":3}}]}})"),
      "kernels[0].params[5].tma.source.dims[1].extent.div",
      "expected two operands, got 3");
}

TEST(RuntimeDerivedTma, MisalignedBase) {
  KernelInfo k = kernel(kRowMajor);
  EXPECT_EQ(deriveError(k, args(48, 64, 64, kPtr + 4)),
            "kernel 'k': param 0 'in': a TMA descriptor needs a 16-byte "
            "aligned global address; got 0x7f0000001004 (for TMA descriptor "
            "'in_tma', param 5)");
  // A null pointer: validateArgs' own check comes first.
  Status s = validateArgs(k, args(48, 64, 64, 0));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(),
            "kernel 'k': argument 0 ('in'): null device pointer");
  auto spec = deriveTmaSpec(k, 5, args(48, 64, 64, 0));
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().message(),
            "kernel 'k': param 0 'in': null device pointer (for TMA "
            "descriptor 'in_tma', param 5)");
}

TEST(RuntimeDerivedTma, BadStrides) {
  KernelInfo k = kernel(kRowMajor);
  EXPECT_EQ(deriveError(k, args(48, 64, 1003)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 1: stride 1003 "
            "elements = 4012 bytes of f32 from param 3 'ld' is not a multiple "
            "of 16");
  EXPECT_EQ(deriveError(k, args(48, 64, 0)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 1: stride 0 "
            "elements from param 3 'ld' must be positive");
  EXPECT_EQ(deriveError(k, args(48, 64, -64)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 1: stride -64 "
            "elements from param 3 'ld' must be positive");
  // 64-bit sizes: a stride of 2^38 f32 elements is 2^40 bytes.
  KernelInfo k64 = kernel(kRowMajor, "i64");
  EXPECT_EQ(deriveError(k64, args(2, 64, int64_t(1) << 38, kPtr, true)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 1: stride "
            "274877906944 elements of f32 from param 3 'ld' is 2^40 bytes or "
            "more");
  EXPECT_TRUE(
      deriveTmaSpec(k64, 5, args(2, 64, (int64_t(1) << 38) - 4, kPtr, true))
          .ok());
}

TEST(RuntimeDerivedTma, BadExtents) {
  KernelInfo k = kernel(kRowMajor);
  EXPECT_EQ(deriveError(k, args(48, 0, 64)),
            "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 0: extent 0 "
            "from param 2 'n' must be at least 1");
  KernelInfo k64 = kernel(kRowMajor, "i64");
  EXPECT_TRUE(
      deriveTmaSpec(k64, 5, args(2, int64_t(1) << 32, 1 << 20, kPtr, true))
          .ok());
  EXPECT_EQ(
      deriveError(k64, args(2, (int64_t(1) << 32) + 1, 1 << 20, kPtr, true)),
      "kernel 'k': TMA descriptor 'in_tma' (param 5) dim 0: extent "
      "4294967297 from param 2 'n' exceeds 2^32");
}

TEST(RuntimeDerivedTma, EncodeRulesNameTheDescriptor) {
  // A 12-byte inner box: validateTensorMapSpec's rule, with the
  // descriptor's name in front.
  KernelInfo k = kernel(R"({"elem":"f32","rank":2,"box":[3,16],
      "source":{"ptr":0,"dims":[{"extent":{"param":2},"stride":{"const":1}},
                                {"extent":{"param":1},"stride":{"param":3}}]}})");
  auto spec = deriveTmaSpec(k, 5, args(48, 64, 64));
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().code(), ErrorCode::TensorMap);
  EXPECT_EQ(spec.error().message(),
            "kernel 'k': TMA descriptor 'in_tma' (param 5): box[0]: 3 x 4 "
            "bytes = 12 bytes, not a multiple of 16 bytes");
  Status s = validateArgs(k, args(48, 64, 64));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(), spec.error().message());
}

TEST(RuntimeDerivedTma, ArgumentCounts) {
  KernelInfo k = kernel(kRowMajor);
  // The descriptor passed too: one argument too many.
  KernelArgs extra = args(48, 64, 64);
  TensorMap tm;
  std::memset(&tm.map, 0, sizeof(tm.map));
  tm.elem = ElemType::F32;
  tm.rank = 2;
  tm.box = {32, 16};
  tm.swizzle = 128;
  extra.tensorMap(tm);
  const std::string expected =
      "kernel 'k': expected 5 argument(s) (in, m, n, ld, out), got 6; the "
      "TMA descriptor(s) in_tma are derived: launch encodes them from the "
      "other arguments, do not pass them";
  Status s = validateArgs(k, extra);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::InvalidArgument);
  EXPECT_EQ(s.error().message(), expected);
  auto spec = deriveTmaSpec(k, 5, extra);
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().message(), expected);
  // One too few.
  KernelArgs few;
  few.ptr(kPtr, ElemType::F32).scalar<int32_t>(48).scalar<int32_t>(64);
  s = validateArgs(k, few);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("expected 5 argument(s) (in, m, n, ld, "
                                     "out), got 3"),
            std::string::npos)
      << s.error().message();
  // Only derived params are derived.
  spec = deriveTmaSpec(k, 3, args(48, 64, 64));
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().message(),
            "kernel 'k': param 3 'ld' is not a derived TMA descriptor");
  spec = deriveTmaSpec(k, 6, args(48, 64, 64));
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().message(), "kernel 'k': param 6 out of range (6 "
                                    "params)");
  // A wrong kind where the source pointer goes is validateArgs' error.
  KernelArgs wrong;
  wrong.scalar<int64_t>(int64_t(kPtr))
      .scalar<int32_t>(48)
      .scalar<int32_t>(64)
      .scalar<int32_t>(64)
      .ptr(kPtr, ElemType::F32);
  s = validateArgs(k, wrong);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(),
            "kernel 'k': argument 0 ('in'): expected ptr f32, got scalar i64");
  spec = deriveTmaSpec(k, 5, wrong);
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().message(),
            "kernel 'k': param 0 'in': expected a ptr, got a 8-byte scalar "
            "(for TMA descriptor 'in_tma', param 5)");
}

TEST(RuntimeDerivedTma, ViewsAndLaunchPath) {
  // checkViews still indexes the user's arguments: a view of `in` over
  // (m, n) with leading dimension ld.
  auto m = parseMetadata(R"({"schema_version":5,"chip":"sm_90a","kernels":[
    {"name":"k","params":[
      {"name":"in","kind":"ptr","elem":"f32","bytes":8,"views":[{"bits":32,
        "extents":[{"param":1},{"param":2}],
        "max_offset":{"add":[{"mul":[{"add":[{"param":1},{"const":-1}]},
                                     {"abs":{"param":3}}]},
                             {"param":2},{"const":-1}]}}]},
      {"name":"m","kind":"scalar","elem":"i32","bytes":4},
      {"name":"n","kind":"scalar","elem":"i32","bytes":4},
      {"name":"ld","kind":"scalar","elem":"i32","bytes":4},
      {"name":"out","kind":"ptr","elem":"f32","bytes":8},
      {"name":"in_tma","kind":"tma_desc","bytes":128,"tma":{"elem":"f32",
       "rank":2,"box":[32,16],"source":{"ptr":0,"dims":[
         {"extent":{"param":2},"stride":{"const":1}},
         {"extent":{"param":1},"stride":{"param":3}}]}}}],
    "block":[128,1,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  const KernelInfo &k = m->kernels[0];
  EXPECT_TRUE(validateArgs(k, args(48, 64, 64)).ok());
  Status s = validateArgs(k, args(65536, 64, 65536));
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("argument 0 ('in'): the largest element "
                                     "offset of its tensor"),
            std::string::npos)
      << s.error().message();

  // Kernel::launch checks the derived descriptors before it needs a
  // function (an empty one here).
  Kernel kernel(Function(), k);
  LaunchConfig cfg;
  cfg.grid = Dim3(1);
  s = kernel.launch(Stream(), cfg, args(48, 64, 1003));
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("stride 1003 elements = 4012 bytes"),
            std::string::npos)
      << s.error().message();
  s = kernel.launch(Stream(), cfg, args(48, 64, 64));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(), "kernel 'k': launch of an empty Function");
}
