// Properties of block-scaled quantize / dequantize, checked with RapidCheck.
//
// Cases per property and the seed come from RC_PARAMS (cmake/TfTest.cmake): 200 in the unit
// run, 10,000 in the fuzz-labelled variant.
//
// Which blocks are "representable", i.e. come back exactly from quantize(dequantize(q)):
//   * every element value finite and at most max_elem in magnitude (no NaN / Inf codes, and
//     not the MXINT8 k = -128, which quantize never produces: a block holding it re-quantizes
//     with twice the scale and loses the low bit of every odd k), the scale not the E8M0 NaN
//     0xFF, and every product P_i * X an f32 (scale codes up to 254 - emax_elem; the smallest
//     element step times 2^-127 is at least 2^-149, so nothing is lost in the f32 subnormal
//     range);
//   * Rceil: nothing more. Rceil picks X' = 2^ceil(log2(amax / max_elem)) <= X, so every P_i
//     is multiplied by 2^k, k >= 0, with max|P_i| * 2^k <= max_elem: still on the grid.
//   * Ocp: also the block maximum moved to the top binade, max|P| * 2^(emax - floor(log2
//     max|P|)), must not exceed max_elem. Only E4M3 can fail this (its top binade stops at
//     1.75 * 2^8, so a maximum with mantissa 1.875 clips: 240 * 2^-k comes back as 448 *
//     2^-(k+1)); the other five elements have a full top binade.
//   * Nvfp4 has no such property (the E4M3 block scale is rounded to nearest from an f32
//     product), so it is not tested for round trips.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <sstream>
#include <vector>

#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/mx_scale.h"
#include "ir/support/testing/law_runner.h"

namespace tf::numerics {
namespace {

std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }

const std::vector<DType>& mx_elements() {
  static const std::vector<DType> kAll = {DType::fp8e4m3(), DType::fp8e5m2(), DType::f6e3m2(),
                                         DType::f6e2m3(),  DType::f4e2m1(),  DType::i8()};
  return kAll;
}

/// Every element code whose value is finite and at most max_elem in magnitude.
std::vector<std::uint8_t> in_range_codes(DType element) {
  std::vector<std::uint8_t> out;
  const int n = 1 << element.bit_width();
  for (int c = 0; c < n; ++c) {
    const double v = mx::decode_element(static_cast<std::uint8_t>(c), element);
    if (std::isfinite(v) && std::fabs(v) <= mx::element_max(element))
      out.push_back(static_cast<std::uint8_t>(c));
  }
  return out;
}

/// A shape (rows, blocks * block_size) with 1-3 rows and 1-2 blocks per row.
std::vector<std::int64_t> gen_shape(std::int64_t block_size) {
  const auto rows = *rc::gen::inRange<std::int64_t>(1, 4);
  const auto blocks = *rc::gen::inRange<std::int64_t>(1, 3);
  return {rows, blocks * block_size};
}

std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

/// Finite f32 values of every magnitude: arbitrary finite bit patterns, small integers and
/// exact zeros, so blocks hit subnormals, huge values, ties and zero blocks.
rc::Gen<float> gen_value() {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::suchThat(rc::gen::arbitrary<std::uint32_t>(),
                                     [](std::uint32_t b) {
                                       return std::isfinite(std::bit_cast<float>(b));
                                     }),
                   [](std::uint32_t b) { return std::bit_cast<float>(b); }),
      rc::gen::map(rc::gen::inRange(-64, 65), [](int k) { return static_cast<float>(k) / 4; }),
      rc::gen::map(rc::gen::pair(rc::gen::inRange(-(1 << 24), 1 << 24), rc::gen::inRange(-40, 40)),
                   [](std::pair<int, int> p) { return std::ldexp(float(p.first), p.second); }),
      rc::gen::just(0.0f));
}

/// Values for `shape`: within a block the values share a rough magnitude often enough that
/// small elements matter, and arbitrary otherwise.
std::vector<float> gen_values(const std::vector<std::int64_t>& shape) {
  return *rc::gen::container<std::vector<float>>(static_cast<std::size_t>(element_count(shape)),
                                                 gen_value());
}

ScaleMethod gen_mx_method() { return *rc::gen::element(ScaleMethod::Ocp, ScaleMethod::Rceil); }

