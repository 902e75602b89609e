// Block-scaled quantize / dequantize: the MX vectors M1-M16 and NVFP4 vectors N1-N4 of
// docs/numerics.md "Test vectors", the exact scale rules at their edges, and bad input.
#include "ir/numerics/block_scale.h"

#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "ir/numerics/mx_scale.h"

namespace tf::numerics {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }
float from_bits(std::uint32_t b) { return std::bit_cast<float>(b); }

/// `n` values: `head` followed by zeros.
std::vector<float> padded(std::vector<float> head, std::size_t n) {
  head.resize(n, 0.0f);
  return head;
}

struct MxCase {
  DType element;
  ScaleMethod method;
  std::vector<float> block;              ///< the non-zero head of a 32-element block
  std::uint8_t scale;
  std::vector<std::uint8_t> codes;       ///< codes of the head; the rest must be zero codes
  std::vector<float> decoded;            ///< dequantized head
};

/// Quantizes one 32-element block and checks every code and every dequantized value exactly.
void expect_mx_block(const MxCase& c) {
  SCOPED_TRACE(::testing::Message() << c.element.name() << " " << scale_method_name(c.method));
  const std::vector<float> values = padded(c.block, 32);
  const std::vector<std::int64_t> shape = {32};
  const BlockScaleFormat format = mx_format(c.element);
  const Result<BlockScaledValue> q = quantize(values, shape, format, c.method);
  ASSERT_TRUE(q.ok()) << q.diagnostics().front().render();
  ASSERT_EQ(q->block_scales.size(), 1u);
  EXPECT_EQ(q->block_scales[0], c.scale);
  EXPECT_FALSE(q->tensor_scale_bits.has_value());
  ASSERT_EQ(q->element_codes.size(), 32u);
  for (std::size_t i = 0; i < 32; ++i) {
    const std::uint8_t want = i < c.codes.size() ? c.codes[i] : 0x00;
    EXPECT_EQ(q->element_codes[i], want) << "element " << i;
  }
  const std::vector<float> d = dequantize(*q, format);
  ASSERT_EQ(d.size(), 32u);
  for (std::size_t i = 0; i < 32; ++i) {
    const float want = i < c.decoded.size() ? c.decoded[i] : 0.0f;
    if (std::isnan(want)) EXPECT_TRUE(std::isnan(d[i])) << "element " << i;
    else EXPECT_EQ(bits(d[i]), bits(want)) << "element " << i << ": " << d[i] << " vs " << want;
  }
}

const ScaleMethod kOcp = ScaleMethod::Ocp;
const ScaleMethod kRceil = ScaleMethod::Rceil;

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleMx, M1_E4m3OcpClipsTheBlockMaximum) {
  expect_mx_block({DType::fp8e4m3(), kOcp, {1.9f, 0.5f, -0.03f}, 0x77, {0x7e, 0x70, 0xcf},
                   {1.75f, 0.5f, -0.029296875f}});
}

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleMx, M2_E4m3RceilRoundsTheScaleUp) {
  expect_mx_block({DType::fp8e4m3(), kRceil, {1.9f, 0.5f, -0.03f}, 0x78, {0x77, 0x68, 0xc7},
                   {1.875f, 0.5f, -0.029296875f}});
}

TEST(BlockScaleMx, M3_E4m3BothMethodsAgreeAtTheElementMaximum) {
  for (ScaleMethod m : {kOcp, kRceil})
    expect_mx_block({DType::fp8e4m3(), m, {448.0f, 1.0f, -3.0f}, 0x7f, {0x7e, 0x38, 0xc4},
                     {448.0f, 1.0f, -3.0f}});
}

TEST(BlockScaleMx, M4_ZeroBlockGetsScale00AndZeroCodesInEveryFormat) {
  for (DType el : {DType::fp8e4m3(), DType::fp8e5m2(), DType::f6e3m2(), DType::f6e2m3(),
                   DType::f4e2m1(), DType::i8()})
    for (ScaleMethod m : {kOcp, kRceil}) expect_mx_block({el, m, {}, 0x00, {}, {}});
}

