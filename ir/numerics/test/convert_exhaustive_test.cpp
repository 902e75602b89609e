// Every code of every dtype of at most 16 bits: the decoder against the format definition, the
// round trip decode -> encode in every offered mode, and the batch kernels against the scalar
// functions.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "ir/numerics/convert.h"
#include "ir/numerics/float_facts.h"

namespace tf::numerics {
namespace {

const CastMode kAllModes[] = {
    {Rounding::NearestEven, true}, {Rounding::NearestEven, false},
    {Rounding::TowardZero, true},  {Rounding::TowardZero, false},
    {Rounding::TowardPosInf, true}, {Rounding::TowardPosInf, false},
};

std::vector<DType> small_float_dtypes() {
  return {DType::f16(),    DType::bf16(),   DType::fp8e4m3(), DType::fp8e5m2(),
          DType::f8e8m0(), DType::f6e3m2(), DType::f6e2m3(),  DType::f4e2m1()};
}

std::uint64_t code_count(DType d) { return std::uint64_t{1} << d.bit_width(); }

/// The value of a code straight from the format definition (docs/numerics.md "Element formats"),
/// written independently of the library with host math. NaN for NaN codes.
double reference_value(std::uint64_t code, DType d) {
  const SimpleDTypeInfo& s = d.simple();
  const int e = s.exponent_bits(), m = s.mantissa_bits();
  const int bias = (1 << (e - 1)) - 1;
  const std::uint64_t exponent = (code >> m) & ((1u << e) - 1);
  const std::uint64_t mantissa = code & ((std::uint64_t{1} << m) - 1);
  const bool negative = s.is_signed() && ((code >> (e + m)) & 1) != 0;
  const double sign = negative ? -1.0 : 1.0;
  const std::uint64_t all_ones = (1u << e) - 1;
  switch (s.specials()) {
    case SpecialEncoding::Ieee:
      if (exponent == all_ones)
        return mantissa == 0 ? sign * std::numeric_limits<double>::infinity()
                             : std::numeric_limits<double>::quiet_NaN();
      break;
    case SpecialEncoding::FiniteNanAllOnes:
      if (exponent == all_ones && mantissa == (std::uint64_t{1} << m) - 1)
        return std::numeric_limits<double>::quiet_NaN();
      break;
    case SpecialEncoding::UnsignedNanAllOnes:
      return code == 0xFF ? std::numeric_limits<double>::quiet_NaN()
                          : std::ldexp(1.0, static_cast<int>(code) - 127);
    case SpecialEncoding::FiniteOnly:
    case SpecialEncoding::None:
      break;
  }
  if (exponent == 0) return sign * std::ldexp(static_cast<double>(mantissa), 1 - bias - m);
  return sign * std::ldexp(static_cast<double>(mantissa + (std::uint64_t{1} << m)),
                           static_cast<int>(exponent) - bias - m);
}

bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

TEST(ConvertExhaustive, DecodeMatchesTheFormatDefinition) {
  for (DType d : small_float_dtypes()) {
    SCOPED_TRACE(d.name());
    for (std::uint64_t code = 0; code < code_count(d); ++code) {
      const double expected = reference_value(code, d);
      const double actual = decode_f64(code, d);
      const float actual32 = decode_f32(code, d);
      ASSERT_EQ(is_nan_code(code, d), std::isnan(expected)) << std::hex << code;
      if (std::isnan(expected)) {
        ASSERT_TRUE(std::isnan(actual) && std::isnan(actual32)) << std::hex << code;
        continue;
      }
      ASSERT_TRUE(same_bits(actual, expected)) << std::hex << code << ": " << actual;
      ASSERT_TRUE(same_bits(static_cast<double>(actual32), expected)) << std::hex << code;
    }
  }
}

TEST(ConvertExhaustive, E2m1ValueSet) {
  const double positive[] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (std::uint64_t code = 0; code < 16; ++code) {
    const double expected = code < 8 ? positive[code] : -positive[code - 8];
    EXPECT_TRUE(same_bits(decode_f64(code, DType::f4e2m1()), expected)) << code;
  }
}

/// What encoding decode(code) gives back in `mode`: the code itself, except NaN codes (the
/// canonical NaN) and infinities under saturation (+-max finite).
std::uint64_t expected_round_trip(std::uint64_t code, DType d, CastMode mode) {
  if (is_nan_code(code, d)) return *canonical_nan_code(d);
  const FloatFacts facts = float_facts(d);
  if (mode.saturate && facts.pos_inf_code && code == *facts.pos_inf_code)
    return facts.max_finite_code;
  if (mode.saturate && facts.neg_inf_code && code == *facts.neg_inf_code)
    return *facts.neg_inf_code - *facts.pos_inf_code + facts.max_finite_code;  // sign | max
  return code;
}

TEST(ConvertExhaustive, DecodeEncodeRoundTripsInEveryOfferedMode) {
  for (DType d : small_float_dtypes()) {
    for (const CastMode& mode : kAllModes) {
      if (!cast_mode_offered(d, mode)) continue;
      SCOPED_TRACE(::testing::Message() << d.name() << " " << rounding_name(mode.rounding)
                                        << (mode.saturate ? " sat" : " nosat"));
      for (std::uint64_t code = 0; code < code_count(d); ++code) {
        const std::uint64_t expected = expected_round_trip(code, d, mode);
        ASSERT_EQ(encode_f64(decode_f64(code, d), d, mode), expected) << std::hex << code;
        ASSERT_EQ(encode_f32(decode_f32(code, d), d, mode), expected) << std::hex << code;
      }
    }
  }
}

TEST(ConvertExhaustive, IntegerAndBoolCodesRoundTrip) {
  const DType i8 = DType::i8();
  for (std::uint64_t code = 0; code < 256; ++code)
    ASSERT_EQ(encode_f64(decode_f64(code, i8), i8, default_cast_mode(i8)), code) << code;
  const DType b = DType::boolean();
  for (std::uint64_t code = 0; code < 2; ++code)
    EXPECT_EQ(encode_f32(decode_f32(code, b), b, default_cast_mode(b)), code);
}

TEST(ConvertExhaustive, EveryF8e8m0CodeRoundTripsFromItsPowerOfTwo) {
  const DType e8m0 = DType::f8e8m0();
  for (int code = 0; code < 255; ++code) {
    const double x = std::ldexp(1.0, code - 127);
    for (const CastMode& mode : kAllModes) {
      if (!cast_mode_offered(e8m0, mode)) continue;
      ASSERT_EQ(encode_f64(x, e8m0, mode), static_cast<std::uint64_t>(code));
    }
  }
}

// ----- batch kernels ------------------------------------------------------------------------

TEST(ConvertExhaustive, BatchDecodeEqualsScalarOnEveryCode) {
  std::vector<std::uint8_t> codes(256);
  for (int i = 0; i < 256; ++i) codes[i] = static_cast<std::uint8_t>(i);
  std::vector<float> e4m3(256), e5m2(256);
  decode_fp8e4m3_to_f32(codes, e4m3);
  decode_fp8e5m2_to_f32(codes, e5m2);
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(e4m3[i]),
              std::bit_cast<std::uint32_t>(decode_f32(i, DType::fp8e4m3())))
        << i;
    EXPECT_EQ(std::bit_cast<std::uint32_t>(e5m2[i]),
              std::bit_cast<std::uint32_t>(decode_f32(i, DType::fp8e5m2())))
        << i;
  }
}

