// hir.tensor.Cast, FullLike and Where (upstream's HIR catalogue, docs/decisions.md D3 / D4).
//
// Cast converts through cast_tensor with the Call's rounding / saturate / scale_method, each
// None meaning the target's default (default_cast_options); a plain f4e2m1 target is the eval
// error TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported. FullLike is x's shape filled with `value`
// converted once (from the exact f64 attribute) to x's dtype with the dtype's default mode; a
// block-scaled dtype quantizes the f32 of the value. Where selects element codes, bit for bit,
// from input or other under the 3-way broadcast; block-scaled data branches select dequantized
// values and the result quantizes once.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "eval/hir/elementwise.h"
#include "eval/hir/tensor_eval_handlers.h"
#include "ir/core/numerics_spaces.h"
#include "ir/numerics/convert.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval {
namespace {

// out[k] = cond[k] ? x[k] : y[k] over `plan`, for an element type T of the codes' width.
template <typename T>
void select_codes(const BroadcastPlan<3>& plan, const std::uint8_t* cond, const T* x, const T* y,
                  T* out) {
  for_each_row(plan, [&](std::int64_t o, const std::array<std::int64_t, 3>& in,
                         const std::array<std::int64_t, 3>& step, std::int64_t n) {
    for (std::int64_t k = 0; k < n; ++k)
      out[o + k] = cond[in[0] + k * step[0]] != 0 ? x[in[1] + k * step[1]] : y[in[2] + k * step[2]];
  });
}

}  // namespace

Result<Value> tensor_ops::eval_cast(const OpEvalArgs& a) {
  const DType* target = std::get_if<DType>(&a.attr("dtype"));
  TF_CHECK(target != nullptr, "hir.tensor.Cast: dtype is not a dtype");
  CastOptions options = default_cast_options(*target);
  if (auto rounding = optional_enum_value<numerics::Rounding>(a.attr("rounding")))
    options.mode.rounding = *rounding;
  if (const bool* s = std::get_if<bool>(&a.attr("saturate"))) options.mode.saturate = *s;
  if (auto method = optional_enum_value<numerics::ScaleMethod>(a.attr("scale_method")))
    options.scale_method = *method;
  Result<Tensor> t = cast_tensor(a.tensor(0), *target, options);
  TF_TRY(t);
  return Value(std::move(t).value());
}

Result<Value> tensor_ops::eval_full_like(const OpEvalArgs& a) {
  const double* value = std::get_if<double>(&a.attr("value"));
  TF_CHECK(value != nullptr, "hir.tensor.FullLike: value is not a float");
  const DType d = a.result_dtype();
  const Shape& shape = a.tensor(0).shape();
  if (!d.is_simple()) {
    const std::vector<float> f(static_cast<std::size_t>(shape_size(shape)),
                               static_cast<float>(*value));
    Result<Tensor> t = cast_tensor(from_f32(DType::f32(), shape, f), d, default_cast_options(d));
    TF_TRY(t);
    return Value(std::move(t).value());
  }
  const std::uint64_t code = numerics::encode_f64(*value, d, numerics::default_cast_mode(d));
  Tensor t = Tensor::make(d, shape);
  if (element_bytes(d) == 1) {
    std::fill(t.mutable_bytes().begin(), t.mutable_bytes().end(), static_cast<std::uint8_t>(code));
  } else if (code != 0) {
    for (std::int64_t i = 0; i < t.size(); ++i) t.set_code(i, code);
  }
  return Value(std::move(t));
}

Result<Value> tensor_ops::eval_where(const OpEvalArgs& a) {
  const Tensor& cond = a.tensor(0);
  const Tensor& x = a.tensor(1);
  const Tensor& y = a.tensor(2);
  TF_CHECK(cond.dtype().is_bool(), "hir.tensor.Where: condition of {}", cond.dtype().name());
  TF_CHECK(x.dtype() == y.dtype() && x.dtype() == a.result_dtype(),
           "hir.tensor.Where: branches of {} and {} for a {} result", x.dtype().name(),
           y.dtype().name(), a.result_dtype().name());
  Result<Shape> out = broadcast_runtime({cond.shape(), x.shape(), y.shape()});
  TF_TRY(out);
  const BroadcastPlan<3> plan = plan_broadcast<3>(*out, {&cond.shape(), &x.shape(), &y.shape()});
  const std::uint8_t* c = cond.data<std::uint8_t>();
  const DType d = x.dtype();
  if (!d.is_simple()) {
    const F32Span xs(x), ys(y);
    F32Result r(d, *out);
    select_codes<float>(plan, c, xs.data(), ys.data(), r.data());
    Result<Tensor> t = std::move(r).finish();
    TF_TRY(t);
    return Value(std::move(t).value());
  }
  Tensor t = Tensor::make_uninitialized(d, *out);
  switch (element_bytes(d)) {
    case 1:
      select_codes(plan, c, x.data<std::uint8_t>(), y.data<std::uint8_t>(),
                   t.mutable_data<std::uint8_t>());
      break;
    case 2:
      select_codes(plan, c, x.data<std::uint16_t>(), y.data<std::uint16_t>(),
                   t.mutable_data<std::uint16_t>());
      break;
    case 4:
      select_codes(plan, c, x.data<std::uint32_t>(), y.data<std::uint32_t>(),
                   t.mutable_data<std::uint32_t>());
      break;
    case 8:
      select_codes(plan, c, x.data<std::uint64_t>(), y.data<std::uint64_t>(),
                   t.mutable_data<std::uint64_t>());
      break;
    default: {  // packed sub-byte codes
      std::memset(t.mutable_bytes().data(), 0, t.bytes().size());
      for_each_row(plan, [&](std::int64_t o, const std::array<std::int64_t, 3>& in,
                             const std::array<std::int64_t, 3>& step, std::int64_t n) {
        for (std::int64_t k = 0; k < n; ++k)
          t.set_code(o + k, c[in[0] + k * step[0]] != 0 ? x.code(in[1] + k * step[1])
                                                        : y.code(in[2] + k * step[2]));
      });
    }
  }
  return Value(std::move(t));
}

}  // namespace tf::eval
