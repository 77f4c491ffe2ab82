//===- MmaExecTest.cpp - wgmma, mma.sync, ldmatrix, stmatrix on cute-emu --===//
//
// Runs the cases of MmaCases.h (hand-written PTX, expected values from the
// PTX ISA's layout definitions, checked on the H200 by
// test/gpu/emu-probes/mma_layout_probe.cpp) on the emulator, plus the
// emulator's diagnostics: non-uniform descriptors, out-of-range descriptor
// addresses, incomplete warpgroups and unsupported forms.
//
//===----------------------------------------------------------------------===//
#include "MmaCases.h"

#include "cute/Emu/Emu.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace cute;
using namespace cute::emu;

namespace mmacases {
void PrintTo(const Case &c, std::ostream *os) { *os << c.name; }
} // namespace mmacases

namespace {

struct RunResult {
  bool ok = false;
  std::string error;
  std::vector<uint32_t> out;
};

/// Loads and launches case `c` (one CTA of c.threads threads).
RunResult runCase(const mmacases::Case &c, bool raceCheck = false) {
  RunResult r;
  Options opts;
  opts.raceCheck = raceCheck;
  Device dev(Chip::Sm90a, opts);
  dev.quietPrintf = true;
  auto mod = dev.loadModule(c.ptx);
  if (!mod) {
    r.error = "load: " + mod.message();
    return r;
  }
  auto k = mod->kernel("k");
  if (!k) {
    r.error = k.message();
    return r;
  }
  std::vector<uint64_t> ptrs;
  for (const auto &in : c.inputs) {
    auto a = dev.allocate(std::max<size_t>(in.size(), 16));
    if (!a) {
      r.error = a.message();
      return r;
    }
    if (!in.empty())
      std::memcpy(reinterpret_cast<void *>(*a), in.data(), in.size());
    ptrs.push_back(*a);
  }
  const size_t outBytes = c.expected.size() * 4;
  auto o = dev.allocate(outBytes);
  if (!o) {
    r.error = o.message();
    return r;
  }
  std::memset(reinterpret_cast<void *>(*o), 0xcd, outBytes);
  ptrs.push_back(*o);
  std::vector<void *> params;
  for (uint64_t &p : ptrs)
    params.push_back(&p);
  LaunchConfig cfg;
  cfg.block[0] = c.threads;
  auto st = dev.launch(*k, cfg, params.data());
  if (!st) {
    r.error = "launch: " + st.message();
    return r;
  }
  r.out.resize(c.expected.size());
  std::memcpy(r.out.data(), reinterpret_cast<void *>(*o), outBytes);
  r.ok = true;
  return r;
}

/// Compares with the ISA reference; reports the first mismatches.
void expectMatches(const mmacases::Case &c, const RunResult &r) {
  ASSERT_TRUE(r.ok) << c.name << ": " << r.error;
  int bad = 0;
  for (size_t i = 0; i < c.expected.size(); ++i) {
    bool eq = c.asFloat ? mmacases::bitsF32(r.out[i]) ==
                              mmacases::bitsF32(c.expected[i])
                        : r.out[i] == c.expected[i];
    if (!eq && bad++ < 8)
      ADD_FAILURE() << c.name << ": word " << i << " is 0x" << std::hex
                    << r.out[i] << " (" << mmacases::bitsF32(r.out[i])
                    << "), expected 0x" << c.expected[i] << " ("
                    << mmacases::bitsF32(c.expected[i]) << ")";
  }
  EXPECT_EQ(bad, 0) << c.name << ": " << bad << " of " << c.expected.size()
                    << " words differ";
}

class MmaCaseTest : public ::testing::TestWithParam<mmacases::Case> {};

TEST_P(MmaCaseTest, MatchesIsaReference) {
  const mmacases::Case &c = GetParam();
  expectMatches(c, runCase(c));
}

INSTANTIATE_TEST_SUITE_P(
    Emu, MmaCaseTest, ::testing::ValuesIn(mmacases::allCases()),
    [](const ::testing::TestParamInfo<mmacases::Case> &info) {
      return info.param.name;
    });

TEST(MmaExec, WgmmaCasesAreRaceFreeUnderTheRaceChecker) {
  for (const mmacases::WgmmaCfg &cfg : mmacases::wgmmaConfigs()) {
    mmacases::Case c = mmacases::wgmmaCase(cfg);
    if (!c.gpuValid)
      continue;
    expectMatches(c, runCase(c, /*raceCheck=*/true));
  }
}

// --- Diagnostics -------------------------------------------------------------

mmacases::WgmmaCfg smallCfg() {
  mmacases::WgmmaCfg c;
  c.name = "diag";
  c.N = 8;
  c.a = mmacases::kMajor(128, 16, 1024, 0);
  c.b = mmacases::kMajor(128, 16, 1024, 8192);
  return c;
}

/// Replaces the first occurrence of `from` in the case's PTX.
void patch(mmacases::Case &c, const std::string &from, const std::string &to) {
  size_t p = c.ptx.find(from);
  ASSERT_NE(p, std::string::npos) << from;
  c.ptx.replace(p, from.size(), to);
}

TEST(MmaExec, NonUniformDescriptorIsReported) {
  mmacases::Case c = mmacases::wgmmaCase(smallCfg());
  // Thread-dependent B descriptor: add %tid.x to it.
  patch(c, "\twgmma.fence.sync.aligned;\n",
        "\tcvt.u64.u32 \t%rd20, %r1;\n\tadd.s64 \t%rd33, %rd33, %rd20;\n"
        "\twgmma.fence.sync.aligned;\n");
  RunResult r = runCase(c);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("B descriptor of wgmma.mma_async is not "
                         "warpgroup-uniform"),
            std::string::npos)
      << r.error;
}

