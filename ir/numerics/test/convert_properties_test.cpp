// RapidCheck properties of the conversions: ties to even, monotonicity, saturation bounds and
// the directed roundings. ctest runs 200 cases per property (label unit) and 10,000 (label
// fuzz) through RC_PARAMS max_success; see convert.cmake.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <vector>

#include "ir/numerics/convert.h"
#include "ir/numerics/float_facts.h"

namespace tf {
// How RapidCheck prints a counterexample's dtype and mode.
void showValue(DType d, std::ostream& os) { os << d.name(); }
namespace numerics {
void showValue(const CastMode& m, std::ostream& os) {
  os << rounding_name(m.rounding) << (m.saturate ? " saturate" : " no-saturate");
}
}  // namespace numerics
}  // namespace tf

namespace tf::numerics {
namespace {

const std::vector<DType>& float_targets() {
  static const std::vector<DType> targets = {
      DType::f32(),    DType::f16(),    DType::bf16(),   DType::fp8e4m3(), DType::fp8e5m2(),
      DType::f8e8m0(), DType::f6e3m2(), DType::f6e2m3(), DType::f4e2m1()};
  return targets;
}

/// The float targets that offer `mode`.
std::vector<DType> targets_offering(CastMode mode) {
  std::vector<DType> targets;
  for (DType d : float_targets())
    if (cast_mode_offered(d, mode)) targets.push_back(d);
  return targets;
}

std::vector<CastMode> offered_modes(DType d) {
  std::vector<CastMode> modes;
  for (Rounding r : {Rounding::NearestEven, Rounding::TowardZero, Rounding::TowardPosInf})
    for (bool saturate : {true, false})
      if (cast_mode_offered(d, {r, saturate})) modes.push_back({r, saturate});
  return modes;
}

/// A double whose magnitude lies within a few binades of `d`'s range (from below half the
/// smallest subnormal to above twice the largest finite), with a random 53-bit significand.
rc::Gen<double> value_near_range(DType d) {
  const FloatFacts facts = float_facts(d);
  const int lo = std::ilogb(facts.min_subnormal.value_or(facts.min_normal)) - 3;
  const int hi = std::ilogb(facts.max_finite) + 3;
  return rc::gen::apply(
      [](bool negative, int exponent, std::uint64_t significand) {
        const double magnitude =
            std::ldexp(static_cast<double>(significand | (std::uint64_t{1} << 52)), exponent - 52);
        return negative ? -magnitude : magnitude;
      },
      rc::gen::arbitrary<bool>(), rc::gen::inRange(lo, hi + 1),
      rc::gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 52));
}

/// Non-NaN values: near the range, exact grid points of `d`, zeros and infinities.
rc::Gen<double> interesting_value(DType d) {
  const std::uint64_t codes = std::uint64_t{1} << d.bit_width();
  return rc::gen::weightedOneOf<double>({
      {6, value_near_range(d)},
      {2, rc::gen::map(rc::gen::suchThat(rc::gen::inRange<std::uint64_t>(0, codes),
                                         [d](std::uint64_t code) { return !is_nan_code(code, d); }),
                       [d](std::uint64_t code) { return decode_f64(code, d); })},
      {1, rc::gen::element(0.0, -0.0, std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity())},
  });
}

double round_trip(double x, DType d, CastMode mode) {
  return decode_f64(encode_f64(x, d, mode), d);
}

/// The next value after max finite on the format's grid with an unbounded exponent.
double grid_successor_of_max(DType d) {
  const FloatFacts facts = float_facts(d);
  const int p = d.simple().mantissa_bits();
  return facts.max_finite + std::ldexp(1.0, std::ilogb(facts.max_finite) - p);
}

// For a random finite code c and its successor c+1 (same sign), the exact midpoint encodes (RN)
// to whichever of the two has an even mantissa.
RC_GTEST_PROP(ConvertProperties, NearestEvenTiesGoToEven, ()) {
  const CastMode rn{Rounding::NearestEven, *rc::gen::arbitrary<bool>()};
  const DType d = *rc::gen::elementOf(targets_offering(rn));
  const FloatFacts facts = float_facts(d);
  const std::uint64_t magnitude = *rc::gen::inRange<std::uint64_t>(0, facts.max_finite_code);
  const bool negative = *rc::gen::arbitrary<bool>();
  const std::uint64_t sign = negative ? std::uint64_t{1} << (d.bit_width() - 1) : 0;
  const double low = decode_f64(sign | magnitude, d);
  const double high = decode_f64(sign | (magnitude + 1), d);
  const double midpoint = (low + high) / 2;  // exact: both have at most 24 significant bits
  const std::uint64_t even = (magnitude & 1) == 0 ? magnitude : magnitude + 1;
  RC_ASSERT(encode_f64(midpoint, d, rn) == (sign | even));
  RC_ASSERT(encode_f32(static_cast<float>(midpoint), d, rn) == (sign | even));
}

// x <= y implies decode(encode(x)) <= decode(encode(y)), NaN results aside. f8e8m0 converts
// |x|, so it is monotone in the magnitude.
RC_GTEST_PROP(ConvertProperties, ConversionIsMonotone, ()) {
  const DType d = *rc::gen::elementOf(float_targets());
  const CastMode mode = *rc::gen::elementOf(offered_modes(d));
  double x = *interesting_value(d);
  double y = *interesting_value(d);
  if (d == DType::f8e8m0()) {
    x = std::fabs(x);
    y = std::fabs(y);
  }
  if (y < x) std::swap(x, y);
  const double rx = round_trip(x, d, mode);
  const double ry = round_trip(y, d, mode);
  RC_PRE(!std::isnan(rx) && !std::isnan(ry));
  RC_ASSERT(rx <= ry);
}

// With saturation every non-NaN input lands within +-max finite. Without it, the result is
// non-finite (Inf or NaN) exactly when the rounded magnitude passes max finite, and otherwise
// equals the saturating result.
RC_GTEST_PROP(ConvertProperties, SaturationBounds, ()) {
  const DType d = *rc::gen::elementOf(float_targets());
  const CastMode mode = *rc::gen::elementOf(offered_modes(d));
  const double x = *interesting_value(d);
  const FloatFacts facts = float_facts(d);
  const double saturated = round_trip(x, d, {mode.rounding, true});
  RC_ASSERT(!std::isnan(saturated));
  RC_ASSERT(std::fabs(saturated) <= facts.max_finite);
  if (mode.saturate) return;

  const double magnitude = std::fabs(x);
  const double next = grid_successor_of_max(d);
  const double tie = (facts.max_finite + next) / 2;
  const bool max_is_odd = (facts.max_finite_code & 1) != 0;
  bool overflows = false;
  switch (mode.rounding) {
    case Rounding::NearestEven: overflows = magnitude > tie || (magnitude == tie && max_is_odd); break;
    case Rounding::TowardZero: overflows = magnitude >= next; break;
    case Rounding::TowardPosInf: overflows = magnitude > facts.max_finite; break;
  }
  const double plain = round_trip(x, d, mode);
  RC_ASSERT(std::isfinite(plain) == !overflows);
  if (!overflows) RC_ASSERT(std::bit_cast<std::uint64_t>(plain) == std::bit_cast<std::uint64_t>(saturated));
}

// Round toward zero never increases the magnitude (f8e8m0 clips every value below 2^-127 up to
// 2^-127, its smallest code, so it is excluded there).
RC_GTEST_PROP(ConvertProperties, TowardZeroNeverIncreasesMagnitude, ()) {
  const CastMode rz{Rounding::TowardZero, *rc::gen::arbitrary<bool>()};
  const DType d = *rc::gen::elementOf(targets_offering(rz));
  const double x = *interesting_value(d);
  RC_PRE(std::isfinite(x));
  RC_PRE(!(d == DType::f8e8m0() && std::fabs(x) < 0x1p-127));
  const double r = round_trip(x, d, rz);
  RC_PRE(!std::isnan(r));
  RC_ASSERT(std::fabs(r) <= std::fabs(x));
  RC_ASSERT(std::signbit(r) == std::signbit(x) || d == DType::f8e8m0());
}

// Round up never decreases the value (f8e8m0 converts |x|; saturation aside: a saturated result
// is 2^127, and without saturation an overflow is NaN).
RC_GTEST_PROP(ConvertProperties, TowardPosInfNeverDecreasesValue, ()) {
  const CastMode rp{Rounding::TowardPosInf, *rc::gen::arbitrary<bool>()};
  const DType d = *rc::gen::elementOf(targets_offering(rp));
  const double x = *interesting_value(d);
  const double converted = d == DType::f8e8m0() ? std::fabs(x) : x;
  const double r = round_trip(x, d, rp);
  if (std::isnan(r)) {
    RC_ASSERT(!rp.saturate);
    RC_ASSERT(converted > float_facts(d).max_finite);
    return;
  }
  if (rp.saturate && converted > float_facts(d).max_finite) {
    RC_ASSERT(r == float_facts(d).max_finite);
    return;
  }
  RC_ASSERT(r >= converted);
}

// Round to nearest picks a nearest grid value: no neighbouring code is strictly closer.
RC_GTEST_PROP(ConvertProperties, NearestIsNearest, ()) {
  const CastMode rn{Rounding::NearestEven, true};
  const DType d = *rc::gen::elementOf(targets_offering(rn));
  const double x = *value_near_range(d);
  RC_PRE(std::fabs(x) <= float_facts(d).max_finite);
  const std::uint64_t code = encode_f64(x, d, rn);
  const double error = std::fabs(decode_f64(code, d) - x);
  for (std::uint64_t neighbour : {code - 1, code + 1}) {
    const std::uint64_t masked = neighbour & ((std::uint64_t{1} << d.bit_width()) - 1);
    const double other = decode_f64(masked, d);
    if (std::isnan(other) || std::isinf(other)) continue;
    RC_ASSERT(std::fabs(other - x) >= error);
  }
}

// An f32 input gives the same code through the f32 and the f64 entry points, for every target.
RC_GTEST_PROP(ConvertProperties, F32AndF64EntryPointsAgree, (std::uint32_t bits)) {
  const float x = std::bit_cast<float>(bits);
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    for (const CastMode& mode : offered_modes(*d))
      RC_ASSERT(encode_f32(x, *d, mode) == encode_f64(static_cast<double>(x), *d, mode));
}

// The batch encoders equal the scalar function on random f32 bit patterns.
RC_GTEST_PROP(ConvertProperties, BatchEncodersEqualScalar, (std::vector<std::uint32_t> bits)) {
  std::vector<float> in;
  for (std::uint32_t b : bits) in.push_back(std::bit_cast<float>(b));
  std::vector<std::uint8_t> out(in.size());
  for (bool saturate : {true, false}) {
    encode_f32_to_fp8e4m3(in, out, saturate);
    for (std::size_t i = 0; i < in.size(); ++i)
      RC_ASSERT(out[i] == encode_f32(in[i], DType::fp8e4m3(), {Rounding::NearestEven, saturate}));
    encode_f32_to_fp8e5m2(in, out, saturate);
    for (std::size_t i = 0; i < in.size(); ++i)
      RC_ASSERT(out[i] == encode_f32(in[i], DType::fp8e5m2(), {Rounding::NearestEven, saturate}));
  }
}

}  // namespace
}  // namespace tf::numerics
