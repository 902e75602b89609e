// tf::numerics::quantize for the five float MX formats (Ocp and Rceil) against a quantizer built
// from the CUDA 13 headers' host conversions (block_scale.h contract, docs/decisions.md D3):
//   Ocp   scale = __nv_cvt_double_to_e8m0(amax * 2^-emax_elem, SAT, RZ)
//   Rceil scale = __nv_cvt_double_to_e8m0(amax / max_elem, SAT, RP)
//   element_i = the header's double -> element conversion (fp8 SATFINITE, fp6 / fp4 RN) of
//               V_i * 2^(127 - scale), formed in double.
// The products are exact in double; amax / max_elem is not, but it is never within 2^-53 of a
// power of two unless equal to it, so RP of the rounded quotient is RP of the exact one. Blocks
// are finite (the NaN / Inf policy is tf's own), seeded: N(0,1) x 2^k with k in [-150, 120]
// per block (f32 subnormal blocks included), all-zero blocks, one-element blocks and blocks
// holding the element's exact max times a power of two. MXINT8 and NVFP4 have no header
// counterpart and are not covered here.
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "ir/numerics/block_scale.h"

namespace tf::numerics {
namespace {

constexpr int kBlock = 32;
constexpr int kBlocks = 40000;

struct MxElement {
  const char* name;
  DType (*dtype)();
  int emax;
  double max;
  std::uint8_t (*encode)(double);  // the header's RN, saturating conversion
};

const std::array<MxElement, 5> kElements = {{
    {"fp8e4m3", DType::fp8e4m3, 8, 448.0,
     [](double v) -> std::uint8_t { return __nv_cvt_double_to_fp8(v, __NV_SATFINITE, __NV_E4M3); }},
    {"fp8e5m2", DType::fp8e5m2, 15, 57344.0,
     [](double v) -> std::uint8_t { return __nv_cvt_double_to_fp8(v, __NV_SATFINITE, __NV_E5M2); }},
    {"f6e3m2", DType::f6e3m2, 4, 28.0,
     [](double v) -> std::uint8_t {
       return __nv_cvt_double_to_fp6(v, __NV_E3M2, cudaRoundNearest);
     }},
    {"f6e2m3", DType::f6e2m3, 2, 7.5,
     [](double v) -> std::uint8_t {
       return __nv_cvt_double_to_fp6(v, __NV_E2M3, cudaRoundNearest);
     }},
    {"f4e2m1", DType::f4e2m1, 2, 6.0,
     [](double v) -> std::uint8_t {
       return __nv_cvt_double_to_fp4(v, __NV_E2M1, cudaRoundNearest);
     }},
}};

std::vector<float> mx_inputs(const MxElement& e) {
  std::mt19937_64 rng(20261129);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int> exponent(-150, 120);
  std::vector<float> v(static_cast<std::size_t>(kBlocks) * kBlock, 0.0f);
  for (int b = 0; b < kBlocks; ++b) {
    float* x = &v[static_cast<std::size_t>(b) * kBlock];
    const int k = exponent(rng);
    switch (b % 8) {
      case 0:  // all zero (signed zeros)
        for (int i = 0; i < kBlock; ++i) x[i] = (i % 2) ? -0.0f : 0.0f;
        break;
      case 1:  // one non-zero element
        x[rng() % kBlock] = static_cast<float>(std::ldexp(normal(rng), k));
        break;
      case 2:  // the element's max times 2^k, and its f32 neighbours
        x[0] = static_cast<float>(std::ldexp(e.max, std::min(k, 100)));
        x[1] = std::nextafter(x[0], 0.0f);
        x[2] = -std::nextafter(x[0], INFINITY);
        for (int i = 3; i < kBlock; ++i)
          x[i] = static_cast<float>(std::ldexp(normal(rng), std::min(k, 100)));
        break;
      default:
        for (int i = 0; i < kBlock; ++i) x[i] = static_cast<float>(std::ldexp(normal(rng), k));
    }
  }
  return v;
}

std::uint8_t header_scale(double amax, const MxElement& e, ScaleMethod method) {
  return method == ScaleMethod::Ocp
             ? __nv_cvt_double_to_e8m0(std::ldexp(amax, -e.emax), __NV_SATFINITE, cudaRoundZero)
             : __nv_cvt_double_to_e8m0(amax / e.max, __NV_SATFINITE, cudaRoundPosInf);
}

void check(const MxElement& e, ScaleMethod method) {
  const std::vector<float> in = mx_inputs(e);
  const std::array<std::int64_t, 2> shape = {kBlocks / 4, 4 * kBlock};
  const Result<BlockScaledValue> q = quantize(in, shape, mx_format(e.dtype()), method);
  ASSERT_TRUE(q.ok()) << e.name;
  ASSERT_EQ(q->block_scales.size(), static_cast<std::size_t>(kBlocks));
  ASSERT_EQ(q->element_codes.size(), in.size());
  std::size_t mismatches = 0;
  std::string shown;
  for (int b = 0; b < kBlocks; ++b) {
    const float* x = &in[static_cast<std::size_t>(b) * kBlock];
    double amax = 0;
    for (int i = 0; i < kBlock; ++i) amax = std::max(amax, std::fabs(static_cast<double>(x[i])));
    const std::uint8_t scale = header_scale(amax, e, method);
    const bool scale_ok = q->block_scales[b] == scale;
    int bad_element = -1;
    std::uint8_t want = 0;
    for (int i = 0; i < kBlock && bad_element < 0; ++i) {
      want = e.encode(std::ldexp(static_cast<double>(x[i]), 127 - scale));
      if (q->element_codes[static_cast<std::size_t>(b) * kBlock + i] != want) bad_element = i;
    }
    if (scale_ok && bad_element < 0) continue;
    char line[200];
    if (!scale_ok)
      std::snprintf(line, sizeof line, "  block %d amax %a: scale expected 0x%02x got 0x%02x\n", b,
                    amax, scale, q->block_scales[b]);
    else
      std::snprintf(line, sizeof line,
                    "  block %d element %d input %a: expected 0x%02x got 0x%02x\n", b, bad_element,
                    static_cast<double>(x[bad_element]), want,
                    q->element_codes[static_cast<std::size_t>(b) * kBlock + bad_element]);
    if (++mismatches <= 8) shown += line;
  }
  std::printf("[cuda-host] MX %-8s %-5s: %d blocks, %zu mismatching blocks\n", e.name,
              scale_method_name(method), kBlocks, mismatches);
  EXPECT_EQ(mismatches, 0u) << e.name << " " << scale_method_name(method) << "\n" << shown;
}

TEST(HeaderMxParity, OcpMatchesTheHeaderQuantizer) {
  for (const MxElement& e : kElements) check(e, ScaleMethod::Ocp);
}

TEST(HeaderMxParity, RceilMatchesTheHeaderQuantizer) {
  for (const MxElement& e : kElements) check(e, ScaleMethod::Rceil);
}

}  // namespace
}  // namespace tf::numerics
