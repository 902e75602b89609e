#include "eval/hir/element_move.h"

#include <fmt/format.h>

#include "eval/hir/op_eval.h"
#include "ir/numerics/block_format_of.h"

namespace tf::eval {

namespace {

// The input holding index position `pos` of the concatenated index space, and its local index.
std::pair<std::size_t, std::int64_t> locate(std::span<const std::int64_t> bases,
                                            std::span<const Tensor> inputs, std::int64_t pos) {
  for (std::size_t k = 0; k < inputs.size(); ++k)
    if (pos >= bases[k] && pos < bases[k] + inputs[k].size()) return {k, pos - bases[k]};
  TF_CHECK(false, "a mover produced index {}, outside every input", pos);
  return {0, 0};
}

Diagnostic broken_blocks(std::string_view op, DType dtype, std::int64_t block) {
  return eval_error(fmt::format(
      "{} cannot keep the blocks of the block-scaled {}: an output block of {} elements is not "
      "one whole input block (cast to a simple dtype first)",
      op, dtype.name(), block));
}

// The planes of output `out` (an index tensor from the mover) gathered from `inputs`.
Result<Tensor> gather_planes(const Tensor& out, std::span<const Tensor> inputs,
                             std::span<const std::int64_t> bases, std::int64_t block,
                             std::string_view op) {
  const DType dtype = inputs[0].dtype();
  if (out.rank() == 0 || out.shape().back() % block != 0) return broken_blocks(op, dtype, block);
  const std::int64_t* pos = out.data<std::int64_t>();
  numerics::BlockScaledValue v;
  v.shape = out.shape();
  v.element_codes.resize(static_cast<std::size_t>(out.size()));
  v.block_scales.resize(static_cast<std::size_t>(out.size() / block));
  v.tensor_scale_bits = inputs[0].planes().tensor_scale_bits;
  for (std::int64_t b = 0; b < out.size() / block; ++b) {
    const std::int64_t first = pos[b * block];
    const auto [k, local] = locate(bases, inputs, first);
    if (local % block != 0) return broken_blocks(op, dtype, block);
    const numerics::BlockScaledValue& in = inputs[k].planes();
    for (std::int64_t j = 0; j < block; ++j) {
      if (pos[b * block + j] != first + j) return broken_blocks(op, dtype, block);
      v.element_codes[b * block + j] = in.element_codes[local + j];
    }
    v.block_scales[b] = in.block_scales[local / block];
  }
  return Tensor::block_scaled(dtype, std::move(v));
}

}  // namespace

Result<std::vector<Tensor>> move_elements(std::span<const Tensor> inputs, const ElementMover& mover,
                                          std::string_view op) {
  if (inputs.empty() || !inputs[0].is_block_scaled()) return mover(inputs);
  const DType dtype = inputs[0].dtype();
  for (const Tensor& t : inputs) {
    TF_CHECK(t.dtype() == dtype, "{}: inputs of {} and {}", op, dtype.name(), t.dtype().name());
    if (t.planes().tensor_scale_bits != inputs[0].planes().tensor_scale_bits)
      return eval_error(
          fmt::format("{} cannot keep the blocks of the block-scaled {}: its "
                      "inputs carry different tensor scales",
                      op, dtype.name()));
  }
  Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(dtype);
  TF_TRY(format);

  // Index tensors in place of the inputs: input k holds base_k + its flat index.
  std::vector<Tensor> index;
  std::vector<std::int64_t> bases;
  std::int64_t base = 0;
  for (const Tensor& t : inputs) {
    Tensor ix = Tensor::make_uninitialized(DType::i64(), t.shape());
    std::int64_t* p = ix.mutable_data<std::int64_t>();
    for (std::int64_t i = 0; i < t.size(); ++i) p[i] = base + i;
    bases.push_back(base);
    base += t.size();
    index.push_back(std::move(ix));
  }
  Result<std::vector<Tensor>> moved = mover(index);
  TF_TRY(moved);

  std::vector<Tensor> outs;
  for (const Tensor& out : *moved) {
    Result<Tensor> t = gather_planes(out, inputs, bases, format->block_size, op);
    TF_TRY(t);
    outs.push_back(std::move(t).value());
  }
  return outs;
}

Result<Tensor> move_element(std::span<const Tensor> inputs, const ElementMover& mover,
                            std::string_view op) {
  Result<std::vector<Tensor>> outs = move_elements(inputs, mover, op);
  TF_TRY(outs);
  TF_CHECK(outs->size() == 1, "{}: a one-output mover produced {} outputs", op, outs->size());
  return (*outs)[0];
}

}  // namespace tf::eval