TEST(BlockScaleMx, M5_E5m2) {
  for (ScaleMethod m : {kOcp, kRceil})
    expect_mx_block({DType::fp8e5m2(), m, {100000.0f, -1.0f, 3.0f}, 0x80, {0x7a, 0xb8, 0x3e},
                     {98304.0f, -1.0f, 3.0f}});
}

TEST(BlockScaleMx, M6_E3m2OcpClips) {
  expect_mx_block({DType::f6e3m2(), kOcp, {30.0f, 1.0f, -0.3f}, 0x7f, {0x1f, 0x0c, 0x25},
                   {28.0f, 1.0f, -0.3125f}});
}

TEST(BlockScaleMx, M7_E3m2Rceil) {
  expect_mx_block({DType::f6e3m2(), kRceil, {30.0f, 1.0f, -0.3f}, 0x80, {0x1c, 0x08, 0x22},
                   {32.0f, 1.0f, -0.25f}});
}

TEST(BlockScaleMx, M8_E2m3) {
  for (ScaleMethod m : {kOcp, kRceil})
    expect_mx_block({DType::f6e2m3(), m, {5.0f, 0.3f, -7.0f}, 0x7f, {0x1a, 0x02, 0x3e},
                     {5.0f, 0.25f, -7.0f}});
}

TEST(BlockScaleMx, M9_E2m1) {
  for (ScaleMethod m : {kOcp, kRceil})
    expect_mx_block({DType::f4e2m1(), m, {6.0f, 1.0f, 0.7f, -2.5f, 0.25f}, 0x7f,
                     {0x7, 0x2, 0x1, 0xc, 0x0}, {6.0f, 1.0f, 0.5f, -2.0f, 0.0f}});
}

TEST(BlockScaleMx, M10_E2m1OcpClips) {
  expect_mx_block({DType::f4e2m1(), kOcp, {7.0f, 1.0f, -0.75f}, 0x7f, {0x7, 0x2, 0xa},
                   {6.0f, 1.0f, -1.0f}});
}

TEST(BlockScaleMx, M11_E2m1Rceil) {
  expect_mx_block({DType::f4e2m1(), kRceil, {7.0f, 1.0f, -0.75f}, 0x80, {0x6, 0x1, 0x9},
                   {8.0f, 1.0f, -1.0f}});
}

TEST(BlockScaleMx, M12_Mxint8) {
  for (ScaleMethod m : {kOcp, kRceil})
    expect_mx_block({DType::i8(), m, {3.0f, 1.0f, -3.0f, 0.01f}, 0x80, {0x60, 0x20, 0xa0, 0x00},
                     {3.0f, 1.0f, -3.0f, 0.0f}});
}

TEST(BlockScaleMx, M13_Mxint8) {
  for (ScaleMethod m : {kOcp, kRceil})
    expect_mx_block({DType::i8(), m, {1.0f, 0.3f, -1.0f}, 0x7f, {0x40, 0x13, 0xc0},
                     {1.0f, 0.296875f, -1.0f}});
}

TEST(BlockScaleMx, M14_E2m1ElementsRoundHalfToEven) {
  expect_mx_block({DType::f4e2m1(), kOcp, {6.0f, 2.5f}, 0x7f, {0x7, 0x4}, {6.0f, 2.0f}});
}

TEST(BlockScaleMx, M15_Mxint8ElementsRoundHalfToEven) {
  expect_mx_block({DType::i8(), kOcp, {1.0f, 2.5f / 64.0f}, 0x7f, {0x40, 0x02},
                   {1.0f, 0.03125f}});
}

// M16, torchao's policy, chosen for both MX methods: a NaN or an Inf anywhere in the block
// gives scale 0xFF; the elements encode V_i as if the scale were 2^0; the block decodes to NaN.
TEST(BlockScaleMx, M16_NanInTheBlockMakesTheWholeBlockNan) {
  const float n = kNaN;
  for (ScaleMethod m : {kOcp, kRceil}) {
    std::vector<float> all_nan(32, n);
    expect_mx_block({DType::fp8e4m3(), m, {kNaN, 1.0f}, 0xff, {0x7f, 0x38}, all_nan});
    expect_mx_block({DType::fp8e4m3(), m, {kInf, -1.0f, 3.0f}, 0xff, {0x7e, 0xb8, 0x44},
                     all_nan});
    expect_mx_block({DType::fp8e5m2(), m, {1.0f, -kInf}, 0xff, {0x3c, 0xfb}, all_nan});
    expect_mx_block({DType::f4e2m1(), m, {kNaN, -0.5f}, 0xff, {0x7, 0x9}, all_nan});
    expect_mx_block({DType::i8(), m, {kNaN, kInf, -kInf, 0.5f}, 0xff, {0x00, 0x7f, 0x81, 0x20},
                     all_nan});
  }
}

