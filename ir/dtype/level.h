// Level: one position of a block-scaled dtype's inner-to-outer scale chain (DTREP.LEVEL.*).
//
// A level pairs the simple dtype of a scale plane with the number of coordinates of the level
// below that one scale covers, or Whole. Levels are immutable values (const members, no
// assignment), compared and hashed by (scale, block). They are created only through
// Level::make, which returns a TypeError / ValueError diagnostic for bad input; the wrong
// argument types of seed 003 (a string scale, a float or bool block) do not compile.
#pragma once

#include <cstddef>
#include <string>

#include "ir/dtype/block_extent.h"
#include "ir/dtype/dtype.h"
#include "ir/support/result.h"

namespace tf {

/// One scale level: a simple scale dtype and a positive block extent or Whole.
class Level {
 public:
  /// Checks that `scale` is a simple dtype (else "TypeError", DTREP.LEVEL.scale-type) and that
  /// a count `block` is at least one (else "ValueError", DTREP.LEVEL.block-non-positive).
  static Result<Level> make(DType scale, BlockExtent block);

  /// The simple dtype stored at this scale level.
  DType scale() const { return scale_; }
  /// The number of coordinates of the preceding level under one scale, or Whole.
  const BlockExtent& block() const { return block_; }
  /// Whether block() is Whole.
  bool is_whole() const { return block_.is_whole(); }

  /// "Level(f8e8m0, 32)" / "Level(f32, Whole)".
  std::string str() const;

  friend bool operator==(const Level& a, const Level& b) {
    return a.scale_ == b.scale_ && a.block_ == b.block_;
  }
  /// Consistent with ==.
  std::size_t hash() const;

 private:
  Level(DType scale, BlockExtent block) : scale_(scale), block_(block) {}

  const DType scale_;
  const BlockExtent block_;
};

}  // namespace tf

template <>
struct std::hash<tf::Level> {
  std::size_t operator()(const tf::Level& l) const { return l.hash(); }
};
