// The block scales of a block-scaled GEMM operand in the layout cuBLASLt reads with its
// VEC32_UE8M0 and VEC16_UE4M3 scale modes.
//
// Design note. The project holds a block-scaled (R, K) operand's scales row-major: R rows of
// K / block codes, scale (r, c) scaling elements [c * block, (c + 1) * block) of row r
// (docs/block-scaling.md, "Layout of a block-scaled value"). cuBLASLt wants them in tiles of 128
// rows by 4 scale columns, 512 bytes each, the tiles row-major over (R / 128, cols / 4) (both
// rounded up; the padding is never read as a scale of an element and is written 0), and inside a
// tile the 128 rows interleaved in four groups of 32:
//   offset(r, c) = ((r / 128) * ceil(cols / 4) + c / 4) * 512 + (r % 32) * 16 + ((r % 128) / 32) * 4 + c % 4
// so that the 16 bytes at (r % 32) * 16 hold the four column scales of rows r, r + 32, r + 64 and
// r + 96 of the tile (the cuBLAS documentation's "1D block scaling factors layout"; cuDNN and
// TransformerEngine's swizzle write the same). Both operands of C = A B use it with R their
// outer extent (M for A, N for B given as B^T) and K the contraction axis.
// Pure host arithmetic: no CUDA header, no device.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tf::cublas {

/// The offset of scale (row, col) in the tiled layout of a scale matrix with `cols` columns.
std::int64_t tiled_scale_offset(std::int64_t row, std::int64_t col, std::int64_t cols);

/// The bytes of the tiled layout of a `rows` x `cols` scale matrix: rows rounded up to 128, cols
/// to 4.
std::int64_t tiled_scale_bytes(std::int64_t rows, std::int64_t cols);

/// `row_major` (rows x cols scale codes) in the tiled layout, padding 0. Precondition
/// (TF_CHECK): row_major.size() == rows * cols.
std::vector<std::uint8_t> tiled_scales(std::span<const std::uint8_t> row_major, std::int64_t rows, std::int64_t cols);

}  // namespace tf::cublas
