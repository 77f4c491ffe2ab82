//===- MetadataTest.cpp - Kernel metadata parsing -------------------------===//
#include "cute/Runtime/Metadata.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace cute;
using namespace cute::rt;

namespace {

const char *kGood =
    R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"add_f32","params":[
  {"name":"a","kind":"ptr","elem":"f32","bytes":8},
  {"name":"n","kind":"scalar","elem":"i32","bytes":4},
  {"name":"tmap","kind":"tma_desc","bytes":128,"tma":{"elem":"f16","rank":2,
   "box":[64,64],"swizzle":128,"interleave":0}}],
  "block":[128,1,1],"cluster":[1,1,1],"smem_static":0,"smem_dynamic":0}]})";

/// kGood with the first occurrence of `from` replaced by `to`.
std::string mutate(const std::string &from, const std::string &to) {
  std::string s = kGood;
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos)
    s.replace(p, from.size(), to);
  return s;
}

/// Parses `json`, expects a Metadata error whose message starts with
/// `field` and contains `what`.
void expectError(const std::string &json, const std::string &field,
                 const std::string &what,
                 ErrorCode code = ErrorCode::Metadata) {
  auto m = parseMetadata(json);
  ASSERT_FALSE(m.ok()) << "accepted: " << json;
  EXPECT_EQ(m.error().code(), code) << m.error().str();
  const std::string &msg = m.error().message();
  EXPECT_EQ(msg.rfind(field, 0), 0u) << "message: " << msg;
  EXPECT_NE(msg.find(what), std::string::npos) << "message: " << msg;
}

} // namespace

TEST(RuntimeMetadata, ReadsTmemColumns) {
  // Version 5: the Tensor Memory columns a kernel allocates (default 0).
  auto m = parseMetadata(kGood);
  ASSERT_TRUE(m.ok()) << m.error().str();
  EXPECT_EQ(m->kernels[0].tmemColumns, 0);
  m = parseMetadata(
      mutate(R"("smem_dynamic":0)", R"("smem_dynamic":0,"tmem_columns":256)"));
  ASSERT_TRUE(m.ok()) << m.error().str();
  EXPECT_EQ(m->kernels[0].tmemColumns, 256);
}

TEST(RuntimeMetadata, ParsesTheReferenceDocument) {
  auto m = parseMetadata(kGood);
  ASSERT_TRUE(m.ok()) << m.error().str();
  EXPECT_EQ(m->chip, "sm_90a");
  ASSERT_EQ(m->kernels.size(), 1u);
  const KernelInfo &k = m->kernels[0];
  EXPECT_EQ(k.name, "add_f32");
  EXPECT_EQ(k.block, Dim3(128, 1, 1));
  EXPECT_EQ(k.cluster, Dim3(1, 1, 1));
  EXPECT_EQ(k.smemStatic, 0u);
  ASSERT_EQ(k.params.size(), 3u);
  EXPECT_EQ(k.params[0].kind, ParamKind::Pointer);
  EXPECT_EQ(*k.params[0].elem, ElemType::F32);
  EXPECT_EQ(k.params[0].bytes, 8u);
  EXPECT_EQ(k.params[1].kind, ParamKind::Scalar);
  EXPECT_EQ(*k.params[1].elem, ElemType::I32);
  EXPECT_EQ(k.params[2].kind, ParamKind::TmaDesc);
  ASSERT_TRUE(k.params[2].tma.has_value());
  EXPECT_EQ(k.params[2].tma->elem, ElemType::F16);
  EXPECT_EQ(k.params[2].tma->rank, 2);
  EXPECT_EQ(k.params[2].tma->box, (std::vector<uint32_t>{64, 64}));
  EXPECT_EQ(k.params[2].tma->swizzle, 128);
  EXPECT_EQ(m->find("add_f32"), &m->kernels[0]);
  EXPECT_EQ(m->find("nope"), nullptr);
  auto nf = m->kernel("nope");
  ASSERT_FALSE(nf.ok());
  EXPECT_EQ(nf.error().code(), ErrorCode::NotFound);
  EXPECT_NE(nf.error().message().find("known: add_f32"), std::string::npos);
}