TEST(MmaExec, DescriptorOutsideSharedMemoryNamesItsFields) {
  mmacases::Case c = mmacases::wgmmaCase(smallCfg());
  // SBO pushed to 16368 bytes: row group 1 lies far past the buffer.
  patch(c, "\twgmma.fence.sync.aligned;\n",
        "\tor.b64 \t%rd32, %rd32, 4393751543808;\n"
        "\twgmma.fence.sync.aligned;\n");
  RunResult r = runCase(c);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("A descriptor"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("SBO 16368"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("swizzle 128B"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("outside the CTA's"), std::string::npos) << r.error;
}

TEST(MmaExec, MissingProxyFenceBeforeWgmmaIsARace) {
  // The shared-memory image is written by st.shared (generic proxy) and read
  // by wgmma (async proxy): without fence.proxy.async the read is a race
  // (PTX ISA "Proxies"), even though bar.sync orders the threads.
  mmacases::Case c = mmacases::wgmmaCase(smallCfg());
  patch(c, "\tfence.proxy.async.shared::cta;\n", "");
  RunResult r = runCase(c, /*raceCheck=*/true);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("without a fence.proxy.async"), std::string::npos)
      << r.error;
  EXPECT_NE(r.error.find("wgmma.mma_async"), std::string::npos) << r.error;
}

TEST(MmaExec, OverwritingAStageBeforeWaitIsARace) {
  // The overwrite case zeroes shared memory while the wgmma group is still
  // pending: the write is not ordered before the async-proxy read.
  mmacases::WgmmaCfg cfg = smallCfg();
  cfg.overwriteB = true;
  RunResult r = runCase(mmacases::wgmmaCase(cfg), /*raceCheck=*/true);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("race"), std::string::npos) << r.error;
}

TEST(MmaExec, WgmmaNeedsAFullWarpgroup) {
  mmacases::Case c = mmacases::wgmmaCase(smallCfg());
  c.threads = 64;
  RunResult r = runCase(c);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.error.find("a warpgroup is 128 threads"), std::string::npos)
      << r.error;
}

TEST(MmaExec, SecondWarpgroupUsesItsOwnRegisters) {
  // 256 threads: both warpgroups run the same MMA on the same data (the
  // output of the second overwrites the first's with equal values).
  mmacases::Case c = mmacases::wgmmaCase(smallCfg());
  c.threads = 256;
  patch(c, "\tmov.u32 \t%r1, %tid.x;\n",
        "\tmov.u32 \t%r1, %tid.x;\n\tand.b32 \t%r1, %r1, 127;\n");
  expectMatches(c, runCase(c));
}

std::string loadError(const std::string &body) {
  Device dev(Chip::Sm90a);
  std::string ptx = mmacases::header() + mmacases::params(1) +
                    "{\n\t.reg .pred \t%p<4>;\n\t.reg .b32 \t%r<200>;\n"
                    "\t.reg .b64 \t%rd<20>;\n" +
                    body + "\tret;\n}\n";
  auto m = dev.loadModule(ptx);
  return m ? std::string() : m.message();
}

std::string regs(int first, int n) {
  std::string s = "{";
  for (int i = 0; i < n; ++i)
    s += (i ? ", %r" : "%r") + std::to_string(first + i);
  return s + "}";
}

TEST(MmaExec, UnsupportedFormsAreLoadErrors) {
  // f16 accumulators (numerics not measured).
  EXPECT_NE(loadError("\twgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 " +
                      regs(0, 2) + ", %rd1, %rd2, 1, 1, 1, 0, 0;\n")
                .find("dtype .f16"),
            std::string::npos);
  // Wrong K for the type.
  EXPECT_NE(loadError("\twgmma.mma_async.sync.aligned.m64n8k16.f32.e4m3.e4m3 " +
                      regs(0, 4) + ", %rd1, %rd2, 1, 1, 1;\n")
                .find("K must be 32"),
            std::string::npos);
  // Sparse wgmma: the leftover modifier is named.
  EXPECT_NE(
      loadError("\twgmma.mma_async.sp.sync.aligned.m64n8k32.f32.bf16.bf16 " +
                regs(0, 4) + ", %rd1, %rd2, %r10, 0, 1, 1, 1, 0, 0;\n")
          .find("sp"),
      std::string::npos);
  // imm-scale-a must be 1 or -1.
  EXPECT_NE(loadError("\twgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 " +
                      regs(0, 4) + ", %rd1, %rd2, 1, 2, 1, 0, 0;\n")
                .find("imm-scale-a"),
            std::string::npos);
  // mma.sync with f16 accumulators and ldmatrix of another shape.
  EXPECT_NE(loadError("\tmma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 " +
                      regs(0, 2) + ", " + regs(2, 4) + ", " + regs(6, 2) +
                      ", " + regs(8, 2) + ";\n")
                .find("accumulators"),
            std::string::npos);
  EXPECT_NE(loadError("\tldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 " +
                      regs(0, 2) + ", [%rd1];\n")
                .find("m8n8"),
            std::string::npos);
}

} // namespace
