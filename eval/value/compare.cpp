#include "eval/value/compare.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <limits>

#include "ir/numerics/block_format_of.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/float_format.h"
#include "eval/value/tensor_convert.h"
#include "eval/value/tensor_text.h"

namespace tf::eval {

namespace {

std::int64_t signed_value(std::uint64_t code, DType d) {
  if (d.is_bool()) return static_cast<std::int64_t>(code);
  const std::uint64_t sign = std::uint64_t{1} << (d.bit_width() - 1);
  return static_cast<std::int64_t>((code ^ sign) - sign);
}

bool is_inf_code(std::uint64_t code, const numerics::FloatFormat& f) {
  return f.specials == SpecialEncoding::Ieee && (code & f.magnitude_mask()) == f.inf_magnitude();
}

std::string value_and_code(const Tensor& t, std::int64_t i) {
  return fmt::format("{} ({})", element_text(t, i), code_text(t.code(i), t.dtype().bit_width()));
}

// The first mismatch and the count, from a per-element check that explains a mismatch.
// `check` returns nullopt for a match and the extra words of the message for a mismatch.
using ElementCheck = std::function<std::optional<std::string>(std::int64_t)>;

Verdict run_checks(const Tensor& actual, const Tensor& expected, const Comparator& c,
                   const ElementCheck& check) {
  Verdict v;
  std::string first;
  for (std::int64_t i = 0; i < actual.size(); ++i) {
    std::optional<std::string> why = check(i);
    if (!why) continue;
    if (v.mismatches++ == 0)
      first =
          fmt::format("first at {}: actual {}, expected {}{}", coordinates_text(actual.shape(), i),
                      value_and_code(actual, i), value_and_code(expected, i), *why);
  }
  if (v.mismatches == 0) return v;
  v.passed = false;
  v.message = fmt::format("{} of {} elements differ ({}); {}", v.mismatches, actual.size(),
                          comparator_text(c), first);
  return v;
}

Verdict compare_simple(const Tensor& actual, const Tensor& expected, const Comparator& c) {
  const DType d = actual.dtype();
  switch (c.kind) {
    case Comparator::Kind::Exact:
      return run_checks(actual, expected, c, [&](std::int64_t i) -> std::optional<std::string> {
        if (exactly_equal(actual.code(i), expected.code(i), d)) return std::nullopt;
        return std::string();
      });
    case Comparator::Kind::AllClose:
      return run_checks(actual, expected, c, [&](std::int64_t i) -> std::optional<std::string> {
        double diff = 0, scale = 0;
        if (d.is_float()) {
          const double a = element_f64(actual, i), b = element_f64(expected, i);
          if (std::isnan(a) || std::isnan(b)) {
            if (std::isnan(a) && std::isnan(b)) return std::nullopt;
            return std::string();
          }
          if (std::isinf(a) || std::isinf(b)) {
            if (a == b) return std::nullopt;
            return std::string();
          }
          diff = std::fabs(a - b);
          scale = std::fabs(b);
        } else {
          const std::int64_t a = signed_value(actual.code(i), d),
                             b = signed_value(expected.code(i), d);
          const __int128 delta = static_cast<__int128>(a) - b;
          diff = static_cast<double>(delta < 0 ? -delta : delta);
          scale = std::fabs(static_cast<double>(b));
        }
        const double tolerance = c.atol + c.rtol * scale;
        if (diff <= tolerance) return std::nullopt;
        return fmt::format(", |actual - expected| = {} > {}", diff, tolerance);
      });
    case Comparator::Kind::Ulp:
      return run_checks(actual, expected, c, [&](std::int64_t i) -> std::optional<std::string> {
        std::optional<std::uint64_t> steps = ulp_distance(actual.code(i), expected.code(i), d);
        if (!steps) return std::string(", not comparable by steps");
        if (*steps <= c.max_ulps) return std::nullopt;
        return fmt::format(", {} steps apart", *steps);
      });
  }
  TF_UNREACHABLE("bad comparator kind");
}

// Counts the codes of one plane that differ (NaN codes of `dtype` forming one class) and
// describes the first.
void compare_plane(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b,
                   DType dtype, const Shape& shape, const char* plane, Verdict& v,
                   std::string& first) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i] || (numerics::is_nan_code(a[i], dtype) && numerics::is_nan_code(b[i], dtype)))
      continue;
    if (v.mismatches++ == 0)
      first = fmt::format("first in the {} at {}: actual {}, expected {}", plane,
                          coordinates_text(shape, static_cast<std::int64_t>(i)),
                          code_text(a[i], dtype.bit_width()), code_text(b[i], dtype.bit_width()));
  }
}

Verdict compare_planes_exact(const Tensor& actual, const Tensor& expected) {
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(actual.dtype());
  TF_CHECK(f.ok(), "a block-scaled tensor of {} without a format", actual.dtype().name());
  const numerics::BlockScaledValue& p = actual.planes();
  const numerics::BlockScaledValue& q = expected.planes();
  Shape scale_shape = p.shape;
  if (!scale_shape.empty()) scale_shape.back() /= f->block_size;
  Verdict v;
  std::string first;
  compare_plane(p.element_codes, q.element_codes, f->element, p.shape, "element codes", v, first);
  compare_plane(p.block_scales, q.block_scales, f->block_scale, scale_shape, "block scales", v,
                first);
  if (p.tensor_scale_bits != q.tensor_scale_bits &&
      !(p.tensor_scale_bits && q.tensor_scale_bits &&
        numerics::is_nan_code(*p.tensor_scale_bits, DType::f32()) &&
        numerics::is_nan_code(*q.tensor_scale_bits, DType::f32()))) {
    if (v.mismatches++ == 0)
      first = fmt::format("first in the tensor scale: actual {}, expected {}",
                          p.tensor_scale_bits ? code_text(*p.tensor_scale_bits, 32) : "none",
                          q.tensor_scale_bits ? code_text(*q.tensor_scale_bits, 32) : "none");
  }
  if (v.mismatches == 0) return v;
  v.passed = false;
  v.message = fmt::format("{} codes of the planes differ (exact); {}", v.mismatches, first);
  return v;
}

}  // namespace

