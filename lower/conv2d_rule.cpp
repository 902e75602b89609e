// hir.nn.Conv2D as per-element loops (element_loops.h), HIR's element rule (eval/hir/conv2d_eval.cpp):
// per output element (n, o, y, x) a patch vector of K = C/groups * kh * kw inputs is gathered
// (+0 where a position falls in the padding, so an infinite weight against padding gives NaN as
// in HIR), multiplied by the weight row of o into K products (f32 for floats, each one rounding;
// the result dtype for integers, wrapping), summed by one Reduce (f64 in (c, i, j) order from
// -0, rounded once; or wrapping), bias[o] added, and the sum converted once to the result dtype.
// A thread holds K products, never the im2col matrix.
#include <fmt/format.h>

#include "ir/core/constant.h"
#include "ir/core/kind_attrs.h"
#include "ir/layout/layout.h"
#include "ir/tir/tir_ops.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// The extents and attributes of a convolution: the image's extents may be DimVars (a batch, an
// image size), the weight's are static.
struct ConvShape {
  ShapeDim h = ShapeDim(0), w = ShapeDim(0);  // the input image
  std::int64_t cg = 0, kh = 0, kw = 0, k = 0;  // weight: channels per group, kernel, k = cg * kh * kw
  std::int64_t og = 0;                        // output channels per group
  std::int64_t sh = 0, sw = 0, ph = 0, pw = 0, dh = 0, dw = 0;
};

// The convolutions the rule lowers: a static weight and bias (the weight rows are views of static
// extent) and a static input channel count (typeinfer then checks it against the weight's); the
// batch and image extents may be symbolic (the loops over them take DimVar bounds, the input is
// read element by element, and an output extent below 1 is checked at run time).
Result<bool> match_conv2d(const LoweringContext& lc, const Call& c) {
  for (std::size_t i = 1; i < c.args.size(); ++i)
    if (!static_extents(tensor_type_of(*c.args[i])->shape))
      return lc.refusal(c, c.op.surface(), "its weight's and bias's shapes must be static (the weight rows are views of static extent)");
  const std::vector<ShapeDim>& x = tensor_type_of(*c.args[0])->shape;
  if (x.size() == 4 && !x[1].is_static())
    return lc.refusal(c, c.op.surface(), "its input channel count must be static (HIR checks it against the weight's at run time)");
  return true;
}

// HIR's eval error for an output image extent below 1 (a symbolic one, computed from the input's
// at run time): `if extent < 1 { abort(...) }` for each symbolic one.
Result<bool> check_output_extents(LoweringContext& lc, const std::vector<ShapeDim>& shape) {
  for (std::size_t k = 2; k < shape.size(); ++k) {
    if (shape[k].is_static()) continue;
    Result<Expr> e = integer_buffer(lc, DType::i64(), shape[k], "out_extent");
    TF_TRY(e);
    Result<Expr> one = integer_buffer(lc, DType::i64(), ShapeDim(1), "one");
    TF_TRY(one);
    Result<Expr> empty = flag(lc, BinaryKind::Lt, *e, *one, "no_output");
    TF_TRY(empty);
    Result<bool> checked = when(lc, *empty, [&] { return append_abort(lc, "conv2d: an output extent is not positive"); });
    TF_TRY(checked);
  }
  return true;
}

ConvShape conv_shape(const RuleInput& in) {
  const std::vector<ShapeDim>& x = tensor_type_of(*in.call.args[0])->shape;
  const std::vector<std::int64_t> w = *static_extents(tensor_type_of(*in.call.args[1])->shape);
  const auto stride = in.attr<std::vector<std::int64_t>>("stride"), padding = in.attr<std::vector<std::int64_t>>("padding"),
             dilation = in.attr<std::vector<std::int64_t>>("dilation");
  ConvShape s;
  s.h = x[2], s.w = x[3];
  s.cg = w[1], s.kh = w[2], s.kw = w[3], s.k = w[1] * w[2] * w[3];
  s.og = w[0] / in.attr<std::int64_t>("groups");
  s.sh = stride[0], s.sw = stride[1], s.ph = padding[0], s.pw = padding[1], s.dh = dilation[0], s.dw = dilation[1];
  return s;
}