TEST(BlockScaleMx, NonFiniteBlockDoesNotTouchItsNeighbours) {
  std::vector<float> values = padded({2.0f}, 96);
  values[40] = kNaN;
  values[64] = 0.75f;
  const std::vector<std::int64_t> shape = {96};
  const BlockScaleFormat format = mx_format(DType::fp8e4m3());
  const auto q = quantize(values, shape, format, kOcp);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->block_scales, (std::vector<std::uint8_t>{0x78, 0xff, 0x76}));
  const auto d = dequantize(*q, format);
  EXPECT_EQ(d[0], 2.0f);
  for (int i = 32; i < 64; ++i) EXPECT_TRUE(std::isnan(d[i])) << i;
  EXPECT_EQ(d[64], 0.75f);
}

TEST(BlockScaleMx, NegativeZeroKeepsItsSign) {
  const auto q = quantize(padded({-0.0f}, 32), std::vector<std::int64_t>{32},
                          mx_format(DType::fp8e4m3()), kOcp);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->block_scales[0], 0x00);
  EXPECT_EQ(q->element_codes[0], 0x80);
  EXPECT_EQ(bits(dequantize(*q, mx_format(DType::fp8e4m3()))[0]), 0x80000000u);
}

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleMx, ScalesAreRowMajorOverTheLeadingAxesAndBlocksOfTheLastAxis) {
  // Shape (2, 64): blocks (row 0, 0..31), (row 0, 32..63), (row 1, 0..31), (row 1, 32..63).
  std::vector<float> values(128, 0.0f);
  values[0] = 1.0f;      // block 0: 2^0 -> shared exp 0 - 8
  values[32] = 4.0f;     // block 1: 2^2
  values[64] = 0.25f;    // block 2: 2^-2
  values[127] = -16.0f;  // block 3: 2^4
  const std::vector<std::int64_t> shape = {2, 64};
  const BlockScaleFormat format = mx_format(DType::fp8e4m3());
  const auto q = quantize(values, shape, format, kOcp);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->shape, shape);
  EXPECT_EQ(q->block_scales, (std::vector<std::uint8_t>{127 - 8, 129 - 8, 125 - 8, 131 - 8}));
  EXPECT_EQ(dequantize(*q, format), values);
}

// The OCP exponent comes from the exponent field, exactly, also for subnormal and huge amax.
TEST(BlockScaleMx, OcpScaleAtTheEdgesOfF32) {
  EXPECT_EQ(mx::floor_log2(from_bits(0x00000001)), -149);
  EXPECT_EQ(mx::floor_log2(from_bits(0x007fffff)), -127);
  EXPECT_EQ(mx::floor_log2(from_bits(0x00400000)), -127);
  EXPECT_EQ(mx::floor_log2(from_bits(0x00800000)), -126);
  EXPECT_EQ(mx::floor_log2(from_bits(0x3f7fffff)), -1);  // log2f would round this to 0
  EXPECT_EQ(mx::floor_log2(-1.0f), 0);
  EXPECT_EQ(mx::floor_log2(FLT_MAX), 127);
  EXPECT_EQ(mx::ocp_scale_code(from_bits(0x00000001), DType::i8()), 0x00);
  EXPECT_EQ(mx::ocp_scale_code(from_bits(0x00800000), DType::i8()), 0x01);  // 2^-126
  EXPECT_EQ(mx::ocp_scale_code(from_bits(0x00800000), DType::f4e2m1()), 0x00);  // clamped
  EXPECT_EQ(mx::ocp_scale_code(FLT_MAX, DType::f4e2m1()), 0xfc);   // 2^125
  EXPECT_EQ(mx::ocp_scale_code(FLT_MAX, DType::fp8e5m2()), 0xef);  // 2^112
  EXPECT_EQ(mx::ocp_scale_code(FLT_MAX, DType::i8()), 0xfe);       // 2^127
  EXPECT_EQ(mx::ocp_scale_code(0.0f, DType::fp8e4m3()), 0x00);
}

