//===- SharedLibraryTest.cpp - The JIT through libcute-jit.so -------------===//
//
// What a C++ project links (CuteMLIR::jit) is the shared library, not the
// static CuteJIT the other JIT tests use: this program links only
// libcute-jit.so and compiles example kernels through it, one thread and
// several. (A version script that hid MLIR's vague-linkage symbols in the
// default, libMLIR.so, configuration once made every compile through the .so
// spin forever; ctest's timeout turns such a hang into a failure.)
//
//===----------------------------------------------------------------------===//
#include "cute/JIT/Compiler.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace cute;

namespace {

jit::JitOptions noDiskCache(const char *chip) {
  jit::JitOptions o;
  o.chip = chip;
  o.useDiskCache = false;
  o.cubin = false; // PTX: no ptxas needed for this test
  return o;
}

} // namespace

TEST(JitSharedLibrary, CompilesAnExampleForEveryChip) {
  jit::Compiler compiler;
  for (const char *chip : {"sm_90a", "sm_100a", "sm_120a"}) {
    auto r = compiler.compileFile(CUTE_EXAMPLES_DIR "/elementwise/kernel.mlir",
                                  noDiskCache(chip));
    ASSERT_TRUE(r.ok()) << chip << ": " << r.message();
    EXPECT_EQ(r->moduleName, "elementwise");
    EXPECT_NE(r->ptx.find(".entry add_f32"), std::string::npos) << chip;
    EXPECT_NE(r->ptx.find(std::string(".target ") + chip), std::string::npos);
    EXPECT_NE(r->metadataJson.find("\"add_bf16\""), std::string::npos);
  }
  EXPECT_EQ(compiler.stats().compiles, 3u);
}

TEST(JitSharedLibrary, ThreadsCompileDifferentAndIdenticalSources) {
  jit::Compiler compiler;
  const char *sources[] = {CUTE_EXAMPLES_DIR "/elementwise/kernel.mlir",
                           CUTE_EXAMPLES_DIR "/swiglu/kernel.mlir",
                           CUTE_EXAMPLES_DIR "/rmsnorm/kernel.mlir",
                           CUTE_EXAMPLES_DIR "/softmax/kernel.mlir"};
  std::vector<std::string> ptx(8), errors(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      auto r = compiler.compileFile(sources[t % 4], noDiskCache("sm_90a"));
      if (r.ok())
        ptx[t] = r->ptx;
      else
        errors[t] = r.message();
    });
  for (std::thread &t : threads)
    t.join();
  for (int t = 0; t < 8; ++t) {
    EXPECT_TRUE(errors[t].empty()) << errors[t];
    // Threads t and t + 4 compiled the same source: the same PTX.
    if (t >= 4) {
      EXPECT_EQ(ptx[t], ptx[t - 4]) << sources[t % 4];
    }
  }
  jit::CacheStats s = compiler.stats();
  EXPECT_EQ(s.compiles, 4u) << "identical keys must be compiled once";
  EXPECT_EQ(s.joinedInFlight + s.memoryHits, 4u);
}
