// The scalar test vectors of docs/numerics.md "Test vectors" (checked there bit for bit
// against the CUDA 13 header host conversions), its decode vectors, and the f64 / integer /
// bool rules of cast_mode.h. Every assertion is exact: the code, and the decoded value's bits.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "ir/numerics/convert.h"

namespace tf::numerics {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

const CastMode kSat{Rounding::NearestEven, true};
const CastMode kNoSat{Rounding::NearestEven, false};
const CastMode kRz{Rounding::TowardZero, true};
const CastMode kRzNoSat{Rounding::TowardZero, false};
const CastMode kRp{Rounding::TowardPosInf, true};
const CastMode kRpNoSat{Rounding::TowardPosInf, false};

struct Vector {
  int id;                 // row number of docs/numerics.md "Test vectors"
  std::uint32_t f32_bits; // the input
  DType target;
  CastMode mode;
  std::uint64_t code;     // expected code
  double value;           // expected decoded value (NaN: any NaN)
};

/// Exact equality of doubles: same bits, or both NaN.
::testing::AssertionResult same_value(double actual, double expected) {
  if (std::isnan(expected) && std::isnan(actual)) return ::testing::AssertionSuccess();
  if (std::bit_cast<std::uint64_t>(actual) == std::bit_cast<std::uint64_t>(expected))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << actual << " (bits " << std::hex
                                       << std::bit_cast<std::uint64_t>(actual)
                                       << "), expected " << expected;
}

void check_vectors(const std::vector<Vector>& vectors) {
  for (const Vector& v : vectors) {
    SCOPED_TRACE(::testing::Message() << "vector " << v.id << " -> " << v.target.name());
    const float x = std::bit_cast<float>(v.f32_bits);
    const std::uint64_t code = encode_f32(x, v.target, v.mode);
    EXPECT_EQ(code, v.code) << std::hex << "got 0x" << code << ", expected 0x" << v.code;
    // An f32 input is exact in f64, so the f64 path must agree.
    EXPECT_EQ(encode_f64(static_cast<double>(x), v.target, v.mode), v.code);
    EXPECT_TRUE(same_value(decode_f64(v.code, v.target), v.value));
    EXPECT_TRUE(same_value(static_cast<double>(decode_f32(v.code, v.target)), v.value));
  }
}

// covers: TYPES.3.DTYPE.eval-cast-fp8e4m3
TEST(ConvertVectors, F32ToFp8e4m3) {
  const DType t = DType::fp8e4m3();
  check_vectors({
      {1, 0x3f800000, t, kSat, 0x38, 1.0},
      {2, 0x3dcccccd, t, kSat, 0x1d, 0.1015625},
      {3, 0xc0533333, t, kSat, 0xc5, -3.25},
      {4, 0x41880000, t, kSat, 0x58, 16.0},
      {5, 0x41900000, t, kSat, 0x59, 18.0},
      {6, 0x43e00000, t, kSat, 0x7e, 448.0},
      {7, 0x43e60000, t, kSat, 0x7e, 448.0},
      {8, 0x43e80000, t, kSat, 0x7e, 448.0},
      {9, 0x43e88000, t, kSat, 0x7e, 448.0},
      {10, 0x43e88000, t, kNoSat, 0x7f, kNaN},
      {11, 0x43fa0000, t, kNoSat, 0x7f, kNaN},
      {12, 0xc47a0000, t, kNoSat, 0xff, kNaN},
      {13, 0x7f800000, t, kSat, 0x7e, 448.0},
      {14, 0x7f800000, t, kNoSat, 0x7f, kNaN},
      {15, 0xff800000, t, kSat, 0xfe, -448.0},
      {16, 0x7fc00000, t, kSat, 0x7f, kNaN},
      {17, 0x80000000, t, kSat, 0x80, -0.0},
      {18, 0x3b000000, t, kSat, 0x01, 0x1p-9},
      {19, 0x3a800000, t, kSat, 0x00, 0.0},
      {20, 0x3ac00000, t, kSat, 0x01, 0x1p-9},
      {21, 0x3bf00000, t, kSat, 0x04, 0x1p-7},
      {22, 0x3c600000, t, kSat, 0x07, 0.013671875},
      {23, 0x41880001, t, kSat, 0x59, 18.0},
  });
}

TEST(ConvertVectors, F32ToFp8e5m2) {
  const DType t = DType::fp8e5m2();
  check_vectors({
      {24, 0x3f800000, t, kSat, 0x3c, 1.0},
      {25, 0x3e99999a, t, kSat, 0x35, 0.3125},
      {26, 0x47600000, t, kSat, 0x7b, 57344.0},
      {27, 0x476fff00, t, kSat, 0x7b, 57344.0},
      {28, 0x47700000, t, kSat, 0x7b, 57344.0},
      {29, 0x47700000, t, kNoSat, 0x7c, kInf},
      {30, 0x49742400, t, kNoSat, 0x7c, kInf},
      {31, 0x7f800000, t, kSat, 0x7b, 57344.0},
      {32, 0x7fc00000, t, kNoSat, 0x7f, kNaN},
      {33, 0x37800000, t, kSat, 0x01, 0x1p-16},
      {34, 0x37000000, t, kSat, 0x00, 0.0},
      {35, 0x37400000, t, kSat, 0x01, 0x1p-16},
  });
}

TEST(ConvertVectors, F32ToF4e2m1) {
  const DType t = DType::f4e2m1();
  check_vectors({
      {36, 0x3e800000, t, kSat, 0x0, 0.0},
      {37, 0x3e851eb8, t, kSat, 0x1, 0.5},
      {38, 0x3f400000, t, kSat, 0x2, 1.0},
      {39, 0x3fa00000, t, kSat, 0x2, 1.0},
      {40, 0x40200000, t, kSat, 0x4, 2.0},
      {41, 0x40600000, t, kSat, 0x6, 4.0},
      {42, 0x40a00000, t, kSat, 0x6, 4.0},
      {43, 0x40b00000, t, kSat, 0x7, 6.0},
      {44, 0x42c80000, t, kSat, 0x7, 6.0},
      {45, 0xc039999a, t, kRz, 0xc, -2.0},
      {46, 0x80000000, t, kSat, 0x8, -0.0},
      {47, 0x7fc00000, t, kSat, 0x7, 6.0},
      {48, 0xff800000, t, kSat, 0xf, -6.0},
  });
}

TEST(ConvertVectors, F32ToF6) {
  const DType e2m3 = DType::f6e2m3();
  const DType e3m2 = DType::f6e3m2();
  check_vectors({
      {49, 0x3d800000, e2m3, kSat, 0x00, 0.0},
      {50, 0x3e400000, e2m3, kSat, 0x02, 0.25},
      {51, 0x40e9999a, e2m3, kSat, 0x1f, 7.5},
      {52, 0x41000000, e2m3, kSat, 0x1f, 7.5},
      {53, 0xbf8ccccd, e2m3, kSat, 0x29, -1.125},
      {54, 0x3d000000, e3m2, kSat, 0x00, 0.0},
      {55, 0x3dc00000, e3m2, kSat, 0x02, 0.125},
      {56, 0x41d00000, e3m2, kSat, 0x1e, 24.0},
      {57, 0x41f00000, e3m2, kSat, 0x1f, 28.0},
      {58, 0xc0b00000, e3m2, kSat, 0x36, -6.0},
      {59, 0x7fc00000, e3m2, kSat, 0x1f, 28.0},
  });
}

// covers: TYPES.3.DTYPE.eval-cast-f8e8m0
TEST(ConvertVectors, F32ToF8e8m0) {
  const DType t = DType::f8e8m0();
  check_vectors({
      {60, 0x3f800000, t, kRz, 0x7f, 1.0},
      {61, 0x40400000, t, kRz, 0x80, 2.0},
      {62, 0x40400000, t, kRp, 0x81, 4.0},
      {63, 0x3f800001, t, kRp, 0x80, 2.0},
      {64, 0x3f400000, t, kRz, 0x7e, 0.5},
      {65, 0x3f400000, t, kRp, 0x7f, 1.0},
      {66, 0x3fa00000, t, kRz, 0x7f, 1.0},
      {66, 0x3fa00000, t, kRp, 0x80, 2.0},
      {67, 0x40a00000, t, kRz, 0x81, 4.0},
      {67, 0x40a00000, t, kRp, 0x82, 8.0},
      {68, 0x42c80000, t, kRz, 0x85, 64.0},
      {68, 0x42c80000, t, kRp, 0x86, 128.0},
      {69, 0xc0800000, t, kRz, 0x81, 4.0},
      {70, 0x00000000, t, kRp, 0x00, 0x1p-127},
      {71, 0x00400000, t, kRz, 0x00, 0x1p-127},
      {72, 0x00000001, t, kRp, 0x00, 0x1p-127},
      {73, 0x00c00000, t, kRp, 0x02, 0x1p-125},
      {74, 0x7f61b1e6, t, kRp, 0xfe, 0x1p127},
      {75, 0x7f61b1e6, t, kRpNoSat, 0xff, kNaN},
      {76, 0x7f61b1e6, t, kRzNoSat, 0xfe, 0x1p127},
      {77, 0x7f400000, t, kRz, 0xfe, 0x1p127},
      {77, 0x7f400000, t, kRpNoSat, 0xff, kNaN},
      {78, 0x7f800000, t, kRz, 0xfe, 0x1p127},
      {79, 0x7f800000, t, kRzNoSat, 0xff, kNaN},
      {80, 0x7fc00000, t, kRp, 0xff, kNaN},
  });
}

TEST(ConvertVectors, F32ToBf16AndF16) {
  const DType bf16 = DType::bf16();
  const DType f16 = DType::f16();
  check_vectors({
      {81, 0x3f808000, bf16, kNoSat, 0x3f80, 1.0},
      {82, 0x3f818000, bf16, kNoSat, 0x3f82, 1.015625},
      {83, 0x7f7fc99e, bf16, kNoSat, 0x7f80, kInf},
      {84, 0x7fc00000, bf16, kNoSat, 0x7fff, kNaN},
      {84, 0x7fc00000, f16, kNoSat, 0x7fff, kNaN},
      {85, 0x477fe000, f16, kNoSat, 0x7bff, 65504.0},
      {86, 0x477fef00, f16, kNoSat, 0x7bff, 65504.0},
      {87, 0x477ff000, f16, kNoSat, 0x7c00, kInf},
      {88, 0x33000000, f16, kNoSat, 0x0000, 0.0},
      {89, 0x33400000, f16, kNoSat, 0x0001, 0x1p-24},
      {90, 0x3f801000, f16, kNoSat, 0x3c00, 1.0},
  });
}

struct DecodeVector {
  DType source;
  std::uint64_t code;
  double value;  // NaN: any NaN
};

TEST(ConvertVectors, DecodeVectors) {
  const DType e8m0 = DType::f8e8m0(), e4m3 = DType::fp8e4m3(), e5m2 = DType::fp8e5m2();
  const DType e2m3 = DType::f6e2m3(), e3m2 = DType::f6e3m2();
  const std::vector<DecodeVector> vectors = {
      {e8m0, 0x00, 0x1p-127}, {e8m0, 0x7f, 1.0},      {e8m0, 0x80, 2.0},
      {e8m0, 0xfe, 0x1p127},  {e8m0, 0xff, kNaN},     {e4m3, 0x01, 0x1p-9},
      {e4m3, 0x08, 0x1p-6},   {e4m3, 0x38, 1.0},      {e4m3, 0x7e, 448.0},
      {e4m3, 0x7f, kNaN},     {e4m3, 0xff, kNaN},     {e4m3, 0x80, -0.0},
      {e5m2, 0x3c, 1.0},      {e5m2, 0x7b, 57344.0},  {e5m2, 0x7c, kInf},
      {e5m2, 0x7d, kNaN},     {e5m2, 0x7e, kNaN},     {e5m2, 0x7f, kNaN},
      {e5m2, 0xfc, -kInf},    {e2m3, 0x01, 0.125},    {e2m3, 0x08, 1.0},
      {e2m3, 0x1f, 7.5},      {e2m3, 0x3f, -7.5},     {e3m2, 0x01, 0.0625},
      {e3m2, 0x04, 0.25},     {e3m2, 0x1f, 28.0},
  };
  for (const DecodeVector& v : vectors) {
    SCOPED_TRACE(::testing::Message() << v.source.name() << " 0x" << std::hex << v.code);
    EXPECT_TRUE(same_value(decode_f64(v.code, v.source), v.value));
    EXPECT_TRUE(same_value(static_cast<double>(decode_f32(v.code, v.source)), v.value));
    EXPECT_EQ(is_nan_code(v.code, v.source), std::isnan(v.value));
  }
}

TEST(ConvertVectors, DecodedNanKeepsTheCodeSign) {
  EXPECT_EQ(std::bit_cast<std::uint64_t>(decode_f64(0x7f, DType::fp8e4m3())),
            0x7ff8000000000000u);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(decode_f64(0xff, DType::fp8e4m3())),
            0xfff8000000000000u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(decode_f32(0xfd, DType::fp8e5m2())), 0xffc00000u);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(decode_f32(0xff, DType::f8e8m0())), 0x7fc00000u);
}