/// Compares the batch encoders with encode_f32 on `inputs`, both formats and both saturations.
void expect_batch_equals_scalar(const std::vector<std::uint32_t>& bits) {
  std::vector<float> in(bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i) in[i] = std::bit_cast<float>(bits[i]);
  std::vector<std::uint8_t> out(in.size());
  for (bool saturate : {true, false}) {
    const CastMode mode{Rounding::NearestEven, saturate};
    encode_f32_to_fp8e4m3(in, out, saturate);
    for (std::size_t i = 0; i < in.size(); ++i)
      ASSERT_EQ(out[i], encode_f32(in[i], DType::fp8e4m3(), mode))
          << "e4m3 sat=" << saturate << " input bits 0x" << std::hex << bits[i];
    encode_f32_to_fp8e5m2(in, out, saturate);
    for (std::size_t i = 0; i < in.size(); ++i)
      ASSERT_EQ(out[i], encode_f32(in[i], DType::fp8e5m2(), mode))
          << "e5m2 sat=" << saturate << " input bits 0x" << std::hex << bits[i];
  }
}

TEST(ConvertExhaustive, BatchEncodeEqualsScalarAroundEveryGridPoint) {
  std::vector<std::uint32_t> bits;
  auto add_with_neighbours = [&](float x) {
    const auto b = std::bit_cast<std::uint32_t>(x);
    for (std::uint32_t k = 0; k <= 2; ++k) {
      bits.push_back(b + k);
      bits.push_back(b - k);
    }
  };
  for (DType d : {DType::fp8e4m3(), DType::fp8e5m2()}) {
    for (std::uint64_t code = 0; code < 256; ++code) {
      if (is_nan_code(code, d)) continue;
      const float value = decode_f32(code, d);
      add_with_neighbours(value);
      const float next = decode_f32(code + 1, d);  // midpoints with the next code
      if ((code & 0x7F) < 0x7F && !std::isnan(next) && !std::isinf(next) && !std::isinf(value))
        add_with_neighbours(static_cast<float>((static_cast<double>(value) + next) / 2));
    }
  }
  for (int e = -149; e <= 127; ++e) {
    add_with_neighbours(std::ldexp(1.0f, e));
    add_with_neighbours(-std::ldexp(1.0f, e));
  }
  for (std::uint32_t special : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                0xffc00000u, 0x7f800001u, 0xffffffffu, 0x7fffffffu})
    bits.push_back(special);
  std::mt19937 rng(20261129);
  for (int i = 0; i < 200000; ++i) bits.push_back(static_cast<std::uint32_t>(rng()));
  expect_batch_equals_scalar(bits);
}

// A strided sweep of the 2^32 f32 patterns; the fuzz label runs all of them (stride 1).
TEST(ConvertExhaustive, BatchEncodeSweep) {
  const bool fuzz = std::getenv("TF_CONVERT_FUZZ") != nullptr;
  const std::uint64_t stride = fuzz ? 1 : 65521;
  std::vector<std::uint32_t> bits;
  bits.reserve(1 << 20);
  for (std::uint64_t b = 0; b < (std::uint64_t{1} << 32); b += stride) {
    bits.push_back(static_cast<std::uint32_t>(b));
    if (bits.size() == (1u << 20)) {
      expect_batch_equals_scalar(bits);
      if (HasFatalFailure()) return;
      bits.clear();
    }
  }
  expect_batch_equals_scalar(bits);
}

TEST(ConvertExhaustive, BatchKernelsRejectAShortOutput) {
  std::vector<float> in(4, 1.0f);
  std::vector<std::uint8_t> out(3);
  EXPECT_THROW(encode_f32_to_fp8e4m3(in, out, true), InternalError);
  std::vector<std::uint8_t> codes(4, 0x38);
  std::vector<float> decoded(3);
  EXPECT_THROW(decode_fp8e5m2_to_f32(codes, decoded), InternalError);
}

}  // namespace
}  // namespace tf::numerics
