// ExactInt: the C++ meaning of seed 003's "an integer other than bool".
//
// Seed 003 rejects bool, float and string arguments where it wants an integer (Level block,
// LevelExtent level / extent, SymbolicBits.evaluate). In C++ those are type errors, so they
// are compile-time errors here: ExactInt converts implicitly from every integer type except
// bool and the character types, and from nothing else. Range checks (positive, non-negative)
// stay run-time checks of the function that receives the value (ValueError diagnostics).
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

namespace tf {

/// An integer type other than bool and the character types.
template <typename T>
concept ExactIntegerType =
    std::integral<T> && !std::same_as<std::remove_cv_t<T>, bool> &&
    !std::same_as<std::remove_cv_t<T>, char> && !std::same_as<std::remove_cv_t<T>, wchar_t> &&
    !std::same_as<std::remove_cv_t<T>, char8_t> && !std::same_as<std::remove_cv_t<T>, char16_t> &&
    !std::same_as<std::remove_cv_t<T>, char32_t>;

/// An exact integer argument. Unsigned values above INT64_MAX wrap to negative values, which
/// every receiver rejects as out of range.
class ExactInt {
 public:
  /// Implicit by design: call sites pass plain integer literals.
  template <ExactIntegerType T>
  constexpr ExactInt(T v) : value_(static_cast<std::int64_t>(v)) {}  // NOLINT

  /// The integer value.
  constexpr std::int64_t value() const { return value_; }

 private:
  std::int64_t value_;
};

}  // namespace tf
