//===- TileToMmaShapeTest.cpp - UMMA::tile_to_mma_shape ------------------===//
//
// tileToMmaShape (cute/Layout/Layout.h) against CuTe's
// UMMA::tile_to_mma_shape (include/cute/atom/mma_traits_sm100.hpp). The
// expected layouts were printed by CuTe itself, NVIDIA/cutlass commit
// 7107b05535f8977f5ecb9d01ee203205b1fd9bc4, compiled host-only with
// g++ -std=c++17: the UMMA swizzle atoms (Layout_{K,MN}_{INTER,SW64,SW128,
// SW128_32B}_Atom<half_t / float>) tiled to MMA tile shapes. CuTe prints a
// swizzled atom as "Sw<B,M,S> o smem_ptr o LAYOUT" with the swizzle in
// bytes; the function works on LAYOUT (the dialect keeps the swizzle of a
// composed layout as it is, as CuTe does), so LAYOUT is what is compared.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "cute/Layout/Layout.h"

using namespace cute::layout;
using namespace cute::layout::test;

namespace {

std::string tile(const std::string &atom, const std::string &shape,
                 std::optional<std::string> order = std::nullopt) {
  std::optional<IntTuple> o;
  if (order)
    o = T(*order);
  return tileToMmaShape(L(atom), T(shape), o).str();
}

// Layout_K_SW128_Atom<half_t> = Sw<3,4,3> o (_8,_64):(_64,_1): a 128 x 64
// A tile of an M128 K16 UMMA (partition_shape_A: ((128,16),1,4)).
TEST(TileToMmaShape, KMajorSw128) {
  EXPECT_EQ(tile("(8,64):(64,1)", "((128,16),1,4)"),
            "((128,16),1,4):((64,1),0,16)");
}

// Layout_MN_SW128_Atom<half_t> = Sw<3,4,3> o (_64,_8):(_1,_64), two MMAs
// along M.
TEST(TileToMmaShape, MnMajorSw128) {
  EXPECT_EQ(tile("(64,8):(1,64)", "((128,16),2,4)"),
            "(((64,2),(8,2)),2,4):(((1,512),(64,2048)),1024,4096)");
}

// Layout_MN_SW128_32B_Atom<float> = Sw<2,5,2> o (_32,_4):(_1,_32): the
// 128-byte swizzle with 32-byte atoms of tf32 MN-major operands.
TEST(TileToMmaShape, MnMajorSw128Base32B) {
  EXPECT_EQ(tile("(32,4):(1,32)", "((128,8),1,4)"),
            "(((32,4),(4,2)),1,4):(((1,128),(32,512)),0,1024)");
}

// Layout_K_SW64_Atom<half_t> = Sw<2,4,3> o (_8,_32):(_32,_1), a rank-4 MMA
// tile shape and CuTe's order Step<_2,_1,_3> (K blocks first; (1,0,2)
// here, the same relative order).
TEST(TileToMmaShape, KMajorSw64OrderedRank4) {
  EXPECT_EQ(tile("(8,32):(32,1)", "((64,16),2,2,3)", std::string("(1,0,2)")),
            "((64,16),2,2,(1,3)):((32,1),2048,16,(0,4096))");
}

// Layout_K_INTER_Atom<half_t> = Sw<0,4,3> o (_8,_8):(_8,_1) and a nested
// MMA M mode ((64,2),16).
TEST(TileToMmaShape, KMajorInterleavedNestedM) {
  EXPECT_EQ(tile("(8,8):(8,1)", "(((64,2),16),1,2)"),
            "((128,(8,2)),1,2):((8,(1,1024)),0,2048)");
}

TEST(TileToMmaShape, RejectsShapesWithoutMmaMode) {
  EXPECT_THROW(tileToMmaShape(L("(8,64):(64,1)"), T("(128,64)")),
               std::exception);
  EXPECT_THROW(tileToMmaShape(L("(8,64):(64,1)"), T("(128,1,4)")),
               std::exception);
  // The atom does not divide the tile: 96 rows of an 8 x 64 atom are fine,
  // 100 are not.
  EXPECT_THROW(tileToMmaShape(L("(8,64):(64,1)"), T("((100,16),1,4)")),
               std::exception);
}

} // namespace
