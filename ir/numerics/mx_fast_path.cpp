#include "ir/numerics/mx_fast_path.h"

#include <bit>

#include "ir/numerics/mx_scale.h"
#include "ir/numerics/narrow_float_encode.h"
#include "ir/numerics/simd_clones.h"
#include "ir/support/check.h"

namespace tf::numerics::mx {
namespace {

/// The MXINT8 code of the f32 with bits `bits`: clamp(RNE(v * 64), -127, 127) as an int8 bit
/// pattern, NaN -> 0 (encode_mxint8 in mx_scale.cpp). |v| * 64 = significand * 2^(B - 144), so
/// RNE to an integer drops 144 - B bits; B >= 144 means |v| * 64 >= 2^23, which the shift floor
/// of 1 still maps above 127.
inline std::uint8_t encode_mxint8_bits(std::uint32_t bits) {
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
  const std::uint32_t significand = (magnitude & 0x7FFFFFu) | 0x800000u;
  int shift = 144 - static_cast<int>(magnitude >> 23);
  shift = shift < 1 ? 1 : (shift > 31 ? 31 : shift);  // >= 25 already rounds to 0
  // RNE: adding (half - 1) plus the kept lsb carries exactly when the dropped part is above
  // half, or equal to it with an odd kept part; significand + 2^30 < 2^31.
  const std::uint32_t kept_lsb = (significand >> shift) & 1u;
  std::uint32_t k = (significand + ((1u << (shift - 1)) - 1u) + kept_lsb) >> shift;
  k = k > 127u ? 127u : k;
  const std::uint32_t code = (bits >> 31) != 0 ? 0u - k : k;
  return static_cast<std::uint8_t>(magnitude > 0x7F800000u ? 0u : code);
}

inline std::uint8_t encode_fp8e4m3_sat(std::uint32_t bits) {
  return encode_fp8e4m3_bits(bits, 0x7Eu);
}
inline std::uint8_t encode_fp8e5m2_sat(std::uint32_t bits) {
  return encode_fp8e5m2_bits(bits, 0x7Bu);
}

/// One call's work: the blocks, the element's scale parameters, the method.
struct Job {
  const float* values;
  std::size_t block_count;
  std::size_t block_size;
  DType element;
  ScaleMethod method;
  int emax;                   ///< element_emax
  int max_log2;               ///< floor(log2 max_elem)
  std::uint32_t max_fraction; ///< the f32 fraction field of max_elem
  std::uint8_t* codes;
  std::uint8_t* scales;
};

/// The E8M0 scale code of a block whose amax has the bits `amax` (0 or normal); see the design
/// note in mx_fast_path.h.
inline std::uint32_t scale_code(std::uint32_t amax, const Job& job) {
  const int biased = static_cast<int>(amax >> 23);
  int code = job.method == ScaleMethod::Ocp
                 ? biased - job.emax
                 : biased - job.max_log2 + ((amax & 0x7FFFFFu) > job.max_fraction ? 1 : 0);
  code = code < 0 ? 0 : (code > 254 ? 254 : code);
  return static_cast<std::uint32_t>(code);
}

/// The smallest magnitude (f32 bits) whose product with 2^-scale_exp is exactly its bits with
/// the exponent field lowered by scale_exp: v must be normal (biased exponent >= 1) and so must
/// the product (biased exponent - scale_exp >= 1). The product's exponent never exceeds
/// 127 + 15 (the products stay below 2^16, mx_fast_path.h), so there is no upper bound to check.
inline std::uint32_t smallest_on_bits(int scale_exp) {
  const int min_biased = scale_exp + 1 > 1 ? scale_exp + 1 : 1;
  return static_cast<std::uint32_t>(min_biased) << 23;
}

/// How the encode pass treats a block.
enum class BlockPath : std::uint8_t {
  Bits,                ///< every element scales on its bits (or is ±0)
  BitsThenReference,   ///< as Bits, then the elements below smallest_on_bits go to the reference
  Reference,           ///< NaN, Inf or a subnormal amax: the whole block goes to the reference
};

/// The scale pass over the block of `bs` values at `x`: its path, and for the Bits paths its
/// scale code in `scale`.
[[gnu::always_inline]] inline BlockPath scale_block(const float* __restrict x, std::size_t bs,
                                                    const Job& job, std::uint8_t& scale) {
  std::uint32_t amax = 0;
  std::uint32_t smallest = 0xFFFFFFFFu;  // the smallest non-zero magnitude minus 1
  for (std::size_t i = 0; i < bs; ++i) {
    const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(x[i]) & 0x7FFFFFFFu;
    amax = magnitude > amax ? magnitude : amax;
    smallest = magnitude - 1u < smallest ? magnitude - 1u : smallest;  // 0 wraps to the top
  }
  if (amax >= 0x7F800000u || (amax != 0 && amax < 0x00800000u)) return BlockPath::Reference;
  const std::uint32_t code = scale_code(amax, job);
  scale = static_cast<std::uint8_t>(code);
  const std::uint32_t lowest = smallest_on_bits(static_cast<int>(code) - 127);
  return smallest < lowest - 1u ? BlockPath::BitsThenReference : BlockPath::Bits;
}

/// The encode pass over a Bits block with scale code `scale`.
template <std::uint8_t (*kEncode)(std::uint32_t)>
[[gnu::always_inline]] inline void encode_block(const float* __restrict x,
                                                std::uint8_t* __restrict codes, std::size_t bs,
                                                std::uint8_t scale, BlockPath path,
                                                DType element) {
  const int scale_exp = static_cast<int>(scale) - 127;
  const std::uint32_t exponent_step = static_cast<std::uint32_t>(scale_exp) << 23;  // mod 2^32
  const std::uint32_t lowest = smallest_on_bits(scale_exp);
  for (std::size_t i = 0; i < bs; ++i) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x[i]);
    const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
    // ±0 stays ±0; an element below `lowest` is overwritten below.
    const std::uint32_t scaled =
        (bits & 0x80000000u) | (magnitude >= lowest ? magnitude - exponent_step : 0u);
    codes[i] = kEncode(scaled);
  }
  if (path != BlockPath::BitsThenReference) return;
  for (std::size_t i = 0; i < bs; ++i) {
    const std::uint32_t magnitude = std::bit_cast<std::uint32_t>(x[i]) & 0x7FFFFFFFu;
    if (magnitude != 0 && magnitude < lowest) codes[i] = encode_element(x[i], scale_exp, element);
  }
}