// RCEIL is E8M0 RP SAT of the exact amax / max_elem: 2^ceil(log2(amax / max_elem)).
TEST(BlockScaleMx, RceilScaleIsTheExactCeiling) {
  const DType e4m3 = DType::fp8e4m3();
  EXPECT_EQ(mx::rceil_scale_code(448.0f, e4m3), 0x7f);
  EXPECT_EQ(mx::rceil_scale_code(std::nextafter(448.0f, 1000.0f), e4m3), 0x80);
  EXPECT_EQ(mx::rceil_scale_code(std::nextafter(448.0f, 0.0f), e4m3), 0x7f);
  EXPECT_EQ(mx::rceil_scale_code(56.0f, e4m3), 0x7c);   // 448 * 2^-3
  EXPECT_EQ(mx::rceil_scale_code(6.0f, DType::f4e2m1()), 0x7f);
  EXPECT_EQ(mx::rceil_scale_code(6.0000005f, DType::f4e2m1()), 0x80);
  EXPECT_EQ(mx::rceil_scale_code(7.5f, DType::f6e2m3()), 0x7f);
  EXPECT_EQ(mx::rceil_scale_code(1.984375f, DType::i8()), 0x7f);   // 127/64
  EXPECT_EQ(mx::rceil_scale_code(1.9921875f, DType::i8()), 0x80);  // 255/128 > 127/64
  EXPECT_EQ(mx::rceil_scale_code(from_bits(0x00000001), DType::f4e2m1()), 0x00);  // clipped
  EXPECT_EQ(mx::rceil_scale_code(0.0f, e4m3), 0x00);
  // FLT_MAX / (127/64) > 2^127: saturates to 0xFE, and the elements saturate to 127.
  EXPECT_EQ(mx::rceil_scale_code(FLT_MAX, DType::i8()), 0xfe);
  const auto q = quantize(padded({FLT_MAX}, 32), std::vector<std::int64_t>{32},
                          mx_format(DType::i8()), kRceil);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->block_scales[0], 0xfe);
  EXPECT_EQ(q->element_codes[0], 0x7f);
}

// Tiny blocks scale by 2^-127 exactly: no flush like TE's b = 0 multiplier of 1.
TEST(BlockScaleMx, TinyBlocksAreScaledByTwoToTheMinus127) {
  const float tiny = std::ldexp(1.0f, -130);  // f32 subnormal
  for (ScaleMethod m : {kOcp, kRceil}) {
    const auto q = quantize(padded({tiny, -3 * std::ldexp(1.0f, -136)}, 32),
                            std::vector<std::int64_t>{32}, mx_format(DType::fp8e4m3()), m);
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(q->block_scales[0], 0x00);
    EXPECT_EQ(q->element_codes[0], 0x20);  // 2^-3
    EXPECT_EQ(q->element_codes[1], 0x83);  // -3 * 2^-9
    const auto d = dequantize(*q, mx_format(DType::fp8e4m3()));
    EXPECT_EQ(d[0], tiny);
    EXPECT_EQ(d[1], -3 * std::ldexp(1.0f, -136));
  }
}

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleMx, DequantizeRoundsOnceAndOverflowsToInf) {
  const BlockScaleFormat format = mx_format(DType::fp8e5m2());
  BlockScaledValue v;
  v.shape = {32};
  v.element_codes.assign(32, 0);
  v.element_codes[0] = 0x7b;  // 57344
  v.element_codes[1] = 0x7c;  // +Inf
  v.element_codes[2] = 0x7e;  // NaN
  v.element_codes[3] = 0x01;  // 2^-16
  v.block_scales = {0xfe};    // 2^127
  auto d = dequantize(v, format);
  EXPECT_EQ(d[0], kInf);
  EXPECT_EQ(d[1], kInf);
  EXPECT_TRUE(std::isnan(d[2]));
  EXPECT_EQ(d[3], std::ldexp(1.0f, 111));
  v.block_scales = {0x00};  // 2^-127: 2^-16 * 2^-127 = 2^-143, an f32 subnormal
  d = dequantize(v, format);
  EXPECT_EQ(bits(d[3]), 0x00000040u);
}

