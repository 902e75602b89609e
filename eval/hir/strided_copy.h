// Strided copies of element codes: the one loop the shape and index ops' data movement runs on.
//
// Design note. Every pure data mover of hir.tensor (Reshape, Transpose, Slice, Split, Concat,
// Stack, RepeatInterleave, IndexSelect, IndexCopy, InsertSlice, CacheUpdate) is a set of box
// copies between row-major tensors: a box of `extents` is read through a StridedWindow of the
// source (flat element index = offset + sum of index * stride, a stride may be 0 to repeat an
// element) and written through a StridedWindow of the destination. Codes are copied, never
// values, so every simple dtype moves bit-exactly (NaN payloads, -0, f8e8m0 0x00, the packed
// f4e2m1). Axes that are contiguous in both windows are merged first, so a whole-tensor copy
// is one memcpy; rows of a whole-byte dtype with unit strides are memcpy'd, anything else
// (strided or packed) goes element by element.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "eval/value/tensor.h"

namespace tf::eval {

/// A strided view of a tensor's flat element index space (header comment).
struct StridedWindow {
  std::int64_t offset = 0;            ///< flat index of the box's first element
  std::vector<std::int64_t> strides;  ///< flat-index step per box axis (one per extent)
};

/// The window that reads a whole row-major tensor of `shape` in order.
StridedWindow row_major_window(std::span<const std::int64_t> shape);

/// For every index i of the box `extents`: dst code at to(i) = src code at from(i).
/// Preconditions (TF_CHECK): src and dst have the same simple dtype, both windows have one
/// stride per extent, and every addressed element lies inside its tensor (callers check
/// user-controlled bounds first and report them as eval errors).
void copy_box(const Tensor& src, const StridedWindow& from, Tensor& dst, const StridedWindow& to,
              std::span<const std::int64_t> extents);

/// Calls fn(from(i), to(i)) for every index i of the box `extents`, in row-major order (the
/// element-wise loop of ops that compute on the moved elements, such as IndexAdd).
template <typename Fn>
void for_each_box_index(std::span<const std::int64_t> extents, const StridedWindow& from,
                        const StridedWindow& to, Fn&& fn) {
  for (std::int64_t e : extents)
    if (e == 0) return;
  const std::size_t rank = extents.size();
  std::vector<std::int64_t> idx(rank, 0);
  std::int64_t f = from.offset, t = to.offset;
  while (true) {
    fn(f, t);
    std::size_t k = rank;
    for (; k-- > 0;) {
      f += from.strides[k];
      t += to.strides[k];
      if (++idx[k] < extents[k]) break;
      f -= from.strides[k] * extents[k];
      t -= to.strides[k] * extents[k];
      idx[k] = 0;
    }
    if (k == static_cast<std::size_t>(-1)) return;
  }
}

/// A copy of `t`'s codes in a fresh buffer (the starting value of the ops that update a
/// destination: IndexAdd, IndexCopy, InsertSlice, CacheUpdate). Precondition: a simple dtype.
Tensor copy_of(const Tensor& t);

}  // namespace tf::eval
