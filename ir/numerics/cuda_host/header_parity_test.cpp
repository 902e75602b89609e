// Checks tf::numerics' exact conversions against the CUDA 13 headers' host conversion functions
// (docs/decisions.md D4: the defaults are what CUDA computes, so oracle and kernel agree).
//
// Contract under test: for every EncodeCase and every input of inputs.h, encode_f32 (f32 inputs)
// and encode_f64 (f64 inputs) return the header's code, NaN codes compared as a class; for every
// code of every narrow format, decode_f32 returns the header's decoded f32 bit for bit and
// decode_f64 its exact double, NaN compared as a class. Zero mismatches are required; the first
// few are printed as (input bits, mode, expected = header, got = tf::numerics).
#include <gtest/gtest.h>

#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>

#include "ir/numerics/convert.h"
#include "ir/numerics/cuda_host/header_conversions.h"
#include "ir/numerics/cuda_host/inputs.h"

namespace tf::numerics::cuda_host {
namespace {

constexpr std::size_t kShownMismatches = 8;

const std::vector<std::uint32_t>& f32_set() {
  static const std::vector<std::uint32_t> kSet = f32_inputs();
  return kSet;
}
const std::vector<std::uint64_t>& f64_set() {
  static const std::vector<std::uint64_t> kSet = f64_inputs();
  return kSet;
}

std::string hex(std::uint64_t v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

// Runs `header` and `tf` on every input; returns the report of the mismatches ("" if none).
template <typename Bits, typename Header, typename Tf>
std::string compare_all(const EncodeCase& c, const std::vector<Bits>& inputs, Header header, Tf tf,
                        const char* input_kind) {
  const int digits = sizeof(Bits) * 2;
  std::size_t mismatches = 0;
  std::string shown;
  for (Bits bits : inputs) {
    const std::uint64_t want = header(bits);
    const std::uint64_t got = tf(bits);
    if (want == got || (c.is_nan(want) && c.is_nan(got))) continue;
    if (++mismatches <= kShownMismatches)
      shown += "  input " + hex(bits, digits) + "  mode " + c.name + "  expected " + hex(want, 2) +
               "  got " + hex(got, 2) + "\n";
  }
  std::printf("[cuda-host] %-45s %s: %zu inputs, %zu mismatches\n", c.name, input_kind,
              inputs.size(), mismatches);
  if (mismatches == 0) return "";
  return std::to_string(mismatches) + " mismatches on " + input_kind + " inputs; first:\n" + shown;
}

class EncodeParity : public testing::TestWithParam<std::size_t> {
 protected:
  const EncodeCase& c() const { return encode_cases()[GetParam()]; }
};

TEST_P(EncodeParity, F32InputsMatchTheHeader) {
  const EncodeCase& c = this->c();
  ASSERT_TRUE(check_cast_mode(c.target, c.mode).ok()) << c.name;
  ASSERT_GE(f32_set().size(), 1000000u);
  const std::string report = compare_all(
      c, f32_set(), [&](std::uint32_t b) { return c.header_f32(std::bit_cast<float>(b)); },
      [&](std::uint32_t b) { return encode_f32(std::bit_cast<float>(b), c.target, c.mode); },
      "f32");
  EXPECT_TRUE(report.empty()) << report;
}

TEST_P(EncodeParity, F64InputsMatchTheHeader) {
  const EncodeCase& c = this->c();
  ASSERT_NE(c.header_f64, nullptr) << c.name;
  ASSERT_GE(f64_set().size(), 1000000u);
  const std::string report = compare_all(
      c, f64_set(), [&](std::uint64_t b) { return c.header_f64(std::bit_cast<double>(b)); },
      [&](std::uint64_t b) { return encode_f64(std::bit_cast<double>(b), c.target, c.mode); },
      "f64");
  EXPECT_TRUE(report.empty()) << report;
}

std::string case_test_name(const char* name) {
  std::string out;
  for (const char* p = name; *p; ++p)
    out += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllModes, EncodeParity,
                         testing::Range<std::size_t>(0, encode_cases().size()),
                         [](const testing::TestParamInfo<std::size_t>& info) {
                           return case_test_name(encode_cases()[info.param].name);
                         });

class DecodeParity : public testing::TestWithParam<std::size_t> {};

TEST_P(DecodeParity, EveryCodeMatchesTheHeader) {
  const DecodeCase& c = decode_cases()[GetParam()];
  std::size_t mismatches = 0;
  std::string shown;
  for (int code = 0; code < c.code_count; ++code) {
    const float want = c.header(static_cast<std::uint32_t>(code));
    const float got = decode_f32(static_cast<std::uint64_t>(code), c.source);
    const double got64 = decode_f64(static_cast<std::uint64_t>(code), c.source);
    const bool nan = std::isnan(want);
    const bool ok32 = nan ? std::isnan(got)
                          : std::bit_cast<std::uint32_t>(want) == std::bit_cast<std::uint32_t>(got);
    const bool ok64 = nan ? std::isnan(got64)
                          : std::bit_cast<std::uint64_t>(static_cast<double>(want)) ==
                                std::bit_cast<std::uint64_t>(got64);
    if (ok32 && ok64) continue;
    if (++mismatches <= kShownMismatches)
      shown += "  code " + hex(static_cast<std::uint64_t>(code), 2) + "  decode " + c.name +
               "  expected f32 " + hex(std::bit_cast<std::uint32_t>(want), 8) + "  got f32 " +
               hex(std::bit_cast<std::uint32_t>(got), 8) + " / f64 " +
               hex(std::bit_cast<std::uint64_t>(got64), 16) + "\n";
  }
  std::printf("[cuda-host] %-45s: %d codes, %zu mismatches\n", c.name, c.code_count, mismatches);
  EXPECT_EQ(mismatches, 0u) << shown;
}

INSTANTIATE_TEST_SUITE_P(AllFormats, DecodeParity,
                         testing::Range<std::size_t>(0, decode_cases().size()),
                         [](const testing::TestParamInfo<std::size_t>& info) {
                           return case_test_name(decode_cases()[info.param].name);
                         });

}  // namespace
}  // namespace tf::numerics::cuda_host
