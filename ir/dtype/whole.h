// Whole: the singleton symbolic extent of seed 003 (DTREP.WHOLE.*).
//
// Seed 003 says constructing, copying, deep-copying or unpickling a WholeExtent returns the
// one object exported as Whole. In C++ the class has no public constructor, copy or move, so
// the only WholeExtent is `Whole` (a constant-initialized object: no static constructor);
// everything that holds Whole holds a reference or pointer to it. Its serialized form is the
// text "Whole", which BlockExtent::parse turns back into the same object.
#pragma once

#include <string_view>

namespace tf {

/// The type of the singleton Whole. Not constructible, copyable or movable.
class WholeExtent {
 public:
  WholeExtent(const WholeExtent&) = delete;
  WholeExtent(WholeExtent&&) = delete;
  WholeExtent& operator=(const WholeExtent&) = delete;
  WholeExtent& operator=(WholeExtent&&) = delete;

  /// The one instance (seed 003: WholeExtent() returns Whole).
  static const WholeExtent instance;

  /// Seed 003's repr(Whole): "Whole".
  constexpr std::string_view repr() const { return "Whole"; }

 private:
  constexpr WholeExtent() = default;
};

inline constexpr WholeExtent WholeExtent::instance{};

/// The symbolic extent that groups an entire source level into one target coordinate.
inline constexpr const WholeExtent& Whole = WholeExtent::instance;

}  // namespace tf
