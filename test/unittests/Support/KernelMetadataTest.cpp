//===- KernelMetadataTest.cpp - The metadata model's writer and reader ----===//
//
// fromJson(toJson(d)) == d for a document that uses every part of the
// model; the writer's exact text for a small one (spelled out below from
// the schema in cute/Support/KernelMetadataSchema.h: compact, keys sorted,
// as the compiler wrote it with llvm::json before the model existed); and
// the reader's errors, each naming the path of the bad field.
// (The runtime's tests, test/unittests/Runtime/MetadataTest.cpp, check the
// reader's rules one by one.)
//
//===----------------------------------------------------------------------===//
#include "cute/Support/KernelMetadata.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::metadata;

namespace {

Param scalar(const std::string &name, ElemType t) {
  Param p;
  p.name = name;
  p.kind = ParamKind::Scalar;
  p.elem = t;
  p.bytes = elemTypeBytes(t);
  return p;
}

Param pointer(const std::string &name, std::optional<ElemType> t,
              size_t align) {
  Param p;
  p.name = name;
  p.kind = ParamKind::Pointer;
  p.elem = t;
  p.bytes = 8;
  p.align = align;
  return p;
}

/// Two kernels: a generic one with two variants, views, an untyped pointer
/// and a derived TMA descriptor, and its clones; every optional field set
/// to something other than its default somewhere.
Document richDocument() {
  using Op = Expr::Op;
  Kernel k;
  k.name = "gemm";
  k.params.push_back(pointer("a", ElemType::BF16, 16));    // 0
  k.params.push_back(pointer("scratch", std::nullopt, 1)); // 1
  k.params.push_back(scalar("m", ElemType::I32));          // 2
  k.params.push_back(scalar("n", ElemType::U64));          // 3
  k.params.push_back(scalar("ld", ElemType::I64));         // 4
  k.params.push_back(scalar("alpha", ElemType::F32));      // 5
  View v;
  v.bits = 32;
  // (m - 1)*|ld| + n/(ld + 7) - 1
  v.maxOffset = Expr::make(
      Op::Add,
      {Expr::make(Op::Mul,
                  {Expr::make(Op::Add, {Expr::param(2), Expr::constant(-1)}),
                   Expr::make(Op::Abs, {Expr::param(4)})}),
       Expr::make(Op::Div,
                  {Expr::param(3),
                   Expr::make(Op::Add, {Expr::param(4), Expr::constant(7)})}),
       Expr::constant(-1)});
  v.extents = {Expr::param(2), Expr::param(3)};
  k.params[0].views.push_back(v);
  View w;
  w.bits = 64;
  w.maxOffset = Expr::constant(INT64_MAX);
  k.params[0].views.push_back(w);
  Param d;
  d.name = "a_tma";
  d.kind = ParamKind::TmaDesc;
  d.elem = ElemType::BF16;
  d.bytes = 128;
  Tma t;
  t.elem = ElemType::BF16;
  t.rank = 2;
  t.box = {64, 128};
  t.swizzle = 128;
  t.interleave = 0;
  t.l2Promotion = 256;
  t.oobFillNan = true;
  TmaSource src;
  src.ptr = 0;
  src.dims.push_back({Expr::param(3), Expr::constant(1)});
  src.dims.push_back({Expr::param(2), Expr::param(4)});
  t.source = src;
  d.tma = t;
  k.params.push_back(d); // 6, derived: last
  k.block = Dim3(384, 1, 1);
  k.cluster = Dim3(2, 1, 1);
  k.smemStatic = 1024;
  k.smemDynamic = 196608;
  k.tmemColumns = 256;
  Kernel spec0 = k, spec1 = k;
  spec0.name = "gemm__spec0";
  spec0.params[0].align = 128;
  spec1.name = "gemm__spec1";
  Variant v0{"gemm__spec0",
             {{0, Condition::Kind::Align, 128}, {3, Condition::Kind::Div, 64}}};
  Variant v1{"gemm__spec1", {{2, Condition::Kind::Div, 8}}};
  k.variants = {v0, v1};
  Document doc;
  doc.chip = "sm_100a";
  doc.module = "kernels";
  doc.kernels = {k, spec0, spec1};
  return doc;
}

/// Parses `json`, expects an error of `code` whose message starts with
/// `field` and contains `what`.
void expectError(const std::string &json, const std::string &field,
                 const std::string &what,
                 ErrorCode code = ErrorCode::Metadata) {
  Expected<Document> d = fromJson(json);
  ASSERT_FALSE(d.ok()) << "accepted: " << json;
  EXPECT_EQ(d.error().code(), code) << d.error().str();
  const std::string &msg = d.error().message();
  EXPECT_EQ(msg.rfind(field, 0), 0u) << "message: " << msg;
  EXPECT_NE(msg.find(what), std::string::npos) << "message: " << msg;
}

const char *kSmall =
    R"({"chip":"sm_90a","kernels":[{"block":[128,1,1],"cluster":[1,1,1],)"
    R"("name":"add","params":[{"align":16,"bytes":8,"elem":"f32",)"
    R"("kind":"ptr","name":"x"},{"bytes":8,"elem":"","kind":"ptr",)"
    R"("name":"p"},{"bytes":4,"elem":"i32","kind":"scalar","name":"n"}],)"
    R"("smem_dynamic":0,"smem_static":0}],"module":"m","schema_version":5})";

} // namespace

