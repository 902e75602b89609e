// The batch kernels of convert.h (the benchmarked hot paths) against the CUDA 13 headers on the
// same f32 inputs as the scalar checks: encode_f32_to_fp8e4m3 / _fp8e5m2 with saturate true and
// false, and decode_fp8e4m3_to_f32 / decode_fp8e5m2_to_f32 on every byte. Zero mismatches
// required, NaN compared as a class; the first few are printed.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ir/numerics/convert.h"
#include "ir/numerics/cuda_host/header_conversions.h"
#include "ir/numerics/cuda_host/inputs.h"

namespace tf::numerics::cuda_host {
namespace {

using EncodeBatch = void (*)(std::span<const float>, std::span<std::uint8_t>, bool);
using DecodeBatch = void (*)(std::span<const std::uint8_t>, std::span<float>);

const EncodeCase& find(std::string_view name) {
  for (const EncodeCase& c : encode_cases())
    if (name == c.name) return c;
  ADD_FAILURE() << "no case " << name;
  return encode_cases()[0];
}

void check_encode(const char* case_name, EncodeBatch batch, bool saturate) {
  const EncodeCase& c = find(case_name);
  const std::vector<std::uint32_t> bits = f32_inputs();
  std::vector<float> in(bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i) in[i] = std::bit_cast<float>(bits[i]);
  std::vector<std::uint8_t> out(in.size());
  batch(in, out, saturate);
  std::size_t mismatches = 0;
  std::string shown;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::uint64_t want = c.header_f32(in[i]);
    if (want == out[i] || (c.is_nan(want) && c.is_nan(out[i]))) continue;
    char line[128];
    std::snprintf(line, sizeof line,
                  "  input 0x%08x  mode %s (batch)  expected 0x%02llx  got 0x%02x\n", bits[i],
                  c.name, static_cast<unsigned long long>(want), out[i]);
    if (++mismatches <= 8) shown += line;
  }
  std::printf("[cuda-host] %-45s batch: %zu inputs, %zu mismatches\n", c.name, in.size(),
              mismatches);
  EXPECT_EQ(mismatches, 0u) << shown;
}

TEST(HeaderBatchParity, EncodeFp8e4m3) {
  check_encode("fp8e4m3 __NV_SATFINITE", encode_f32_to_fp8e4m3, true);
  check_encode("fp8e4m3 __NV_NOSAT", encode_f32_to_fp8e4m3, false);
}

TEST(HeaderBatchParity, EncodeFp8e5m2) {
  check_encode("fp8e5m2 __NV_SATFINITE", encode_f32_to_fp8e5m2, true);
  check_encode("fp8e5m2 __NV_NOSAT", encode_f32_to_fp8e5m2, false);
}

void check_decode(DType source, DecodeBatch batch) {
  const DecodeCase* c = nullptr;
  for (const DecodeCase& d : decode_cases())
    if (d.source == source && d.code_count == 256) c = &d;
  ASSERT_NE(c, nullptr);
  std::vector<std::uint8_t> in(256);
  for (int i = 0; i < 256; ++i) in[i] = static_cast<std::uint8_t>(i);
  std::vector<float> out(256);
  batch(in, out);
  for (int i = 0; i < 256; ++i) {
    const float want = c->header(static_cast<std::uint32_t>(i));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(out[i])) << c->name << " (batch) code " << i;
    } else {
      EXPECT_EQ(std::bit_cast<std::uint32_t>(out[i]), std::bit_cast<std::uint32_t>(want))
          << c->name << " (batch) code " << i;
    }
  }
}

TEST(HeaderBatchParity, DecodeFp8) {
  check_decode(DType::fp8e4m3(), decode_fp8e4m3_to_f32);
  check_decode(DType::fp8e5m2(), decode_fp8e5m2_to_f32);
}

}  // namespace
}  // namespace tf::numerics::cuda_host
