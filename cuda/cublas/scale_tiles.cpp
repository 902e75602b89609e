#include "cuda/cublas/scale_tiles.h"

#include "ir/support/check.h"

namespace tf::cublas {

namespace {

std::int64_t round_up(std::int64_t x, std::int64_t m) {
  return (x + m - 1) / m * m;
}

}  // namespace

std::int64_t tiled_scale_offset(std::int64_t row, std::int64_t col, std::int64_t cols) {
  const std::int64_t tile = (row / 128) * (round_up(cols, 4) / 4) + col / 4;
  return tile * 512 + (row % 32) * 16 + ((row % 128) / 32) * 4 + col % 4;
}

std::int64_t tiled_scale_bytes(std::int64_t rows, std::int64_t cols) {
  return round_up(rows, 128) * round_up(cols, 4);
}

std::vector<std::uint8_t> tiled_scales(std::span<const std::uint8_t> row_major, std::int64_t rows, std::int64_t cols) {
  TF_CHECK(static_cast<std::int64_t>(row_major.size()) == rows * cols, "{} scales for a {} x {} scale matrix",
           row_major.size(), rows, cols);
  std::vector<std::uint8_t> out(static_cast<std::size_t>(tiled_scale_bytes(rows, cols)), 0);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      out[static_cast<std::size_t>(tiled_scale_offset(r, c, cols))] = row_major[static_cast<std::size_t>(r * cols + c)];
  return out;
}

}  // namespace tf::cublas
