// The batch kernels of convert.h: f32 <-> fp8e4m3 / fp8e5m2.
//
// Decode is a 256-entry table of f32 bits, filled once by the exact scalar decoder. Encode is the
// branch-free integer routine of narrow_float_encode.h on the f32 bits, which equals encode_f32
// (the tests compare them on every fp8 value, every midpoint and its neighbours, random bit
// patterns, and in the fuzz sweep all 2^32 patterns). The encode loops carry TF_SIMD_CLONES
// (simd_clones.h): the same source also compiled for AVX-512 and AVX2, where g++ vectorizes it,
// and selected at load time; integer code only, so every version gives the same bytes.
#include <array>
#include <bit>

#include "ir/numerics/convert.h"
#include "ir/numerics/narrow_float_encode.h"
#include "ir/numerics/simd_clones.h"
#include "ir/support/check.h"

namespace tf::numerics {
namespace {

TF_SIMD_CLONES void encode_fp8e4m3_loop(const float* __restrict src, std::uint8_t* __restrict dst,
                                        std::size_t n, std::uint32_t overflow_code) {
  for (std::size_t i = 0; i < n; ++i)
    dst[i] = encode_fp8e4m3_bits(std::bit_cast<std::uint32_t>(src[i]), overflow_code);
}

TF_SIMD_CLONES void encode_fp8e5m2_loop(const float* __restrict src, std::uint8_t* __restrict dst,
                                        std::size_t n, std::uint32_t overflow_code) {
  for (std::size_t i = 0; i < n; ++i)
    dst[i] = encode_fp8e5m2_bits(std::bit_cast<std::uint32_t>(src[i]), overflow_code);
}

void check_lengths(std::size_t in, std::size_t out) {
  TF_CHECK(out >= in, "output span shorter than input ({} < {})", out, in);
}

using DecodeTable = std::array<std::uint32_t, 256>;

DecodeTable build_decode_table(DType source) {
  DecodeTable table{};
  for (std::uint32_t code = 0; code < 256; ++code)
    table[code] = std::bit_cast<std::uint32_t>(decode_f32(code, source));
  return table;
}

void decode_fp8_batch(const DecodeTable& table, std::span<const std::uint8_t> in,
                      std::span<float> out) {
  check_lengths(in.size(), out.size());
  const std::uint8_t* src = in.data();
  float* dst = out.data();
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i) dst[i] = std::bit_cast<float>(table[src[i]]);
}

}  // namespace

void encode_f32_to_fp8e4m3(std::span<const float> in, std::span<std::uint8_t> out,
                           bool saturate) {
  check_lengths(in.size(), out.size());
  // Overflow: 448 (0x7E) saturating, else the NaN 0x7F.
  encode_fp8e4m3_loop(in.data(), out.data(), in.size(), saturate ? 0x7Eu : 0x7Fu);
}

void encode_f32_to_fp8e5m2(std::span<const float> in, std::span<std::uint8_t> out,
                           bool saturate) {
  check_lengths(in.size(), out.size());
  // Overflow: 57344 (0x7B) saturating, else Inf 0x7C.
  encode_fp8e5m2_loop(in.data(), out.data(), in.size(), saturate ? 0x7Bu : 0x7Cu);
}

void decode_fp8e4m3_to_f32(std::span<const std::uint8_t> in, std::span<float> out) {
  static const DecodeTable table = build_decode_table(DType::fp8e4m3());
  decode_fp8_batch(table, in, out);
}

void decode_fp8e5m2_to_f32(std::span<const std::uint8_t> in, std::span<float> out) {
  static const DecodeTable table = build_decode_table(DType::fp8e5m2());
  decode_fp8_batch(table, in, out);
}

}  // namespace tf::numerics
