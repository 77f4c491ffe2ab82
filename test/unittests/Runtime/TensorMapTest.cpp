//===- TensorMapTest.cpp - Host-side TMA descriptor validation ------------===//
#include "cute/Runtime/TensorMap.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::rt;

namespace {

/// A valid 2-D f16 tile request: a 1024 x 512 row-major tensor, 64x64 box,
/// 128-byte swizzle.
TmaDescriptorSpec good() {
  TmaDescriptorSpec s;
  s.globalAddress = 0x7f0000000000ull;
  s.elem = ElemType::F16;
  s.shape = {1024, 512};
  s.strides = {1, 1024};
  s.box = {64, 64};
  s.swizzle = TmaSwizzle::B128;
  return s;
}

void expectInvalid(const TmaDescriptorSpec &s, const std::string &field,
                   const std::string &what) {
  Status st = validateTensorMapSpec(s);
  ASSERT_FALSE(st.ok()) << "accepted (" << field << ")";
  EXPECT_EQ(st.error().code(), ErrorCode::TensorMap);
  const std::string &m = st.error().message();
  EXPECT_EQ(m.rfind(field + ": ", 0), 0u) << m;
  EXPECT_NE(m.find(what), std::string::npos) << m;
}

} // namespace

TEST(RuntimeTensorMap, AcceptsValidSpecs) {
  EXPECT_TRUE(validateTensorMapSpec(good()).ok())
      << validateTensorMapSpec(good()).error().str();
  TmaDescriptorSpec s = good();
  s.shape = {16};
  s.strides = {1};
  s.box = {8};
  s.swizzle = TmaSwizzle::None;
  EXPECT_TRUE(validateTensorMapSpec(s).ok());
  s = good();
  s.elem = ElemType::F32;
  s.box = {32, 8}; // 128 B inner box: the 128-byte swizzle limit exactly
  EXPECT_TRUE(validateTensorMapSpec(s).ok());
  s = good();
  s.shape = {8, 4, 4, 2, 3};
  s.strides = {1, 8, 32, 128, 256};
  s.box = {8, 4, 4, 2, 3};
  s.swizzle = TmaSwizzle::None;
  s.elementStrides = {1, 2, 1, 1, 1};
  EXPECT_TRUE(validateTensorMapSpec(s).ok())
      << validateTensorMapSpec(s).error().str();
  s = good();
  s.shape = {uint64_t(1) << 32, 1};
  s.strides = {1, uint64_t(1) << 32};
  EXPECT_TRUE(validateTensorMapSpec(s).ok());
}

TEST(RuntimeTensorMap, Rank) {
  TmaDescriptorSpec s = good();
  s.shape = {};
  s.strides = {};
  s.box = {};
  expectInvalid(s, "rank", "must be in [1, 5], got 0");
  s.shape = {8, 8, 8, 8, 8, 8};
  expectInvalid(s, "rank", "must be in [1, 5], got 6");
  s = good();
  s.interleave = TmaInterleave::B16;
  expectInvalid(s, "rank", "interleaved layouts need rank >= 3");
  s = good();
  s.strides = {1};
  expectInvalid(s, "strides", "expected 2 entries");
  s = good();
  s.box = {64};
  expectInvalid(s, "box", "expected 2 entries, got 1");
  s = good();
  s.elementStrides = {1};
  expectInvalid(s, "elementStrides", "expected 2 entries");
}

TEST(RuntimeTensorMap, GlobalAddressAlignment) {
  TmaDescriptorSpec s = good();
  s.globalAddress += 8;
  expectInvalid(s, "globalAddress",
                "must be 16-byte aligned, got 0x7f0000000008");
  s.globalAddress = 0;
  expectInvalid(s, "globalAddress", "null device pointer");
  s = good();
  s.shape = {64, 8, 8};
  s.strides = {1, 64, 512};
  s.box = {16, 8, 8};
  s.interleave = TmaInterleave::B32;
  s.swizzle = TmaSwizzle::B32;
  EXPECT_TRUE(validateTensorMapSpec(s).ok())
      << validateTensorMapSpec(s).error().str();
  s.globalAddress += 16;
  expectInvalid(s, "globalAddress", "must be 32-byte aligned");
}

TEST(RuntimeTensorMap, StridesMultipleOf16AndBelow2To40) {
  TmaDescriptorSpec s = good();
  s.strides = {1, 1028}; // 2056 bytes
  expectInvalid(s, "strides[1]", "2056 bytes, not a multiple of 16 bytes");
  s.strides = {1, uint64_t(1) << 39}; // 2^40 bytes for f16
  expectInvalid(s, "strides[1]", "must be in (0, 2^40) bytes");
  s.strides = {1, 0};
  expectInvalid(s, "strides[1]", "must be in (0, 2^40) bytes");
  s.strides = {2, 1024};
  expectInvalid(s, "strides[0]", "innermost dimension must be contiguous");
  s = good();
  s.shape = {64, 8, 8};
  s.strides = {1, 64, 520}; // 1040 bytes: a multiple of 16, not of 32
  s.box = {16, 8, 8};
  s.interleave = TmaInterleave::B32;
  s.swizzle = TmaSwizzle::B32;
  expectInvalid(s, "strides[2]", "not a multiple of 32 bytes");
}

TEST(RuntimeTensorMap, ShapeRange) {
  TmaDescriptorSpec s = good();
  s.shape = {1024, 0};
  expectInvalid(s, "shape[1]", "must be in [1, 2^32], got 0");
  s.shape = {(uint64_t(1) << 32) + 1, 4};
  expectInvalid(s, "shape[0]", "must be in [1, 2^32]");
}