// ---------------------------------------------------------------------------------------------
// NVFP4 (docs/numerics.md "Test vectors"): three 16-element blocks, global amax 10.

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleNvfp4, N1toN3) {
  std::vector<float> values(48, 0.0f);
  const std::vector<float> n1 = {10.0f, -5.0f, 1.0f, 0.3f};
  const std::vector<float> n2 = {0.75f, 0.1f, -0.05f};
  const std::vector<float> n3 = {0.001f, 0.0005f};
  std::copy(n1.begin(), n1.end(), values.begin());
  std::copy(n2.begin(), n2.end(), values.begin() + 16);
  std::copy(n3.begin(), n3.end(), values.begin() + 32);
  const std::vector<std::int64_t> shape = {48};
  const BlockScaleFormat format = nvfp4_format();
  const auto q = quantize(values, shape, format, ScaleMethod::Nvfp4);
  ASSERT_TRUE(q.ok()) << q.diagnostics().front().render();

  // S_enc = 2688 / 10 = 268.79998779296875 (0x43866666); s_global = 1 / S_enc.
  ASSERT_TRUE(q->tensor_scale_bits.has_value());
  EXPECT_EQ(*q->tensor_scale_bits, 0x3b73cf3eu);
  EXPECT_NEAR(from_bits(*q->tensor_scale_bits), 0.0037202383, 1e-10);
  EXPECT_EQ(bits(1.0f / from_bits(0x43866666)), 0x3b73cf3eu);

  EXPECT_EQ(q->block_scales, (std::vector<std::uint8_t>{0x7e, 0x60, 0x13}));
  const std::vector<std::uint8_t> want_codes = {
      0x7, 0xd, 0x1, 0x0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // N1
      0x7, 0x2, 0x9, 0,   0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // N2: 0.75 * 8.4 saturates
      0x7, 0x5, 0,   0,   0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}; // N3
  EXPECT_EQ(q->element_codes, want_codes);

  // The exact products e2m1 * e4m3 * s_global rounded once to f32. The table prints the exact
  // products to 7-8 digits (10.0000007 is 10.00000066, not an f32); each f32 result lies within
  // half an f32 ulp of its exact product. 6 * 32 * s_global is an exact tie between two f32
  // values (3 * the 24-bit significand ends in binary 10), rounded to the even one, 0.71428573.
  struct Want {
    std::size_t index;
    double element, block_scale;
    std::uint32_t f32_bits;
    double printed, printed_precision;
  };
  const Want wants[] = {
      {0, 6, 448, 0x41200001, 10.0000007, 5e-8},
      {1, -3, 448, 0xc0a00001, -5.0000003, 5e-8},
      {2, 0.5, 448, 0x3f555556, 0.8333, 5e-5},
      {16, 6, 32, 0x3f36db6e, 0.7142858, 5e-8},
      {17, 1, 32, 0x3df3cf3e, 0.1190476, 5e-8},
      {18, -0.5, 32, 0xbd73cf3e, -0.0595238, 5e-8},
      {32, 6, 0.04296875, 0x3a7b6db8, 0.00095912, 5e-9},
      {33, 3, 0.04296875, 0x39fb6db8, 0.00047956, 5e-9},
  };
  const double s_global = from_bits(*q->tensor_scale_bits);
  const std::vector<float> d = dequantize(*q, format);
  for (const Want& w : wants) {
    SCOPED_TRACE(::testing::Message() << "element " << w.index);
    EXPECT_EQ(bits(d[w.index]), w.f32_bits) << d[w.index];
    const double exact = w.element * w.block_scale * s_global;
    EXPECT_NEAR(exact, w.printed, w.printed_precision);
    const float mag = std::fabs(d[w.index]);
    EXPECT_LE(std::fabs(d[w.index] - exact), (std::nextafter(mag, kInf) - mag) / 2);
  }
  EXPECT_EQ(6 * 32 * s_global - 0.7142857313156128, 0.7142857909202576 - 6 * 32 * s_global);
  for (std::size_t i = 0; i < 48; ++i)
    if (want_codes[i] == 0) {
      EXPECT_EQ(bits(d[i]), 0u) << i;
    }
}

