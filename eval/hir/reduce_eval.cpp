// hir.tensor.Reduce: sum, mean, max and abs_max over `axes` (keepdim keeps them as extent 1).
//
// Value semantics (docs/decisions.md D6; docs/hir-semantics.md "Evaluation"):
//  - axes=() reduces nothing: every output element is its one input element, passed through
//    the kind (abs_max takes the absolute value, mean divides by 1).
//  - Floats: the elements of each reduced slice are read as f32 (narrow floats widen exactly)
//    and visited in row-major index order over the reduced axes. sum and mean accumulate in
//    f64 in that order, starting from -0 (the IEEE additive identity, so a slice of -0 sums to
//    -0), mean divides the f64 sum by the element count in f64, and the result rounds once,
//    straight from f64 to the result dtype. max and abs_max are exact (the result is an
//    element, or its absolute value); any NaN in a slice makes the result NaN; between equal
//    maxima (-0 and +0) the first in index order is kept.
//  - Integers and bool: sum accumulates in int64 with two's-complement wrap-around and wraps to
//    the result width; max and abs_max are exact in int64 (abs_max of INT_MIN wraps back to
//    INT_MIN at the result width); bool sums and maxima are `any`. mean of an integer or bool
//    x is an eval error (no rounding of an integer mean is defined; typeinfer should reject it).
//  - An empty reduced slice gives the kind's identity: sum 0, abs_max 0, max the least value of
//    the dtype (compute::least_value: -inf, -448 for fp8e4m3, 2^-127 for f8e8m0, INT_MIN,
//    false), mean NaN (0 / 0, as torch).
#include <cmath>
#include <limits>

#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/compute_values.h"
#include "ir/core/reduce_kind.h"
#include "ir/support/plant.h"

namespace tf::eval::tensor_ops {
using namespace compute;  // NOLINT: the compute kernels' helpers (compute_values.h)
namespace {

// Where the elements of each output (`bases`) and of each reduced slice (`slice`) lie in x.
struct ReducePlan {
  Shape out_shape;
  std::vector<std::int64_t> bases;
  std::vector<std::int64_t> slice;
};

ReducePlan plan_reduce(const Shape& shape, const std::vector<std::int64_t>& axes, bool keepdim) {
  const int r = static_cast<int>(shape.size());
  std::vector<bool> reduced(r, false);
  for (std::int64_t axis : axes) {
    std::optional<int> a = normalize_axis(axis, r);
    TF_CHECK(a.has_value(), "reduce: axis {} outside rank {} (typeinfer accepted it)", axis, r);
    reduced[*a] = true;
  }
  const std::vector<std::int64_t> strides = row_major_strides(shape);
  ReducePlan plan;
  std::vector<std::int64_t> kept_ext, kept_str, red_ext, red_str;
  for (int d = 0; d < r; ++d) {
    if (reduced[d]) {
      red_ext.push_back(shape[d]);
      red_str.push_back(strides[d]);
      if (keepdim) plan.out_shape.push_back(1);
    } else {
      kept_ext.push_back(shape[d]);
      kept_str.push_back(strides[d]);
      plan.out_shape.push_back(shape[d]);
    }
  }
  plan.bases = odometer_offsets(kept_ext, kept_str);
  plan.slice = odometer_offsets(red_ext, red_str);
  return plan;
}

double reduce_floats(ReduceKind kind, const float* x, std::int64_t base,
                     const std::vector<std::int64_t>& slice, DType dtype) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (slice.empty()) {
    switch (kind) {
      case ReduceKind::Sum:
      case ReduceKind::AbsMax:
        return 0.0;
      case ReduceKind::Mean:
        return nan;
      case ReduceKind::Max:
        return least_value(dtype);
    }
  }
  switch (kind) {
    case ReduceKind::Sum:
    case ReduceKind::Mean: {
      double s = -0.0;
      // The planted bug (ir/support/plant.h): the last element is left out.
      const std::size_t n = TF_PLANTED(reduce_drops_last) ? slice.size() - 1 : slice.size();
      for (std::size_t i = 0; i < n; ++i) s += static_cast<double>(x[base + slice[i]]);
      return kind == ReduceKind::Sum ? s : s / static_cast<double>(slice.size());
    }
    case ReduceKind::Max:
    case ReduceKind::AbsMax: {
      const bool absolute = kind == ReduceKind::AbsMax;
      float m = -std::numeric_limits<float>::infinity();
      for (std::int64_t off : slice) {
        const float v = absolute ? std::fabs(x[base + off]) : x[base + off];
        if (std::isnan(v)) return nan;
        if (v > m) m = v;
      }
      return static_cast<double>(m);
    }
  }
  TF_UNREACHABLE("reduce kind");
}

std::int64_t reduce_ints(ReduceKind kind, const std::int64_t* x, std::int64_t base,
                         const std::vector<std::int64_t>& slice, DType dtype) {
  switch (kind) {
    case ReduceKind::Sum: {
      std::uint64_t s = 0;  // unsigned: wrap-around is defined
      for (std::int64_t off : slice) s += static_cast<std::uint64_t>(x[base + off]);
      return static_cast<std::int64_t>(s);
    }
    case ReduceKind::Max: {
      std::int64_t m = static_cast<std::int64_t>(least_value(dtype));
      for (std::int64_t off : slice) m = std::max(m, x[base + off]);
      return m;
    }
    case ReduceKind::AbsMax: {
      std::uint64_t m = 0;
      for (std::int64_t off : slice) {
        const std::int64_t v = x[base + off];
        const std::uint64_t mag =
            v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
        m = std::max(m, mag);
      }
      return static_cast<std::int64_t>(m);
    }
    case ReduceKind::Mean:
      break;
  }
  TF_UNREACHABLE("reduce: integer mean is refused before the loop");
}

}  // namespace

Result<Value> eval_reduce(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const ReduceKind kind = enum_attr<ReduceKind>(a, "kind");
  const DType dtype = a.result_dtype();
  const ReducePlan plan = plan_reduce(x.shape(), ints_attr(a, "axes"), bool_attr(a, "keepdim"));

  if (is_integral(x.dtype()) && !x.is_block_scaled()) {
    if (kind == ReduceKind::Mean)
      return eval_error("kind mean needs a float x, found " + std::string(x.dtype().name()) +
                        "; cast x to a float dtype first");
    const std::vector<std::int64_t> xs = to_i64(x);
    std::vector<std::int64_t> out(plan.bases.size());
    for (std::size_t o = 0; o < out.size(); ++o)
      out[o] = reduce_ints(kind, xs.data(), plan.bases[o], plan.slice, dtype);
    return Value(from_i64(dtype, plan.out_shape, out));
  }

  const F32Span xs(x);
  std::vector<double> out(plan.bases.size());
  for (std::size_t o = 0; o < out.size(); ++o)
    out[o] = reduce_floats(kind, xs.data(), plan.bases[o], plan.slice, dtype);
  Result<Tensor> t = round_to(dtype, plan.out_shape, std::span<const double>(out));
  TF_TRY(t);
  return Value(std::move(t).value());
}

}  // namespace tf::eval::tensor_ops
