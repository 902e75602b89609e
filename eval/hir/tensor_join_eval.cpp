// Concat and Stack: several inputs of one dtype joined along an existing or a new axis
// (tensor_eval_handlers.h). Each input is one strided copy into its window of the output.
#include <fmt/format.h>

#include "eval/hir/element_move.h"
#include "eval/hir/strided_copy.h"
#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/tensor_eval_util.h"
#include "ir/support/checked_int.h"

namespace tf::eval::tensor_ops {

namespace {

std::vector<Tensor> tensor_operands(const OpEvalArgs& a) {
  std::vector<Tensor> ts;
  for (std::size_t i = 0; i < a.args.size(); ++i) ts.push_back(a.tensor(i));
  return ts;
}

// An eval error unless every input has input 0's dtype and, off `skip` (-1: none), its extents.
std::optional<Diagnostic> mismatch(const std::vector<Tensor>& ts, int skip) {
  if (ts.empty()) return eval_error("needs at least one input, got none");
  const Tensor& first = ts[0];
  for (std::size_t i = 1; i < ts.size(); ++i) {
    const Tensor& t = ts[i];
    if (t.dtype() != first.dtype())
      return eval_error(fmt::format("input {} has dtype {}, input 0 has {}", i, t.dtype().name(),
                                    first.dtype().name()));
    bool same = t.rank() == first.rank();
    for (int k = 0; same && k < t.rank(); ++k) same = k == skip || t.shape()[k] == first.shape()[k];
    if (!same)
      return eval_error(fmt::format("input {} has shape {}, which does not match input 0's {}{}", i,
                                    shape_text(t.shape()), shape_text(first.shape()),
                                    skip >= 0 ? fmt::format(" off axis {}", skip) : ""));
  }
  return std::nullopt;
}

}  // namespace

Result<Value> eval_concat(const OpEvalArgs& a) {
  const std::vector<Tensor> ts = tensor_operands(a);
  if (ts.empty()) return eval_error("needs at least one input, got none");
  Result<int> axis = normalize_axis(int_attr(a, "axis"), ts[0].rank(), "axis");
  TF_TRY(axis);
  if (std::optional<Diagnostic> e = mismatch(ts, *axis)) return *e;
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    std::int64_t total = 0;
    for (const Tensor& t : in) {
      std::optional<std::int64_t> sum = checked_add(total, t.shape()[*axis]);
      if (!sum)  // symbolic extents typeinfer could not add
        return eval_error(fmt::format("the extents along axis {} add up to more than 2^63 - 1", *axis));
      total = *sum;
    }
    const Shape shape = with_extent(in[0].shape(), *axis, total);
    const std::vector<std::int64_t> strides = row_major_strides(shape);
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), shape);
    std::int64_t at = 0;
    for (const Tensor& t : in) {
      copy_box(t, row_major_window(t.shape()), out, {at * strides[*axis], strides}, t.shape());
      at += t.shape()[*axis];
    }
    return std::vector<Tensor>{out};
  };
  Result<Tensor> out = move_element(ts, mover, op_name(a));
  TF_TRY(out);
  return Value(*out);
}

Result<Value> eval_stack(const OpEvalArgs& a) {
  const std::vector<Tensor> ts = tensor_operands(a);
  if (std::optional<Diagnostic> e = mismatch(ts, -1)) return *e;
  Result<int> axis = normalize_axis(int_attr(a, "axis"), ts[0].rank() + 1, "axis");
  TF_TRY(axis);
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    Shape shape = in[0].shape();
    shape.insert(shape.begin() + *axis, static_cast<std::int64_t>(in.size()));
    std::vector<std::int64_t> strides = row_major_strides(shape);
    const std::int64_t step = strides[*axis];
    strides.erase(strides.begin() + *axis);
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), shape);
    for (std::size_t i = 0; i < in.size(); ++i)
      copy_box(in[i], row_major_window(in[i].shape()), out,
               {static_cast<std::int64_t>(i) * step, strides}, in[i].shape());
    return std::vector<Tensor>{out};
  };
  Result<Tensor> out = move_element(ts, mover, op_name(a));
  TF_TRY(out);
  return Value(*out);
}

}  // namespace tf::eval::tensor_ops
