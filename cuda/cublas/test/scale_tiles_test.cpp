// cuBLASLt's tiled layout of block scales (scale_tiles.h), checked against its definition
// written a second way: the tiles as a (row tile, col tile, 128, 4) array whose 128 rows are
// read as (4, 32) and transposed to (32, 4), flattened.
#include "cuda/cublas/scale_tiles.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace tf::cublas {
namespace {

// The reference offset: tiles row-major; inside a tile index [r % 32][(r % 128) / 32][c % 4].
std::int64_t reference_offset(std::int64_t r, std::int64_t c, std::int64_t cols) {
  const std::int64_t col_tiles = (cols + 3) / 4;
  const std::int64_t tile_base = ((r / 128) * col_tiles + (c / 4)) * 128 * 4;
  const std::int64_t in_tile_row = r % 128;
  const std::int64_t group = in_tile_row / 32, lane = in_tile_row % 32;
  return tile_base + (lane * 4 + group) * 4 + c % 4;
}

TEST(ScaleTiles, KnownOffsets) {
  EXPECT_EQ(tiled_scale_offset(0, 0, 4), 0);
  EXPECT_EQ(tiled_scale_offset(0, 3, 4), 3);
  EXPECT_EQ(tiled_scale_offset(1, 0, 4), 16);
  EXPECT_EQ(tiled_scale_offset(32, 0, 4), 4);
  EXPECT_EQ(tiled_scale_offset(64, 1, 4), 9);
  EXPECT_EQ(tiled_scale_offset(96, 2, 4), 14);
  EXPECT_EQ(tiled_scale_offset(127, 3, 4), 31 * 16 + 3 * 4 + 3);
  EXPECT_EQ(tiled_scale_offset(128, 0, 4), 512);   // the next row tile
  EXPECT_EQ(tiled_scale_offset(0, 4, 8), 512);     // the next column tile
  EXPECT_EQ(tiled_scale_offset(128, 0, 8), 1024);  // row tile 1 after both column tiles of row tile 0
}

TEST(ScaleTiles, SizesRoundUpToWholeTiles) {
  EXPECT_EQ(tiled_scale_bytes(128, 4), 512);
  EXPECT_EQ(tiled_scale_bytes(1, 1), 512);
  EXPECT_EQ(tiled_scale_bytes(129, 5), 256 * 8);
  EXPECT_EQ(tiled_scale_bytes(4096, 16), 4096 * 16);
}

TEST(ScaleTiles, EveryScaleHasItsOwnPlaceAsTheReferenceSays) {
  for (auto [rows, cols] : {std::pair<std::int64_t, std::int64_t>{256, 8}, {200, 6}, {1, 1}, {128, 16}}) {
    std::set<std::int64_t> seen;
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t c = 0; c < cols; ++c) {
        const std::int64_t at = tiled_scale_offset(r, c, cols);
        ASSERT_EQ(at, reference_offset(r, c, cols)) << r << ", " << c << " of " << rows << " x " << cols;
        ASSERT_LT(at, tiled_scale_bytes(rows, cols));
        ASSERT_TRUE(seen.insert(at).second) << "two scales at " << at;
      }
  }
}

TEST(ScaleTiles, TheTiledPlaneHoldsEveryScaleAndZeroPadding) {
  const std::int64_t rows = 130, cols = 5;  // padded to 256 x 8
  std::vector<std::uint8_t> plane(static_cast<std::size_t>(rows * cols));
  for (std::size_t i = 0; i < plane.size(); ++i) plane[i] = static_cast<std::uint8_t>(1 + i % 250);
  const std::vector<std::uint8_t> tiled = tiled_scales(plane, rows, cols);
  ASSERT_EQ(static_cast<std::int64_t>(tiled.size()), 256 * 8);
  std::int64_t nonzero = 0;
  for (std::uint8_t b : tiled) nonzero += b != 0;
  EXPECT_EQ(nonzero, rows * cols);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      ASSERT_EQ(tiled[static_cast<std::size_t>(tiled_scale_offset(r, c, cols))],
                plane[static_cast<std::size_t>(r * cols + c)]);
}

}  // namespace
}  // namespace tf::cublas
