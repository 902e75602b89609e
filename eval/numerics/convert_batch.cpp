// The batch kernels of convert.h: f32 <-> fp8e4m3 / fp8e5m2.
//
// Decode is a 256-entry table of f32 bits, filled once by the exact scalar decoder. Encode is a
// branch-free integer routine on the f32 bits that equals encode_f32 (the tests compare them on
// every fp8 value, every midpoint and its neighbours, and random bit patterns):
//   normal targets   RNE on the bit pattern: add (half - 1) plus the kept lsb, shift, rebias;
//   subnormal targets RNE of the integer significand shifted to the subnormal quantum;
//   overflow         any rounded code above max finite (Inf included) -> max or the NOSAT code;
//   NaN              the canonical NaN 0x7F.
#include <array>
#include <bit>

#include "eval/numerics/convert.h"
#include "ir/support/check.h"

namespace tf::numerics {
namespace {

/// RNE encode of f32 bits into an fp8 format with kExponentBits / kMantissaBits (bias
/// 2^(e-1) - 1) whose largest finite code is kMaxCode; `overflow_code` is the unsigned code of
/// an overflow (kMaxCode when saturating, else the NOSAT NaN / Inf code).
template <int kExponentBits, int kMantissaBits, std::uint32_t kMaxCode>
inline std::uint8_t encode_fp8_bits(std::uint32_t bits, std::uint32_t overflow_code) {
  constexpr int kBias = (1 << (kExponentBits - 1)) - 1;
  constexpr int kDropped = 23 - kMantissaBits;
  constexpr std::uint32_t kRebias = static_cast<std::uint32_t>(127 - kBias) << kMantissaBits;
  constexpr std::uint32_t kMinNormalBiased = 127 - kBias + 1;  // f32 biased exponent of 2^(1-bias)
  // value = m * 2^(biased - 150); the subnormal quantum is 2^(1 - bias - p).
  constexpr int kSubnormalShiftBase = 150 + 1 - kBias - kMantissaBits;

  const std::uint32_t sign = (bits >> 24) & 0x80u;
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
  const std::uint32_t biased = magnitude >> 23;

  const std::uint32_t kept_lsb = (magnitude >> kDropped) & 1u;
  const std::uint32_t normal =
      ((magnitude + ((1u << (kDropped - 1)) - 1u) + kept_lsb) >> kDropped) - kRebias;

  const std::uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;
  int shift = kSubnormalShiftBase - static_cast<int>(biased);
  shift = shift < 1 ? 1 : (shift > 31 ? 31 : shift);  // >= 25 already rounds to 0
  const std::uint32_t kept = significand >> shift;
  const std::uint32_t rest = significand & ((1u << shift) - 1u);
  const std::uint32_t half = 1u << (shift - 1);
  const std::uint32_t subnormal = kept + ((rest > half) | ((rest == half) & kept));

  std::uint32_t code = biased < kMinNormalBiased ? subnormal : normal;
  code = code > kMaxCode ? overflow_code : code;
  code |= sign;
  return static_cast<std::uint8_t>(magnitude > 0x7F800000u ? 0x7Fu : code);
}

/// kNoSatOverflow: the unsigned NOSAT overflow code (NaN 0x7F for E4M3, Inf 0x7C for E5M2).
template <int kExponentBits, int kMantissaBits, std::uint32_t kMaxCode,
          std::uint32_t kNoSatOverflow>
void encode_fp8_batch(std::span<const float> in, std::span<std::uint8_t> out, bool saturate) {
  TF_CHECK(out.size() >= in.size(), "output span shorter than input ({} < {})", out.size(),
           in.size());
  const std::uint32_t overflow_code = saturate ? kMaxCode : kNoSatOverflow;
  const float* src = in.data();
  std::uint8_t* dst = out.data();
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i)
    dst[i] = encode_fp8_bits<kExponentBits, kMantissaBits, kMaxCode>(
        std::bit_cast<std::uint32_t>(src[i]), overflow_code);
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
  TF_CHECK(out.size() >= in.size(), "output span shorter than input ({} < {})", out.size(),
           in.size());
  const std::uint8_t* src = in.data();
  float* dst = out.data();
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i) dst[i] = std::bit_cast<float>(table[src[i]]);
}

}  // namespace

void encode_f32_to_fp8e4m3(std::span<const float> in, std::span<std::uint8_t> out,
                           bool saturate) {
  encode_fp8_batch<4, 3, 0x7E, 0x7F>(in, out, saturate);
}

void encode_f32_to_fp8e5m2(std::span<const float> in, std::span<std::uint8_t> out,
                           bool saturate) {
  encode_fp8_batch<5, 2, 0x7B, 0x7C>(in, out, saturate);
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
