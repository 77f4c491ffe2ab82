//===- GemmQkvTest.cpp - Gemm::runQkv's argument checks ------------------===//
//
// cute::kernels::Gemm::runQkv (the QKV projection with the fused KV-cache
// append) rejects bad arguments before any launch, each with a message
// naming the argument and the numbers; one test per rule, on the device
// CUTE_DEVICE names (ctest: emu:sm_90a). Its results are checked bit for
// bit by examples/decode-attention (emu.decode-attention and the GPU runs).
//
//===----------------------------------------------------------------------===//
#include "GemmTestDevice.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::kernels;
using gemm_test::scratch;
using gemm_test::scratchMatrix;
using gemm_test::TestDevice;
using gemm_test::testDevice;

namespace {

/// 4 q / 2 kv heads, K = 64, 5 tokens: x 5 x 64, W 1024 x 64, qOut 5 x 512,
/// every pointer in the scratch buffer (never read: each case is rejected).
struct Qkv {
  DeviceMatrix x = scratchMatrix(ElemType::BF16, 5, 64);
  DeviceMatrix w = scratchMatrix(ElemType::BF16, 1024, 64);
  DeviceMatrix q = scratchMatrix(ElemType::BF16, 5, 512);
  QkvAppend a;
  GemmOptions o;
  Qkv() {
    a.qHeads = 4, a.kvHeads = 2;
    a.qNormWeight = a.kNormWeight = a.cosSin = scratch();
    a.positions = a.slotMapping = scratch();
    a.kCache = a.vCache = scratch();
    a.ldkv = 256, a.slots = 16;
  }
  void expectRejected(const std::string &text) const {
    TestDevice &d = testDevice();
    Status s = d.gemm.runQkv(d.stream, x, w, q, a, o);
    ASSERT_FALSE(s.ok()) << "expected: " << text;
    EXPECT_NE(s.message().find(text), std::string::npos) << s.message();
  }
};

TEST(GemmQkv, RejectsWRowsThatAreNotTheHeads) {
  Qkv c;
  c.w.rows = 1000;
  c.expectRejected("W has 1000 rows; 4 q + 2 x 2 kv heads of 128 need 1024");
}

TEST(GemmQkv, RejectsAQOutOfTheWrongShape) {
  Qkv c;
  c.q.cols = 384;
  c.expectRejected("qOut is 5 x 384; it must be tokens x q heads x 128 = "
                   "5 x 512");
}

TEST(GemmQkv, RejectsANonBf16Input) {
  Qkv c;
  c.x.type = ElemType::F16;
  c.expectRejected("x is f16; it must be bf16");
}

TEST(GemmQkv, RejectsANullAppendPointer) {
  Qkv c;
  c.a.slotMapping = 0;
  c.expectRejected("slotMapping is a null pointer");
}

TEST(GemmQkv, RejectsAnE4m3CacheWithoutScales) {
  Qkv c;
  c.a.cacheType = ElemType::F8E4M3;
  c.expectRejected("an e4m3 cache needs kScale and vScale");
}

TEST(GemmQkv, RejectsAMissingSlotCount) {
  Qkv c;
  c.a.slots = 0;
  c.expectRejected("the caches hold 0 slots");
}

TEST(GemmQkv, RejectsANarrowSlotStride) {
  Qkv c;
  c.a.ldkv = 200;
  c.expectRejected("the caches' slot stride 200 must be a multiple of 8 and "
                   "at least kv heads x 128 = 256");
}

TEST(GemmQkv, RejectsEpilogueOptions) {
  Qkv c;
  c.o.beta = 1.f;
  c.expectRejected("the QKV epilogue takes no alpha, beta");
}

TEST(GemmQkv, RejectsAConfigurationWithoutAQkvInstance) {
  Qkv c;
  c.o.plan = GemmPlan{GemmConfig::Tile128x256, 1};
  c.expectRejected("has no QKV instance");
}

} // namespace
