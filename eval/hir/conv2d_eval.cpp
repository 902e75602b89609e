// hir.nn.Conv2D: grouped 2-D cross-correlation plus bias (F.conv2d), NCHW input, OIHW weight.
//
// Value semantics (docs/hir-semantics.md "Evaluation"):
//   out[n, o, y, x] = bias[o] + sum over (c, i, j) of
//       input[n, g*C/groups + c, y*sh - ph + i*dh, x*sw - pw + j*dw] * weight[o, c, i, j]
//   with g = o / (O/groups), c < C/groups, and input positions outside the image reading 0.
//  - Floats: as MatMul's element rule. Each product input * weight (the input read as f32,
//    padding as +0) rounds to f32; the products sum in f64 in (c, i, j) order from -0 (an empty
//    sum is +0) and round once to f32; bias[o] is added in f32; the result rounds once to the
//    result dtype. Padded zeros take part in the products (as in torch's im2col path), so an
//    infinite weight against padding gives NaN. (It was im2col and Eigen's blocked GEMM until the
//    lowering needed an order it can reproduce.)
//  - Integers: int64 multiply-accumulate in (c, i, j) order, then + bias, two's-complement
//    wrap-around, wrapped to the result width.
// Run-time errors (extents typeinfer could not check statically): input channels not divisible
// by groups or not equal to weight.shape[1] * groups, output channels not divisible by groups,
// a bias that is not rank 1 of O elements, an output extent < 1.
#include <fmt/format.h>

#include <limits>
#include <optional>

#include "eval/hir/compute_handlers.h"
#include "eval/hir/compute_values.h"

