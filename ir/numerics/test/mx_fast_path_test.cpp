// The fast MX quantize path (mx_fast_path.h) against the exact reference mx::quantize_block,
// block by block: scale code and every element code must be equal, for all six MX element
// dtypes and both methods (Ocp, Rceil).
//
// The law runs on RapidCheck-generated tensors of 1-4 blocks (RC_PARAMS: 200 cases in the unit
// run, 10,000 in mx_fast_path_fuzz). Each block is one of these kinds:
//   arbitrary   finite f32 bit patterns (amax usually huge, many elements far below it);
//   clustered   values within 2^-40 .. 2^1 of a random binade 2^k, k in [-149, 127] (huge and
//               tiny amax, f32-subnormal scaled elements when the spread is wide);
//   ties        an element's max times 2^s (fixing the scale to 2^s) and grid points, midpoints
//               (RNE ties) and their f32 neighbours times 2^s, s in [-150, 112]; a third of
//               them from the largest magnitudes (saturation, the MXINT8 -127.5 tie);
//   zero        +0 / -0 only;
//   subnormal   f32 subnormals and zeros (the fast path hands these blocks to the reference);
//   wide        one value near 2^k and the others down to 2^(k-180): scaled values that are
//               f32 subnormals or vanish;
//   nonfinite   a clustered block with one to three NaN (any payload, either sign) or +-Inf.
// Block sizes are mostly 32, sometimes 1, 3, 16 or 64 (the fast path takes any size).
// The deterministic tests add every grid point, midpoint and neighbour at fixed scales, and
// the narrow float encoders against encode_f32 on the fp6 / fp4 grids and a strided sweep.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/mx_fast_path.h"
#include "ir/numerics/mx_scale.h"
#include "ir/numerics/narrow_float_encode.h"
#include "ir/support/testing/law_runner.h"
#include "ir/support/check.h"

