#include "eval/hir/tensor_eval_util.h"

#include <fmt/format.h>

#include "eval/value/tensor_convert.h"
#include "ir/hir/tensor_typeinfer_util.h"

namespace tf::eval::tensor_ops {

std::string_view op_name(const OpEvalArgs& a) {
  return a.call.op.name();
}

Result<std::int64_t> dim_attr(const OpEvalArgs& a, std::string_view name) {
  return a.dim(hir::dim_attr(a.attr(name)));
}

Result<std::vector<std::int64_t>> dim_tuple_attr(const OpEvalArgs& a, std::string_view name) {
  std::vector<std::int64_t> out;
  for (const ShapeDim& d : hir::dim_tuple_attr(a.attr(name))) {
    Result<std::int64_t> v = a.dim(d);
    TF_TRY(v);
    out.push_back(*v);
  }
  return out;
}

const TensorType& tensor_type_attr(const OpEvalArgs& a, std::string_view name) {
  const IRType* t = std::get_if<IRType>(&a.attr(name));
  TF_CHECK(t != nullptr && *t && (*t)->as<TensorType>() != nullptr,
           "{}: attribute {} holds no TensorType", op_name(a), name);
  return *(*t)->as<TensorType>();
}

Result<int> normalize_axis(std::int64_t axis, int rank, std::string_view what) {
  if (std::optional<int> n = hir::normalize_axis(axis, rank)) return *n;
  return eval_error(fmt::format("{} {} is out of range for rank {} (expected {} to {})", what, axis,
                                rank, -rank, rank - 1));
}

Result<std::int64_t> scalar_int(const Tensor& t, std::string_view what) {
  if (t.is_block_scaled() || !t.dtype().is_integer() || t.size() != 1)
    return eval_error(fmt::format("{} must be one integer, got a {} tensor of shape {}", what,
                                  t.dtype().name(), shape_text(t.shape())));
  return to_i64(t)[0];
}

Result<std::vector<std::int64_t>> scalar_ints(const Value& v, std::string_view what) {
  std::vector<std::int64_t> out;
  if (v.is_tensor()) {
    Result<std::int64_t> s = scalar_int(v.tensor(), what);
    TF_TRY(s);
    out.push_back(*s);
    return out;
  }
  for (std::size_t i = 0; i < v.items().size(); ++i) {
    const Value& item = v.items()[i];
    if (!item.is_tensor())
      return eval_error(fmt::format("{} entry {} must be an integer scalar, got a tuple", what, i));
    Result<std::int64_t> s = scalar_int(item.tensor(), fmt::format("{} entry {}", what, i));
    TF_TRY(s);
    out.push_back(*s);
  }
  return out;
}

Result<std::vector<std::int64_t>> index_entries(const Tensor& index, std::int64_t extent,
                                                std::string_view what) {
  if (index.is_block_scaled() || !index.dtype().is_integer() || index.rank() != 1)
    return eval_error(fmt::format("{} must be a rank-1 integer tensor, got {} of shape {}", what,
                                  index.dtype().name(), shape_text(index.shape())));
  std::vector<std::int64_t> entries = to_i64(index);
  for (std::size_t j = 0; j < entries.size(); ++j)
    if (entries[j] < 0 || entries[j] >= extent)
      return eval_error(
          fmt::format("{} entry {} is {}, out of range [0, {})", what, j, entries[j], extent));
  return entries;
}

std::optional<Diagnostic> negative_extent(const Shape& shape, std::string_view what) {
  for (std::size_t k = 0; k < shape.size(); ++k)
    if (shape[k] < 0)
      return eval_error(fmt::format("{} {} has the negative extent {} on axis {}", what,
                                    shape_text(shape), shape[k], k));
  return std::nullopt;
}

Shape with_extent(const Shape& shape, int axis, std::int64_t extent) {
  Shape out = shape;
  out[axis] = extent;
  return out;
}

std::optional<Diagnostic> refuse_block_scaled(const Tensor& t, std::string_view op) {
  if (!t.is_block_scaled()) return std::nullopt;
  return eval_error(
      fmt::format("{} cannot keep the blocks of the block-scaled {} (it computes "
                  "on or picks single elements); cast to a simple dtype first",
                  op, t.dtype().name()));
}

}  // namespace tf::eval::tensor_ops