namespace tf::eval::compute {
namespace {

// An output extent floor((in + 2 * pad - dil * (k - 1) - 1) / stride) + 1, computed in 128 bits
// (the attributes may be near 2^63: typeinfer checks static extents only); nullopt when it leaves
// int64. It may be < 1 (an error the caller reports).
std::optional<std::int64_t> output_extent(std::int64_t in, std::int64_t pad, std::int64_t dil,
                                          std::int64_t k, std::int64_t stride) {
  const __int128 span = __int128{in} + 2 * __int128{pad} - __int128{dil} * (k - 1) - 1;
  const __int128 q = span >= 0 ? span / stride : -((-span + stride - 1) / stride);
  if (q + 1 > std::numeric_limits<std::int64_t>::max()) return std::nullopt;
  return static_cast<std::int64_t>(q + 1);
}

// The extents and attributes of one convolution, checked.
struct ConvGeometry {
  std::int64_t n, c, h, w;      // input
  std::int64_t o, cg, kh, kw;   // weight (cg = C / groups)
  std::int64_t groups, og;      // og = O / groups
  std::int64_t sh, sw, ph, pw, dh, dw;
  std::int64_t oh, ow;          // output
};

Result<ConvGeometry> conv_geometry(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  const Tensor& wt = a.tensor(1);
  const Tensor& b = a.tensor(2);
  TF_CHECK(x.rank() == 4 && wt.rank() == 4, "conv2d: input / weight not rank 4 (typeinfer)");
  const std::vector<std::int64_t>& stride = ints_attr(a, "stride");
  const std::vector<std::int64_t>& padding = ints_attr(a, "padding");
  const std::vector<std::int64_t>& dilation = ints_attr(a, "dilation");
  TF_CHECK(stride.size() == 2 && padding.size() == 2 && dilation.size() == 2,
           "conv2d: stride / padding / dilation not of length 2 (typeinfer)");
  ConvGeometry g{};
  g.n = x.shape()[0], g.c = x.shape()[1], g.h = x.shape()[2], g.w = x.shape()[3];
  g.o = wt.shape()[0], g.cg = wt.shape()[1], g.kh = wt.shape()[2], g.kw = wt.shape()[3];
  g.groups = int_attr(a, "groups");
  g.sh = stride[0], g.sw = stride[1], g.ph = padding[0], g.pw = padding[1];
  g.dh = dilation[0], g.dw = dilation[1];
  TF_CHECK(g.groups > 0 && g.sh > 0 && g.sw > 0 && g.dh > 0 && g.dw > 0 && g.ph >= 0 && g.pw >= 0,
           "conv2d: attributes out of range (typeinfer)");
  if (g.c % g.groups != 0 || g.c / g.groups != g.cg)
    return eval_error(fmt::format("input has {} channels; weight {} with groups={} needs {}",
                                  g.c, shape_text(wt.shape()), g.groups, g.cg * g.groups));
  if (g.o % g.groups != 0)
    return eval_error(fmt::format("{} output channels do not divide into groups={}", g.o,
                                  g.groups));
  if (b.rank() != 1 || b.shape()[0] != g.o)
    return eval_error(fmt::format("bias must have shape ({},), found {}", g.o,
                                  shape_text(b.shape())));
  g.og = g.o / g.groups;
  const std::optional<std::int64_t> oh = output_extent(g.h, g.ph, g.dh, g.kh, g.sh);
  const std::optional<std::int64_t> ow = output_extent(g.w, g.pw, g.dw, g.kw, g.sw);
  if (!oh || !ow)
    return eval_error(fmt::format("an output extent of input {} and weight {} exceeds 2^63 - 1",
                                  shape_text(x.shape()), shape_text(wt.shape())));
  g.oh = *oh;
  g.ow = *ow;
  if (g.oh < 1 || g.ow < 1)
    return eval_error(fmt::format("the output extent ({}, {}) is not positive for input "
                                  "{} and weight {}",
                                  g.oh, g.ow, shape_text(x.shape()), shape_text(wt.shape())));
  return g;
}

// The input element of patch row (c, i, j) at output position (y, x), or +0 in the padding.
template <typename T>
T patch_value(const T* image, const ConvGeometry& g, std::int64_t c, std::int64_t i,
              std::int64_t j, std::int64_t y, std::int64_t x) {
  // 128 bits: y * stride alone may pass 2^63 with a padding that brings it back into the image.
  const __int128 iy = __int128{y} * g.sh - g.ph + __int128{i} * g.dh;
  const __int128 ix = __int128{x} * g.sw - g.pw + __int128{j} * g.dw;
  if (iy < 0 || iy >= g.h || ix < 0 || ix >= g.w) return T(0);
  return image[(c * g.h + static_cast<std::int64_t>(iy)) * g.w + static_cast<std::int64_t>(ix)];
}

// Floats: per output element, the products patch * weight rounded to f32, summed in f64 in (c, i,
// j) order from -0 (an empty sum is +0, as reduce sum), rounded once to f32, then bias[o] added
// in f32. A fixed order on every machine and build, which the lowering reproduces bit for bit.
void conv_f32(const float* x, const float* wt, const float* bias, float* out, const ConvGeometry& g) {
  const std::int64_t k = g.cg * g.kh * g.kw;
  for (std::int64_t n = 0; n < g.n; ++n)
    for (std::int64_t o = 0; o < g.o; ++o) {
      const std::int64_t grp = o / g.og;
      const float* image = x + (n * g.c + grp * g.cg) * g.h * g.w;
      const float* filter = wt + o * k;
      for (std::int64_t y = 0; y < g.oh; ++y)
        for (std::int64_t xx = 0; xx < g.ow; ++xx) {
          double s = -0.0;
          for (std::int64_t c = 0; c < g.cg; ++c)
            for (std::int64_t i = 0; i < g.kh; ++i)
              for (std::int64_t j = 0; j < g.kw; ++j) {
                const float product = patch_value(image, g, c, i, j, y, xx) * filter[(c * g.kh + i) * g.kw + j];
                s += static_cast<double>(product);
              }
          const float sum = k == 0 ? 0.0f : static_cast<float>(s);
          out[((n * g.o + o) * g.oh + y) * g.ow + xx] = sum + bias[o];
        }
    }
}

// `out` holds one element per element of the result (its count checked by the caller).
void conv_int(const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& wt,
              const std::vector<std::int64_t>& bias, const ConvGeometry& g,
              std::vector<std::int64_t>& out) {
  for (std::int64_t n = 0; n < g.n; ++n)
    for (std::int64_t o = 0; o < g.o; ++o) {
      const std::int64_t grp = o / g.og;
      const std::int64_t* image = x.data() + (n * g.c + grp * g.cg) * g.h * g.w;
      const std::int64_t* filter = wt.data() + o * g.cg * g.kh * g.kw;
      for (std::int64_t y = 0; y < g.oh; ++y)
        for (std::int64_t xx = 0; xx < g.ow; ++xx) {
          std::uint64_t s = 0;  // unsigned: wrap-around is defined
          for (std::int64_t c = 0; c < g.cg; ++c)
            for (std::int64_t i = 0; i < g.kh; ++i)
              for (std::int64_t j = 0; j < g.kw; ++j)
                s += static_cast<std::uint64_t>(patch_value(image, g, c, i, j, y, xx)) *
                     static_cast<std::uint64_t>(filter[(c * g.kh + i) * g.kw + j]);
          s += static_cast<std::uint64_t>(bias[o]);
          out[((n * g.o + o) * g.oh + y) * g.ow + xx] = static_cast<std::int64_t>(s);
        }
    }
}

}  // namespace

Result<Value> eval_conv2d(const OpEvalArgs& a) {
  Result<ConvGeometry> geo = conv_geometry(a);
  TF_TRY(geo);
  const ConvGeometry& g = *geo;
  const Tensor& x = a.tensor(0);
  Shape shape = {g.n, g.o, g.oh, g.ow};
  const DType dtype = a.result_dtype();
  // The result's element count is checked first (beyond int64 it is refused, not wrapped), and
  // every scratch buffer is charged to the memory budget before it is allocated.
  const std::int64_t count = shape_size(shape);
  if (is_integral(x.dtype()) && !x.is_block_scaled()) {
    const ScratchCharge scratch(x.size() + a.tensor(1).size() + a.tensor(2).size(), sizeof(std::int64_t));
    const ScratchCharge result(count, sizeof(std::int64_t));
    std::vector<std::int64_t> out(static_cast<std::size_t>(count));
    if (count > 0) conv_int(to_i64(x), to_i64(a.tensor(1)), to_i64(a.tensor(2)), g, out);
    return Value(from_i64(dtype, std::move(shape), out));
  }
  const F32Span xs(x), ws(a.tensor(1)), bs(a.tensor(2));
  const ScratchCharge result(count, sizeof(float));
  std::vector<float> out(static_cast<std::size_t>(count));
  if (!out.empty()) conv_f32(xs.data(), ws.data(), bs.data(), out.data(), g);
  Result<Tensor> t = round_to(dtype, std::move(shape), std::span<const float>(out));
  TF_TRY(t);
  return Value(std::move(t).value());
}

}  // namespace tf::eval::compute