namespace tf::numerics {
namespace {

std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }
float from_bits(std::uint32_t b) { return std::bit_cast<float>(b); }

const std::vector<DType>& mx_elements() {
  static const std::vector<DType> kAll = {DType::fp8e4m3(), DType::fp8e5m2(), DType::f6e3m2(),
                                         DType::f6e2m3(),  DType::f4e2m1(),  DType::i8()};
  return kAll;
}

/// Every finite element value and every midpoint between neighbouring finite values, as exact
/// doubles (MXINT8: k / 64 for k in [-128, 127] and the half-way points).
std::vector<double> grid_and_midpoints(DType element) {
  std::vector<double> grid;
  for (int c = 0; c < (1 << element.bit_width()); ++c) {
    const double v = mx::decode_element(static_cast<std::uint8_t>(c), element);
    if (std::isfinite(v)) grid.push_back(v);
  }
  std::sort(grid.begin(), grid.end());
  std::vector<double> out = grid;
  for (std::size_t i = 0; i + 1 < grid.size(); ++i) out.push_back((grid[i] + grid[i + 1]) / 2);
  return out;
}

/// Compares the fast path on `values` (whole blocks of `block_size`) with the reference on
/// each block; returns a description of the first difference, empty when there is none.
std::string first_difference(const std::vector<float>& values, std::size_t block_size,
                             DType element, ScaleMethod method) {
  const std::size_t blocks = values.size() / block_size;
  std::vector<std::uint8_t> codes(values.size(), 0xAA), scales(blocks, 0xAA);
  mx::quantize_blocks_fast(values, static_cast<std::int64_t>(block_size), element, method, codes,
                           scales);
  std::vector<std::uint8_t> want(block_size);
  for (std::size_t b = 0; b < blocks; ++b) {
    const auto block = std::span(values).subspan(b * block_size, block_size);
    const std::uint8_t scale = mx::quantize_block(block, element, method, want);
    std::ostringstream os;
    os << std::hex << element.name() << " " << scale_method_name(method) << " block " << std::dec
       << b << std::hex << ": ";
    if (scales[b] != scale) {
      os << "scale expected 0x" << int(scale) << " got 0x" << int(scales[b]);
      return os.str();
    }
    for (std::size_t i = 0; i < block_size; ++i) {
      if (codes[b * block_size + i] == want[i]) continue;
      os << "element " << std::dec << i << std::hex << " input 0x" << bits(block[i])
         << " scale 0x" << int(scale) << ": expected 0x" << int(want[i]) << " got 0x"
         << int(codes[b * block_size + i]);
      return os.str();
    }
  }
  return {};
}

// ----- generators ---------------------------------------------------------------------------

enum class BlockKind { Arbitrary, Clustered, Ties, Zero, Subnormal, Wide, NonFinite };

/// A value in [2^e, 2^(e+1)) (f32-rounded; may be subnormal or 0 for e < -126) with a random
/// sign and significand; e <= 127 keeps it finite.
rc::Gen<float> gen_in_binade(int e) {
  return rc::gen::map(rc::gen::pair(rc::gen::inRange<std::uint32_t>(0, 1u << 23),
                                    rc::gen::arbitrary<bool>()),
                      [e](std::pair<std::uint32_t, bool> p) {
                        const double v = std::ldexp(1.0 + std::ldexp(double(p.first), -23), e);
                        return static_cast<float>(p.second ? -v : v);
                      });
}

std::vector<float> gen_clustered(std::size_t n) {
  const int k = *rc::gen::inRange(-149, 128);
  std::vector<float> out(n);
  for (float& v : out) {
    const int d = *rc::gen::oneOf(rc::gen::inRange(-3, 1), rc::gen::inRange(-40, 1));
    v = *gen_in_binade(std::min(k + d, 127));
  }
  return out;
}

std::vector<float> gen_ties(std::size_t n, DType element) {
  const std::vector<double> points = grid_and_midpoints(element);
  std::vector<double> extremes = points;  // the four largest magnitudes of each sign: saturation
  std::sort(extremes.begin(), extremes.end());
  extremes.erase(extremes.begin() + 4, extremes.end() - 4);
  const int s = *rc::gen::inRange(-150, 113);
  std::vector<float> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double p = *rc::gen::oneOf(rc::gen::elementOf(points), rc::gen::elementOf(points),
                                     rc::gen::elementOf(extremes));
    float v = static_cast<float>(std::ldexp(p, s));
    const int step = *rc::gen::element(0, 0, 1, -1);  // the point itself or an f32 neighbour
    if (step != 0 && v != 0.0f) v = from_bits(bits(v) + static_cast<std::uint32_t>(step));
    out[i] = v;
  }
  const float top = static_cast<float>(std::ldexp(mx::element_max(element), s));
  out[*rc::gen::inRange<std::size_t>(0, n)] = *rc::gen::arbitrary<bool>() ? -top : top;
  return out;
}

std::vector<float> gen_wide(std::size_t n) {
  const int k = *rc::gen::inRange(-100, 128);
  std::vector<float> out(n);
  for (float& v : out) v = *gen_in_binade(std::max(k - *rc::gen::inRange(0, 181), -160));
  out[*rc::gen::inRange<std::size_t>(0, n)] = *gen_in_binade(k);
  return out;
}

