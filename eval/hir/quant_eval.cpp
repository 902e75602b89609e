// hir.tensor.Quant: per-token-group fp8 quantization (upstream's Quant, exactly).
//
// Value semantics: x is read as f32; the last axis splits into consecutive groups of `group`
// elements. Per group, absmax = max |x| in f32 (NaN if the group holds a NaN); scale = absmax /
// 448 in f32, replaced by 1 where absmax == 0; q = clamp(x / scale, -448, 448) in f32 (NaN stays
// NaN), then RNE to fp8e4m3. Outputs (x_q of x's shape in fp8e4m3, x_scale f32 of shape
// x.shape[:-1] + (last / group,)). Consequences: an inf in a group gives scale inf, that element
// NaN and the rest 0; a tie after division rounds to even (1 / (4 / 448) = 111.99999 -> 112,
// 336 -> 320).
// Run-time error: the last extent is not divisible by `group` (a symbolic extent).
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/compute_values.h"

namespace tf::eval::tensor_ops {
using namespace compute;  // NOLINT: the compute kernels' helpers (compute_values.h)

Result<Value> eval_quant(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  TF_CHECK(x.rank() >= 1, "quant: x of rank 0 (typeinfer)");
  const std::int64_t group = int_attr(a, "group");
  TF_CHECK(group > 0, "quant: group {} (typeinfer)", group);
  const std::int64_t last = x.shape().back();
  if (last % group != 0)
    return eval_error(fmt::format("the last extent {} of x {} is not divisible by group {}",
                                  last, shape_text(x.shape()), group));
  const DType target = dtype_attr(a, "target_dtype");
  constexpr float kMax = 448.0f;  // the largest finite fp8e4m3 value
  const F32Span xs(x);
  const std::int64_t groups = x.size() / group;
  std::vector<float> q(static_cast<std::size_t>(x.size()));
  std::vector<float> scales(static_cast<std::size_t>(groups));
  for (std::int64_t g = 0; g < groups; ++g) {
    const float* v = xs.data() + g * group;
    float absmax = 0.0f;
    for (std::int64_t i = 0; i < group; ++i) {
      const float m = std::fabs(v[i]);
      if (std::isnan(m) || m > absmax) absmax = m;
      if (std::isnan(absmax)) break;
    }
    const float scale = absmax == 0.0f ? 1.0f : absmax / kMax;
    scales[g] = scale;
    for (std::int64_t i = 0; i < group; ++i) {
      const float r = v[i] / scale;
      q[g * group + i] = std::isnan(r) ? r : std::min(std::max(r, -kMax), kMax);
    }
  }
  Shape scale_shape = x.shape();
  scale_shape.back() = last / group;
  Tensor xq = from_f32(target, x.shape(), q);
  Tensor xs_out = from_f32(DType::f32(), std::move(scale_shape), scales);
  return Value::tuple({Value(std::move(xq)), Value(std::move(xs_out))});
}

}  // namespace tf::eval::tensor_ops
