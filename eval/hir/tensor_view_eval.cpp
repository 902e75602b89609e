// Reshape, Transpose, Slice, Split and RepeatInterleave: one input whose elements are
// rearranged (tensor_eval_handlers.h). Each is an ElementMover over strided copies, so every
// dtype moves bit-exactly and block-scaled inputs keep their blocks where the op allows.
#include <fmt/format.h>

#include <numeric>

#include "eval/hir/element_move.h"
#include "eval/hir/strided_copy.h"
#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/tensor_eval_util.h"
#include "ir/dim/dim_eval.h"
#include "ir/hir/tensor_typeinfer_util.h"

namespace tf::eval::tensor_ops {

namespace {

// Whether `d` mentions a DimVar the function does not bind (a Reshape entry to infer).
bool has_unbound_dim_var(const ShapeDim& d, const DimBinding& dims) {
  if (d.is_static()) return false;
  for (const DimVarRef& v : free_dim_vars(d.expr()))
    if (!dims.lookup(*v)) return true;
  return false;
}

// The Reshape target shape: every entry resolved, except at most one entry over an unbound
// DimVar, which is inferred from the element count (upstream's HIR catalogue).
Result<Shape> reshape_target(const OpEvalArgs& a, const Tensor& x) {
  const std::vector<ShapeDim> dims = hir::dim_tuple_attr(a.attr("new_shape"));
  Shape shape(dims.size(), 0);
  std::vector<std::size_t> unknown;
  std::int64_t known = 1;
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (has_unbound_dim_var(dims[k], a.dims)) {
      unknown.push_back(k);
      continue;
    }
    Result<std::int64_t> v = a.dim(dims[k]);
    TF_TRY(v);
    shape[k] = *v;
    if (*v < 0) return *negative_extent(shape, "new_shape");
    if (__builtin_mul_overflow(known, *v, &known))
      return eval_error("the element count of new_shape overflows int64");
  }
  if (unknown.size() > 1)
    return eval_error(
        fmt::format("new_shape has {} entries over unbound DimVars; at most one "
                    "can be inferred from the element count",
                    unknown.size()));
  if (unknown.size() == 1) {
    if (known == 0 || x.size() % known != 0)
      return eval_error(
          fmt::format("cannot infer entry {} of new_shape: {} elements do not "
                      "divide into the other entries' {}",
                      unknown[0], x.size(), known));
    const std::int64_t inferred = x.size() / known;
    const DimVar* v = dims[unknown[0]].dim_var();
    if (v != nullptr && !v->contains(inferred))
      return eval_error(
          fmt::format("the inferred extent {} of new_shape entry {} lies outside "
                      "DimVar {} [{}, {})",
                      inferred, unknown[0], v->name, v->lo, v->hi));
    shape[unknown[0]] = inferred;
    known = x.size();
  }
  if (known != x.size())
    return eval_error(fmt::format("cannot reshape {} ({} elements) to {} ({} elements)",
                                  shape_text(x.shape()), x.size(), shape_text(shape), known));
  return shape;
}

Result<Value> one_output(Result<Tensor> t) {
  TF_TRY(t);
  return Value(*t);
}

}  // namespace

Result<Value> eval_reshape(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  Result<Shape> shape = reshape_target(a, x);
  TF_TRY(shape);
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), *shape);
    const std::int64_t n[] = {in[0].size()};
    copy_box(in[0], {0, {1}}, out, {0, {1}}, n);
    return std::vector<Tensor>{out};
  };
  return one_output(move_element({&x, 1}, mover, op_name(a)));
}

Result<Value> eval_transpose(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const std::vector<std::int64_t>& perm = ints_attr(a, "perm");
  const int r = x.rank();
  if (static_cast<int>(perm.size()) != r)
    return eval_error(fmt::format("perm has {} entries for rank {}", perm.size(), r));
  std::vector<int> axes;
  std::vector<bool> seen(r, false);
  for (std::int64_t p : perm) {
    Result<int> k = normalize_axis(p, r, "perm entry");
    TF_TRY(k);
    if (seen[*k]) return eval_error(fmt::format("perm names axis {} twice", *k));
    seen[*k] = true;
    axes.push_back(*k);
  }
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const std::vector<std::int64_t> strides = row_major_strides(in[0].shape());
    Shape shape;
    StridedWindow from;
    for (int k : axes) {
      shape.push_back(in[0].shape()[k]);
      from.strides.push_back(strides[k]);
    }
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), shape);
    copy_box(in[0], from, out, row_major_window(shape), shape);
    return std::vector<Tensor>{out};
  };
  return one_output(move_element({&x, 1}, mover, op_name(a)));
}