TEST(BlockScaleNvfp4, FormulaIntermediatesMatchTheTable) {
  // S_dec_b = bamax * (S_enc * fl(1/6)) and mult = 1 / (e4m3 * s_global), in f32.
  const float s_enc = 2688.0f / 10.0f;
  EXPECT_EQ(bits(s_enc), 0x43866666u);
  const float inv6 = 1.0f / 6.0f;
  EXPECT_EQ(10.0f * (s_enc * inv6), 448.0f);
  const float s_global = 1.0f / s_enc;
  EXPECT_EQ(1.0f / (448.0f * s_global), 0.59999996f);
  EXPECT_EQ(1.0f / (32.0f * s_global), 8.4f);
  EXPECT_EQ(1.0f / (0.04296875f * s_global), 6255.7085f);
}

TEST(BlockScaleNvfp4, N4_ZeroTensor) {
  const std::vector<float> values(32, 0.0f);
  const auto q = quantize(values, std::vector<std::int64_t>{2, 16}, nvfp4_format(),
                          ScaleMethod::Nvfp4);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(*q->tensor_scale_bits, bits(1.0f));  // S_enc = 1
  EXPECT_EQ(q->block_scales, (std::vector<std::uint8_t>{0x00, 0x00}));
  EXPECT_EQ(q->element_codes, std::vector<std::uint8_t>(32, 0x0));
  EXPECT_EQ(dequantize(*q, nvfp4_format()), values);
}

TEST(BlockScaleNvfp4, NonFiniteValuesMakeANanBlockAndStayOutOfTheTensorAmax) {
  std::vector<float> values(32, 0.0f);
  values[0] = 10.0f;
  values[16] = kNaN;
  values[17] = 100.0f;  // finite, in the NaN block: still counts toward the tensor amax
  values[18] = -kInf;
  values[19] = 0.5f;
  const auto q = quantize(values, std::vector<std::int64_t>{32}, nvfp4_format(),
                          ScaleMethod::Nvfp4);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(*q->tensor_scale_bits, bits(1.0f / (2688.0f / 100.0f)));
  EXPECT_EQ(q->block_scales[1], 0x7f);
  // The NaN block's codes: RN-SAT(x_i), NaN -> +max.
  EXPECT_EQ(q->element_codes[16], 0x7);
  EXPECT_EQ(q->element_codes[17], 0x7);
  EXPECT_EQ(q->element_codes[18], 0xf);
  EXPECT_EQ(q->element_codes[19], 0x1);
  const auto d = dequantize(*q, nvfp4_format());
  EXPECT_FALSE(std::isnan(d[0]));
  for (int i = 16; i < 32; ++i) EXPECT_TRUE(std::isnan(d[i])) << i;
}

TEST(BlockScaleNvfp4, BlockWhoseScaleUnderflowsDecodesToZero) {
  // bamax * S_enc / 6 < 2^-10: the E4M3 scale rounds to 0, mult is FLT_MAX, the block is 0.
  std::vector<float> values(32, 0.0f);
  values[0] = 1.0f;
  values[16] = 1e-7f;
  const auto q = quantize(values, std::vector<std::int64_t>{32}, nvfp4_format(),
                          ScaleMethod::Nvfp4);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->block_scales[1], 0x00);
  EXPECT_EQ(q->element_codes[16], 0x7);  // 1e-7 * FLT_MAX saturates to 6
  EXPECT_EQ(dequantize(*q, nvfp4_format())[16], 0.0f);
}

// covers: DTREP.BLOCKSCALED.logical-value
TEST(BlockScaleNvfp4, LogicalValueIsTheProductOfElementAndEveryScale) {
  // The rules.tsv example: element 1.5 with block scale 2.0 and tensor scale 0.25 is 0.75.
  BlockScaledValue v;
  v.shape = {16};
  v.element_codes.assign(16, 0);
  v.element_codes[0] = 0x3;  // E2M1 1.5
  v.element_codes[1] = 0xb;  // E2M1 -1.5
  v.block_scales = {0x40};   // E4M3 2.0
  v.tensor_scale_bits = bits(0.25f);
  const auto d = dequantize(v, nvfp4_format());
  EXPECT_EQ(d[0], 0.75f);
  EXPECT_EQ(d[1], -0.75f);
  EXPECT_EQ(d[2], 0.0f);
}

