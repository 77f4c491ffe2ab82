//===- CompilerTest.cpp - The JIT: compile, caches, errors, dumps ---------===//
#include "cute/JIT/Compiler.h"
#include "DiskCache.h"

#include "cute/Support/KernelMetadataSchema.h"
#ifdef CUTE_JIT_TESTS_WITH_RUNTIME
#include "cute/Runtime/Launch.h"
#include "cute/Runtime/Metadata.h"
#endif

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <regex>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace cute::jit;

namespace {

// The sample kernel of test/Target/compile-ptx.mlir.
constexpr const char *kAddKernel = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_f32x4(%a: !llvm.ptr<1> {cute.elem = f32}, %b: !llvm.ptr<1> {cute.elem = f32},
                        %c: !llvm.ptr<1> {cute.elem = f32}, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %t = arith.index_cast %tid : index to i32
      %bb = arith.index_cast %bid : index to i32
      %c128 = arith.constant 128 : i32
      %o = arith.muli %bb, %c128 : i32
      %i = arith.addi %o, %t : i32
      %p = arith.cmpi slt, %i, %n : i32
      scf.if %p {
        %pa = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xf32>
        %pb = llvm.getelementptr %b[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xf32>
        %pc = llvm.getelementptr %c[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xf32>
        %va = llvm.load %pa {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
        %vb = llvm.load %pb {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
        %vc = arith.addf %va, %vb : vector<4xf32>
        llvm.store %vc, %pc {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
      }
      gpu.return
    }
  }
}
)mlir";

std::string readAll(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  return buf ? (*buf)->getBuffer().str() : std::string();
}

std::string join(const std::string &a, const std::string &b) {
  llvm::SmallString<256> p(a);
  llvm::sys::path::append(p, b);
  return p.str().str();
}

class JitTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<256> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cute-jit-test", dir));
    root = dir.str().str();
    opts.cacheDir = join(root, "cache");
    havePtxas = Compiler::ptxasVersion(opts) != "none";
    // Without ptxas the PTX half of every test still runs.
    opts.cubin = havePtxas;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }

  /// The artifact that shows corruption: the cubin, or the PTX without one.
  std::string artifactFile(const CompiledModule &m) const {
    return join(join(opts.cacheDir, m.cacheKey),
                havePtxas ? "module.cubin" : "module.ptx");
  }

  std::string root;
  JitOptions opts;
  bool havePtxas = false;
};

TEST_F(JitTest, CompilesTheSampleKernel) {
  Compiler jit;
  auto r = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->moduleName, "kernels");
  EXPECT_EQ(r->chip, "sm_90a");
  EXPECT_NE(r->ptx.find(".target sm_90a"), std::string::npos);
  EXPECT_NE(r->ptx.find(".visible .entry add_f32x4"), std::string::npos);
  EXPECT_NE(r->metadataJson.find("\"name\":\"add_f32x4\""), std::string::npos)
      << r->metadataJson;
  EXPECT_FALSE(r->fromMemoryCache);
  EXPECT_FALSE(r->fromDiskCache);
  EXPECT_EQ(r->cacheKey.size(), 64u);
  EXPECT_EQ(jit.stats().compiles, 1u);
  EXPECT_EQ(jit.stats().diskStores, 1u);
  if (!havePtxas)
    GTEST_SKIP() << "no ptxas: the cubin part is not checked";
  ASSERT_FALSE(r->cubin.empty());
  EXPECT_EQ(r->cubin.compare(0, 4,
                             "\x7f"
                             "ELF"),
            0);
}

TEST_F(JitTest, SecondCompileIsAMemoryHit) {
  Compiler jit;
  auto a = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(a.ok()) << a.message();
  auto b = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_TRUE(b->fromMemoryCache);
  EXPECT_EQ(b->ptx, a->ptx);
  EXPECT_EQ(b->cubin, a->cubin);
  CacheStats s = jit.stats();
  EXPECT_EQ(s.compiles, 1u);
  EXPECT_EQ(s.memoryHits, 1u);
  EXPECT_EQ(s.diskHits, 0u);
}

TEST_F(JitTest, NewCompilerHitsTheDiskCacheQuickly) {
  CompiledModule first;
  {
    Compiler jit;
    auto a = jit.compile(kAddKernel, opts);
    ASSERT_TRUE(a.ok()) << a.message();
    first = *a;
  }
  Compiler jit;
  auto t0 = std::chrono::steady_clock::now();
  auto b = jit.compile(kAddKernel, opts);
  double wallMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - t0)
                      .count();
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_TRUE(b->fromDiskCache);
  EXPECT_FALSE(b->fromMemoryCache);
  EXPECT_EQ(b->ptx, first.ptx);
  EXPECT_EQ(b->cubin, first.cubin);
  EXPECT_EQ(b->metadataJson, first.metadataJson);
  EXPECT_EQ(b->moduleName, "kernels");
  EXPECT_EQ(jit.stats().compiles, 0u);
  EXPECT_EQ(jit.stats().diskHits, 1u);
  std::printf("[ measured ] disk-cache hit: %.3f ms (compileMs %.3f ms); "
              "first compile: %.1f ms\n",
              wallMs, b->compileMs, first.compileMs);
  EXPECT_LT(wallMs, 50.0);
  // And now it is in this Compiler's memory.
  auto c = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->fromMemoryCache);
}

TEST_F(JitTest, ChangedOptionsMiss) {
  Compiler jit;
  auto a = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(a.ok()) << a.message();

  JitOptions sm100 = opts;
  sm100.chip = "sm_100a";
  auto b = jit.compile(kAddKernel, sm100);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_FALSE(b->fromMemoryCache || b->fromDiskCache);
  EXPECT_NE(b->cacheKey, a->cacheKey);
  EXPECT_NE(b->ptx.find(".target sm_100a"), std::string::npos);

  JitOptions o2 = opts;
  o2.optLevel = 2;
  auto c = jit.compile(kAddKernel, o2);
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_FALSE(c->fromMemoryCache || c->fromDiskCache);
  EXPECT_NE(c->cacheKey, a->cacheKey);

  // A one-character change of the source is a different kernel.
  std::string src = std::string(kAddKernel) + "\n";
  auto d = jit.compile(src, opts);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_FALSE(d->fromMemoryCache || d->fromDiskCache);

  EXPECT_EQ(jit.stats().compiles, 4u);
  EXPECT_EQ(jit.stats().memoryHits, 0u);
}

