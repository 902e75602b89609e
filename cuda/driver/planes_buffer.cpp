#include "cuda/driver/planes_buffer.h"

#include <cstring>

#include "ir/numerics/block_format_of.h"
#include "ir/support/check.h"

namespace tf::cuda {

namespace {

std::int64_t block_of(const eval::Tensor& t) {
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(t.dtype());
  TF_CHECK(f.ok(), "a block-scaled tensor of {} without a format", t.dtype().name());
  return f->block_size;
}

std::size_t buffer_bytes(const numerics::BlockScaledValue& v, std::int64_t block) {
  const auto count = static_cast<std::int64_t>(v.element_codes.size());
  return v.tensor_scale_bits ? static_cast<std::size_t>(tensor_scale_offset(count, block)) + 4
                             : v.element_codes.size() + v.block_scales.size();
}

}  // namespace

std::int64_t tensor_scale_offset(std::int64_t count, std::int64_t block) { return (count + count / block + 3) / 4 * 4; }

std::vector<unsigned char> planes_buffer(const eval::Tensor& t) {
  const numerics::BlockScaledValue& v = t.planes();
  const std::int64_t block = block_of(t);
  std::vector<unsigned char> out(buffer_bytes(v, block), 0);
  std::copy(v.element_codes.begin(), v.element_codes.end(), out.begin());
  std::copy(v.block_scales.begin(), v.block_scales.end(), out.begin() + static_cast<std::ptrdiff_t>(v.element_codes.size()));
  if (v.tensor_scale_bits) {
    const std::uint32_t bits = *v.tensor_scale_bits;
    const std::size_t at = static_cast<std::size_t>(tensor_scale_offset(static_cast<std::int64_t>(v.element_codes.size()), block));
    for (int k = 0; k < 4; ++k) out[at + static_cast<std::size_t>(k)] = static_cast<unsigned char>(bits >> (8 * k));
  }
  return out;
}

eval::Tensor from_planes_buffer(const eval::Tensor& like, std::span<const unsigned char> buffer) {
  numerics::BlockScaledValue v = like.planes();
  const std::int64_t block = block_of(like);
  TF_CHECK(buffer.size() == buffer_bytes(v, block), "a planes buffer of {} bytes for {}", buffer.size(), like.dtype().name());
  std::copy_n(buffer.begin(), v.element_codes.size(), v.element_codes.begin());
  std::copy_n(buffer.begin() + static_cast<std::ptrdiff_t>(v.element_codes.size()), v.block_scales.size(), v.block_scales.begin());
  if (v.tensor_scale_bits) {
    const std::size_t at = static_cast<std::size_t>(tensor_scale_offset(static_cast<std::int64_t>(v.element_codes.size()), block));
    std::uint32_t bits = 0;
    for (int k = 0; k < 4; ++k) bits |= static_cast<std::uint32_t>(buffer[at + static_cast<std::size_t>(k)]) << (8 * k);
    v.tensor_scale_bits = bits;
  }
  return eval::Tensor::block_scaled(like.dtype(), std::move(v));
}

}  // namespace tf::cuda
