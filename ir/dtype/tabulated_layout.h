// TabulatedLayout: the layout facts a representation rule may inspect, as a finite table.
//
// Contract with the layout library (which comes later): a CuTe Layout L used as an adjacent
// layout of edge i, from level i (size(L) coordinates) to level i + 1, is converted to
// TabulatedLayout::make(size of level i + 1, {L(0), L(1), ..., L(size(L) - 1)}), its
// coordinates taken in CuTe's colexicographic order; a placement layout converts the same way
// with the carrier's element count as the target cardinality. Rules only ask for cardinalities
// and preimages, which the table answers exactly.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/support/result.h"

namespace tf {

/// A total map from source indices [0, source_size) to target indices [0, target_size).
/// Immutable.
class TabulatedLayout {
 public:
  /// Checks that target_size >= 0 and every target lies in [0, target_size).
  static Result<TabulatedLayout> make(std::int64_t target_size,
                                      std::vector<std::int64_t> targets);
  /// The identity map on [0, size) (a compact placement). size >= 0.
  static TabulatedLayout identity(std::int64_t size);

  /// Number of source coordinates.
  std::int64_t source_size() const { return static_cast<std::int64_t>(targets_.size()); }
  /// Number of target coordinates.
  std::int64_t target_size() const { return target_size_; }
  /// The target index of each source index.
  std::span<const std::int64_t> targets() const { return targets_; }
  /// For each target index, how many source indices map to it.
  std::vector<std::int64_t> preimage_counts() const;

  friend bool operator==(const TabulatedLayout& a, const TabulatedLayout& b) {
    return a.target_size_ == b.target_size_ && a.targets_ == b.targets_;
  }

 private:
  TabulatedLayout(std::int64_t target_size, std::vector<std::int64_t> targets)
      : target_size_(target_size), targets_(std::move(targets)) {}

  const std::int64_t target_size_;
  const std::vector<std::int64_t> targets_;
};

}  // namespace tf
