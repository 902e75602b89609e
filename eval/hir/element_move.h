// Running a pure data movement on tensors of any dtype, block-scaled ones included.
//
// Design note (docs/decisions.md D3). A block-scaled tensor is its planes: one element code per
// logical element and one scale per block of `block_size` consecutive elements of the last axis
// (plus NVFP4's tensor scale). A data mover that only moves elements keeps such a tensor exactly
// when every output block is one whole input block, in order; then the output's scale of that block
// is the input block's scale. Which input element lands where does not depend on the values,
// so it is found by running the mover once on index tensors: input k replaced by an i64 tensor
// of its shape holding base_k + its flat index (the bases keep the inputs apart). Each output
// block is then checked to read positions p, p + 1, ..., p + block_size - 1 of one input with p
// a block start, and the planes are gathered. A mover whose output breaks a block (a Transpose
// that moves the last axis, a Slice that cuts a block, a RepeatInterleave of the last axis) is
// an eval error that says the op cannot keep the blocks. All inputs must share the tensor scale.
#pragma once

#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::eval {

/// A pure data movement: outputs built only by copying input elements (strided_copy.h), chosen
/// without reading their values; each output has the dtype of the inputs. Errors it returns
/// (bounds, divisibility) depend only on shapes and on operands it captured.
using ElementMover = std::function<Result<std::vector<Tensor>>(std::span<const Tensor> inputs)>;

/// `mover` applied to `inputs` (all of one dtype): directly for a simple dtype; for a
/// block-scaled dtype through its planes (header comment), where `op` names the op in the
/// error raised when an output block is not a whole input block or the inputs' tensor scales
/// differ.
Result<std::vector<Tensor>> move_elements(std::span<const Tensor> inputs, const ElementMover& mover,
                                          std::string_view op);

/// The one output of a one-output mover (move_elements, then its single tensor).
Result<Tensor> move_element(std::span<const Tensor> inputs, const ElementMover& mover,
                            std::string_view op);

}  // namespace tf::eval