TEST(RuntimeMetadata, DefaultsAndCompilerSpellings) {
  // What CollectKernelMetadata emits: a "module" key, "" for unknown
  // pointee types, MLIR type spellings; cluster and smem may be omitted.
  auto m = parseMetadata(
      R"({"schema_version":5,"chip":"sm_100a","module":"m","kernels":[
    {"name":"k","params":[{"name":"arg0","kind":"ptr","elem":"","bytes":8},
                          {"name":"arg1","kind":"scalar","elem":"ui32","bytes":4}],
     "block":[64,2,1]}]})");
  ASSERT_TRUE(m.ok()) << m.error().str();
  EXPECT_EQ(m->module, "m");
  const KernelInfo &k = m->kernels[0];
  EXPECT_FALSE(k.params[0].elem.has_value());
  EXPECT_EQ(*k.params[1].elem, ElemType::U32);
  EXPECT_EQ(k.cluster, Dim3(1, 1, 1));
  EXPECT_EQ(k.smemDynamic, 0u);
  EXPECT_TRUE(
      parseMetadata(R"({"schema_version":5,"chip":"sm_80","kernels":[]})")
          .ok());
}

TEST(RuntimeMetadata, SyntaxErrorsAreJsonErrors) {
  expectError(R"({"schema_version":5,"chip":"sm_90a","kernels":[}")",
              "metadata is not valid JSON", "line 1", ErrorCode::Json);
}

TEST(RuntimeMetadata, TopLevelErrors) {
  expectError("[]", "<root>", "expected object, got array");
  expectError(R"({"schema_version":5,"kernels":[]})", "chip",
              "missing required field");
  expectError(R"({"schema_version":5,"chip":90,"kernels":[]})", "chip",
              "expected string, got number");
  expectError(R"({"schema_version":5,"chip":"gfx90a","kernels":[]})", "chip",
              "sm_<major><minor>");
  expectError(R"({"schema_version":5,"chip":"sm_90a"})", "kernels",
              "missing required field");
  expectError(R"({"schema_version":5,"chip":"sm_90a","kernels":{}})", "kernels",
              "expected array");
  expectError(R"({"schema_version":5,"chip":"sm_90a","kernels":[],"extra":1})",
              "extra", "unknown key");
  expectError(R"({"schema_version":5,"chip":"sm_90a","kernels":[1]})",
              "kernels[0]", "expected object");
}

TEST(RuntimeMetadata, SchemaVersionMismatchIsRejected) {
  const std::string rest = R"(,"chip":"sm_90a","kernels":[]})";
  std::string next = std::to_string(metadata::kSchemaVersion + 1);
  expectError(R"({"schema_version":)" + next + rest, "schema_version",
              "schema version " + next +
                  " is not supported: this runtime "
                  "reads version " +
                  std::to_string(metadata::kSchemaVersion));
  expectError(R"({"schema_version":0)" + rest, "schema_version",
              "version 0 is not supported");
  // Version 1 (before "variants" and source parameter names): recompile.
  expectError(R"({"schema_version":1)" + rest, "schema_version",
              "version 1 is not supported: this runtime reads version 5");
  // Version 2 (before "views"): recompile.
  expectError(R"({"schema_version":2)" + rest, "schema_version",
              "version 2 is not supported: this runtime reads version 5");
  // Version 3 (before derived TMA descriptors): recompile.
  expectError(R"({"schema_version":3)" + rest, "schema_version",
              "version 3 is not supported: this runtime reads version 5");
  // Version 4 (before "tmem_columns"): recompile.
  expectError(R"({"schema_version":4)" + rest, "schema_version",
              "version 4 is not supported: this runtime reads version 5");
  expectError(R"({"schema_version":"1")" + rest, "schema_version",
              "version string is not supported");
  // Missing: no guessing which version an old document was written for.
  expectError(R"({"chip":"sm_90a","kernels":[]})", "schema_version",
              "missing required field");
  // The version is checked before the keys: a newer document's new keys do
  // not hide the real cause.
  expectError(R"({"schema_version":)" + next +
                  R"(,"chip":"sm_90a","kernels":[],"new_key":1})",
              "schema_version", "is not supported");
  EXPECT_TRUE(parseMetadata(R"({"schema_version":)" +
                            std::to_string(metadata::kSchemaVersion) + rest)
                  .ok());
}

