//===- ScaleFactorsTest.cpp - Scale-factor layouts against CUTLASS --------===//
//
// Expected offsets: CUTLASS's Sm1xxBlockScaledConfig<VS>::
// tile_atom_to_shape_SFA((M, N, K, 1)) evaluated at (m, k) (host code,
// NVIDIA/cutlass 7107b05), for VS 32 / M 256 / K 512, VS 16 / M 384 / K 256
// and VS 32 / M 128 / K 128.
//
//===----------------------------------------------------------------------===//
#include "cute/Atom/ScaleFactors.h"

#include <gtest/gtest.h>

using namespace cute;
using namespace cute::atom;

namespace {

struct Point {
  int64_t m, k, offset;
};

int64_t at(const layout::Layout &l, int64_t m, int64_t k) {
  layout::IntTuple crd(
      std::vector<layout::IntTuple>{layout::IntTuple(m), layout::IntTuple(k)});
  return l(crd).value().value();
}

void check(int64_t vs, int64_t rows, int64_t k, int64_t bytes,
           std::initializer_list<Point> points) {
  auto l = scaleFactorLayout(rows, k, vs);
  ASSERT_TRUE(l.ok()) << l.message();
  EXPECT_EQ(layout::cosize(*l).value(), bytes);
  EXPECT_EQ(scaleFactorBytes(rows, k, vs), bytes);
  for (const Point &p : points) {
    EXPECT_EQ(at(*l, p.m, p.k), p.offset) << "(" << p.m << ", " << p.k << ")";
    EXPECT_EQ(scaleFactorOffset(p.m, p.k / vs, k, vs), p.offset)
        << "(" << p.m << ", " << p.k << ")";
  }
  // The closed form and the layout agree everywhere.
  for (int64_t m = 0; m < rows; ++m)
    for (int64_t e = 0; e < k; ++e)
      ASSERT_EQ(at(*l, m, e), scaleFactorOffset(m, e / vs, k, vs))
          << "(" << m << ", " << e << ")";
}

} // namespace

TEST(ScaleFactors, AtomIsCutlass) {
  EXPECT_EQ(scaleFactorAtom(32).str(), "((32,4),(32,4)):((16,4),(0,1))");
  EXPECT_EQ(scaleFactorAtom(16).str(), "((32,4),(16,4)):((16,4),(0,1))");
}

TEST(ScaleFactors, LayoutMatchesCutlass) {
  check(32, 256, 512, 4096,
        {{0, 0, 0},
         {1, 0, 16},
         {31, 0, 496},
         {32, 0, 4},
         {127, 0, 508},
         {128, 0, 2048},
         {0, 32, 1},
         {0, 64, 2},
         {0, 96, 3},
         {0, 128, 512},
         {5, 224, 595},
         {130, 288, 3105},
         {255, 511, 4095}});
  check(16, 384, 256, 6144,
        {{0, 0, 0},
         {1, 0, 16},
         {31, 0, 496},
         {32, 0, 4},
         {127, 0, 508},
         {128, 0, 2048},
         {0, 16, 1},
         {0, 32, 2},
         {0, 48, 3},
         {0, 64, 512},
         {5, 112, 595},
         {130, 144, 3105},
         {383, 255, 6143}});
  check(32, 128, 128, 512,
        {{0, 0, 0}, {31, 0, 496}, {32, 0, 4}, {127, 127, 511}});
}

TEST(ScaleFactors, PackerPlacesEveryScaleAndPads) {
  // 130 rows (padded to 256), k = 100 (4 scale vectors of 32, padded to 4).
  int64_t rows = 130, k = 100, vs = 32, vectors = 4;
  std::vector<uint8_t> scales(size_t(rows * vectors));
  for (size_t i = 0; i < scales.size(); ++i)
    scales[i] = uint8_t(1 + i % 200); // never the pad byte 0xEE
  auto packed = packScaleFactors(scales.data(), rows, k, vs, 0xEE);
  ASSERT_TRUE(packed.ok()) << packed.message();
  ASSERT_EQ(int64_t(packed->size()), 1024);
  size_t padding = 0;
  for (uint8_t b : *packed)
    padding += b == 0xEE;
  EXPECT_EQ(padding, size_t(1024 - rows * vectors));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t kb = 0; kb < vectors; ++kb)
      EXPECT_EQ((*packed)[size_t(scaleFactorOffset(r, kb, k, vs))],
                scales[size_t(r * vectors + kb)]);
  EXPECT_EQ((*packed)[16 * 1 + 4 * 1 + 2], scales[33 * 4 + 2]); // row 33
  auto bad = packScaleFactors(scales.data(), rows, k, 8);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(),
            "scale vector of 8 elements; block-scaled MMA uses 16 or 32");
}