/// Blocks per chunk. The scale pass runs over a chunk before the encode pass: the per-block
/// reductions then overlap instead of waiting on each other's encode, and the chunk's input
/// (16 KiB at block size 32) is still in L1 for the second pass.
constexpr std::size_t kChunk = 128;

template <std::uint8_t (*kEncode)(std::uint32_t)>
[[gnu::always_inline]] inline void quantize_chunks(const Job& job, std::size_t bs) {
  BlockPath paths[kChunk];
  for (std::size_t first = 0; first < job.block_count; first += kChunk) {
    const std::size_t count = job.block_count - first < kChunk ? job.block_count - first : kChunk;
    for (std::size_t k = 0; k < count; ++k)
      paths[k] = scale_block(job.values + (first + k) * bs, bs, job, job.scales[first + k]);
    for (std::size_t k = 0; k < count; ++k) {
      const float* x = job.values + (first + k) * bs;
      std::uint8_t* codes = job.codes + (first + k) * bs;
      if (paths[k] == BlockPath::Reference)
        job.scales[first + k] = quantize_block(std::span(x, bs), job.element, job.method,
                                               std::span(codes, bs));
      else
        encode_block<kEncode>(x, codes, bs, job.scales[first + k], paths[k], job.element);
    }
  }
}

template <std::uint8_t (*kEncode)(std::uint32_t)>
[[gnu::always_inline]] inline void quantize_blocks_with(const Job& job_in) {
  const Job job = job_in;  // a local copy: the byte stores below cannot alias it
  if (job.block_size == 32)  // the MX block size: a constant trip count the compiler unrolls
    quantize_chunks<kEncode>(job, 32);
  else
    quantize_chunks<kEncode>(job, job.block_size);
}

TF_SIMD_CLONES void quantize_fp8e4m3(const Job& job) {
  quantize_blocks_with<encode_fp8e4m3_sat>(job);
}
TF_SIMD_CLONES void quantize_fp8e5m2(const Job& job) {
  quantize_blocks_with<encode_fp8e5m2_sat>(job);
}
TF_SIMD_CLONES void quantize_f6e3m2(const Job& job) {
  quantize_blocks_with<encode_f6e3m2_bits>(job);
}
TF_SIMD_CLONES void quantize_f6e2m3(const Job& job) {
  quantize_blocks_with<encode_f6e2m3_bits>(job);
}
TF_SIMD_CLONES void quantize_f4e2m1(const Job& job) {
  quantize_blocks_with<encode_f4e2m1_bits>(job);
}
TF_SIMD_CLONES void quantize_mxint8(const Job& job) {
  quantize_blocks_with<encode_mxint8_bits>(job);
}

}  // namespace

void quantize_blocks_fast(std::span<const float> values, std::int64_t block_size, DType element,
                          ScaleMethod method, std::span<std::uint8_t> codes,
                          std::span<std::uint8_t> scales) {
  TF_CHECK(is_mx_element(element), "quantize_blocks_fast of a non-MX element dtype");
  TF_CHECK(method == ScaleMethod::Ocp || method == ScaleMethod::Rceil,
           "quantize_blocks_fast of the non-MX method {}", scale_method_name(method));
  TF_CHECK(block_size > 0, "block size {} is not positive", block_size);
  const auto bs = static_cast<std::size_t>(block_size);
  TF_CHECK(values.size() % bs == 0, "{} values are not whole blocks of {}", values.size(), bs);
  TF_CHECK(codes.size() >= values.size() && scales.size() >= values.size() / bs,
           "planes too short: {} codes and {} scales for {} values", codes.size(), scales.size(),
           values.size());
  const float max_elem = static_cast<float>(element_max(element));  // exact in f32
  const std::uint32_t max_bits = std::bit_cast<std::uint32_t>(max_elem);
  const Job job{values.data(),
                values.size() / bs,
                bs,
                element,
                method,
                element_emax(element),
                static_cast<int>(max_bits >> 23) - 127,
                max_bits & 0x7FFFFFu,
                codes.data(),
                scales.data()};
  if (element == DType::fp8e4m3()) quantize_fp8e4m3(job);
  else if (element == DType::fp8e5m2()) quantize_fp8e5m2(job);
  else if (element == DType::f6e3m2()) quantize_f6e3m2(job);
  else if (element == DType::f6e2m3()) quantize_f6e2m3(job);
  else if (element == DType::f4e2m1()) quantize_f4e2m1(job);
  else quantize_mxint8(job);
}

}  // namespace tf::numerics::mx