TEST(ConvertVectors, DecodeIgnoresBitsAboveTheWidth) {
  EXPECT_EQ(decode_f64(0x138, DType::fp8e4m3()), 1.0);
  EXPECT_EQ(decode_f64(0xf2, DType::f4e2m1()), 1.0);
  EXPECT_EQ(decode_f64(0xc1, DType::f6e3m2()), 0.0625);
  EXPECT_EQ(decode_f64(0x1ffffffffu, DType::i32()), -1.0);
  EXPECT_EQ(decode_f64(0xfe, DType::boolean()), 0.0);
}

// Pitfall 10: an f64 input rounds once, directly from the double.
TEST(ConvertVectors, F64RoundsDirectlyNotThroughF32) {
  const double x = 17.0 + 1e-12;
  EXPECT_EQ(encode_f64(x, DType::fp8e4m3(), kSat), 0x59u);
  EXPECT_EQ(encode_f32(static_cast<float>(x), DType::fp8e4m3(), kSat), 0x58u);
  // 1 + 2^-8 + 2^-40 is above the bf16 tie, 1 + 2^-8 is on it.
  EXPECT_EQ(encode_f64(1.0 + 0x1p-8 + 0x1p-40, DType::bf16(), kNoSat), 0x3f81u);
  EXPECT_EQ(encode_f64(1.0 + 0x1p-8, DType::bf16(), kNoSat), 0x3f80u);
}