TEST_F(JitTest, TruncatedArtifactIsDetectedAndRebuilt) {
  CompiledModule good;
  {
    Compiler jit;
    auto a = jit.compile(kAddKernel, opts);
    ASSERT_TRUE(a.ok()) << a.message();
    good = *a;
  }
  std::string file = artifactFile(good);
  std::string bytes = readAll(file);
  ASSERT_GT(bytes.size(), 16u);
  ASSERT_FALSE(::truncate(file.c_str(), bytes.size() / 2));

  Compiler jit;
  auto b = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_FALSE(b->fromDiskCache);
  EXPECT_EQ(jit.stats().diskCorrupt, 1u);
  EXPECT_EQ(jit.stats().compiles, 1u);
  EXPECT_EQ(jit.stats().diskStores, 1u);
  EXPECT_EQ(b->ptx, good.ptx);
  EXPECT_EQ(b->cubin, good.cubin);
  EXPECT_EQ(readAll(file), bytes); // the entry is whole again

  Compiler again;
  auto c = again.compile(kAddKernel, opts);
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->fromDiskCache);
  EXPECT_EQ(again.stats().diskCorrupt, 0u);
}

TEST_F(JitTest, FlippedBytesAreDetectedAndRebuilt) {
  CompiledModule good;
  {
    Compiler jit;
    auto a = jit.compile(kAddKernel, opts);
    ASSERT_TRUE(a.ok()) << a.message();
    good = *a;
  }
  std::string file = artifactFile(good);
  std::string bytes = readAll(file);
  ASSERT_FALSE(bytes.empty());
  std::string bad = bytes;
  bad[bad.size() / 2] ^= 0x5a; // same size, different content
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec);
    os << bad;
  }
  Compiler jit;
  auto b = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_FALSE(b->fromDiskCache);
  EXPECT_EQ(jit.stats().diskCorrupt, 1u);
  EXPECT_EQ(b->cubin, good.cubin);
  EXPECT_EQ(b->ptx, good.ptx);
  EXPECT_EQ(readAll(file), bytes);
}

TEST_F(JitTest, TruncatedManifestIsDetected) {
  CompiledModule good;
  {
    Compiler jit;
    auto a = jit.compile(kAddKernel, opts);
    ASSERT_TRUE(a.ok()) << a.message();
    good = *a;
  }
  std::string manifest = join(join(opts.cacheDir, good.cacheKey), "manifest");
  uint64_t size = readAll(manifest).size();
  ASSERT_GT(size, 10u);
  ASSERT_FALSE(::truncate(manifest.c_str(), size - 5));
  Compiler jit;
  auto b = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(jit.stats().diskCorrupt, 1u);
  EXPECT_EQ(readAll(manifest).size(), size);
}

TEST_F(JitTest, MalformedSourceGivesTheParserDiagnostic) {
  Compiler jit;
  const char *src = "module {\n"
                    "  gpu.module @k {\n"
                    "    gpu.func @f() kernel {\n"
                    "      %x = arith.addi %y, %y : i32\n"
                    "      gpu.return\n"
                    "    }\n"
                    "  }\n"
                    "}\n";
  auto r = jit.compile(src, opts);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), cute::ErrorCode::Parse);
  EXPECT_TRUE(
      std::regex_search(r.message(), std::regex(R"(<source>:4:\d+: error: )")))
      << r.message();
  EXPECT_NE(r.message().find("undeclared SSA value"), std::string::npos)
      << r.message();
  EXPECT_EQ(jit.stats().diskStores, 0u);

  auto garbage = jit.compile("this is not MLIR", opts);
  ASSERT_FALSE(garbage.ok());
  EXPECT_NE(garbage.message().find("<source>:1:1: error:"), std::string::npos)
      << garbage.message();
}

TEST_F(JitTest, ExactlyOneGpuModule) {
  Compiler jit;
  auto none = jit.compile("module {}", opts);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().code(), cute::ErrorCode::InvalidArgument);
  EXPECT_NE(none.message().find("exactly one gpu.module, found 0"),
            std::string::npos)
      << none.message();
  auto two = jit.compile("module attributes {gpu.container_module} {\n"
                         "  gpu.module @a {}\n  gpu.module @b {}\n}\n",
                         opts);
  ASSERT_FALSE(two.ok());
  EXPECT_NE(two.message().find("found 2"), std::string::npos) << two.message();
}

TEST_F(JitTest, ChipLimitViolationIsReported) {
  Compiler jit;
  JitOptions o = opts;
  o.chip = "sm_120a";
  const char *src =
      "module attributes {gpu.container_module} {\n"
      "  gpu.module @k {\n"
      "    gpu.func @big_smem() kernel attributes {cute.dynamic_smem = "
      "120000 : i64, gpu.known_block_size = array<i32: 128, 1, 1>} {\n"
      "      gpu.return\n"
      "    }\n"
      "  }\n"
      "}\n";
  auto r = jit.compile(src, o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), cute::ErrorCode::Compile);
  EXPECT_NE(
      r.message().find("<source>:3:5: error: kernel @big_smem uses 120000 "
                       "bytes of shared memory (static 0 + dynamic "
                       "120000); sm_120a allows at most 101376 bytes per "
                       "block"),
      std::string::npos)
      << r.message();
  // Legal on sm_90a.
  auto ok = jit.compile(src, opts);
  EXPECT_TRUE(ok.ok()) << ok.message();
}

