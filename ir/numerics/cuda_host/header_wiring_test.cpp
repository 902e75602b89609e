// Guards the harness itself: each EncodeCase must call the header with the arguments its name
// and CastMode claim. One vector per case (docs/numerics.md "Test vectors") that its sibling mode
// answers differently, so swapped SAT / NOSAT, RN / RZ or RZ / RP wiring fails here even if
// tf::numerics had the same swap.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <string_view>

#include "ir/numerics/cuda_host/header_conversions.h"

namespace tf::numerics::cuda_host {
namespace {

const EncodeCase& find(std::string_view name) {
  for (const EncodeCase& c : encode_cases())
    if (name == c.name) return c;
  ADD_FAILURE() << "no case " << name;
  return encode_cases()[0];
}

float f(std::uint32_t bits) {
  return std::bit_cast<float>(bits);
}

TEST(HeaderWiring, EachCaseComputesItsMode) {
  EXPECT_EQ(find("fp8e4m3 __NV_SATFINITE").header_f32(465.0f), 0x7Eu);
  EXPECT_EQ(find("fp8e4m3 __NV_NOSAT").header_f32(465.0f), 0x7Fu);
  EXPECT_EQ(find("fp8e5m2 __NV_SATFINITE").header_f32(61440.0f), 0x7Bu);
  EXPECT_EQ(find("fp8e5m2 __NV_NOSAT").header_f32(61440.0f), 0x7Cu);
  EXPECT_EQ(find("f8e8m0 cudaRoundZero __NV_SATFINITE").header_f32(3.0f), 0x80u);
  EXPECT_EQ(find("f8e8m0 cudaRoundPosInf __NV_SATFINITE").header_f32(3.0f), 0x81u);
  EXPECT_EQ(find("f8e8m0 cudaRoundZero __NV_NOSAT").header_f32(f(0x7F800000u)), 0xFFu);
  EXPECT_EQ(find("f8e8m0 cudaRoundZero __NV_SATFINITE").header_f32(f(0x7F800000u)), 0xFEu);
  EXPECT_EQ(find("f8e8m0 cudaRoundPosInf __NV_NOSAT").header_f32(f(0x7F61B1E6u)), 0xFFu);
  EXPECT_EQ(find("f8e8m0 cudaRoundPosInf __NV_SATFINITE").header_f32(f(0x7F61B1E6u)), 0xFEu);
  EXPECT_EQ(find("f6e2m3 cudaRoundNearest").header_f32(f(0x40E9999Au)), 0x1Fu);  // 7.3 -> 7.5
  EXPECT_EQ(find("f6e2m3 cudaRoundZero").header_f32(f(0x40E9999Au)), 0x1Eu);     // 7.3 -> 7
  EXPECT_EQ(find("f6e3m2 cudaRoundNearest").header_f32(27.0f), 0x1Fu);           // 28
  EXPECT_EQ(find("f6e3m2 cudaRoundZero").header_f32(27.0f), 0x1Eu);              // 24
  EXPECT_EQ(find("f4e2m1 cudaRoundNearest").header_f32(f(0xC039999Au)), 0xDu);   // -2.9 -> -3
  EXPECT_EQ(find("f4e2m1 cudaRoundZero").header_f32(f(0xC039999Au)), 0xCu);      // -2.9 -> -2
  EXPECT_EQ(find("bf16 __float2bfloat16 / __double2bfloat16").header_f32(f(0x3F818000u)), 0x3F82u);
  EXPECT_EQ(find("f16 __float2half / __double2half").header_f32(65520.0f), 0x7C00u);
}

TEST(HeaderWiring, DoubleVariantsRoundTheDoubleDirectly) {
  // 17 + 1e-12 rounds up to 18 (0x59) from the double, but would tie to 16 (0x58) via f32.
  EXPECT_EQ(find("fp8e4m3 __NV_SATFINITE").header_f64(17.0 + 1e-12), 0x59u);
  EXPECT_EQ(find("f8e8m0 cudaRoundPosInf __NV_SATFINITE").header_f64(1.0 + 0x1p-40), 0x80u);
}

}  // namespace
}  // namespace tf::numerics::cuda_host