Result<Value> eval_slice(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const int r = x.rank();
  Result<std::vector<std::int64_t>> starts = scalar_ints(a.args[1], "starts");
  TF_TRY(starts);
  Result<std::vector<std::int64_t>> sizes = dim_tuple_attr(a, "sizes");
  TF_TRY(sizes);
  Result<std::vector<std::int64_t>> steps = dim_tuple_attr(a, "strides");
  TF_TRY(steps);
  if (static_cast<int>(starts->size()) != r || static_cast<int>(sizes->size()) != r ||
      static_cast<int>(steps->size()) != r)
    return eval_error(
        fmt::format("starts, sizes and strides need {} entries each, got {}, {} "
                    "and {}",
                    r, starts->size(), sizes->size(), steps->size()));
  for (int k = 0; k < r; ++k) {
    const std::int64_t s = (*starts)[k], n = (*sizes)[k], st = (*steps)[k], e = x.shape()[k];
    if (n < 0) return eval_error(fmt::format("size {} on axis {} is negative", n, k));
    if (st <= 0) return eval_error(fmt::format("stride {} on axis {} is not positive", st, k));
    if (s < 0) return eval_error(fmt::format("start {} on axis {} is negative", s, k));
    // The window is the elements it reads: s, s + st, ..., s + (n - 1) * st, all inside the
    // extent (none when n = 0, and then s may be the extent itself).
    const bool inside = n == 0 ? s <= e : s < e && (n == 1 || st <= (e - 1 - s) / (n - 1));
    if (!inside)
      return eval_error(
          fmt::format("the window start {}, size {}, stride {} on axis {} is out of "
                      "range for the extent {}",
                      s, n, st, k, e));
  }
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const std::vector<std::int64_t> strides = row_major_strides(in[0].shape());
    StridedWindow from;
    for (int k = 0; k < r; ++k) {
      from.offset += (*starts)[k] * strides[k];
      from.strides.push_back(strides[k] * (*steps)[k]);
    }
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), *sizes);
    copy_box(in[0], from, out, row_major_window(*sizes), *sizes);
    return std::vector<Tensor>{out};
  };
  return one_output(move_element({&x, 1}, mover, op_name(a)));
}

Result<Value> eval_split(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  Result<int> axis = normalize_axis(int_attr(a, "axis"), x.rank(), "axis");
  TF_TRY(axis);
  const std::int64_t n = int_attr(a, "num_splits"), extent = x.shape()[*axis];
  if (n <= 0) return eval_error(fmt::format("num_splits must be positive, got {}", n));
  if (extent % n != 0)
    return eval_error(
        fmt::format("axis {} extent {} is not divisible by num_splits {}", *axis, extent, n));
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const std::vector<std::int64_t> strides = row_major_strides(in[0].shape());
    const Shape shape = with_extent(in[0].shape(), *axis, extent / n);
    std::vector<Tensor> outs;
    for (std::int64_t c = 0; c < n; ++c) {
      Tensor out = Tensor::make_uninitialized(in[0].dtype(), shape);
      copy_box(in[0], {c * (extent / n) * strides[*axis], strides}, out, row_major_window(shape),
               shape);
      outs.push_back(std::move(out));
    }
    return outs;
  };
  Result<std::vector<Tensor>> parts = move_elements({&x, 1}, mover, op_name(a));
  TF_TRY(parts);
  return Value::tuple(std::vector<Value>(parts->begin(), parts->end()));
}

Result<Value> eval_repeat_interleave(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  Result<int> axis = normalize_axis(int_attr(a, "axis"), x.rank(), "axis");
  TF_TRY(axis);
  const std::int64_t repeats = int_attr(a, "repeats");
  if (repeats < 0) return eval_error(fmt::format("repeats must be >= 0, got {}", repeats));
  std::int64_t extent = 0;
  if (__builtin_mul_overflow(x.shape()[*axis], repeats, &extent))
    return eval_error(fmt::format("axis {} extent {} times {} overflows int64", *axis,
                                  x.shape()[*axis], repeats));
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    // The box is x's shape with a `repeats` axis after `axis`, read with stride 0 there: the
    // output's row-major order is exactly out[.., i * repeats + j, ..] = x[.., i, ..].
    const Shape& xs = in[0].shape();
    std::vector<std::int64_t> strides = row_major_strides(xs);
    Shape box = xs;
    box.insert(box.begin() + *axis + 1, repeats);
    strides.insert(strides.begin() + *axis + 1, 0);
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), with_extent(xs, *axis, extent));
    copy_box(in[0], {0, strides}, out, row_major_window(box), box);
    return std::vector<Tensor>{out};
  };
  return one_output(move_element({&x, 1}, mover, op_name(a)));
}

}  // namespace tf::eval::tensor_ops