// A rank-0 literal of dtype `d`: 0 (false, 0, +0.0).
Result<Expr> zero_of(DType d) {
  Result<TensorTypeRef> t = TensorType::make({}, d, std::nullopt, StorageKind::Rmem);
  TF_TRY(t);
  const ConstantValue v = d.is_float() ? ConstantValue(0.0) : d.is_bool() ? ConstantValue(false) : ConstantValue(std::int64_t{0});
  Result<ConstantRef> c = Constant::make(v, IRType(*t));
  TF_TRY(c);
  return Expr(*c);
}

// `out = index * scale + offset` into a fresh i64 register (scale, offset literals).
Result<Expr> affine(LoweringContext& lc, const Expr& index, std::int64_t scale, std::int64_t offset, const std::string& hint) {
  Result<Expr> r = index_register(lc, index, hint);
  TF_TRY(r);
  Result<Expr> a = integer_buffer(lc, DType::i64(), ShapeDim(scale), hint + "_scale");
  TF_TRY(a);
  Result<bool> mul = binary_into(lc, BinaryKind::Mul, *r, *a, *r);
  TF_TRY(mul);
  Result<Expr> b = integer_buffer(lc, DType::i64(), ShapeDim(offset), hint + "_offset");
  TF_TRY(b);
  Result<bool> add = binary_into(lc, BinaryKind::Add, *r, *b, *r);
  TF_TRY(add);
  return *r;
}

// `inside = 0 <= v < top` into a fresh bool register (top a literal or a DimVar).
Result<Expr> within(LoweringContext& lc, const Expr& v, const ShapeDim& top, const std::string& hint) {
  Result<Expr> lo = integer_buffer(lc, DType::i64(), ShapeDim(0), hint + "_lo");
  TF_TRY(lo);
  Result<Expr> hi = integer_buffer(lc, DType::i64(), top, hint + "_hi");
  TF_TRY(hi);
  Result<Expr> above = flag(lc, BinaryKind::Ge, v, *lo, hint + "_above");
  TF_TRY(above);
  Result<Expr> below = flag(lc, BinaryKind::Lt, v, *hi, hint + "_below");
  TF_TRY(below);
  Result<bool> both = binary_into(lc, BinaryKind::And, *above, *below, *above);
  TF_TRY(both);
  return *above;
}

