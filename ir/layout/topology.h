// Topology: one parallel-resource level of a mesh (TFIR `Topology("thread", 128)`).
//
// Design note. A Topology is a stable level name plus an extent. The extent is an IntTuple
// leaf: a static positive integer or a symbolic entry (an IntSymbol, the slot a DimVar fills),
// because upstream shard section 1 lets a topology size be a ShapeDim. Consumers that need a
// concrete count (slicing, Sync participation, the barrier mapping) fail closed on a symbolic
// extent with a Diagnostic rather than guessing. Two level names carry meaning for the barrier
// mapping of seed 002 section 1.5: `thread` (threads of one block, program_id<thread>) and
// `cta` (the blocks of the grid, program_id<cta>); every other name is accepted here and has
// no barrier mapping.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/layout/int_tuple.h"
#include "ir/support/result.h"

namespace tf {

/// The level name of the threads of one block (program_id<thread>).
inline constexpr std::string_view kThreadTopology = "thread";
/// The level name of the blocks of the grid (program_id<cta>).
inline constexpr std::string_view kCtaTopology = "cta";

/// An immutable (name, extent) pair, created only through `make`.
class Topology {
 public:
  /// The checking factory: Diagnostic (category Type) when the name is empty, the extent is a
  /// tuple rather than a leaf, a static extent is below 1, or a symbolic extent is malformed
  /// (empty name, lo >= hi, an envelope that admits no positive value).
  static Result<Topology> make(std::string name, IntTuple size);

  /// The stable level name, e.g. "thread" or "cta".
  const std::string& name() const { return name_; }
  /// The extent: a static leaf >= 1 or a symbolic leaf.
  const IntTuple& size() const { return size_; }
  /// True when the extent is a static integer.
  bool is_static() const { return size_.is_int(); }
  /// The static extent, or nullopt for a symbolic one.
  std::optional<std::int64_t> static_size() const;
  /// True for the level of the grid's blocks (kCtaTopology).
  bool is_cta() const { return name_ == kCtaTopology; }
  /// True for the level of one block's threads (kThreadTopology).
  bool is_thread() const { return name_ == kThreadTopology; }

  /// Equality of name and extent (symbols compared by all their fields).
  friend bool operator==(const Topology& a, const Topology& b) = default;

 private:
  Topology(std::string name, IntTuple size) : name_(std::move(name)), size_(std::move(size)) {}
  std::string name_;
  IntTuple size_;
};

/// The tfir spelling `Topology("thread", 128)`.
std::string to_string(const Topology& t);

}  // namespace tf