/// Any block-scaled format (one of the six MX formats, or NVFP4) with a method it supports.
struct FormatAndMethod {
  BlockScaleFormat format;
  ScaleMethod method;
};
FormatAndMethod gen_format_and_method() {
  if (*rc::gen::arbitrary<bool>()) return {nvfp4_format(), ScaleMethod::Nvfp4};
  return {mx_format(*rc::gen::elementOf(mx_elements())), gen_mx_method()};
}

/// True when the Ocp re-quantization of a block with these element codes cannot clip.
bool ocp_representable(std::span<const std::uint8_t> codes, DType element) {
  double pmax = 0;
  for (auto c : codes) pmax = std::max(pmax, std::fabs(mx::decode_element(c, element)));
  if (pmax == 0) return true;
  const int e = mx::floor_log2(static_cast<float>(pmax));
  return std::ldexp(pmax, mx::element_emax(element) - e) <= mx::element_max(element);
}

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleProperties, MxQuantizeOfDequantizedRepresentableBlockIsExact) {
  ::tf::fuzz::check_law([] {
    const DType element = *rc::gen::elementOf(mx_elements());
    const ScaleMethod method = gen_mx_method();
    const BlockScaleFormat format = mx_format(element);
    BlockScaledValue q;
    q.shape = gen_shape(format.block_size);
    const auto codes = in_range_codes(element);
    q.element_codes = *rc::gen::container<std::vector<std::uint8_t>>(
        static_cast<std::size_t>(element_count(q.shape)), rc::gen::elementOf(codes));
    const int max_scale = 254 - mx::element_emax(element);
    q.block_scales = *rc::gen::container<std::vector<std::uint8_t>>(
        static_cast<std::size_t>(element_count(q.shape) / format.block_size),
        rc::gen::map(rc::gen::inRange(0, max_scale + 1),
                     [](int s) { return static_cast<std::uint8_t>(s); }));
    if (method == ScaleMethod::Ocp) {
      for (std::size_t b = 0; b < q.block_scales.size(); ++b)
        RC_PRE(ocp_representable(std::span(q.element_codes).subspan(b * 32, 32), element));
    }
    const std::vector<float> values = dequantize(q, format);
    // Representable: every value is the exact product.
    for (std::size_t i = 0; i < values.size(); ++i) {
      const double exact = mx::decode_element(q.element_codes[i], element) *
                           std::ldexp(1.0, q.block_scales[i / 32] - 127);
      RC_ASSERT(static_cast<double>(values[i]) == exact);
    }
    const auto again = quantize(values, q.shape, format, method);
    RC_ASSERT(again.ok());
    const std::vector<float> values_again = dequantize(*again, format);
    for (std::size_t i = 0; i < values.size(); ++i)
      RC_ASSERT(bits(values_again[i]) == bits(values[i]));
  });
}

// The scale codes satisfy their definitions, checked by exact comparison in double.
TEST(BlockScaleProperties, MxScaleCodesMeetTheirDefinitions) {
  ::tf::fuzz::check_law([] {
    const DType element = *rc::gen::elementOf(mx_elements());
    const float amax = std::fabs(*gen_value());
    RC_PRE(amax != 0.0f);
    const double max_elem = mx::element_max(element);
    const int emax = mx::element_emax(element);
    // Ocp: amax / X in [2^emax, 2^(emax+1)) unless clamped at 2^-127 (then below).
    const int ocp = mx::ocp_scale_code(amax, element);
    const double ocp_ratio = std::ldexp(static_cast<double>(amax), 127 - ocp);
    RC_ASSERT(ocp_ratio < std::ldexp(1.0, emax + 1));
    RC_ASSERT(ocp == 0 || ocp_ratio >= std::ldexp(1.0, emax));
    // Rceil: the smallest X with amax <= max_elem * X, unless clipped at 2^-127 / 2^127.
    const int rceil = mx::rceil_scale_code(amax, element);
    RC_ASSERT(rceil <= 0xfe);
    RC_ASSERT(rceil == 0xfe || amax <= max_elem * std::ldexp(1.0, rceil - 127));
    RC_ASSERT(rceil == 0 || amax > max_elem * std::ldexp(1.0, rceil - 128));
  });
}