std::vector<float> gen_block(BlockKind kind, std::size_t n, DType element) {
  switch (kind) {
    case BlockKind::Arbitrary:
      return *rc::gen::container<std::vector<float>>(
          n, rc::gen::map(rc::gen::suchThat(rc::gen::arbitrary<std::uint32_t>(),
                                            [](std::uint32_t b) {
                                              return std::isfinite(from_bits(b));
                                            }),
                          from_bits));
    case BlockKind::Clustered:
      return gen_clustered(n);
    case BlockKind::Ties:
      return gen_ties(n, element);
    case BlockKind::Zero:
      return *rc::gen::container<std::vector<float>>(n, rc::gen::element(0.0f, -0.0f));
    case BlockKind::Subnormal:
      return *rc::gen::container<std::vector<float>>(
          n, rc::gen::map(rc::gen::pair(rc::gen::inRange<std::uint32_t>(0, 1u << 23),
                                        rc::gen::arbitrary<bool>()),
                          [](std::pair<std::uint32_t, bool> p) {
                            return from_bits(p.first | (p.second ? 0x80000000u : 0u));
                          }));
    case BlockKind::Wide:
      return gen_wide(n);
    case BlockKind::NonFinite: {
      std::vector<float> out = gen_clustered(n);
      const int count = *rc::gen::inRange(1, 4);
      for (int j = 0; j < count; ++j) {
        const std::uint32_t special = *rc::gen::oneOf(
            rc::gen::element(0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u),
            rc::gen::map(rc::gen::inRange<std::uint32_t>(1, 1u << 23),
                         [](std::uint32_t m) { return 0x7F800000u | m; }));
        out[*rc::gen::inRange<std::size_t>(0, n)] = from_bits(special);
      }
      return out;
    }
  }
  return {};
}

enum class Route { ReferenceBlock, ReferenceElement };

/// Whether some block of `values` takes `route` in the fast path (for the case distribution
/// only; the law compares results, whatever the route): a block with a NaN, an Inf or a
/// subnormal amax goes to the reference whole; in the others, a non-zero element whose product
/// with 2^-scale is not a normal f32 (or which is itself subnormal) goes to the reference.
bool reaches(const std::vector<float>& values, std::size_t block_size, DType element,
             ScaleMethod method, Route route) {
  std::vector<std::uint8_t> codes(block_size);
  for (std::size_t b = 0; b < values.size() / block_size; ++b) {
    const auto block = std::span(values).subspan(b * block_size, block_size);
    std::uint32_t amax = 0;
    for (float v : block) amax = std::max(amax, bits(v) & 0x7FFFFFFFu);
    const bool whole = amax >= 0x7F800000u || (amax != 0 && amax < 0x00800000u);
    if (whole) {
      if (route == Route::ReferenceBlock) return true;
      continue;
    }
    const double scale = std::ldexp(1.0, mx::quantize_block(block, element, method, codes) - 127);
    for (float v : block)
      if (v != 0 && (std::fpclassify(v) == FP_SUBNORMAL ||
                     std::fabs(double(v)) / scale < std::numeric_limits<float>::min()) &&
          route == Route::ReferenceElement)
        return true;
  }
  return false;
}

TF_LAW(MxFastPathLaws, EqualsTheExactPathOnEveryBlock, ()) {
  const DType element = *rc::gen::elementOf(mx_elements());
  const ScaleMethod method = *rc::gen::element(ScaleMethod::Ocp, ScaleMethod::Rceil);
  const auto block_size = *rc::gen::element<std::size_t>(32, 32, 32, 32, 1, 3, 16, 64);
  const int blocks = *rc::gen::inRange(1, 5);
  std::vector<float> values;
  for (int b = 0; b < blocks; ++b) {
    const auto kind = *rc::gen::element(BlockKind::Arbitrary, BlockKind::Clustered,
                                        BlockKind::Ties, BlockKind::Ties, BlockKind::Zero,
                                        BlockKind::Subnormal, BlockKind::Wide,
                                        BlockKind::NonFinite);
    const std::vector<float> block = gen_block(kind, block_size, element);
    values.insert(values.end(), block.begin(), block.end());
  }
  RC_CLASSIFY(reaches(values, block_size, element, method, Route::ReferenceBlock),
              "a whole block to the reference");
  RC_CLASSIFY(reaches(values, block_size, element, method, Route::ReferenceElement),
              "elements to the reference");
  const std::string diff = first_difference(values, block_size, element, method);
  if (!diff.empty()) RC_FAIL(diff);
}

// ----- deterministic cases -------------------------------------------------------------------

