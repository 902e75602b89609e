// The facts `tf layout` reports for a layout, composed layout, shard layout or mesh: the offset
// (or device index) of every flat domain index 0..size-1 in CuTe's colexicographic order, size,
// cosize, injectivity, and the grid shape used to draw it (rows = extent of the first top-level
// mode, columns = the rest).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/support/result.h"
#include "ir/text/layout_builder.h"

namespace tf::cli {

/// Two domain coordinates with one image, the witness that a table is not injective: the smallest
/// image that two flat indices share and the two lowest indices with it, as coordinates of the
/// domain's shape (for a layout, the pair tf check names: ir/layout/injectivity.h).
struct LayoutCollision {
  IntTuple first;
  IntTuple second;
  std::int64_t image = 0;  ///< the offset (a mesh: the device index) both map to
};

struct LayoutTable {
  std::int64_t size = 0;
  std::int64_t cosize = 0;        ///< 1 + the largest offset (0 when size is 0)
  bool injective = true;
  std::optional<LayoutCollision> collision;  ///< set exactly when not injective
  std::vector<std::int64_t> offsets;  ///< offsets[i]: the image of flat domain index i
  /// Shard layouts of one layer: owners[i] is the device index (mesh image) of the participant
  /// that holds flat domain index i, taking replicated (B / P / Dynamic) axes at coordinate 0.
  std::vector<std::int64_t> owners;
  std::int64_t rows = 1;          ///< the grid: offsets[r + rows * c] is drawn at (r, c)
  std::int64_t columns = 1;
};

/// The largest domain `tf layout` enumerates.
inline constexpr std::int64_t kMaxTableSize = std::int64_t{1} << 20;

/// Enumerates `value`. For a shard layout, the table is its layout component's, injectivity is
/// decision D8's (construction already checked it) and owners are filled for one layer; for a
/// mesh, the device index of each mesh coordinate. Diagnostics for symbolic or oversized domains.
Result<LayoutTable> layout_table(const text::LayoutValue& value);

}  // namespace tf::cli