TEST(RuntimeMetadata, KernelErrors) {
  expectError(mutate(R"("name":"add_f32",)", ""), "kernels[0].name",
              "missing required field");
  expectError(mutate(R"("name":"add_f32")", R"("name":"")"), "kernels[0].name",
              "must not be empty");
  expectError(mutate(R"("block":[128,1,1])", R"("block":[128,1])"),
              "kernels[0].block", "expected 3 entries, got 2");
  expectError(mutate(R"("block":[128,1,1])", R"("block":[0,1,1])"),
              "kernels[0].block[0]", "out of range");
  expectError(mutate(R"("block":[128,1,1])", R"("block":[1.5,1,1])"),
              "kernels[0].block[0]", "non-integer");
  expectError(mutate(R"("block":[128,1,1])", R"("block":[512,4,1])"),
              "kernels[0].block", "volume 2048 exceeds 1024");
  expectError(mutate(R"("block":[128,1,1],)", ""), "kernels[0].block",
              "missing required field");
  expectError(mutate(R"("cluster":[1,1,1])", R"("cluster":[4,4,2])"),
              "kernels[0].cluster", "volume 32 exceeds 16");
  expectError(mutate(R"("smem_dynamic":0)", R"("smem_dynamic":-1)"),
              "kernels[0].smem_dynamic", "out of range");
  expectError(mutate(R"("smem_static":0)", R"("smem_static":"0")"),
              "kernels[0].smem_static", "expected an integer, got string");
  expectError(mutate(R"("smem_dynamic":0)", R"("smem_dynamc":0)"),
              "kernels[0].smem_dynamc", "unknown key");
  expectError(
      mutate(R"("smem_dynamic":0)", R"("smem_dynamic":0,"tmem_columns":1024)"),
      "kernels[0].tmem_columns", "out of range");
  expectError(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"k","params":7,
                 "block":[1,1,1]}]})",
      "kernels[0].params", "expected array, got number");
  // Two kernels with the same name.
  std::string s = kGood;
  std::string k = s.substr(s.find("{\"name\":\"add_f32\""));
  k = k.substr(0, k.size() - 2); // drop "]}"
  expectError(
      std::string(R"({"schema_version":5,"chip":"sm_90a","kernels":[)") + k +
          "," + k + "]}",
      "kernels[1].name", "duplicate kernel name 'add_f32'");
}