// Quantization saturates: no element exceeds max_elem, so no value exceeds max_elem * scale
// (x tensor scale), and finite input never yields a NaN scale or a NaN / Inf element.
TEST(BlockScaleProperties, QuantizeNeverExceedsMaxElementTimesScale) {
  ::tf::fuzz::check_law([] {
    const auto [format, method] = gen_format_and_method();
    const auto shape = gen_shape(format.block_size);
    const auto values = gen_values(shape);
    const auto q = quantize(values, shape, format, method);
    RC_ASSERT(q.ok());
    const std::vector<float> d = dequantize(*q, format);
    const double tensor_scale =
        q->tensor_scale_bits ? decode_f64(*q->tensor_scale_bits, DType::f32()) : 1.0;
    const double max_elem = mx::element_max(format.element);
    const auto bs = static_cast<std::size_t>(format.block_size);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const std::uint8_t scale_code = q->block_scales[i / bs];
      RC_ASSERT(!is_nan_code(scale_code, format.block_scale));
      const double elem = mx::decode_element(q->element_codes[i], format.element);
      RC_ASSERT(std::isfinite(elem));
      RC_ASSERT(std::fabs(elem) <= max_elem);
      const double bound = max_elem * decode_f64(scale_code, format.block_scale) * tensor_scale;
      // The f32 result is the bound's f32 rounding at most (rounding is monotonic).
      const float bound_f32 = std::bit_cast<float>(static_cast<std::uint32_t>(
          encode_f64(bound, DType::f32(), default_cast_mode(DType::f32()))));
      RC_ASSERT(std::fabs(d[i]) <= bound_f32);
    }
  });
}

// Dequantize is the exact product rounded once: checked against an independent long-hand
// product (element * scale * tensor scale in double, exact) for arbitrary planes.
TEST(BlockScaleProperties, DequantizeIsTheOnceRoundedExactProduct) {
  ::tf::fuzz::check_law([] {
    const BlockScaleFormat format = gen_format_and_method().format;
    BlockScaledValue q;
    q.shape = gen_shape(format.block_size);
    const auto n = static_cast<std::size_t>(element_count(q.shape));
    q.element_codes = *rc::gen::container<std::vector<std::uint8_t>>(
        n, rc::gen::map(rc::gen::inRange(0, 1 << format.element.bit_width()),
                        [](int c) { return static_cast<std::uint8_t>(c); }));
    q.block_scales = *rc::gen::container<std::vector<std::uint8_t>>(
        n / static_cast<std::size_t>(format.block_size), rc::gen::arbitrary<std::uint8_t>());
    if (format.tensor_scale.valid()) q.tensor_scale_bits = bits(std::fabs(*gen_value()));
    const auto d = dequantize(q, format);
    const double t = q.tensor_scale_bits ? decode_f64(*q.tensor_scale_bits, DType::f32()) : 1.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double s = decode_f64(q.block_scales[i / format.block_size], format.block_scale);
      if (std::isnan(s)) {
        RC_ASSERT(std::isnan(d[i]));
        continue;
      }
      const double exact = mx::decode_element(q.element_codes[i], format.element) * s * t;
      if (std::isnan(exact)) {
        RC_ASSERT(std::isnan(d[i]));
        continue;
      }
      // The f32 rounding of `exact`: equal, or the nearest f32 on the right side of it.
      const float r = d[i];
      if (std::isinf(r)) {
        RC_ASSERT(std::fabs(exact) >= std::ldexp(2.0 - std::ldexp(1.0, -24), 127));
        RC_ASSERT(std::signbit(r) == std::signbit(exact));
        continue;
      }
      const double err = std::fabs(static_cast<double>(r) - exact);
      const double up = std::nextafter(std::fabs(r), INFINITY) - std::fabs(r);
      const double down = std::fabs(r) - std::nextafter(std::fabs(r), 0.0f);
      RC_ASSERT(err <= std::max(up, down) / 2);
      RC_ASSERT(r == 0.0f || std::signbit(r) == std::signbit(exact));
    }
  });
}

