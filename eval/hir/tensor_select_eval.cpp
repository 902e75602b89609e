// ArgMax and TopK: elements chosen by comparing values along one axis (tensor_eval_handlers.h).
// Values compare exactly: floats as f32 (exact for every float dtype of at most 32 bits; a
// block-scaled ArgMax operand dequantizes), integers and bool as int64. NaN is greater than
// every number and equal to every NaN; -0 equals +0. Ties go to the lower index.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/tensor_eval_util.h"
#include "eval/value/memory_budget.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval::tensor_ops {

namespace {

// The values of a tensor in comparable form (header comment).
struct Keys {
  bool is_float = false;
  ScratchCharge charge;         // the copy below, charged to the memory budget
  std::vector<float> f;         // float dtypes
  std::vector<std::int64_t> i;  // integer and bool dtypes

  explicit Keys(const Tensor& t)
      : is_float(t.is_block_scaled() || t.dtype().is_float()),
        charge(t.size(), is_float ? sizeof(float) : sizeof(std::int64_t)) {
    if (is_float)
      f = to_f32(t);
    else
      i = to_i64(t);
  }
  // Whether element p is greater than element q (NaN maximal).
  bool greater(std::int64_t p, std::int64_t q) const {
    if (!is_float) return i[p] > i[q];
    const float a = f[p], b = f[q];
    if (std::isnan(a)) return !std::isnan(b);
    return !std::isnan(b) && a > b;
  }
};

// A tensor viewed as [outer, n, inner] around `axis`.
struct Lines {
  std::int64_t outer = 1, n = 0, inner = 1;
  Lines(const Shape& s, int axis) : n(s[axis]) {
    if (shape_size(s) == 0) {  // no element to read (the other extents may multiply past 2^63)
      outer = 0;
      return;
    }
    for (int k = 0; k < axis; ++k) outer *= s[k];
    for (std::size_t k = axis + 1; k < s.size(); ++k) inner *= s[k];
  }
  // The flat index of element k of line (o, in).
  std::int64_t at(std::int64_t o, std::int64_t k, std::int64_t in) const {
    return (o * n + k) * inner + in;
  }
};

}  // namespace

Result<Value> eval_arg_max(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  Result<int> axis = normalize_axis(int_attr(a, "axis"), x.rank(), "axis");
  TF_TRY(axis);
  const Lines lines(x.shape(), *axis);
  if (lines.n == 0)
    return eval_error(fmt::format("axis {} of shape {} is empty: there is no maximum", *axis,
                                  shape_text(x.shape())));
  const Keys keys(x);
  Shape shape = x.shape();
  shape.erase(shape.begin() + *axis);
  std::vector<std::int64_t> result;
  result.reserve(static_cast<std::size_t>(lines.outer * lines.inner));
  for (std::int64_t o = 0; o < lines.outer; ++o)
    for (std::int64_t in = 0; in < lines.inner; ++in) {
      std::int64_t best = 0;
      for (std::int64_t k = 1; k < lines.n; ++k)
        if (keys.greater(lines.at(o, k, in), lines.at(o, best, in))) best = k;
      result.push_back(best);
    }
  return Value(from_i64(a.result_dtype(), shape, result));
}

Result<Value> eval_top_k(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  if (std::optional<Diagnostic> e = refuse_block_scaled(x, op_name(a))) return *e;
  Result<int> axis = normalize_axis(int_attr(a, "axis"), x.rank(), "axis");
  TF_TRY(axis);
  Result<std::int64_t> k = dim_attr(a, "k");
  TF_TRY(k);
  const Lines lines(x.shape(), *axis);
  if (*k < 0 || *k > lines.n)
    return eval_error(
        fmt::format("k {} is out of range [0, {}] (the extent of axis {})", *k, lines.n, *axis));
  const bool largest = bool_attr(a, "largest");
  // sorted=false keeps the sorted order too: one deterministic order for both.
  const Keys keys(x);
  const Shape shape = with_extent(x.shape(), *axis, *k);
  Tensor values = Tensor::make(x.dtype(), shape);
  Tensor indices = Tensor::make(DType::i64(), shape);
  const Lines out(shape, *axis);
  // One line's order, when there are lines (an empty tensor may have any extent on `axis`).
  const ScratchCharge charge(lines.outer == 0 ? 0 : lines.n, sizeof(std::int64_t));
  std::vector<std::int64_t> order(static_cast<std::size_t>(lines.outer == 0 ? 0 : lines.n));
  for (std::int64_t o = 0; o < lines.outer; ++o)
    for (std::int64_t in = 0; in < lines.inner; ++in) {
      std::iota(order.begin(), order.end(), 0);
      // A stable sort keeps equal values in index order: ties go to the lower index.
      std::stable_sort(order.begin(), order.end(), [&](std::int64_t p, std::int64_t q) {
        const std::int64_t fp = lines.at(o, p, in), fq = lines.at(o, q, in);
        return largest ? keys.greater(fp, fq) : keys.greater(fq, fp);
      });
      for (std::int64_t j = 0; j < *k; ++j) {
        values.set_code(out.at(o, j, in), x.code(lines.at(o, order[j], in)));
        indices.set_code(out.at(o, j, in), static_cast<std::uint64_t>(order[j]));
      }
    }
  return Value::tuple({Value(values), Value(indices)});
}

}  // namespace tf::eval::tensor_ops