// ---------------------------------------------------------------------------------------------
// Bad input.

// covers: DTREP.LEVELEXTENT.int-cardinality
TEST(BlockScaleBadInput, LastAxisNotAMultipleOfTheBlock) {
  const std::vector<float> values(2 * 48, 1.0f);
  const std::vector<std::int64_t> shape = {2, 48};
  const auto q = quantize(values, shape, mx_format(DType::f4e2m1()), kOcp);
  ASSERT_FALSE(q.ok());
  ASSERT_EQ(q.diagnostics().size(), 1u);
  EXPECT_EQ(q.diagnostics()[0].rule_id, "DTREP.LEVELEXTENT.int-cardinality");
  EXPECT_NE(q.diagnostics()[0].message.find("48"), std::string::npos);

  const std::vector<float> v24(24, 1.0f);
  const auto n = quantize(v24, std::vector<std::int64_t>{24}, nvfp4_format(), ScaleMethod::Nvfp4);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.diagnostics()[0].rule_id, "DTREP.LEVELEXTENT.int-cardinality");

  // Only the last axis counts: (48, 32) is fine, (32, 48) is not.
  const std::vector<float> v(48 * 32, 0.0f);
  EXPECT_TRUE(quantize(v, std::vector<std::int64_t>{48, 32}, mx_format(DType::i8()), kOcp).ok());
  EXPECT_FALSE(quantize(v, std::vector<std::int64_t>{32, 48}, mx_format(DType::i8()), kOcp).ok());
}

// covers: DTREP.LEVELEXTENT.int-cardinality
TEST(BlockScaleBadInput, ScalePlaneOfTheWrongCardinality) {
  BlockScaledValue v;
  v.shape = {64};
  v.element_codes.assign(64, 0);
  v.block_scales = {0x7f};  // needs 2
  const auto r = check_planes(v, mx_format(DType::fp8e4m3()));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].rule_id, "DTREP.LEVELEXTENT.int-cardinality");
  EXPECT_THROW((void)dequantize(v, mx_format(DType::fp8e4m3())), InternalError);
}

TEST(BlockScaleBadInput, MalformedPlanes) {
  BlockScaledValue v;
  v.shape = {32};
  v.element_codes.assign(32, 0);
  v.element_codes[5] = 0x10;  // does not fit 4 bits
  v.block_scales = {0x7f};
  auto r = check_planes(v, mx_format(DType::f4e2m1()));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Usage);
  v.element_codes[5] = 0;
  EXPECT_TRUE(check_planes(v, mx_format(DType::f4e2m1())).ok());
  v.tensor_scale_bits = bits(1.0f);
  EXPECT_FALSE(check_planes(v, mx_format(DType::f4e2m1())).ok());
  v.shape = {31};
  EXPECT_FALSE(check_planes(v, mx_format(DType::f4e2m1())).ok());
}

TEST(BlockScaleBadInput, RankZeroSizeMismatchAndNegativeExtent) {
  const std::vector<float> one(1, 1.0f);
  const auto r0 = quantize(one, std::vector<std::int64_t>{}, mx_format(DType::fp8e4m3()), kOcp);
  ASSERT_FALSE(r0.ok());
  EXPECT_EQ(r0.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_TRUE(r0.diagnostics()[0].rule_id.empty());

  const std::vector<float> v31(31, 1.0f);
  const auto mismatch =
      quantize(v31, std::vector<std::int64_t>{32}, mx_format(DType::fp8e4m3()), kOcp);
  ASSERT_FALSE(mismatch.ok());
  EXPECT_EQ(mismatch.diagnostics()[0].category, DiagCategory::Usage);

  const auto negative =
      quantize(v31, std::vector<std::int64_t>{-1, 32}, mx_format(DType::fp8e4m3()), kOcp);
  ASSERT_FALSE(negative.ok());
  EXPECT_EQ(negative.diagnostics()[0].category, DiagCategory::Usage);

  // An empty tensor is fine: zero blocks.
  const auto empty = quantize(std::vector<float>{}, std::vector<std::int64_t>{0, 32},
                              mx_format(DType::fp8e4m3()), kOcp);
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->block_scales.empty());
}