TEST(BlockScaleProperties, AllZeroBlocksGiveAllZeroCodes) {
  ::tf::fuzz::check_law([] {
    const auto [format, method] = gen_format_and_method();
    const auto shape = gen_shape(format.block_size);
    auto values = gen_values(shape);
    // Zero out a random subset of the blocks.
    const auto bs = static_cast<std::size_t>(format.block_size);
    const auto zero = *rc::gen::container<std::vector<bool>>(values.size() / bs,
                                                             rc::gen::arbitrary<bool>());
    for (std::size_t b = 0; b < zero.size(); ++b)
      if (zero[b]) std::fill_n(values.begin() + static_cast<std::ptrdiff_t>(b * bs), bs, 0.0f);
    const auto q = quantize(values, shape, format, method);
    RC_ASSERT(q.ok());
    const auto d = dequantize(*q, format);
    for (std::size_t b = 0; b < zero.size(); ++b) {
      if (!zero[b]) continue;
      RC_ASSERT(q->block_scales[b] == 0x00);
      for (std::size_t i = b * bs; i < (b + 1) * bs; ++i) {
        RC_ASSERT(q->element_codes[i] == 0x00);
        RC_ASSERT(bits(d[i]) == 0u);
      }
    }
  });
}

// MX blocks are independent: quantizing a block alone gives the same codes as quantizing it
// inside a larger tensor, and a non-finite value poisons its own block only.
TEST(BlockScaleProperties, MxBlocksAreIndependent) {
  ::tf::fuzz::check_law([] {
    const DType element = *rc::gen::elementOf(mx_elements());
    const ScaleMethod method = gen_mx_method();
    const BlockScaleFormat format = mx_format(element);
    const auto shape = gen_shape(format.block_size);
    auto values = gen_values(shape);
    const auto poison = *rc::gen::inRange<std::size_t>(0, values.size());
    values[poison] = *rc::gen::element(NAN, INFINITY, -INFINITY);
    const auto q = quantize(values, shape, format, method);
    RC_ASSERT(q.ok());
    const auto d = dequantize(*q, format);
    for (std::size_t b = 0; b < q->block_scales.size(); ++b) {
      const std::vector<float> block(values.begin() + b * 32, values.begin() + (b + 1) * 32);
      const auto alone = quantize(block, std::vector<std::int64_t>{32}, format, method);
      RC_ASSERT(alone.ok());
      RC_ASSERT(alone->block_scales[0] == q->block_scales[b]);
      RC_ASSERT(std::equal(alone->element_codes.begin(), alone->element_codes.end(),
                           q->element_codes.begin() + b * 32));
      const bool poisoned = b == poison / 32;
      RC_ASSERT((q->block_scales[b] == 0xff) == poisoned);
      for (std::size_t i = b * 32; i < (b + 1) * 32; ++i)
        RC_ASSERT(std::isnan(d[i]) == poisoned);
    }
  });
}

// NVFP4 non-finite values poison their own block only and stay out of the tensor amax: the
// other blocks equal a quantization with the non-finite values replaced by zeros.
TEST(BlockScaleProperties, Nvfp4NonFiniteValuesPoisonOnlyTheirBlock) {
  ::tf::fuzz::check_law([] {
    const BlockScaleFormat format = nvfp4_format();
    const auto shape = gen_shape(format.block_size);
    auto values = gen_values(shape);
    const auto poison = *rc::gen::inRange<std::size_t>(0, values.size());
    auto cleaned = values;
    values[poison] = *rc::gen::element(NAN, INFINITY, -INFINITY);
    cleaned[poison] = 0.0f;
    const auto q = quantize(values, shape, format, ScaleMethod::Nvfp4);
    const auto c = quantize(cleaned, shape, format, ScaleMethod::Nvfp4);
    RC_ASSERT(q.ok() && c.ok());
    RC_ASSERT(*q->tensor_scale_bits == *c->tensor_scale_bits);
    const auto d = dequantize(*q, format);
    for (std::size_t b = 0; b < q->block_scales.size(); ++b) {
      const bool poisoned = b == poison / 16;
      RC_ASSERT(is_nan_code(q->block_scales[b], DType::fp8e4m3()) == poisoned);
      if (poisoned) continue;
      RC_ASSERT(q->block_scales[b] == c->block_scales[b]);
      RC_ASSERT(std::equal(q->element_codes.begin() + b * 16,
                           q->element_codes.begin() + (b + 1) * 16,
                           c->element_codes.begin() + b * 16));
    }
    for (std::size_t i = 0; i < d.size(); ++i) RC_ASSERT(std::isnan(d[i]) == (i / 16 == poison / 16));
  });
}

}  // namespace
}  // namespace tf::numerics