TEST_F(JitTest, TwoThreadsTwoCompilersOneCacheDir) {
  Compiler a, b;
  std::optional<cute::Expected<CompiledModule>> ra, rb;
  std::thread ta([&] { ra.emplace(a.compile(kAddKernel, opts)); });
  std::thread tb([&] { rb.emplace(b.compile(kAddKernel, opts)); });
  ta.join();
  tb.join();
  ASSERT_TRUE(ra->ok()) << ra->message();
  ASSERT_TRUE(rb->ok()) << rb->message();
  EXPECT_EQ((*ra)->ptx, (*rb)->ptx);
  EXPECT_EQ((*ra)->cubin, (*rb)->cubin);
  EXPECT_EQ((*ra)->metadataJson, (*rb)->metadataJson);
  CacheStats sa = a.stats(), sb = b.stats();
  // Exactly one entry was published; the other thread either found it or
  // lost the race to publish.
  EXPECT_EQ(sa.diskStores + sb.diskStores, 1u);
  EXPECT_EQ(sa.diskCorrupt + sb.diskCorrupt, 0u);
  EXPECT_EQ(sa.diskWriteErrors + sb.diskWriteErrors, 0u);
  EXPECT_EQ(sa.compiles + sb.compiles,
            1u + sa.diskRacesLost + sb.diskRacesLost);
  // No temporary entries are left behind.
  std::error_code ec;
  unsigned entries = 0;
  for (llvm::sys::fs::directory_iterator it(opts.cacheDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    ++entries;
    EXPECT_EQ(llvm::sys::path::filename(it->path()), (*ra)->cacheKey);
  }
  EXPECT_EQ(entries, 1u);
  Compiler c;
  auto rc = c.compile(kAddKernel, opts);
  ASSERT_TRUE(rc.ok());
  EXPECT_TRUE(rc->fromDiskCache);
}

/// Files (recursively) under `dir`.
std::vector<std::string> filesUnder(const std::string &dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end;
       it != end && !ec; it.increment(ec))
    out.push_back(it->path());
  return out;
}

TEST_F(JitTest, ResultComesFromTheModuleInMemoryWithoutFiles) {
  // Every temporary file (ptxas's working directory included) would land in
  // $TMPDIR: point it at an empty directory and check it stays empty.
  std::string tmp = join(root, "tmp");
  ASSERT_FALSE(llvm::sys::fs::create_directories(tmp));
  const char *savedTmp = std::getenv("TMPDIR");
  std::string saved = savedTmp ? savedTmp : "";
  setenv("TMPDIR", tmp.c_str(), 1);
  JitOptions o = opts;
  o.useDiskCache = false;
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  if (savedTmp)
    setenv("TMPDIR", saved.c_str(), 1);
  else
    unsetenv("TMPDIR");
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(filesUnder(tmp), std::vector<std::string>{});
  EXPECT_FALSE(llvm::sys::fs::exists(opts.cacheDir));

  EXPECT_NE(r->ptx.find(".visible .entry add_f32x4"), std::string::npos);
  std::string version =
      "\"schema_version\":" + std::to_string(cute::metadata::kSchemaVersion);
  EXPECT_NE(r->metadataJson.find(version), std::string::npos)
      << r->metadataJson;
#ifdef CUTE_JIT_TESTS_WITH_RUNTIME
  // What the compiler wrote is what the runtime reads.
  auto meta = cute::rt::parseMetadata(r->metadataJson);
  ASSERT_TRUE(meta.ok()) << meta.error().str();
  EXPECT_EQ(meta->chip, "sm_90a");
  EXPECT_EQ(meta->module, "kernels");
  auto k = meta->kernel("add_f32x4");
  ASSERT_TRUE(k.ok()) << k.message();
  ASSERT_EQ((*k)->params.size(), 4u);
  EXPECT_EQ((*k)->block.x, 128u);
  // Parameter names come from the source text, which is no file here.
  EXPECT_EQ((*k)->params[0].name, "a");
  EXPECT_EQ((*k)->params[3].name, "n");
#endif
  if (!havePtxas)
    GTEST_SKIP() << "no ptxas: the cubin part is not checked";
  ASSERT_FALSE(r->cubin.empty());
  EXPECT_EQ(r->cubin.compare(0, 4,
                             "\x7f"
                             "ELF"),
            0);
}

TEST_F(JitTest, DumpDirReceivesEveryStageAndThePtx) {
  Compiler jit;
  // Prime the caches: a dump still compiles.
  ASSERT_TRUE(jit.compile(kAddKernel, opts).ok());
  JitOptions o = opts;
  o.dumpDir = join(root, "dump");
  auto r = jit.compile(kAddKernel, o);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_FALSE(r->fromMemoryCache || r->fromDiskCache);
  EXPECT_EQ(jit.stats().compiles, 2u);

  EXPECT_NE(
      readAll(join(o.dumpDir, "00-input.mlir")).find("gpu.module @kernels"),
      std::string::npos);
  // Stages 01 and 02 are the helper inliner and symbol-dce; the later
  // ones are found by their pass (NN-<pass>.mlir), in order.
  EXPECT_NE(
      readAll(join(o.dumpDir, "01-cute-inline-helpers.mlir")).find("gpu.func"),
      std::string::npos);
  auto stage = [&](llvm::StringRef pass) -> std::pair<int, std::string> {
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(o.dumpDir, ec), end;
         it != end && !ec; it.increment(ec)) {
      llvm::StringRef name = llvm::sys::path::filename(it->path());
      int n = 0;
      if (name.size() > 3 && name[2] == '-' &&
          !name.take_front(2).getAsInteger(10, n) &&
          name.drop_front(3) == (pass + ".mlir").str())
        return {n, it->path()};
    }
    return {-1, ""};
  };
  int last = 2;
  for (llvm::StringRef pass :
       {"cute-nvgpu-infer-pipeline-counts", "cute-specialize", "cute-plan-smem",
        "cute-verify-kernel"}) {
    auto [n, path] = stage(pass);
    EXPECT_GT(n, last) << pass.str();
    last = std::max(last, n);
    EXPECT_NE(readAll(path).find("gpu.func @add_f32x4"), std::string::npos)
        << pass.str();
  }
  EXPECT_EQ(readAll(join(o.dumpDir, "kernels.sm_90a.ptx")), r->ptx);
  EXPECT_EQ(readAll(join(o.dumpDir, "kernels.sm_90a.json")), r->metadataJson);
  if (havePtxas) {
    EXPECT_EQ(readAll(join(o.dumpDir, "kernels.sm_90a.cubin")), r->cubin);
  }
  unsigned mlirFiles = 0;
  bool sawToBinary = false, sawLowering = false;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(o.dumpDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.ends_with(".mlir"))
      ++mlirFiles;
    if (name.contains("gpu-module-to-binary"))
      sawToBinary =
          readAll(it->path()).find("gpu.binary @kernels") != std::string::npos;
    if (name.contains("convert-gpu-to-nvvm"))
      sawLowering = readAll(it->path()).find("nvvm.read.ptx.sreg.tid.x") !=
                    std::string::npos;
  }
  EXPECT_GE(mlirFiles, 12u);
  EXPECT_TRUE(sawToBinary);
  EXPECT_TRUE(sawLowering);
}

