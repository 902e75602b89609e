// How a block-scaled tensor crosses into an emitted module: one buffer holding its planes one
// after another (cuda/runtime/block_scaled.h's block_scaled_param reads it; docs/cuda-backend.md,
// "Block-scaled tensors").
#pragma once

#include <span>
#include <vector>

#include "eval/value/tensor.h"

namespace tf::cuda {

/// The byte offset of the tensor scale in the buffer of `count` elements in blocks of `block`:
/// after the element codes (one byte each) and the block scales (one byte each), at the next
/// multiple of 4 (the runtime's tf_rt::tensor_scale_offset).
std::int64_t tensor_scale_offset(std::int64_t count, std::int64_t block);

/// The buffer of the block-scaled `t`: its element codes, its block scales, then (NVFP4) its f32
/// tensor scale's bits, little-endian, at tensor_scale_offset.
std::vector<unsigned char> planes_buffer(const eval::Tensor& t);

/// The block-scaled tensor of `like`'s dtype and shape whose planes `buffer` holds (a buffer that
/// planes_buffer(like) made and a module wrote).
eval::Tensor from_planes_buffer(const eval::Tensor& like, std::span<const unsigned char> buffer);

}  // namespace tf::cuda