TEST(BlockScaleBadInput, MethodTheFormatDoesNotSupport) {
  const std::vector<float> v32(32, 1.0f);
  const std::vector<std::int64_t> shape = {32};
  for (DType el : {DType::fp8e4m3(), DType::f4e2m1(), DType::i8()}) {
    const auto r = quantize(v32, shape, mx_format(el), ScaleMethod::Nvfp4);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Usage);
    EXPECT_NE(r.diagnostics()[0].message.find("nvfp4"), std::string::npos);
  }
  for (ScaleMethod m : {kOcp, kRceil}) {
    const auto r = quantize(std::span(v32).first(16), std::vector<std::int64_t>{16},
                            nvfp4_format(), m);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.diagnostics()[0].category, DiagCategory::Usage);
  }
  EXPECT_TRUE(method_supported(nvfp4_format(), ScaleMethod::Nvfp4));
  EXPECT_FALSE(method_supported(nvfp4_format(), kOcp));
  EXPECT_TRUE(method_supported(mx_format(DType::f4e2m1()), kRceil));
  BlockScaleFormat e4m3_scaled = nvfp4_format();
  e4m3_scaled.element = DType::fp8e4m3();
  EXPECT_FALSE(method_supported(e4m3_scaled, ScaleMethod::Nvfp4));
}

TEST(BlockScaleBadInput, MalformedFormat) {
  const std::vector<float> v32(32, 1.0f);
  const std::vector<std::int64_t> shape = {32};
  BlockScaleFormat f = mx_format(DType::fp8e4m3());
  f.element = DType::f32();
  EXPECT_FALSE(quantize(v32, shape, f, kOcp).ok());
  f = mx_format(DType::fp8e4m3());
  f.block_size = 0;
  const auto zero_block = quantize(v32, shape, f, kOcp);
  ASSERT_FALSE(zero_block.ok());
  EXPECT_EQ(zero_block.diagnostics()[0].category, DiagCategory::Usage);
  f = mx_format(DType::fp8e4m3());
  f.block_scale = DType::bf16();
  EXPECT_FALSE(quantize(v32, shape, f, kOcp).ok());
}

TEST(BlockScale, OtherBlockSizesWork) {
  BlockScaleFormat f = mx_format(DType::f4e2m1());
  f.block_size = 8;
  const std::vector<float> values = {6, 1, 0, 0, 0, 0, 0, 0, 12, 2, 0, 0, 0, 0, 0, 0};
  const auto q = quantize(values, std::vector<std::int64_t>{16}, f, kOcp);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->block_scales, (std::vector<std::uint8_t>{0x7f, 0x80}));
  EXPECT_EQ(dequantize(*q, f), values);
}

TEST(BlockScale, MethodNames) {
  for (ScaleMethod m : {kOcp, kRceil, ScaleMethod::Nvfp4})
    EXPECT_EQ(scale_method_from_name(scale_method_name(m)), m);
  EXPECT_STREQ(scale_method_name(kOcp), "ocp");
  EXPECT_STREQ(scale_method_name(kRceil), "rceil");
  EXPECT_STREQ(scale_method_name(ScaleMethod::Nvfp4), "nvfp4");
  EXPECT_EQ(scale_method_from_name("floor"), std::nullopt);
  EXPECT_EQ(scale_method_from_name("OCP"), std::nullopt);
}

TEST(BlockScale, BuiltinFormats) {
  for (DType el : {DType::fp8e4m3(), DType::fp8e5m2(), DType::f6e3m2(), DType::f6e2m3(),
                   DType::f4e2m1(), DType::i8()}) {
    const BlockScaleFormat f = mx_format(el);
    EXPECT_EQ(f.element, el);
    EXPECT_EQ(f.block_scale, DType::f8e8m0());
    EXPECT_EQ(f.block_size, 32);
    EXPECT_FALSE(f.tensor_scale.valid());
  }
  const BlockScaleFormat n = nvfp4_format();
  EXPECT_EQ(n.element, DType::f4e2m1());
  EXPECT_EQ(n.block_scale, DType::fp8e4m3());
  EXPECT_EQ(n.block_size, 16);
  EXPECT_EQ(n.tensor_scale, DType::f32());
  EXPECT_THROW((void)mx_format(DType::bf16()), InternalError);
}

}  // namespace
}  // namespace tf::numerics
