// hir.nn.RoPE: rotary position embedding of q and k, rotate-half form (upstream's HIR catalogue).
//
// Value semantics (upstream's evaluator, made explicit):
//  - q and k are [B, S, H, D] (B and H may differ between them), cos_cache and sin_cache are
//    [P, D] tables of one shape, pos_ids is an integer tensor of S elements (any shape, read
//    flattened in row-major order). Row pos_ids[s] of each table serves sequence position s of
//    every batch and head (upstream's [1, S, 1, D] broadcast).
//  - y[b, s, h, d] = x[b, s, h, d] * cos[p, d] + rot(x)[b, s, h, d] * sin[p, d] with
//    p = pos_ids[s] and rot(x) = cat(-x[..., D/2:], x[..., :D/2]); everything is read as f32,
//    the two products and the sum are each one f32 operation (no contraction), and the result
//    rounds once to q's (k's) dtype.
// Run-time errors: q, k not rank 4; a table not [P, D] or the two tables of different shapes;
// an odd D; pos_ids not of an integer dtype or not of S elements; a position outside [0, P).
#include <fmt/format.h>

#include "eval/hir/compute_handlers.h"
#include "eval/hir/compute_values.h"

namespace tf::eval::compute {
namespace {

std::optional<Diagnostic> check_operands(const Tensor& q, const Tensor& k, const Tensor& cos,
                                         const Tensor& sin, const Tensor& pos) {
  for (auto [name, t] : {std::pair{"q", &q}, {"k", &k}})
    if (t->rank() != 4)
      return eval_error(fmt::format("{} must be [B, S, H, D] (rank 4), found shape {}", name,
                                    shape_text(t->shape())));
  const std::int64_t d = q.shape()[3];
  if (d % 2 != 0) return eval_error(fmt::format("head_dim {} is odd", d));
  if (k.shape()[3] != d)
    return eval_error(fmt::format("q head_dim {} differs from k head_dim {}", d,
                                  k.shape()[3]));
  for (auto [name, t] : {std::pair{"cos_cache", &cos}, {"sin_cache", &sin}})
    if (t->rank() != 2 || t->shape()[1] != d)
      return eval_error(fmt::format("{} must be [P, {}], found shape {}", name, d,
                                    shape_text(t->shape())));
  if (cos.shape() != sin.shape())
    return eval_error(fmt::format("cos_cache {} and sin_cache {} differ in shape",
                                  shape_text(cos.shape()), shape_text(sin.shape())));
  if (!pos.dtype().is_integer() || pos.is_block_scaled())
    return eval_error(fmt::format("pos_ids must be an integer tensor, found {}",
                                  pos.dtype().name()));
  for (auto [name, t] : {std::pair{"q", &q}, {"k", &k}})
    if (t->shape()[1] != pos.size())
      return eval_error(fmt::format("pos_ids has {} elements; {} has S = {}", pos.size(),
                                    name, t->shape()[1]));
  return std::nullopt;
}

// x rotated by the table rows `pos` selects, rounded once to x's dtype.
Result<Tensor> rotate(const Tensor& x, const float* cos, const float* sin,
                      const std::vector<std::int64_t>& pos) {
  const std::int64_t b_n = x.shape()[0], s_n = x.shape()[1], h_n = x.shape()[2];
  const std::int64_t d_n = x.shape()[3], half = d_n / 2;
  const F32Span xs(x);
  std::vector<float> out(static_cast<std::size_t>(x.size()));
  for (std::int64_t b = 0; b < b_n; ++b)
    for (std::int64_t s = 0; s < s_n; ++s) {
      const float* c = cos + pos[s] * d_n;
      const float* sn = sin + pos[s] * d_n;
      for (std::int64_t h = 0; h < h_n; ++h) {
        const std::int64_t base = ((b * s_n + s) * h_n + h) * d_n;
        for (std::int64_t d = 0; d < d_n; ++d) {
          const float v = xs[base + d];
          const float rot = d < half ? -xs[base + d + half] : xs[base + d - half];
          const float a = v * c[d];
          const float r = rot * sn[d];
          out[base + d] = a + r;
        }
      }
    }
  return round_to(x.dtype(), x.shape(), std::span<const float>(out));
}

}  // namespace

Result<Value> eval_rope(const OpEvalArgs& a) {
  const Tensor& q = a.tensor(0);
  const Tensor& k = a.tensor(1);
  const Tensor& cos = a.tensor(2);
  const Tensor& sin = a.tensor(3);
  const Tensor& pos_ids = a.tensor(4);
  if (std::optional<Diagnostic> e = check_operands(q, k, cos, sin, pos_ids)) return *e;
  const std::int64_t rows = cos.shape()[0];
  const std::vector<std::int64_t> pos = to_i64(pos_ids);
  for (std::size_t s = 0; s < pos.size(); ++s)
    if (pos[s] < 0 || pos[s] >= rows)
      return eval_error(fmt::format("pos_ids[{}] = {} is outside the {} table rows [0, {})",
                                    s, pos[s], rows, rows));
  const F32Span c(cos), sn(sin);
  Result<Tensor> qr = rotate(q, c.data(), sn.data(), pos);
  TF_TRY(qr);
  Result<Tensor> kr = rotate(k, c.data(), sn.data(), pos);
  TF_TRY(kr);
  return Value::tuple({Value(std::move(qr).value()), Value(std::move(kr).value())});
}

}  // namespace tf::eval::compute