TEST_F(JitTest, CompileFileNamesThePathInDiagnostics) {
  std::string ok = join(root, "add.mlir"), bad = join(root, "bad.mlir");
  {
    std::error_code ec;
    llvm::raw_fd_ostream(ok, ec) << kAddKernel;
    llvm::raw_fd_ostream(bad, ec) << "module {\n  }}\n";
  }
  Compiler jit;
  auto r = jit.compileFile(ok, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  // The key is the text: compiling the same text from memory hits.
  EXPECT_TRUE(jit.compile(kAddKernel, opts)->fromMemoryCache);
  auto e = jit.compileFile(bad, opts);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message().find(bad + ":2:"), std::string::npos) << e.message();
  auto missing = jit.compileFile(join(root, "nope.mlir"), opts);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), cute::ErrorCode::Io);
  EXPECT_NE(missing.message().find("cannot read"), std::string::npos);
}

// The pipeline options reach the JIT: cute-specialize adds the aligned clone
// of a kernel with 2-byte pointers unless `specialize` is off, debug checks
// add their traps, and each option is part of the cache key.
TEST_F(JitTest, PipelineOptions) {
  const char *source = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @opts {
    gpu.func @scale(%p: !cute.ptr<f32, gmem, align<4>>, %n: i32, %k: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %s = cute.make_shape(%n)
      %one = cute.static : !cute.stride<"1">
      %l = cute.make_layout(%s, %one)
      // A composition with a run-time precondition, kept alive by a write
      // at offset size(c) (debug checks test it).
      %s2 = cute.make_shape(%n, %k)
      %d2 = cute.make_stride(%n) -> !cute.stride<"(1,?)">
      %l2 = cute.make_layout(%s2, %d2)
      %b = cute.static : !cute.layout<"8:1">
      %c = cute.composition(%l2, %b)
      %sz = cute.size(%c)
      %s32 = cute.get_scalars(%sz) : !cute.int_tuple<"?">
      %q = cute.add_offset(%p, %s32)
      %l1 = cute.static : !cute.layout<"1:1">
      %o = cute.make_view(%q, %l1)
      %f1 = cute.make_fragment() : !cute.memref<f32, rmem, align<4>, "1:1">
      %z = arith.constant dense<0.0> : vector<1xf32>
      cute.store(%z, %f1)
      cute.copy(%f1, %o)
      %x = cute.make_view(%p, %l)
      %t = cute.local_tile(%x, %k) {tiler = #cute.shape<"512">}
      %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %f = cute.make_fragment_like(%v)
      cute.copy(%v, %f) {masked}
      cute.copy(%f, %v) {masked}
      gpu.return
    }
  }
}
)mlir";
  JitOptions o = opts;
  o.useDiskCache = false;
  o.cubin = false;
  Compiler jit;
  auto on = jit.compile(source, o);
  ASSERT_TRUE(on.ok()) << on.message();
  EXPECT_NE(on->ptx.find(".entry scale__aligned16("), std::string::npos);
  EXPECT_NE(on->metadataJson.find("\"variants\""), std::string::npos);
  EXPECT_EQ(on->ptx.find("__assertfail"), std::string::npos);
  JitOptions off = o;
  off.specialize = false;
  auto plain = jit.compile(source, off);
  ASSERT_TRUE(plain.ok()) << plain.message();
  EXPECT_EQ(plain->ptx.find("__aligned16"), std::string::npos);
  EXPECT_EQ(plain->metadataJson.find("\"variants\""), std::string::npos);
  EXPECT_NE(plain->cacheKey, on->cacheKey);
  EXPECT_FALSE(plain->fromMemoryCache);
  JitOptions checks = off;
  checks.debugChecks = true;
  auto dbg = jit.compile(source, checks);
  ASSERT_TRUE(dbg.ok()) << dbg.message();
  EXPECT_NE(dbg->cacheKey, plain->cacheKey);
  EXPECT_NE(dbg->ptx.find("__assertfail"), std::string::npos);
}