/// Blocks of 32 that pin the scale to 2^s (x[0] = max_elem * 2^s, so both methods pick s) and
/// walk every grid point and midpoint times 2^s and their f32 neighbours.
std::vector<float> grid_walk(DType element, int s) {
  const std::vector<double> points = grid_and_midpoints(element);
  std::vector<float> inner;
  for (double p : points) {
    const float v = static_cast<float>(std::ldexp(p, s));
    inner.push_back(v);
    inner.push_back(from_bits(bits(v) + 1));
    if (v != 0.0f) inner.push_back(from_bits(bits(v) - 1));
  }
  std::vector<float> out;
  for (std::size_t i = 0; i < inner.size(); i += 31) {
    out.push_back(static_cast<float>(std::ldexp(mx::element_max(element), s)));
    for (std::size_t j = i; j < i + 31; ++j) out.push_back(j < inner.size() ? inner[j] : 0.0f);
  }
  return out;
}

TEST(MxFastPath, EqualsTheExactPathOnEveryGridPointMidpointAndNeighbour) {
  for (DType element : mx_elements())
    for (ScaleMethod method : {ScaleMethod::Ocp, ScaleMethod::Rceil})
      for (int s : {-150, -140, -133, -127, -126, -120, -64, -10, -1, 0, 1, 7, 30, 100, 112})
        EXPECT_EQ(first_difference(grid_walk(element, s), 32, element, method), "")
            << "scale 2^" << s;
}

TEST(MxFastPath, EqualsTheExactPathOnSeededBlocksAcrossTheRange) {
  std::mt19937_64 rng(20261129);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (DType element : mx_elements()) {
    std::vector<float> values;
    for (int k = -160; k <= 128; ++k)
      for (int i = 0; i < 32; ++i) values.push_back(static_cast<float>(std::ldexp(normal(rng), k)));
    for (ScaleMethod method : {ScaleMethod::Ocp, ScaleMethod::Rceil})
      EXPECT_EQ(first_difference(values, 32, element, method), "");
  }
}

TEST(MxFastPath, EdgeBlocks) {
  const float max = std::numeric_limits<float>::max();
  const float min_normal = std::numeric_limits<float>::min();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<std::vector<float>> blocks = {
      {0.0f, -0.0f, 0.0f, -0.0f},                 // zero block
      {max, -max, 1.0f, -min_normal},             // amax FLT_MAX
      {min_normal, -min_normal, 0.0f, -0.0f},     // smallest normal amax
      {min_normal, 1e-45f, -1e-45f, 0.0f},        // normal amax, subnormal elements
      {1e-45f, -3e-44f, 0.0f, -0.0f},             // subnormal amax
      {nan, 1.0f, -2.0f, 0.0f},                   // NaN block
      {-inf, 1.0f, 448.0f, -1e-45f},              // Inf block
      {1.0f, 1e-38f, -1e-38f, 1e-30f},            // scaled elements below 2^-126
  };
  for (DType element : mx_elements())
    for (ScaleMethod method : {ScaleMethod::Ocp, ScaleMethod::Rceil})
      for (const auto& block : blocks)
        EXPECT_EQ(first_difference(block, block.size(), element, method), "");
}

