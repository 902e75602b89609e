#include "eval/hir/elementwise.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/hir/op_eval.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval {

Result<Shape> broadcast_runtime(const std::vector<Shape>& shapes) {
  std::size_t rank = 0;
  for (const Shape& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank, 1);
  for (std::size_t back = 1; back <= rank; ++back) {
    std::int64_t& e = out[rank - back];
    bool set = false;
    for (const Shape& s : shapes) {
      if (back > s.size()) continue;
      const std::int64_t x = s[s.size() - back];
      if (x == 1) continue;
      if (!set || e == x) {
        e = x;
        set = true;
        continue;
      }
      std::vector<std::string> texts;
      for (const Shape& t : shapes) texts.push_back(shape_text(t));
      return eval_error(fmt::format("shapes {} do not broadcast: axis -{} has extents {} and {}",
                                    fmt::join(texts, " and "), back, e, x));
    }
  }
  return out;
}

template <std::size_t N>
BroadcastPlan<N> plan_broadcast(const Shape& out, const std::array<const Shape*, N>& ins) {
  BroadcastPlan<N> plan;
  plan.size = shape_size(out);
  if (plan.size == 0) {  // nothing to walk; the other extents may multiply past 2^63
    plan.extents.push_back(0);
    for (std::size_t i = 0; i < N; ++i) plan.strides[i].push_back(0);
    return plan;
  }
  const std::size_t rank = out.size();
  // Per operand, the element stride of every result axis (0 where it broadcasts).
  std::array<std::vector<std::int64_t>, N> full;
  for (std::size_t i = 0; i < N; ++i) {
    const Shape& s = *ins[i];
    TF_CHECK(s.size() <= rank, "plan_broadcast: operand rank {} above result rank {}", s.size(),
             rank);
    full[i].assign(rank, 0);
    std::int64_t stride = 1;
    for (std::size_t back = 1; back <= s.size(); ++back) {
      const std::int64_t e = s[s.size() - back];
      const std::int64_t o = out[rank - back];
      TF_CHECK(e == o || e == 1, "plan_broadcast: extent {} does not broadcast to {}", e, o);
      if (e == o && e != 1) full[i][rank - back] = stride;
      stride *= e;
    }
  }
  // Keep the axes of extent != 1, merging an axis into the next kept one when every operand
  // walks the pair contiguously (stride[ax] == stride[next] * extent[next]).
  for (std::size_t ax = 0; ax < rank; ++ax) {
    if (out[ax] == 1) continue;
    bool merge = !plan.extents.empty();
    for (std::size_t i = 0; merge && i < N; ++i)
      merge = plan.strides[i].back() == full[i][ax] * out[ax];
    if (merge) {
      plan.extents.back() *= out[ax];
      for (std::size_t i = 0; i < N; ++i) plan.strides[i].back() = full[i][ax];
      continue;
    }
    plan.extents.push_back(out[ax]);
    for (std::size_t i = 0; i < N; ++i) plan.strides[i].push_back(full[i][ax]);
  }
  if (plan.extents.empty()) {  // rank 0, or every extent 1: one element
    plan.extents.push_back(1);
    for (std::size_t i = 0; i < N; ++i) plan.strides[i].push_back(0);
  }
  return plan;
}

template BroadcastPlan<1> plan_broadcast<1>(const Shape&, const std::array<const Shape*, 1>&);
template BroadcastPlan<2> plan_broadcast<2>(const Shape&, const std::array<const Shape*, 2>&);
template BroadcastPlan<3> plan_broadcast<3>(const Shape&, const std::array<const Shape*, 3>&);

I64Span::I64Span(const Tensor& t) : size_(t.size()) {
  if (t.dtype() == DType::i64()) {
    data_ = t.data<std::int64_t>();
    return;
  }
  owned_ = to_i64(t);
  data_ = owned_.data();
}

F32Result::F32Result(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  size_ = shape_size(shape_);
  if (dtype_ == DType::f32()) {
    tensor_ = Tensor::make_uninitialized(dtype_, shape_);
    data_ = tensor_.mutable_data<float>();
    return;
  }
  scratch_.resize(static_cast<std::size_t>(size_));
  data_ = scratch_.data();
}

Result<Tensor> F32Result::finish() && {
  if (dtype_ == DType::f32()) return std::move(tensor_);
  if (dtype_.is_simple()) return from_f32(dtype_, std::move(shape_), scratch_);
  Tensor f = from_f32(DType::f32(), shape_, scratch_);
  return cast_tensor(f, dtype_, default_cast_options(dtype_));
}

I64Result::I64Result(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  TF_CHECK(dtype_.is_integer() || dtype_.is_bool(), "I64Result of {}", dtype_.name());
  size_ = shape_size(shape_);
  if (dtype_ == DType::i64()) {
    tensor_ = Tensor::make_uninitialized(dtype_, shape_);
    data_ = tensor_.mutable_data<std::int64_t>();
    return;
  }
  scratch_.resize(static_cast<std::size_t>(size_));
  data_ = scratch_.data();
}

Tensor I64Result::finish() && {
  if (dtype_ == DType::i64()) return std::move(tensor_);
  return from_i64(dtype_, std::move(shape_), scratch_);
}

Tensor make_bool_result(Shape shape) {
  return Tensor::make_uninitialized(DType::boolean(), std::move(shape));
}

}  // namespace tf::eval