// Found by the cuda-host comparison: __nv_cvt_double_to_e8m0 narrows to f32 with a sticky bit,
// so a finite f64 beyond the f32 range clamps to FLT_MAX first; RZ then gives 0xfe without
// saturation, and RP still overflows.
TEST(ConvertVectors, F64BeyondF32RangeToE8M0) {
  const DType e8 = DType::f8e8m0();
  const double big = std::ldexp(1.0, 128);  // 2^128, finite in f64
  EXPECT_EQ(encode_f64(big, e8, {Rounding::TowardZero, false}), 0xfeu);
  EXPECT_EQ(encode_f64(big, e8, {Rounding::TowardZero, true}), 0xfeu);
  EXPECT_EQ(encode_f64(big, e8, {Rounding::TowardPosInf, false}), 0xffu);
  EXPECT_EQ(encode_f64(big, e8, {Rounding::TowardPosInf, true}), 0xfeu);
  EXPECT_EQ(encode_f64(INFINITY, e8, {Rounding::TowardZero, false}), 0xffu);
}

TEST(ConvertVectors, F64NanIsCanonicalWhateverItsSignAndPayload) {
  const double negative_nan = std::bit_cast<double>(std::uint64_t{0xfff0000000000001});
  EXPECT_EQ(encode_f64(negative_nan, DType::fp8e4m3(), kSat), 0x7fu);
  EXPECT_EQ(encode_f64(negative_nan, DType::fp8e5m2(), kNoSat), 0x7fu);
  EXPECT_EQ(encode_f64(negative_nan, DType::f8e8m0(), kRp), 0xffu);
  EXPECT_EQ(encode_f64(negative_nan, DType::f16(), kNoSat), 0x7fffu);
  EXPECT_EQ(encode_f64(negative_nan, DType::bf16(), kNoSat), 0x7fffu);
  EXPECT_EQ(encode_f64(negative_nan, DType::f32(), kNoSat), 0x7fffffffu);
  EXPECT_EQ(encode_f64(negative_nan, DType::f6e2m3(), kRz), 0x1fu);
  EXPECT_EQ(encode_f64(negative_nan, DType::f4e2m1(), kSat), 0x7u);
}