TEST(SupportKernelMetadata, RoundTripsARichDocument) {
  Document doc = richDocument();
  std::string text = toJson(doc);
  Expected<Document> back = fromJson(text);
  ASSERT_TRUE(back.ok()) << back.error().str() << "\n" << text;
  EXPECT_TRUE(*back == doc) << text;
  EXPECT_EQ(toJson(*back), text);
  // The pieces a comparison could miss if operator== were too lenient.
  const Kernel &k = back->kernels[0];
  EXPECT_EQ(k.userParamCount(), 6u);
  EXPECT_FALSE(k.params[1].elem.has_value());
  EXPECT_EQ(k.params[0].views[0].maxOffset.str(k),
            "(m - 1)*|ld| + n/(ld + 7) - 1");
  EXPECT_TRUE(k.params[6].tma->oobFillNan);
  EXPECT_EQ(k.params[6].tma->source->dims[1].stride.str(k), "ld");
  EXPECT_EQ(back->kernels[1].params[0].align, 128u);
  Document other = doc;
  other.kernels[0].params[0].views[0].extents.pop_back();
  EXPECT_FALSE(other == doc);
  other = doc;
  other.kernels[0].variants[0].when[1].value = 32;
  EXPECT_FALSE(other == doc);
}

TEST(SupportKernelMetadata, WritesCompactSortedJson) {
  Document doc;
  doc.chip = "sm_90a";
  doc.module = "m";
  Kernel k;
  k.name = "add";
  k.params = {pointer("x", ElemType::F32, 16), pointer("p", std::nullopt, 1),
              scalar("n", ElemType::I32)};
  k.block = Dim3(128);
  doc.kernels = {k};
  EXPECT_EQ(toJson(doc), kSmall);
  Expected<Document> back = fromJson(kSmall);
  ASSERT_TRUE(back.ok()) << back.error().str();
  EXPECT_TRUE(*back == doc);
}