#ifdef CUTE_JIT_TESTS_WITH_RUNTIME
// A kernel with a specialized clone, as the compiler emits them (written by
// hand): the metadata names the clone as the generic kernel's variant and
// the runtime reads it back.
TEST_F(JitTest, SpecializedClonesBecomeVariants) {
  const char *source = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @spec {
    gpu.func @copy__spec0(%src: !cute.ptr<f32, gmem, align<16>>,
                          %dst: !cute.ptr<f32, gmem, align<16>>, %count: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>,
                    cute.specialization_of = "copy",
                    cute.specialization = [{param = 0 : i64, align = 16 : i64},
                                           {param = 1 : i64, align = 16 : i64},
                                           {param = 2 : i64, div = 4 : i64}]} {
      gpu.return
    }
    gpu.func @copy(%src: !cute.ptr<f32, gmem, align<4>>,
                   %dst: !cute.ptr<f32, gmem, align<4>>, %count: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
)mlir";
  JitOptions o = opts;
  o.useDiskCache = false;
  Compiler jit;
  auto r = jit.compile(source, o);
  ASSERT_TRUE(r.ok()) << r.message();
  auto meta = cute::rt::parseMetadata(r->metadataJson);
  ASSERT_TRUE(meta.ok()) << meta.error().str() << "\n" << r->metadataJson;
  auto k = meta->kernel("copy");
  ASSERT_TRUE(k.ok()) << k.message();
  ASSERT_EQ((*k)->params.size(), 3u);
  EXPECT_EQ((*k)->params[0].name, "src");
  EXPECT_EQ((*k)->params[2].name, "count");
  ASSERT_EQ((*k)->variants.size(), 1u);
  const cute::rt::VariantInfo &v = (*k)->variants[0];
  EXPECT_EQ(v.name, "copy__spec0");
  ASSERT_EQ(v.when.size(), 3u);
  EXPECT_EQ(v.when[0].kind, cute::rt::VariantCondition::Kind::Align);
  EXPECT_EQ(v.when[0].value, 16u);
  EXPECT_EQ(v.when[2].param, 2u);
  EXPECT_EQ(v.when[2].kind, cute::rt::VariantCondition::Kind::Div);
  EXPECT_EQ(v.when[2].value, 4u);
  auto clone = meta->kernel("copy__spec0");
  ASSERT_TRUE(clone.ok()) << clone.message();
  EXPECT_EQ((*clone)->params[0].align, 16u);
  EXPECT_NE(r->ptx.find(".entry copy__spec0("), std::string::npos);
}

// The largest 32-bit offset of a 2-D i32 view, as the compiler writes it
// and the runtime evaluates it at launch (test/Target/kernel-views.mlir).
TEST_F(JitTest, ViewsReachTheRuntimeCheck) {
  const char *source = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @views {
    gpu.func @k(%x_ptr: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %shape = cute.make_shape(%rows, %cols)
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%x_ptr, %layout)
      gpu.return
    }
  }
}
)mlir";
  JitOptions o = opts;
  o.useDiskCache = false;
  Compiler jit;
  auto r = jit.compile(source, o);
  ASSERT_TRUE(r.ok()) << r.message();
  auto meta = cute::rt::parseMetadata(r->metadataJson);
  ASSERT_TRUE(meta.ok()) << meta.error().str() << "\n" << r->metadataJson;
  auto k = meta->kernel("k");
  ASSERT_TRUE(k.ok()) << k.message();
  ASSERT_EQ((*k)->params.size(), 3u);
  ASSERT_EQ((*k)->params[0].views.size(), 1u);
  EXPECT_EQ((*k)->params[0].views[0].bits, 32);
  EXPECT_EQ((*k)->params[0].views[0].maxOffset.str(**k),
            "(rows - 1)*|cols| + cols - 1");
  auto args = [](int32_t rows, int32_t cols) {
    cute::rt::KernelArgs a;
    a.ptr(0x7f0000001000ull, cute::rt::ElemType::BF16)
        .scalar<int32_t>(rows)
        .scalar<int32_t>(cols);
    return a;
  };
  cute::Status fits = cute::rt::validateArgs(**k, args(1024, 1024));
  EXPECT_TRUE(fits.ok()) << fits.error().str();
  cute::Status big = cute::rt::validateArgs(**k, args(65536, 65536));
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message().find(
                "kernel 'k': argument 0 ('x_ptr'): the largest element offset "
                "of its tensor, (rows - 1)*|cols| + cols - 1 = 4294967295"),
            std::string::npos)
      << big.error().message();
}
#endif

TEST_F(JitTest, DiskCacheCanBeTurnedOff) {
  JitOptions o = opts;
  o.useDiskCache = false;
  {
    Compiler jit;
    ASSERT_TRUE(jit.compile(kAddKernel, o).ok());
  }
  EXPECT_FALSE(llvm::sys::fs::exists(opts.cacheDir));
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->fromDiskCache);
  EXPECT_EQ(jit.stats().compiles, 1u);
}

TEST(JitCacheDir, Resolution) {
  JitOptions o;
  o.cacheDir = "/explicit";
  EXPECT_EQ(Compiler::resolveCacheDir(o), "/explicit");
  o.cacheDir.clear();
  const char *old = std::getenv("CUTE_CACHE_DIR");
  std::string saved = old ? old : "";
  setenv("CUTE_CACHE_DIR", "/from-env", 1);
  EXPECT_EQ(Compiler::resolveCacheDir(o), "/from-env");
  unsetenv("CUTE_CACHE_DIR");
  EXPECT_TRUE(llvm::StringRef(Compiler::resolveCacheDir(o))
                  .ends_with("/.cache/cute-mlir"));
  if (old)
    setenv("CUTE_CACHE_DIR", saved.c_str(), 1);
}

} // namespace

namespace {

TEST_F(JitTest, PublishingOverAnExistingEntryUsesTheVerifiedWinner) {
  Compiler first;
  auto a = first.compile(kAddKernel, opts);
  ASSERT_TRUE(a.ok()) << a.message();
  // A dump compiles without looking the key up, so its store finds the
  // entry already there: the same situation as losing a publish race.
  Compiler jit;
  JitOptions o = opts;
  o.dumpDir = join(root, "dump");
  auto b = jit.compile(kAddKernel, o);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(jit.stats().diskRacesLost, 1u);
  EXPECT_EQ(jit.stats().diskStores, 0u);
  EXPECT_EQ(jit.stats().diskCorrupt, 0u);
  EXPECT_EQ(b->cubin, a->cubin);

  // When the winner's entry does not verify, ours replaces it.
  std::string file = artifactFile(*a);
  ASSERT_FALSE(::truncate(file.c_str(), 3));
  Compiler third;
  auto c = third.compile(kAddKernel, o);
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(third.stats().diskRacesLost, 1u);
  EXPECT_EQ(third.stats().diskCorrupt, 1u);
  EXPECT_EQ(third.stats().diskStores, 1u);
  EXPECT_EQ(readAll(file).size(), havePtxas ? a->cubin.size() : a->ptx.size());
}

// Many writers publishing the same keys at once: exactly one wins each key,
// the others see the race, nothing is left half-written.
TEST_F(JitTest, ConcurrentPublishStress) {
  namespace jd = cute::jit::detail;
  jd::Artifacts art{"kernels", "sm_90a", std::string(4096, 'p'),
                    std::string(70000, 'c'), "{}"};
  constexpr int kThreads = 6, kKeys = 40;
  std::atomic<int> stored{0}, lost{0}, errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int k = 0; k < kKeys; ++k) {
        std::string why;
        switch (jd::storeEntry(opts.cacheDir, "key" + std::to_string(k), art,
                               why)) {
        case jd::StoreStatus::Stored:
          ++stored;
          break;
        case jd::StoreStatus::RaceLost:
          ++lost;
          break;
        case jd::StoreStatus::Error:
          ++errors;
          ADD_FAILURE() << why;
          break;
        }
      }
    });
  for (auto &t : threads)
    t.join();
  EXPECT_EQ(stored, kKeys);
  EXPECT_EQ(lost, (kThreads - 1) * kKeys);
  EXPECT_EQ(errors, 0);
  std::error_code ec;
  int entries = 0;
  for (llvm::sys::fs::directory_iterator it(opts.cacheDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    ++entries;
    jd::Artifacts back;
    std::string why;
    std::string name = llvm::sys::path::filename(it->path()).str();
    EXPECT_EQ(jd::loadEntry(opts.cacheDir, name, true, back, why),
              jd::LoadStatus::Hit)
        << name << ": " << why;
    EXPECT_EQ(back.cubin, art.cubin);
  }
  EXPECT_EQ(entries, kKeys);
}

} // namespace