TEST(ConvertVectors, F64ToF32) {
  const DType f32 = DType::f32();
  EXPECT_EQ(encode_f64(1.0 + 0x1p-24, f32, kNoSat), 0x3f800000u);  // tie to even
  EXPECT_EQ(encode_f64(1.0 + 0x1p-24 + 0x1p-52, f32, kNoSat), 0x3f800001u);
  EXPECT_EQ(encode_f64(1.0 + 0x3p-24, f32, kNoSat), 0x3f800002u);  // tie to even, upward
  EXPECT_EQ(encode_f64(-0.1, f32, kNoSat), 0xbdcccccdu);
  // The largest finite f32 is (2^24 - 1) * 2^104; the tie with 2^128 overflows.
  EXPECT_EQ(encode_f64(0x1.fffffefffffffp127, f32, kNoSat), 0x7f7fffffu);
  EXPECT_EQ(encode_f64(0x1.ffffffp127, f32, kNoSat), 0x7f800000u);
  EXPECT_EQ(encode_f64(-0x1.ffffffp127, f32, kNoSat), 0xff800000u);
  EXPECT_EQ(encode_f64(0x1.ffffffp127, f32, kSat), 0x7f7fffffu);
  EXPECT_EQ(encode_f64(-kInf, f32, kSat), 0xff7fffffu);
  EXPECT_EQ(encode_f64(kInf, f32, kNoSat), 0x7f800000u);
  EXPECT_EQ(encode_f64(0x1p-150, f32, kNoSat), 0x00000000u);  // tie with 0
  EXPECT_EQ(encode_f64(0x1.0000000000001p-150, f32, kNoSat), 0x00000001u);
  EXPECT_EQ(encode_f64(-0x1p-1074, f32, kNoSat), 0x80000000u);
  EXPECT_EQ(encode_f64(0x1.fffffep-127, f32, kNoSat), 0x00800000u);  // tie: up to min normal
  EXPECT_EQ(encode_f64(-0.0, f32, kNoSat), 0x80000000u);
}