TEST(RuntimeMetadata, ParamErrors) {
  expectError(mutate(R"("kind":"ptr")", R"("kind":"pointer")"),
              "kernels[0].params[0].kind", "unknown kind 'pointer'");
  expectError(mutate(R"("kind":"ptr",)", ""), "kernels[0].params[0].kind",
              "missing required field");
  expectError(mutate(R"("elem":"f32")", R"("elem":"float")"),
              "kernels[0].params[0].elem", "unknown element type 'float'");
  expectError(mutate(R"("name":"a",)", ""), "kernels[0].params[0].name",
              "missing required field");
  expectError(mutate(R"("name":"n")", R"("name":"a")"),
              "kernels[0].params[1].name", "duplicate parameter name 'a'");
  expectError(mutate(R"("elem":"f32","bytes":8)", R"("elem":"f32","bytes":4)"),
              "kernels[0].params[0].bytes", "ptr must be 8 bytes, got 4");
  expectError(mutate(R"("elem":"i32","bytes":4)", R"("elem":"i32","bytes":8)"),
              "kernels[0].params[1].bytes",
              "scalar of elem i32 must be 4 bytes, got 8");
  expectError(mutate(R"("elem":"i32","bytes":4)", R"("bytes":4)"),
              "kernels[0].params[1].elem", "missing required field for scalar");
  expectError(mutate(R"("bytes":128)", R"("bytes":64)"),
              "kernels[0].params[2].bytes", "tma_desc must be 128 bytes");
  expectError(
      mutate(R"("elem":"f32","bytes":8)", R"("elem":"f32","bytes":8,"tma":{})"),
      "kernels[0].params[0].tma", "only allowed on tma_desc");
  expectError(
      mutate(R"("elem":"f32","bytes":8)", R"("elem":"f32","bytes":8,"x":1)"),
      "kernels[0].params[0].x", "unknown key");
  expectError(
      mutate(R"("elem":"i32","bytes":4)", R"("elem":"i32","bytes":true)"),
      "kernels[0].params[1].bytes", "expected number, got boolean");
}

TEST(RuntimeMetadata, TmaErrors) {
  const std::string w = "kernels[0].params[2].";
  expectError(
      R"({"schema_version":5,"chip":"sm_90a","kernels":[{"name":"k","block":[1,1,1],
                 "params":[{"name":"t","kind":"tma_desc","bytes":128}]}]})",
      "kernels[0].params[0].tma", "missing required field for tma_desc");
  expectError(mutate(R"("rank":2)", R"("rank":6)"), w + "tma.rank",
              "out of range [1, 5]");
  expectError(mutate(R"("box":[64,64])", R"("box":[64])"), w + "tma.box",
              "expected 2 entries (rank), got 1");
  expectError(mutate(R"("box":[64,64])", R"("box":[64,512])"), w + "tma.box[1]",
              "out of range [1, 256]");
  expectError(mutate(R"("swizzle":128)", R"("swizzle":16)"), w + "tma.swizzle",
              "must be 0, 32, 64 or 128");
  expectError(mutate(R"("interleave":0)", R"("interleave":8)"),
              w + "tma.interleave", "must be 0, 16 or 32");
  expectError(mutate(R"("tma":{"elem":"f16")", R"("tma":{"elem":"q7")"),
              w + "tma.elem", "unknown element type 'q7'");
  expectError(
      mutate(R"("kind":"tma_desc",)", R"("kind":"tma_desc","elem":"f32",)"),
      w + "elem", "disagrees with tma.elem 'f16'");
  expectError(mutate(R"("interleave":0)", R"("interleave":0,"mode":1)"),
              w + "tma.mode", "unknown key");
}

TEST(RuntimeMetadata, LoadFile) {
  std::string path = ::testing::TempDir() + "cute_rt_meta.json";
  { std::ofstream(path) << kGood; }
  auto m = loadMetadataFile(path);
  ASSERT_TRUE(m.ok()) << m.error().str();
  EXPECT_EQ(m->kernels.size(), 1u);
  auto missing = loadMetadataFile(path + ".nope");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), ErrorCode::Io);
  { std::ofstream(path) << R"({"schema_version":5,"chip":"sm_90a"})"; }
  auto bad = loadMetadataFile(path);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message().rfind(path + ": kernels", 0), 0u)
      << bad.error().message();
}

TEST(RuntimeMetadata, ChipNames) {
  EXPECT_EQ(parseChip("sm_90a"), std::make_pair(9, 0));
  EXPECT_EQ(parseChip("sm_80"), std::make_pair(8, 0));
  EXPECT_EQ(parseChip("sm_100f"), std::make_pair(10, 0));
  EXPECT_EQ(parseChip("sm_120a"), std::make_pair(12, 0));
  EXPECT_FALSE(parseChip("sm_9"));
  EXPECT_FALSE(parseChip("compute_90"));
  EXPECT_FALSE(parseChip("sm_9x"));
}