// A cache no one else can write into (checksums catch corruption, not a
// planted entry): the directory is created 0700 and entries written
// owner-only; a directory or entry owned by another user or writable by
// group/others is not used, with one warning, and the compile goes on.
namespace {
unsigned modeOf(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? unsigned(st.st_mode & 07777) : ~0u;
}
} // namespace

TEST_F(JitTest, NewCacheDirAndEntriesArePrivate) {
  Compiler jit;
  auto r = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(modeOf(opts.cacheDir), 0700u);
  std::string entry = join(opts.cacheDir, r->cacheKey);
  EXPECT_EQ(modeOf(entry) & 077, 0u);
  EXPECT_EQ(modeOf(join(entry, "manifest")), 0600u);
  EXPECT_EQ(modeOf(join(entry, "module.ptx")), 0600u);
  EXPECT_EQ(jit.stats().diskUntrusted, 0u);
  EXPECT_TRUE(jit.stats().lastWarning.empty());
}

TEST_F(JitTest, WorldWritableCacheDirIsNotUsed) {
  ASSERT_EQ(::mkdir(opts.cacheDir.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(opts.cacheDir.c_str(), 0777), 0);
  Compiler jit;
  auto r = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  CacheStats s = jit.stats();
  EXPECT_EQ(s.compiles, 1u);
  EXPECT_EQ(s.diskStores, 0u);
  EXPECT_EQ(s.diskUntrusted, 1u);
  EXPECT_NE(s.lastWarning.find("the disk cache is not used: " + opts.cacheDir +
                               " is writable by others (mode 0777"),
            std::string::npos)
      << s.lastWarning;
  EXPECT_EQ(r->warnings, std::vector<std::string>{s.lastWarning});
  EXPECT_FALSE(llvm::sys::fs::exists(join(opts.cacheDir, r->cacheKey)));
}

TEST_F(JitTest, GroupWritableEntryIsNotUsedNorRemoved) {
  std::string key;
  {
    Compiler first;
    auto r = first.compile(kAddKernel, opts);
    ASSERT_TRUE(r.ok()) << r.message();
    key = r->cacheKey;
  }
  std::string ptx = join(join(opts.cacheDir, key), "module.ptx");
  ASSERT_EQ(::chmod(ptx.c_str(), 0664), 0);
  Compiler jit;
  auto r = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  CacheStats s = jit.stats();
  EXPECT_EQ(s.diskHits, 0u);
  EXPECT_EQ(s.compiles, 1u);
  EXPECT_EQ(s.diskUntrusted, 1u);
  EXPECT_EQ(s.diskStores, 0u);
  EXPECT_NE(s.lastWarning.find("cache entry " + key + " is not used: " + ptx +
                               " is writable by its group (mode 0664"),
            std::string::npos)
      << s.lastWarning;
  EXPECT_TRUE(llvm::sys::fs::exists(ptx)) << "someone else's file is kept";
}

TEST_F(JitTest, ForeignOwnedCacheDirIsNotUsed) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "giving a directory to another user needs root";
  ASSERT_EQ(::mkdir(opts.cacheDir.c_str(), 0700), 0);
  ASSERT_EQ(::chown(opts.cacheDir.c_str(), 12345, 12345), 0);
  Compiler jit;
  auto r = jit.compile(kAddKernel, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(jit.stats().diskUntrusted, 1u);
  EXPECT_EQ(jit.stats().diskStores, 0u);
  EXPECT_NE(jit.stats().lastWarning.find(opts.cacheDir +
                                         " is owned by uid 12345, not by this "
                                         "user (uid 0)"),
            std::string::npos)
      << jit.stats().lastWarning;
}

// Eight threads compiling one source with one Compiler run the pipeline
// once: compiles of a key already in flight are joined, not repeated
// (before, each thread that missed the memory cache compiled it again).
TEST_F(JitTest, ConcurrentCompilesOfOneKeyAreJoined) {
  opts.useDiskCache = false; // the pipeline, not the disk, must be shared
  Compiler jit;
  std::vector<std::thread> threads;
  std::vector<std::string> ptx(8);
  std::atomic<int> failures{0};
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      auto r = jit.compile(kAddKernel, opts);
      if (!r.ok()) {
        ++failures;
        return;
      }
      ptx[size_t(t)] = r->ptx;
    });
  for (auto &t : threads)
    t.join();
  ASSERT_EQ(failures.load(), 0);
  CacheStats s = jit.stats();
  EXPECT_EQ(s.compiles, 1u);
  EXPECT_EQ(s.joinedInFlight + s.memoryHits, 7u);
  for (const std::string &p : ptx)
    EXPECT_EQ(p, ptx[0]);
  // A failing source is joined too, and every thread sees the error.
  std::vector<std::thread> bad;
  std::atomic<int> errors{0};
  for (int t = 0; t < 4; ++t)
    bad.emplace_back([&] {
      if (!jit.compile("gpu.module @m { this is not mlir }", opts).ok())
        ++errors;
    });
  for (auto &t : bad)
    t.join();
  EXPECT_EQ(errors.load(), 4);
}

// Errors carry the diagnostics with their location and source line, not
// the IR: MLIR attaches the whole operation to each diagnostic unless told
// not to, and a one-line rule came back in pages of generic-form IR
// (verboseErrors brings it back for debugging the compiler).
namespace {
size_t lineCount(const std::string &s) {
  return size_t(std::count(s.begin(), s.end(), '\n')) +
         (!s.empty() && s.back() != '\n');
}
} // namespace