TEST(ConvertVectors, TinyNegativesUnderflowToNegativeZero) {
  EXPECT_EQ(encode_f64(-0x1p-30, DType::fp8e4m3(), kSat), 0x80u);
  EXPECT_EQ(encode_f64(-0x1p-30, DType::fp8e5m2(), kSat), 0x80u);
  EXPECT_EQ(encode_f64(-0x1p-30, DType::f6e2m3(), kSat), 0x20u);
  EXPECT_EQ(encode_f64(-0x1p-30, DType::f6e3m2(), kRz), 0x20u);
  EXPECT_EQ(encode_f64(-0.25, DType::f4e2m1(), kSat), 0x8u);
  EXPECT_EQ(encode_f64(-0.49, DType::f4e2m1(), kRz), 0x8u);
  EXPECT_EQ(encode_f64(-0x1p-30, DType::f16(), kNoSat), 0x8000u);
  EXPECT_EQ(encode_f64(-0x1p-140, DType::bf16(), kNoSat), 0x8000u);
  // f8e8m0 has no sign: |x| is converted and tiny values clip to 0x00.
  EXPECT_EQ(encode_f64(-0x1p-300, DType::f8e8m0(), kRp), 0x00u);
  EXPECT_EQ(encode_f64(-0.0, DType::f8e8m0(), kRz), 0x00u);
  EXPECT_EQ(encode_f64(-0x1p-126, DType::f8e8m0(), kRz), 0x01u);
}

TEST(ConvertVectors, ToIntegersTruncateAndSaturate) {
  const DType i8 = DType::i8(), i32 = DType::i32(), i64 = DType::i64();
  EXPECT_EQ(encode_f64(127.9, i8, kRz), 0x7fu);
  EXPECT_EQ(encode_f64(128.0, i8, kRz), 0x7fu);
  EXPECT_EQ(encode_f64(-128.9, i8, kRz), 0x80u);
  EXPECT_EQ(encode_f64(-1e9, i8, kRz), 0x80u);
  EXPECT_EQ(encode_f64(-1.5, i8, kRz), 0xffu);
  EXPECT_EQ(encode_f64(-0.9, i8, kRz), 0x00u);
  EXPECT_EQ(encode_f64(kNaN, i8, kRz), 0x00u);
  EXPECT_EQ(encode_f64(kInf, i8, kRz), 0x7fu);
  EXPECT_EQ(encode_f64(-kInf, i8, kRz), 0x80u);
  EXPECT_EQ(encode_f64(2147483647.9, i32, kRz), 0x7fffffffu);
  EXPECT_EQ(encode_f64(0x1p31, i32, kRz), 0x7fffffffu);
  EXPECT_EQ(encode_f64(-0x1p31, i32, kRz), 0x80000000u);
  EXPECT_EQ(encode_f64(-2147483648.9, i32, kRz), 0x80000000u);
  EXPECT_EQ(encode_f64(-3e-300, i32, kRz), 0x0u);
  EXPECT_EQ(encode_f64(0x1p62 + 0x1p10, i64, kRz), 0x4000000000000400u);
  EXPECT_EQ(encode_f64(0x1p63, i64, kRz), 0x7fffffffffffffffu);
  EXPECT_EQ(encode_f64(-0x1p63, i64, kRz), 0x8000000000000000u);
  EXPECT_EQ(encode_f64(1e300, i64, kRz), 0x7fffffffffffffffu);
  EXPECT_EQ(encode_f32(-0x1.fffffep62f, i64, kRz), 0x8000008000000000u);
}

