// BlockExtent: a grouping extent argument, either a count of coordinates or Whole.
//
// This is the type of Level's block and LevelExtent's extent. It converts implicitly from an
// exact integer (never from bool, float or a string: seed 003's TypeError cases do not
// compile) and from Whole. It does not check the range: Level::make and LevelExtent::make
// reject a count below one with a ValueError diagnostic, so every stored extent is positive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ir/dtype/exact_int.h"
#include "ir/dtype/whole.h"
#include "ir/support/result.h"

namespace tf {

/// A count of coordinates or Whole. Immutable (const members, no assignment).
class BlockExtent {
 public:
  /// A count extent (unchecked: receivers check that it is positive).
  template <ExactIntegerType T>
  constexpr BlockExtent(T count)  // NOLINT: implicit by design
      : count_(static_cast<std::int64_t>(count)), whole_(nullptr) {}
  /// The Whole extent; holds the singleton itself.
  constexpr BlockExtent(const WholeExtent& whole) : count_(0), whole_(&whole) {}  // NOLINT

  /// True when the extent is Whole.
  constexpr bool is_whole() const { return whole_ != nullptr; }
  /// The count; InternalError when is_whole().
  std::int64_t count() const;
  /// The singleton; InternalError unless is_whole().
  const WholeExtent& whole() const;

  /// The serialized form: the decimal count or "Whole".
  std::string str() const;
  /// Parses str()'s output; "Whole" yields the singleton itself (DTREP.WHOLE.deserialize-identity).
  static Result<BlockExtent> parse(std::string_view text);

  friend bool operator==(const BlockExtent& a, const BlockExtent& b) {
    return a.whole_ == b.whole_ && a.count_ == b.count_;
  }
  /// Consistent with ==.
  std::size_t hash() const;

 private:
  const std::int64_t count_;
  const WholeExtent* const whole_;
};

}  // namespace tf