TEST(SupportKernelMetadata, CanonicalSpellingsAndDefaults) {
  // MLIR's spellings read as the model's types and are written back in
  // the model's; absent optional fields read as their defaults.
  std::string in =
      R"({"schema_version":5,"chip":"sm_120a","kernels":[{"name":"k",)"
      R"("params":[{"name":"s","kind":"scalar","elem":"ui32","bytes":4},)"
      R"({"name":"q","kind":"ptr","elem":"f8E8M0FNU","bytes":8,"align":1}],)"
      R"("block":[32,2,1]}]})";
  Expected<Document> d = fromJson(in);
  ASSERT_TRUE(d.ok()) << d.error().str();
  EXPECT_EQ(d->kernels[0].params[0].elem, ElemType::U32);
  EXPECT_EQ(d->kernels[0].params[1].elem, ElemType::F8E8M0);
  EXPECT_EQ(d->kernels[0].cluster, Dim3(1, 1, 1));
  EXPECT_EQ(d->module, "");
  EXPECT_EQ(
      toJson(*d),
      R"({"chip":"sm_120a","kernels":[{"block":[32,2,1],"cluster":[1,1,1],)"
      R"("name":"k","params":[{"bytes":4,"elem":"u32","kind":"scalar",)"
      R"("name":"s"},{"bytes":8,"elem":"f8e8m0","kind":"ptr","name":"q"}],)"
      R"("smem_dynamic":0,"smem_static":0}],"schema_version":5})");
}

TEST(SupportKernelMetadata, ErrorsNameThePath) {
  std::string good = kSmall;
  auto with = [&](const std::string &from, const std::string &to) {
    std::string s = good;
    size_t p = s.find(from);
    EXPECT_NE(p, std::string::npos) << from;
    if (p != std::string::npos)
      s.replace(p, from.size(), to);
    return s;
  };
  expectError(R"({"chip":"sm_90a",)",
              "metadata is not valid JSON: line 1, column 18",
              "expected a string key", ErrorCode::Json);
  expectError("[1]", "<root>", "expected object, got array");
  expectError(with(R"("schema_version":5)", R"("schema_version":4)"),
              "schema_version", "version 4 is not supported");
  expectError(with(R"(,"schema_version":5)", ""), "schema_version",
              "missing required field");
  expectError(with(R"("name":"x")", R"("nmae":"x")"),
              "kernels[0].params[0].nmae", "unknown key");
  expectError(with(R"("block":[128,1,1])", R"("block":[128,1])"),
              "kernels[0].block", "expected 3 entries, got 2");
  expectError(with(R"("elem":"i32")", R"("elem":"i33")"),
              "kernels[0].params[2].elem", "unknown element type 'i33'");
  expectError(with(R"("bytes":4)", R"("bytes":8)"),
              "kernels[0].params[2].bytes",
              "scalar of elem i32 must be 4 bytes, got 8");
  // Expressions: one key, known operations, operands in range, params
  // that are integer scalars of the kernel.
  auto view = [&](const std::string &maxOffset) {
    return with(R"("kind":"ptr","name":"x")",
                R"("kind":"ptr","name":"x","views":[{"bits":32,)"
                R"("max_offset":)" +
                    maxOffset + "}]");
  };
  expectError(view(R"({"const":1,"param":2})"),
              "kernels[0].params[0].views[0].max_offset",
              "an object with one key");
  expectError(view(R"({"sub":[{"const":1},{"const":2}]})"),
              "kernels[0].params[0].views[0].max_offset",
              "unknown operation 'sub'");
  expectError(view(R"({"div":[{"param":2},{"const":2},{"const":3}]})"),
              "kernels[0].params[0].views[0].max_offset.div",
              "expected two operands, got 3");
  expectError(view(R"({"add":[{"param":2},{"param":9}]})"),
              "kernels[0].params[0].views[0].max_offset.add[1].param",
              "index 9 out of range: kernel 'add' has 3 params");
  expectError(view(R"({"abs":{"param":0}})"),
              "kernels[0].params[0].views[0].max_offset.abs.param",
              "param 0 'x' is ptr f32");
  // Variants name a kernel of the same document.
  expectError(with(R"("smem_dynamic":0)",
                   R"("smem_dynamic":0,"variants":[{"name":"add2",)"
                   R"("when":[{"param":2,"div":4}]}])"),
              "kernels[0].variants[0].name",
              "no kernel named 'add2' in the document");
}