TEST(ConvertVectors, FromIntegers) {
  EXPECT_EQ(decode_f64(0x80, DType::i8()), -128.0);
  EXPECT_EQ(decode_f64(0x7fffffff, DType::i32()), 2147483647.0);
  EXPECT_EQ(decode_f64(0x80000000, DType::i32()), -2147483648.0);
  EXPECT_EQ(decode_f64(0x8000000000000000u, DType::i64()), -0x1p63);
  // 2^53 + 1 is a tie between 2^53 and 2^53 + 2: even wins. 2^53 + 3 goes up.
  EXPECT_EQ(decode_f64(0x20000000000001u, DType::i64()), 0x1p53);
  EXPECT_EQ(decode_f64(0x20000000000003u, DType::i64()), 0x1p53 + 4);
  EXPECT_EQ(decode_f32(16777217, DType::i32()), 16777216.0f);
  EXPECT_EQ(decode_f32(0x7fffffff, DType::i32()), 0x1p31f);
  EXPECT_EQ(decode_f32(0xffffffffffffffffu, DType::i64()), -1.0f);
}

TEST(ConvertVectors, ToAndFromBool) {
  const DType b = DType::boolean();
  const CastMode mode = default_cast_mode(b);
  EXPECT_EQ(encode_f64(0.0, b, mode), 0u);
  EXPECT_EQ(encode_f64(-0.0, b, mode), 0u);
  EXPECT_EQ(encode_f64(1e-300, b, mode), 1u);
  EXPECT_EQ(encode_f64(-2.0, b, mode), 1u);
  EXPECT_EQ(encode_f64(kNaN, b, mode), 1u);
  EXPECT_EQ(encode_f64(-kInf, b, mode), 1u);
  EXPECT_EQ(decode_f64(1, b), 1.0);
  EXPECT_EQ(decode_f64(0, b), 0.0);
}

TEST(ConvertVectors, CanonicalNanCodes) {
  EXPECT_EQ(canonical_nan_code(DType::fp8e4m3()), 0x7fu);
  EXPECT_EQ(canonical_nan_code(DType::fp8e5m2()), 0x7fu);
  EXPECT_EQ(canonical_nan_code(DType::f8e8m0()), 0xffu);
  EXPECT_EQ(canonical_nan_code(DType::f16()), 0x7fffu);
  EXPECT_EQ(canonical_nan_code(DType::bf16()), 0x7fffu);
  EXPECT_EQ(canonical_nan_code(DType::f32()), 0x7fffffffu);
  EXPECT_EQ(canonical_nan_code(DType::f6e3m2()), std::nullopt);
  EXPECT_EQ(canonical_nan_code(DType::f6e2m3()), std::nullopt);
  EXPECT_EQ(canonical_nan_code(DType::f4e2m1()), std::nullopt);
  EXPECT_EQ(canonical_nan_code(DType::i32()), std::nullopt);
  EXPECT_EQ(canonical_nan_code(DType::boolean()), std::nullopt);
}

TEST(ConvertVectors, UncheckedModeIsAnInternalError) {
  EXPECT_THROW((void)encode_f64(1.0, DType::fp8e4m3(), kRp), InternalError);
  EXPECT_THROW((void)encode_f64(1.0, DType::f8e8m0(), kSat), InternalError);
  EXPECT_THROW((void)encode_f32(1.0f, DType::f4e2m1(), {Rounding::NearestEven, false}),
               InternalError);
}

// The examples of the rule catalogue: a Cast round trip through each low-precision dtype.
// covers: TYPES.3.DTYPE.eval-cast-fp8e4m3, TYPES.3.DTYPE.eval-cast-f8e8m0
TEST(ConvertVectors, CatalogueRoundTrips) {
  for (float x : {1.0f, 0.5f}) {
    const DType t = DType::fp8e4m3();
    EXPECT_EQ(decode_f32(encode_f32(x, t, default_cast_mode(t)), t), x);
  }
  for (float x : {2.0f, 0.25f}) {
    const DType t = DType::f8e8m0();
    EXPECT_EQ(decode_f32(encode_f32(x, t, default_cast_mode(t)), t), x);
  }
}

}  // namespace
}  // namespace tf::numerics