// conv2d(x, w, b, stride, padding, dilation, groups) (header comment; match_conv2d).
Result<Expr> rule_conv2d(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  const ConvShape s = conv_shape(in);
  Result<bool> extents_checked = check_output_extents(lc, type.shape);
  TF_TRY(extents_checked);
  const DType work = type.dtype.is_float() ? DType::f32() : type.dtype;
  std::vector<Expr> operands;  // x, w, b in the working dtype
  for (std::size_t i = 0; i < 3; ++i) {
    const TensorType& t = *tensor_type_of(*in.call.args[i]);
    if (t.dtype == work) {
      operands.push_back(in.operands[i]);
      continue;
    }
    Result<Expr> wide = alloc_value(lc, in.strategy, t, work, fmt::format("{}_{}", in.name(), i == 0 ? "x" : i == 1 ? "w" : "b"));
    TF_TRY(wide);
    Result<bool> cast = unary_into(lc, UnaryKind::Cast, in.operands[i], *wide);
    TF_TRY(cast);
    operands.push_back(*wide);
  }
  Result<Expr> out = alloc_value(lc, in.strategy, type, type.dtype, in.name());
  TF_TRY(out);
  // The patch as (c, i, j), the loops' own coordinates, and as K elements for the multiply.
  Result<Expr> patch = lc.alloc_buffer({ShapeDim(s.cg), ShapeDim(s.kh), ShapeDim(s.kw)}, work, std::nullopt, StorageKind::Rmem, "patch");
  TF_TRY(patch);
  Result<Layout> flat = Layout::make(tuple_of_ints({s.k}), tuple_of_ints({1}));
  TF_TRY(flat);
  Result<Expr> patch_flat = bound_view(lc, *patch, LayoutBase(*flat), "patch_flat");
  TF_TRY(patch_flat);
  Result<Expr> products = lc.alloc_buffer({ShapeDim(s.k)}, work, std::nullopt, StorageKind::Rmem, "products");
  TF_TRY(products);
  Result<Expr> sum = scalar_register(lc, work, "sum");
  TF_TRY(sum);
  Result<Expr> zero = zero_of(work);
  TF_TRY(zero);
  Result<Expr> origin = index_constant(0);
  TF_TRY(origin);
  Result<bool> loops = element_loops(lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    const Expr &n = at[0], &o = at[1], &y = at[2], &x = at[3];
    Result<bool> cleared = lc.emit(tir::TirOp::Fill, {*patch, *zero});
    TF_TRY(cleared);
    Result<Expr> base = index_register(lc, o, "group_base");  // (o floor_div og) * cg
    TF_TRY(base);
    Result<Expr> og = integer_buffer(lc, DType::i64(), ShapeDim(s.og), "group_outputs");
    TF_TRY(og);
    Result<bool> grp = binary_into(lc, BinaryKind::FloorDiv, *base, *og, *base);
    TF_TRY(grp);
    Result<Expr> cg = integer_buffer(lc, DType::i64(), ShapeDim(s.cg), "group_channels");
    TF_TRY(cg);
    Result<bool> first = binary_into(lc, BinaryKind::Mul, *base, *cg, *base);
    TF_TRY(first);
    Result<Expr> ys = affine(lc, y, s.sh, 0, "out_y");  // the window's corner: y * sh, x * sw
    TF_TRY(ys);
    Result<Expr> xs = affine(lc, x, s.sw, 0, "out_x");
    TF_TRY(xs);
    const std::vector<ShapeDim> taps{ShapeDim(s.cg), ShapeDim(s.kh), ShapeDim(s.kw)};
    Result<bool> gather = element_loops(lc, taps, [&](const std::vector<Expr>& t) -> Result<bool> {
      Result<Expr> row = affine(lc, t[1], s.dh, -s.ph, "in_y");  // i * dh - ph + y * sh
      TF_TRY(row);
      Result<bool> add_y = binary_into(lc, BinaryKind::Add, *row, *ys, *row);
      TF_TRY(add_y);
      Result<Expr> col = affine(lc, t[2], s.dw, -s.pw, "in_x");
      TF_TRY(col);
      Result<bool> add_x = binary_into(lc, BinaryKind::Add, *col, *xs, *col);
      TF_TRY(add_x);
      Result<Expr> in_y = within(lc, *row, s.h, "row_in");
      TF_TRY(in_y);
      Result<Expr> in_x = within(lc, *col, s.w, "col_in");
      TF_TRY(in_x);
      Result<bool> inside = binary_into(lc, BinaryKind::And, *in_y, *in_x, *in_y);
      TF_TRY(inside);
      return when(
          lc, *in_y,
          [&]() -> Result<bool> {
            Result<Expr> channel = index_register(lc, t[0], "channel");
            TF_TRY(channel);
            Result<bool> c_add = binary_into(lc, BinaryKind::Add, *channel, *base, *channel);
            TF_TRY(c_add);
            return copy_element(lc, operands[0], {n, *channel, *row, *col}, *patch, t, "input");
          });
    });
    TF_TRY(gather);
    Result<Expr> weights = window_view(lc, operands[1], {o, *origin, *origin, *origin}, LayoutBase(*flat), "weights");
    TF_TRY(weights);
    Result<bool> mul = binary_into(lc, BinaryKind::Mul, *patch_flat, *weights, *products);
    TF_TRY(mul);
    const std::vector<NamedAttr> total{{"axes", std::vector<std::int64_t>{0}}, tir::kind_attr(ReduceKind::Sum)};
    Result<bool> reduced = lc.emit(tir::TirOp::Reduce, {*products, *sum, tir::no_workspace()}, total);
    TF_TRY(reduced);
    Result<Expr> bias = element_at(lc, operands[2], {o}, "bias");
    TF_TRY(bias);
    Result<bool> biased = binary_into(lc, BinaryKind::Add, *sum, *bias, *sum);
    TF_TRY(biased);
    Result<Expr> element = element_at(lc, *out, at, "out");
    TF_TRY(element);
    return unary_into(lc, UnaryKind::Cast, *sum, *element);
  });
  TF_TRY(loops);
  return *out;
}

}  // namespace

const LoweringPattern kConv2DPattern{OperandForm::Whole, &rule_conv2d, &match_conv2d};

}  // namespace tf::lower
