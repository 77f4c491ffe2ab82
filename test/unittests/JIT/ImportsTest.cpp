//===- ImportsTest.cpp - The JIT compiles sources that import helpers -----===//
#include "cute/JIT/Compiler.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace cute::jit;

namespace {

// The kernel stores what the imported @width returns (the parameter W).
constexpr const char *kKernel = R"mlir(
module attributes {gpu.container_module} {
  gpu.module @imports attributes {cute.imports = ["helpers.mlir"]} {
    gpu.func @store_width(%p: !llvm.ptr<1> {cute.elem = i32}) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %w = func.call @width() : () -> i32
      llvm.store %w, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
)mlir";

std::string helpers(int width) {
  return "#W = #cute.param<\"W\", " + std::to_string(width) +
         " : i32>\nmodule {\n  func.func private @width() -> i32 {\n"
         "    %w = arith.constant #W\n    return %w : i32\n  }\n}\n";
}

class JitImportsTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<256> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cute-jit-imports", dir));
    root = dir.str().str();
    opts.cacheDir = path("cache");
    opts.cubin = false;
    write("helpers.mlir", helpers(1234));
    write("kernel.mlir", kKernel);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }

  std::string path(const std::string &name) const {
    llvm::SmallString<256> p(root);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
  void write(const std::string &name, const std::string &text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path(name), ec);
    ASSERT_FALSE(ec) << ec.message();
    os << text;
  }

  std::string root;
  JitOptions opts;
};

TEST_F(JitImportsTest, TextNeedsImportDirs) {
  Compiler jit;
  auto e = jit.compile(kKernel, opts);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message().find("gpu.module @imports imports 'helpers.mlir', "
                             "which is in none of the directories searched: "
                             "none"),
            std::string::npos)
      << e.message();
  opts.importDirs = {path("nowhere"), root};
  auto r = jit.compile(kKernel, opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NE(r->ptx.find("1234"), std::string::npos) << r->ptx;
}

TEST_F(JitImportsTest, FileFindsItsNeighbours) {
  Compiler jit;
  auto r = jit.compileFile(path("kernel.mlir"), opts);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NE(r->ptx.find("1234"), std::string::npos) << r->ptx;
  // An instance's value reaches the imported file.
  JitOptions inst = opts;
  inst.instances = {"W=77"};
  auto i = jit.compileFile(path("kernel.mlir"), inst);
  ASSERT_TRUE(i.ok()) << i.message();
  EXPECT_NE(i->ptx.find(".entry store_width_77("), std::string::npos) << i->ptx;
  EXPECT_NE(i->ptx.find("77;"), std::string::npos) << i->ptx;
}

TEST_F(JitImportsTest, TheKeyCoversTheImportedText) {
  Compiler jit;
  auto a = jit.compileFile(path("kernel.mlir"), opts);
  ASSERT_TRUE(a.ok()) << a.message();
  auto again = jit.compileFile(path("kernel.mlir"), opts);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_TRUE(again->fromMemoryCache);
  // The same kernel text, another helper: neither cache may answer.
  write("helpers.mlir", helpers(4321));
  auto b = jit.compileFile(path("kernel.mlir"), opts);
  ASSERT_TRUE(b.ok()) << b.message();
  EXPECT_FALSE(b->fromMemoryCache || b->fromDiskCache);
  EXPECT_NE(b->cacheKey, a->cacheKey);
  EXPECT_NE(b->ptx.find("4321"), std::string::npos) << b->ptx;
  EXPECT_EQ(b->ptx.find("1234"), std::string::npos) << b->ptx;
  Compiler fresh;
  write("helpers.mlir", helpers(1234));
  auto c = fresh.compileFile(path("kernel.mlir"), opts);
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_TRUE(c->fromDiskCache);
  EXPECT_EQ(c->cacheKey, a->cacheKey);
  // Where the imports are looked for is part of the key too.
  JitOptions dirs = opts;
  dirs.importDirs = {root};
  auto d = jit.compileFile(path("kernel.mlir"), dirs);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_NE(d->cacheKey, a->cacheKey);
}

} // namespace