TEST(MxFastPath, QuantizeIntoReusesPlanesAndEqualsQuantize) {
  const std::vector<std::int64_t> shape = {2, 64};
  std::vector<float> values(128);
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<float>(std::ldexp(double(i) - 60.5, static_cast<int>(i % 7) - 3));
  for (DType element : mx_elements()) {
    const BlockScaleFormat format = mx_format(element);
    BlockScaledValue out;
    ASSERT_TRUE(quantize_into(values, shape, format, ScaleMethod::Rceil, out).empty());
    const std::uint8_t* storage = out.element_codes.data();
    ASSERT_TRUE(quantize_into(values, shape, format, ScaleMethod::Ocp, out).empty());
    EXPECT_EQ(out.element_codes.data(), storage);
    const Result<BlockScaledValue> q = quantize(values, shape, format, ScaleMethod::Ocp);
    ASSERT_TRUE(q.ok());
    EXPECT_EQ(out.shape, q->shape);
    EXPECT_EQ(out.element_codes, q->element_codes);
    EXPECT_EQ(out.block_scales, q->block_scales);
    EXPECT_EQ(out.tensor_scale_bits, q->tensor_scale_bits);
  }
  // A rejected call leaves the value unchanged.
  BlockScaledValue out;
  ASSERT_TRUE(quantize_into(values, shape, mx_format(DType::f4e2m1()), ScaleMethod::Ocp, out)
                  .empty());
  const BlockScaledValue before = out;
  const std::vector<std::int64_t> bad_shape = {2, 60};
  EXPECT_FALSE(
      quantize_into(values, bad_shape, mx_format(DType::f4e2m1()), ScaleMethod::Ocp, out).empty());
  EXPECT_EQ(out.element_codes, before.element_codes);
  EXPECT_EQ(out.shape, before.shape);
}

/// The narrow float encoders against encode_f32 on `inputs` (fp6 / fp4; fp8 is covered by
/// the batch tests in convert_exhaustive_test).
void expect_encoders_equal_scalar(const std::vector<std::uint32_t>& inputs) {
  const CastMode mode{Rounding::NearestEven, /*saturate=*/true};
  for (std::uint32_t b : inputs) {
    const float x = from_bits(b);
    ASSERT_EQ(encode_f6e3m2_bits(b), encode_f32(x, DType::f6e3m2(), mode)) << std::hex << b;
    ASSERT_EQ(encode_f6e2m3_bits(b), encode_f32(x, DType::f6e2m3(), mode)) << std::hex << b;
    ASSERT_EQ(encode_f4e2m1_bits(b), encode_f32(x, DType::f4e2m1(), mode)) << std::hex << b;
  }
}

TEST(NarrowFloatEncode, EqualsEncodeF32AroundEveryGridPointAndOnASweep) {
  std::vector<std::uint32_t> inputs;
  for (DType d : {DType::f6e3m2(), DType::f6e2m3(), DType::f4e2m1()})
    for (double p : grid_and_midpoints(d))
      for (int s = -3; s <= 3; ++s) {
        const std::uint32_t b = bits(static_cast<float>(std::ldexp(p, s)));
        for (std::uint32_t k = 0; k <= 2; ++k) inputs.insert(inputs.end(), {b + k, b - k});
      }
  for (int e = -149; e <= 127; ++e) {
    inputs.push_back(bits(std::ldexp(1.0f, e)));
    inputs.push_back(bits(-std::ldexp(1.0f, e)));
  }
  for (std::uint32_t special : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                0xffc00000u, 0x7f800001u, 0xffffffffu, 0x7fffffffu})
    inputs.push_back(special);
  for (std::uint64_t b = 0; b < (std::uint64_t{1} << 32); b += 65521)
    inputs.push_back(static_cast<std::uint32_t>(b));
  expect_encoders_equal_scalar(inputs);
}

TEST(MxFastPath, RejectsMisuse) {
  std::vector<float> values(32, 1.0f);
  std::vector<std::uint8_t> codes(32), scales(1);
  EXPECT_THROW(mx::quantize_blocks_fast(values, 32, DType::f4e2m1(), ScaleMethod::Nvfp4, codes,
                                        scales),
               InternalError);
  EXPECT_THROW(mx::quantize_blocks_fast(values, 32, DType::f32(), ScaleMethod::Ocp, codes,
                                        scales),
               InternalError);
  EXPECT_THROW(mx::quantize_blocks_fast(values, 30, DType::f4e2m1(), ScaleMethod::Ocp, codes,
                                        scales),
               InternalError);
  std::vector<std::uint8_t> short_codes(31);
  EXPECT_THROW(mx::quantize_blocks_fast(values, 32, DType::f4e2m1(), ScaleMethod::Ocp,
                                        short_codes, scales),
               InternalError);
}

}  // namespace
}  // namespace tf::numerics