TEST(RuntimeTensorMap, BoxRange) {
  TmaDescriptorSpec s = good();
  s.box = {64, 0};
  expectInvalid(s, "box[1]", "must be in [1, 256], got 0");
  s.box = {64, 257};
  expectInvalid(s, "box[1]", "must be in [1, 256], got 257");
}

TEST(RuntimeTensorMap, InnerBoxMultipleOf16Bytes) {
  TmaDescriptorSpec s = good();
  s.swizzle = TmaSwizzle::None;
  s.box = {12, 64}; // 24 bytes of f16
  expectInvalid(s, "box[0]", "24 bytes, not a multiple of 16 bytes");
}

TEST(RuntimeTensorMap, InnerBoxWithinSwizzleSpan) {
  TmaDescriptorSpec s = good();
  s.box = {128, 64}; // 256 bytes > 128
  expectInvalid(s, "box[0]",
                "inner box of 256 bytes exceeds the 128-byte swizzle span");
  s.box = {32, 64}; // 64 bytes
  s.swizzle = TmaSwizzle::B32;
  expectInvalid(s, "box[0]", "exceeds the 32-byte swizzle span");
  s.swizzle = TmaSwizzle::B64;
  EXPECT_TRUE(validateTensorMapSpec(s).ok());
  s.box = {64, 64}; // 128 bytes > 64
  expectInvalid(s, "box[0]", "exceeds the 64-byte swizzle span");
  s.swizzle = TmaSwizzle::None;
  s.box = {256, 64}; // no swizzle: only the 16-byte rule
  EXPECT_TRUE(validateTensorMapSpec(s).ok());
}

TEST(RuntimeTensorMap, ModesAndTypes) {
  TmaDescriptorSpec s = good();
  s.shape = {64, 8, 8};
  s.strides = {1, 64, 512};
  s.box = {16, 8, 8};
  s.interleave = TmaInterleave::B32;
  s.swizzle = TmaSwizzle::B64;
  expectInvalid(s, "swizzle", "32-byte interleave requires 32-byte swizzle");
  s = good();
  s.swizzle = static_cast<TmaSwizzle>(16);
  expectInvalid(s, "swizzle", "invalid mode 16");
  s = good();
  s.l2Promotion = static_cast<TmaL2Promotion>(32);
  expectInvalid(s, "l2Promotion", "invalid mode 32");
  s = good();
  s.elementStrides = {1, 9};
  expectInvalid(s, "elementStrides[1]", "must be in [1, 8], got 9");
  s = good();
  s.elem = ElemType::I1;
  expectInvalid(s, "elem", "i1 cannot be moved by TMA");
  s = good();
  s.elem = ElemType::I32;
  s.box = {32, 64};
  s.oobFill = TmaOobFill::NanRequestZeroFma;
  s.swizzle = TmaSwizzle::B128;
  expectInvalid(s, "oobFill", "needs a floating-point element type, got i32");
  s.elem = ElemType::F32;
  EXPECT_TRUE(validateTensorMapSpec(s).ok());
}

TEST(RuntimeTensorMap, DataTypes) {
  EXPECT_EQ(*tensorMapDataType(ElemType::F16), CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(*tensorMapDataType(ElemType::BF16),
            CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(*tensorMapDataType(ElemType::F32), CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
  EXPECT_EQ(*tensorMapDataType(ElemType::I32), CU_TENSOR_MAP_DATA_TYPE_INT32);
  EXPECT_EQ(*tensorMapDataType(ElemType::F8E4M3),
            CU_TENSOR_MAP_DATA_TYPE_UINT8);
  EXPECT_EQ(*tensorMapDataType(ElemType::TF32),
            CU_TENSOR_MAP_DATA_TYPE_TFLOAT32);
  EXPECT_EQ(*tensorMapDataType(ElemType::F8E8M0),
            CU_TENSOR_MAP_DATA_TYPE_UINT8);
  auto f4 = tensorMapDataType(ElemType::F4E2M1);
  ASSERT_FALSE(f4.ok());
  EXPECT_NE(f4.message().find("element type f4e2m1 cannot be moved by TMA"),
            std::string::npos)
      << f4.message();
}

// The narrow float types of MX/NVFP4 kernels (block-scaled GEMMs): the
// compiler's spellings parse, f4E2M1FN is packed (4 bits, a pointer
// addresses bytes), E8M0 scales are bytes.
TEST(RuntimeTensorMap, NarrowFloatElementTypes) {
  EXPECT_EQ(parseElemType("f4E2M1FN"), ElemType::F4E2M1);
  EXPECT_EQ(parseElemType("f8E8M0FNU"), ElemType::F8E8M0);
  EXPECT_EQ(parseElemType("f4e2m1"), ElemType::F4E2M1);
  EXPECT_EQ(elemTypeBits(ElemType::F4E2M1), 4u);
  EXPECT_EQ(elemTypeBits(ElemType::F8E8M0), 8u);
  EXPECT_EQ(elemTypeBits(ElemType::BF16), 16u);
  EXPECT_EQ(elemTypeBytes(ElemType::F4E2M1), 1u);
  EXPECT_TRUE(isFloatType(ElemType::F4E2M1));
  EXPECT_STREQ(elemTypeName(ElemType::F8E8M0), "f8e8m0");
  EXPECT_FALSE(parseElemType("f6E2M3FN").has_value());
}
