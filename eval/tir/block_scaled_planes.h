// Block-scaled tensors in TIR memory (docs/tir-semantics.md, "Block-scaled tensors";
// docs/decisions.md D14).
//
// Design note. A tensor of a block-scaled dtype is its planes (seed 003: one carrier per plane,
// each of its plane's simple dtype): the element codes over the logical shape, the block scales
// over shape[:-1] x (shape[-1] / B) for blocks of B along the last axis, and NVFP4's f32 tensor
// scale, one element. In the machine model each plane is a buffer of its own, row-major, and the
// tensor's View holds one plain View per plane (View::planes) and no buffer or map of its own; so
// races, initialization and bounds are the plain machinery's, per plane. Only the codes carry a
// distribution (a ShardLayout view or allocation): the scales a thread reads or writes are those
// of the whole blocks its codes make up (block_scaled_ops.cpp), and the scales plane's map is the
// codes' map divided by B. A TensorView of a
// block-scaled tensor is the same view of its codes, the blocks of those codes as its scales and
// the same tensor scale: each block of the view must be one whole block of the tensor (its B
// codes consecutive in the codes buffer from a multiple of B), which makes scale j of the view the
// tensor's scale (offset of the view's block j) / B. A view that splits or mixes blocks is an eval
// error, as HIR's movers report it ("cannot keep the blocks").
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/tir/view.h"
#include "eval/tir/view_contents.h"
#include "eval/value/tensor.h"

namespace tf::eval::tir {

/// One plane of a block-scaled tensor: its simple dtype, row-major shape and short name.
struct PlaneShape {
  DType dtype;
  Shape shape;
  const char* name = "";  ///< "codes", "scales" or "tensor_scale"
};

/// The planes of a block-scaled tensor of `dtype` and logical `shape`, in order: element codes,
/// block scales, and NVFP4's tensor scale (one element). Diagnostic (category Eval) for a dtype
/// without a format or a shape it does not take (a last axis not a multiple of the block).
Result<std::vector<PlaneShape>> plane_shapes(DType dtype, const Shape& shape);

/// Makes the buffer of plane `plane` (dtype, element count, the name reports give it).
using PlaneAllocator = std::function<BufferRef(std::size_t plane, DType dtype, std::int64_t count, std::string name)>;

/// The view of a block-scaled tensor `name` of `type` and `shape` over new planes, each in a
/// buffer from `allocate`: row-major, or for a ShardLayout type the codes laid out and
/// distributed by it (a thread's own box with `private_engine`) and the scales of those codes.
/// Diagnostic (category Eval) for a plain layout (a block-scaled tensor in TIR memory is
/// row-major) or a shape its format does not take.
Result<ViewRef> block_scaled_buffers(std::string name, const TensorType& type, const Shape& shape,
                                     const PlaneAllocator& allocate, bool private_engine, ViewCaches& cache);

/// The block size of the block-scaled view `v`.
std::int64_t block_of(const View& v);

/// TensorView of the block-scaled `memory` (design note): the view of its codes that
/// tensor_view(memory's codes, layout, shape, start) is, with the scales and tensor scale of
/// those codes. Diagnostic (category Eval) when a block of the view is not one whole block of
/// `memory`.
Result<ViewRef> block_scaled_view(std::string name, const ViewRef& memory, const LayoutBase& layout,
                                  const Shape& shape, ViewCaches& cache, const std::vector<std::int64_t>& start);

/// A block-scaled tensor of `dtype` and `shape` from its planes' values (each a tensor of its
/// plane's dtype, in plane order).
Tensor planes_tensor(DType dtype, const Shape& shape, const std::vector<Tensor>& planes);

/// The values of each plane of the block-scaled `t`, in plane order (tensors of the planes'
/// dtypes and shapes).
std::vector<Tensor> plane_values(const Tensor& t);

/// What the block-scaled view `v` holds: its planes' contents as one block-scaled tensor;
/// `unwritten` counts the planes' unwritten elements, `first_unwritten` is the first in the
/// codes (or 0 when only a scale is unwritten).
ViewContents block_scaled_contents(const View& v);

}  // namespace tf::eval::tir