TEST_F(JitTest, ErrorsCarryTheRuleNotTheIR) {
  std::string src = kAddKernel;
  src.replace(src.find("128, 1, 1"), 9, "2048, 1, 1");
  JitOptions o = opts;
  o.useDiskCache = false;
  Compiler jit;
  auto r = jit.compile(src, o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), cute::ErrorCode::Compile);
  const std::string &m = r.message();
  EXPECT_NE(m.find("<source>:4:5: error: kernel @add_f32x4 has 2048 threads "
                   "per block; sm_90a allows at most 1024\n"
                   "    gpu.func @add_f32x4("),
            std::string::npos)
      << m;
  EXPECT_LE(lineCount(m), 3u) << m;
  EXPECT_EQ(m.find("see current operation"), std::string::npos) << m;
  EXPECT_EQ(m.find("\"gpu.func\""), std::string::npos) << m;
  EXPECT_EQ(m.find("llvm.getelementptr"), std::string::npos) << m;

  JitOptions verbose = o;
  verbose.verboseErrors = true;
  auto v = jit.compile(src, verbose);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.message().find(m), 0u) << v.message();
  EXPECT_NE(v.message().find("<source>:4:5: note: see current operation"),
            std::string::npos)
      << v.message();
  EXPECT_NE(v.message().find("gpu.known_block_size = array<i32: 2048, 1, 1>"),
            std::string::npos)
      << v.message();
  EXPECT_GT(lineCount(v.message()), 20u);

  // It changes errors, not results: one key, and a memory hit.
  auto a = jit.compile(kAddKernel, o);
  ASSERT_TRUE(a.ok()) << a.message();
  auto b = jit.compile(kAddKernel, verbose);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_EQ(b->cacheKey, a->cacheKey);
  EXPECT_TRUE(b->fromMemoryCache);
}

// A ptxas failure: ptxas's own lines, the kept PTX file and the command
// that reproduces it; not the PTX text (which the gpu.binary's "see current
// operation" note used to print in full).
TEST_F(JitTest, PtxasErrorsCarryPtxasLinesNotThePtx) {
  if (!havePtxas)
    GTEST_SKIP() << "no ptxas";
  std::string src = kAddKernel;
  std::string ret = "      gpu.return\n";
  src.insert(src.find(ret), "      llvm.inline_asm has_side_effects "
                            "\"bogus.instr;\", \"\" : () -> ()\n");
  JitOptions o = opts;
  o.useDiskCache = false;
  Compiler jit;
  // The kept PTX directory is removed afterwards.
  auto keptDir = [](const std::string &message) {
    size_t at = message.find("PTX: ");
    if (at == std::string::npos)
      return std::string();
    size_t end = message.find('\n', at);
    return llvm::sys::path::parent_path(
               message.substr(at + 5, end == std::string::npos
                                          ? std::string::npos
                                          : end - at - 5))
        .str();
  };
  auto r = jit.compile(src, o);
  ASSERT_FALSE(r.ok());
  const std::string &m = r.message();
  std::string dir = keptDir(m);
  EXPECT_EQ(r.error().code(), cute::ErrorCode::Compile);
  EXPECT_NE(m.find("<source>:3:3: error: ptxas failed for sm_90a"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("Not a name of any known instruction: 'bogus'"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("reproduce with: "), std::string::npos) << m;
  ASSERT_FALSE(dir.empty()) << m;
  EXPECT_TRUE(llvm::sys::fs::exists(join(dir, "kernels.sm_90a.ptx"))) << m;
  EXPECT_EQ(m.find("see current operation"), std::string::npos) << m;
  EXPECT_EQ(m.find(".visible .entry"), std::string::npos) << m;
  EXPECT_LE(lineCount(m), 10u) << m;
  llvm::sys::fs::remove_directories(dir);

  JitOptions verbose = o;
  verbose.verboseErrors = true;
  auto v = jit.compile(src, verbose);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.message().find("see current operation: \"gpu.binary\""),
            std::string::npos)
      << v.message();
  EXPECT_NE(v.message().find(".visible .entry add_f32x4"), std::string::npos)
      << v.message();
  llvm::sys::fs::remove_directories(keptDir(v.message()));
}

// Options are checked before anything runs, each with its own message.
namespace {
void expectInvalid(const JitOptions &o, const std::string &message) {
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  ASSERT_FALSE(r.ok()) << "accepted; expected: " << message;
  EXPECT_EQ(r.error().code(), cute::ErrorCode::InvalidArgument);
  EXPECT_EQ(r.message(), message);
  EXPECT_EQ(jit.stats().compiles, 0u);
}
} // namespace

TEST_F(JitTest, InvalidChipOptLevelOrDebugHangsIsRejected) {
  JitOptions o = opts;
  o.chip = "sm_89";
  expectInvalid(o, "invalid JitOptions::chip 'sm_89': the supported chips are "
                   "sm_90a, sm_100a, sm_120a");
  o.chip = "";
  expectInvalid(o, "invalid JitOptions::chip '': the supported chips are "
                   "sm_90a, sm_100a, sm_120a");
  o = opts;
  o.optLevel = 4;
  expectInvalid(o, "invalid JitOptions::optLevel 4: the levels are 0, 1, 2 "
                   "and 3");
  o = opts;
  o.debugHangs = -1;
  expectInvalid(o, "invalid JitOptions::debugHangs -1: it must be >= 0 (0: "
                   "no bound)");
  // Nothing was created: the checks come before the cache.
  EXPECT_FALSE(llvm::sys::fs::exists(opts.cacheDir));
}

TEST_F(JitTest, InvalidPtxasIsRejected) {
  JitOptions o = opts;
  o.cubin = true;
  std::string missing = join(root, "no-ptxas");
  o.ptxas = missing;
  expectInvalid(o, "invalid JitOptions::ptxas '" + missing + "': no such file");
  o.ptxas = root;
  expectInvalid(o,
                "invalid JitOptions::ptxas '" + root + "': not a regular file");
  std::string plain = join(root, "ptxas");
  {
    std::error_code ec;
    llvm::raw_fd_ostream(plain, ec) << "#!/bin/sh\n";
    ASSERT_FALSE(ec);
  }
  ASSERT_EQ(::chmod(plain.c_str(), 0644), 0);
  o.ptxas = plain;
  expectInvalid(o, "invalid JitOptions::ptxas '" + plain + "': not executable");
  // Without a cubin ptxas is not run, nor checked.
  o.cubin = false;
  o.useDiskCache = false;
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  EXPECT_TRUE(r.ok()) << r.message();
}

TEST_F(JitTest, DumpOrCacheDirThatIsAFileIsRejected) {
  std::string file = join(root, "file");
  {
    std::error_code ec;
    llvm::raw_fd_ostream(file, ec) << "x";
    ASSERT_FALSE(ec);
  }
  JitOptions o = opts;
  o.dumpDir = file;
  expectInvalid(o, "invalid JitOptions::dumpDir '" + file +
                       "': it exists and is not a directory");
  o = opts;
  o.cacheDir = file;
  expectInvalid(o, "invalid JitOptions::cacheDir '" + file +
                       "': it exists and is not a directory");
  // Without the disk cache cacheDir is not used, nor checked.
  o.useDiskCache = false;
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  EXPECT_TRUE(r.ok()) << r.message();
}

// The disk-cache warnings of a compile come with its result (and still go
// to stderr and stats()); a memory hit has none.
TEST_F(JitTest, CacheWarningsComeWithTheResult) {
  // A cache directory that cannot be created (under a regular file: mkdir
  // fails for root too).
  std::string file = join(root, "file");
  {
    std::error_code ec;
    llvm::raw_fd_ostream(file, ec) << "x";
    ASSERT_FALSE(ec);
  }
  JitOptions o = opts;
  o.cacheDir = join(file, "cache");
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_EQ(r->warnings.size(), 1u);
  EXPECT_EQ(r->warnings[0],
            "the disk cache is not used: cannot create " + o.cacheDir);
  EXPECT_EQ(jit.stats().lastWarning, r->warnings[0]);
  auto hit = jit.compile(kAddKernel, o);
  ASSERT_TRUE(hit.ok());
  EXPECT_TRUE(hit->fromMemoryCache);
  EXPECT_TRUE(hit->warnings.empty());
}

TEST_F(JitTest, FailedCacheWriteIsAWarningOfTheResult) {
  // A private cache directory this user cannot write into: mode 0500, or
  // for root (whom modes do not stop) /proc, owned by root and mode 0555.
  JitOptions o = opts;
  if (::geteuid() == 0) {
    struct stat st;
    if (::stat("/proc", &st) != 0 || st.st_uid != 0 ||
        (st.st_mode & (S_IWGRP | S_IWOTH)))
      GTEST_SKIP() << "no root-owned private /proc";
    o.cacheDir = "/proc";
  } else {
    ASSERT_EQ(::mkdir(o.cacheDir.c_str(), 0500), 0);
  }
  Compiler jit;
  auto r = jit.compile(kAddKernel, o);
  ::chmod(opts.cacheDir.c_str(), 0700); // for TearDown
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(jit.stats().diskWriteErrors, 1u);
  EXPECT_EQ(jit.stats().diskStores, 0u);
  ASSERT_EQ(r->warnings.size(), 1u);
  EXPECT_EQ(r->warnings[0].rfind("cannot write the disk cache: cannot create "
                                 "a temporary entry: ",
                                 0),
            0u)
      << r->warnings[0];
  EXPECT_EQ(jit.stats().lastWarning, r->warnings[0]);
}

namespace {
// A kernel with instance parameters: the element type and the vector width.
constexpr const char *kScaleKernel = R"mlir(
!T = !cute.param<"T", f32>
#W = #cute.param<"W", 4 : i32>
module attributes {gpu.container_module} {
  gpu.module @scale {
    gpu.func @scale(%x: !cute.ptr<!T, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %w = arith.constant #W
      %s = cute.make_shape(%n)
      %d = cute.make_stride(%w) -> !cute.stride<"?">
      %l = cute.make_layout(%s, %d)
      %v = cute.make_view(%x, %l)
      gpu.return
    }
  }
}
)mlir";
} // namespace