std::string comparator_text(const Comparator& c) {
  switch (c.kind) {
    case Comparator::Kind::Exact:
      return "exact";
    case Comparator::Kind::AllClose:
      return fmt::format("allclose(rtol={}, atol={})", c.rtol, c.atol);
    case Comparator::Kind::Ulp:
      return fmt::format("ulp(max={})", c.max_ulps);
  }
  TF_UNREACHABLE("bad comparator kind");
}

std::vector<std::int64_t> coordinates_of(const Shape& shape, std::int64_t i) {
  std::vector<std::int64_t> coords(shape.size());
  for (std::size_t k = shape.size(); k-- > 0;) {
    coords[k] = shape[k] == 0 ? 0 : i % shape[k];
    i = shape[k] == 0 ? i : i / shape[k];
  }
  return coords;
}

std::string coordinates_text(const Shape& shape, std::int64_t i) {
  return fmt::format("[{}]", fmt::join(coordinates_of(shape, i), ", "));
}

bool exactly_equal(std::uint64_t a, std::uint64_t b, DType dtype) {
  return a == b || (numerics::is_nan_code(a, dtype) && numerics::is_nan_code(b, dtype));
}

std::optional<std::uint64_t> ulp_distance(std::uint64_t a, std::uint64_t b, DType dtype) {
  if (!dtype.is_float()) {
    const std::int64_t x = signed_value(a, dtype), y = signed_value(b, dtype);
    const __int128 delta = static_cast<__int128>(x) - y;
    const unsigned __int128 m = static_cast<unsigned __int128>(delta < 0 ? -delta : delta);
    return m > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                         : static_cast<std::uint64_t>(m);
  }
  const bool nan_a = numerics::is_nan_code(a, dtype), nan_b = numerics::is_nan_code(b, dtype);
  if (nan_a || nan_b) return nan_a && nan_b ? std::optional<std::uint64_t>(0) : std::nullopt;
  const numerics::FloatFormat f = numerics::FloatFormat::of(dtype);
  if (is_inf_code(a, f) || is_inf_code(b, f))
    return a == b ? std::optional<std::uint64_t>(0) : std::nullopt;
  // The position of a code on the sorted line of values: -magnitude for negative codes.
  auto ordinal = [&](std::uint64_t code) -> std::int64_t {
    const auto magnitude = static_cast<std::int64_t>(code & f.magnitude_mask());
    return (code & f.sign_bit()) != 0 ? -magnitude : magnitude;
  };
  const std::int64_t delta = ordinal(a) - ordinal(b);
  return static_cast<std::uint64_t>(delta < 0 ? -delta : delta);
}

Verdict compare_tensors(const Tensor& actual, const Tensor& expected, const Comparator& c) {
  if (actual.dtype() != expected.dtype())
    return {false, actual.size(),
            fmt::format("the dtype differs: actual {}, expected {}", actual.dtype().name(),
                        expected.dtype().name())};
  if (actual.shape() != expected.shape())
    return {false, actual.size(),
            fmt::format("the shape differs: actual {}, expected {}", shape_text(actual.shape()),
                        shape_text(expected.shape()))};
  if (!actual.is_block_scaled()) return compare_simple(actual, expected, c);
  if (c.kind == Comparator::Kind::Exact) return compare_planes_exact(actual, expected);
  const Tensor a = from_f32(DType::f32(), actual.shape(), to_f32(actual));
  const Tensor b = from_f32(DType::f32(), expected.shape(), to_f32(expected));
  Verdict v = compare_simple(a, b, c);
  if (!v.passed) v.message = "dequantized: " + v.message;
  return v;
}

Verdict compare_values(const Value& actual, const Value& expected, const Comparator& c) {
  if (actual.is_tensor() && expected.is_tensor())
    return compare_tensors(actual.tensor(), expected.tensor(), c);
  if (actual.is_tensor() != expected.is_tensor())
    return {false, 1,
            fmt::format("actual is a {}, expected a {}", actual.is_tensor() ? "tensor" : "tuple",
                        expected.is_tensor() ? "tensor" : "tuple")};
  const auto& a = actual.items();
  const auto& b = expected.items();
  if (a.size() != b.size())
    return {false, 1,
            fmt::format("actual is a tuple of {} items, expected {}", a.size(), b.size())};
  Verdict total;
  for (std::size_t k = 0; k < a.size(); ++k) {
    Verdict v = compare_values(a[k], b[k], c);
    if (v.passed) continue;
    total.mismatches += v.mismatches;
    if (total.passed) {
      const bool nested = v.message.starts_with("[");
      total.message = fmt::format("[{}]{}{}", k, nested ? "" : ": ", v.message);
    }
    total.passed = false;
  }
  return total;
}

}  // namespace tf::eval