TEST_F(JitTest, InstancesAreCompiledAndCachedSeparately) {
  Compiler jit;
  JitOptions f16 = opts, both = opts, bad = opts;
  f16.instances = {"T=f16,W=8"};
  both.instances = {"T=f16,W=8", "wide:T=f32,W=16"};
  auto d = jit.compile(kScaleKernel, opts);
  ASSERT_TRUE(d.ok()) << d.message();
  // The defaults keep the kernel's name.
  EXPECT_NE(d->ptx.find(".entry scale("), std::string::npos) << d->ptx;
  auto a = jit.compile(kScaleKernel, f16);
  ASSERT_TRUE(a.ok()) << a.message();
  EXPECT_FALSE(a->fromMemoryCache || a->fromDiskCache);
  EXPECT_NE(a->cacheKey, d->cacheKey);
  EXPECT_NE(a->ptx.find(".entry scale_f16_8("), std::string::npos) << a->ptx;
  EXPECT_NE(a->metadataJson.find("\"name\":\"scale_f16_8\""),
            std::string::npos);
  EXPECT_NE(a->metadataJson.find("\"f16\""), std::string::npos)
      << a->metadataJson;
  auto b = jit.compile(kScaleKernel, both);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_NE(b->cacheKey, a->cacheKey);
  EXPECT_NE(b->ptx.find(".entry scale_f16_8("), std::string::npos);
  EXPECT_NE(b->ptx.find(".entry scale_wide("), std::string::npos);
  // The same instances again: a memory hit, not a compile.
  auto a2 = jit.compile(kScaleKernel, f16);
  ASSERT_TRUE(a2.ok()) << a2.message();
  EXPECT_TRUE(a2->fromMemoryCache);
  EXPECT_EQ(a2->cacheKey, a->cacheKey);
  EXPECT_EQ(jit.stats().compiles, 3u);
  // Bad arguments are reported before any compile.
  bad.instances = {"T=f16,W"};
  auto e = jit.compile(kScaleKernel, bad);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message().find("is not of the form name=value"),
            std::string::npos)
      << e.message();
  bad.instances = {"T=f16,Q=1"};
  auto u = jit.compile(kScaleKernel, bad);
  ASSERT_FALSE(u.ok());
  EXPECT_NE(u.message().find("instance argument 'Q' is not a parameter of "
                             "this source (it declares T, W)"),
            std::string::npos)
      << u.message();
}
