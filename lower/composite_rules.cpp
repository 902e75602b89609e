// Ops that lower to several TIR ops (docs/lowering.md): softmax, layer_norm and quant as
// reductions plus elementwise ops, matmul as a broadcast product and a reduction. Both read their operands whole.
#include <fmt/format.h>

#include "ir/layout/layout.h"
#include "ir/tir/tir_ops.h"
#include "ir/layout/shard_layout.h"
#include "lower/element_loops.h"
#include "lower/lowering_limits.h"
#include "lower/rule_support.h"
#include "lower/shard_rule.h"

namespace tf::lower {

namespace {

// A register tensor for a value of `shape` and `dtype` (alloc_value under in.strategy) named
// after `hint`.
Result<Expr> alloc_shaped(const RuleInput& in, std::vector<ShapeDim> shape, DType dtype, std::string_view hint) {
  Result<TensorTypeRef> type = TensorType::make(std::move(shape), dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(type);
  return alloc_value(in.lc, in.strategy, **type, dtype, hint);
}

// dst = alloc(shape, dtype); `op`(operands..., dst, after_dst..., attrs).
Result<Expr> apply(const RuleInput& in, tir::TirOp op, std::vector<Expr> operands, const std::vector<ShapeDim>& shape,
                   DType dtype, std::vector<NamedAttr> attrs, std::string_view hint, std::vector<Expr> after_dst = {}) {
  Result<Expr> dst = alloc_shaped(in, shape, dtype, hint);
  TF_TRY(dst);
  return emit_into(in.lc, op, std::move(operands), *dst, std::move(after_dst), std::move(attrs));
}

// The last step of a composite computed in f32, `op`(operands..., y, attrs) over the call's
// shape, then y rounded once to the call's dtype (no cast for an f32 result); the value is named
// after the call.
Result<Expr> last_f32_step(const RuleInput& in, tir::TirOp op, std::vector<Expr> operands, std::vector<NamedAttr> attrs) {
  const TensorType& type = *tensor_type_of(in.call);
  const DType f32 = DType::f32();
  const std::string result = in.name();
  Result<Expr> y = apply(in, op, std::move(operands), type.shape, f32, std::move(attrs), type.dtype == f32 ? result : result + "_f32");
  TF_TRY(y);
  if (type.dtype == f32) return *y;
  return apply(in, tir::TirOp::Unary, {*y}, type.shape, type.dtype, {tir::kind_attr(UnaryKind::Cast)}, result);
}

// softmax(x, axis=a), HIR's arithmetic step by step (docs/hir-semantics.md): x read as f32;
// m = max over a (kept as an extent-1 axis); e = exp(x - m); s = f32(sum of e over a, in f64 in
// index order); y = e / s; y rounded once to x's dtype. Each step is the TIR op whose element
// rule is the HIR step's (Reduce max and sum are the HIR reductions; exp is Unary exp), so the
// bits are the HIR softmax's.
Result<Expr> rewrite_softmax(const RuleInput& in) {
  const TensorType& type = *tensor_type_of(in.call);
  const auto rank = static_cast<std::int64_t>(type.shape.size());
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += rank;
  const Expr& x = in.operands[0];
  const DType f32 = DType::f32();
  Expr wide = x;
  if (type.dtype != f32) {
    Result<Expr> w = apply(in, tir::TirOp::Unary, {x}, type.shape, f32, {tir::kind_attr(UnaryKind::Cast)}, "x_f32");
    TF_TRY(w);
    wide = *w;
  }
  std::vector<ShapeDim> kept = type.shape;
  kept[static_cast<std::size_t>(axis)] = ShapeDim(1);
  const std::int64_t tir_axis = in.strategy.axis(type.shape, axis);  // moved with a grid part's leading axes
  const std::vector<NamedAttr> reduce_max{{"axes", std::vector<std::int64_t>{tir_axis}}, tir::kind_attr(ReduceKind::Max)};
  Result<Expr> m = apply(in, tir::TirOp::Reduce, {wide}, kept, f32, reduce_max, "row_max", {tir::no_workspace()});
  TF_TRY(m);
  Result<Expr> d = apply(in, tir::TirOp::Binary, {wide, *m}, type.shape, f32, {tir::kind_attr(BinaryKind::Sub)}, "shifted");
  TF_TRY(d);
  Result<Expr> e = apply(in, tir::TirOp::Unary, {*d}, type.shape, f32, {tir::kind_attr(UnaryKind::Exp)}, "exps");
  TF_TRY(e);
  const std::vector<NamedAttr> reduce_sum{{"axes", std::vector<std::int64_t>{tir_axis}}, tir::kind_attr(ReduceKind::Sum)};
  Result<Expr> s = apply(in, tir::TirOp::Reduce, {*e}, kept, f32, reduce_sum, "row_sum", {tir::no_workspace()});
  TF_TRY(s);
  return last_f32_step(in, tir::TirOp::Binary, {*e, *s}, {tir::kind_attr(BinaryKind::Div)});
}

Result<Expr> plain_view(LoweringContext& lc, const Expr& x, const std::vector<std::int64_t>& shape,
                        const std::vector<std::int64_t>& strides, std::string_view hint);

// `x` (of dtype `from`) as `to`: itself, or a cast into a fresh buffer of its shape.
Result<Expr> as_dtype(const RuleInput& in, const Expr& x, const std::vector<ShapeDim>& shape, DType from, DType to,
                      std::string_view hint) {
  if (from == to) return x;
  return apply(in, tir::TirOp::Unary, {x}, shape, to, {tir::kind_attr(UnaryKind::Cast)}, hint);
}

// `x` as f32: itself, or a cast into a fresh buffer of its shape (exact for every narrower float).
Result<Expr> as_f32(const RuleInput& in, const Expr& x, const std::vector<ShapeDim>& shape, DType dtype, std::string_view hint) {
  return as_dtype(in, x, shape, dtype, DType::f32(), hint);
}

// The layer norms the rule lowers: one normalised axis, of any extent; or several, static, when
// the function is lowered serially with a static shape (the rms_norm step views them as one axis
// of a whole register tensor, which a grid part's distributed rows are not).
Result<bool> match_layer_norm(const LoweringContext& lc, const Call& c) {
  const std::vector<ShapeDim>& shape = tensor_type_of(c)->shape;
  std::int64_t axis = std::get<std::int64_t>(c.attr("axis"));
  if (axis < 0) axis += static_cast<std::int64_t>(shape.size());
  const std::vector<ShapeDim> normalised(shape.begin() + axis, shape.end());
  if (normalised.size() > 1 && !static_extents(shape))
    return lc.refusal(c, "layer_norm", "normalising several axes views x as (rows, n), which needs a static shape");
  return true;
}

// layer_norm(x, w, b, axis=a, eps=e), HIR's arithmetic step by step (docs/hir-semantics.md), x,
// w and b read as f32: mean = reduce(x, kind=mean) over x.shape[a:] kept as extent-1 axes (f64
// sum in index order, divided by n, rounded once); d = x - mean; t = rms_norm(d, w, eps=e),
// whose r = 1 / sqrt(f32(sum of d^2 in f64 / n) + f32(e)) is exactly HIR's rstd and whose
// (d * r) * w is HIR's (d * rstd) * w, each product rounded once in f32; y = t + b, rounded once
// to x's dtype. Several normalised axes are one axis of length n to rms_norm (views (rows, n) of
// d and t, (n,) of w; serial only, match_layer_norm).
Result<Expr> rewrite_layer_norm(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  const auto rank = static_cast<std::int64_t>(type.shape.size());
  std::int64_t axis = in.attr<std::int64_t>("axis");
  if (axis < 0) axis += rank;
  const DType f32 = DType::f32();
  const std::vector<ShapeDim> normalised(type.shape.begin() + axis, type.shape.end());
  Result<Expr> x = as_f32(in, in.operands[0], type.shape, type.dtype, "x_f32");
  TF_TRY(x);
  Result<Expr> w = as_f32(in, in.operands[1], normalised, tensor_type_of(*in.call.args[1])->dtype, "weight_f32");
  TF_TRY(w);
  Result<Expr> b = as_f32(in, in.operands[2], normalised, tensor_type_of(*in.call.args[2])->dtype, "bias_f32");
  TF_TRY(b);
  std::vector<ShapeDim> kept = type.shape;
  std::vector<std::int64_t> axes;
  for (std::int64_t k = axis; k < rank; ++k) {
    kept[static_cast<std::size_t>(k)] = ShapeDim(1);
    axes.push_back(in.strategy.axis(type.shape, k));  // moved with a grid part's leading axes
  }
  Result<Expr> mean = apply(in, tir::TirOp::Reduce, {*x}, kept, f32, {{"axes", axes}, tir::kind_attr(ReduceKind::Mean)},
                            "row_mean", {tir::no_workspace()});
  TF_TRY(mean);
  Result<Expr> d = apply(in, tir::TirOp::Binary, {*x, *mean}, type.shape, f32, {tir::kind_attr(BinaryKind::Sub)}, "centred");
  TF_TRY(d);
  Result<Expr> t = alloc_shaped(in, type.shape, f32, "normalised");
  TF_TRY(t);
  Expr src = *d, dst = *t, weight = *w;
  if (normalised.size() > 1) {  // serial: whole register tensors of static shape (match_layer_norm)
    std::int64_t n = 1;
    for (const ShapeDim& k : normalised) n *= k.value();
    std::int64_t rows = 1;
    for (std::int64_t k = 0; k < axis; ++k) rows *= type.shape[static_cast<std::size_t>(k)].value();
    Result<Expr> sv = plain_view(lc, *d, {rows, n}, {n, 1}, "centred_rows");
    TF_TRY(sv);
    Result<Expr> dv = plain_view(lc, *t, {rows, n}, {n, 1}, "normalised_rows");
    TF_TRY(dv);
    Result<Expr> wv = plain_view(lc, *w, {n}, {1}, "weight_flat");
    TF_TRY(wv);
    src = *sv;
    dst = *dv;
    weight = *wv;
  }
  Result<bool> norm = lc.emit(tir::TirOp::RMSNorm, {src, dst, weight}, {{"eps", in.call.attr("eps")}});
  TF_TRY(norm);
  return last_f32_step(in, tir::TirOp::Binary, {*t, *b}, {tir::kind_attr(BinaryKind::Add)});
}

// `let NAME = tensor_view(x, layout=Layout(shape, strides))`.
Result<Expr> plain_view(LoweringContext& lc, const Expr& x, const std::vector<std::int64_t>& shape,
                        const std::vector<std::int64_t>& strides, std::string_view hint) {
  Result<Layout> layout = Layout::make(tuple_of_ints(shape), tuple_of_ints(strides));
  TF_TRY(layout);
  return bound_view(lc, x, LayoutBase(*layout), hint);
}


// The static extents of a matmul's operands a and b and of its result, or nullopt when one is
// symbolic.
struct MatmulExtents {
  std::vector<std::int64_t> a, b, c;
};
std::optional<MatmulExtents> matmul_extents(const Call& c) {
  std::optional<std::vector<std::int64_t>> a = static_extents(tensor_type_of(*c.args[0])->shape),
                                           b = static_extents(tensor_type_of(*c.args[1])->shape),
                                           r = static_extents(tensor_type_of(c)->shape);
  if (!a || !b || !r) return std::nullopt;
  return MatmulExtents{std::move(*a), std::move(*b), std::move(*r)};
}

// M x N x K, times the batch extents.
std::int64_t product_count(const MatmulExtents& e) {
  std::int64_t products = e.a[e.a.size() - 2] * e.b.back() * e.a.back();
  for (std::size_t i = 0; i + 2 < e.c.size(); ++i) products *= e.c[i];
  return products;
}

// The extents of a leading symbolic axis of a and the result replaced by 1: static when only
// the rows of a grid part (its DimVar batch) are symbolic.
std::optional<MatmulExtents> matmul_extents_past_rows(const Call& c) {
  auto past_first = [](std::vector<ShapeDim> shape) {
    if (!shape.empty()) shape[0] = ShapeDim(1);
    return static_extents(shape);
  };
  std::optional<std::vector<std::int64_t>> a = past_first(tensor_type_of(*c.args[0])->shape),
                                           b = static_extents(tensor_type_of(*c.args[1])->shape),
                                           r = past_first(tensor_type_of(c)->shape);
  if (!a || !b || !r) return std::nullopt;
  return MatmulExtents{std::move(*a), std::move(*b), std::move(*r)};
}

// `let NAME = tensor_view(x, c_0, ..., layout=Layout((n,), (stride,)))`: the n elements from the
// coordinates `at` of x stepping `stride` in x's row-major count (a row: 1; a column: the row
// length).
Result<Expr> vector_at(LoweringContext& lc, const Expr& x, std::vector<Expr> at, std::int64_t n, std::int64_t stride,
                       std::string_view hint) {
  Result<Layout> layout = Layout::make(tuple_of_ints({n}), tuple_of_ints({stride}));
  TF_TRY(layout);
  return window_view(lc, x, std::move(at), LayoutBase(*layout), hint);
}

// The coordinates of operand x (static extents `x`, rank >= 2) for the output coordinates `at`
// (of an output of extents `c`): its batch axes aligned right with the output's (0 where x's
// extent is 1, broadcast), then `row` and `column` for its last two axes.
std::vector<Expr> operand_coords(const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& c,
                                 const std::vector<Expr>& at, const Expr& zero, const Expr& row, const Expr& column) {
  std::vector<Expr> out;
  const std::size_t shift = c.size() - x.size();
  for (std::size_t d = 0; d + 2 < x.size(); ++d) out.push_back(x[d] == 1 && c[d + shift] != 1 ? zero : at[d + shift]);
  out.push_back(row);
  out.push_back(column);
  return out;
}

// `reduce(products, out, axes=(0,), kind=sum)` of a K-vector of products into the rank-0 `out`
// (f64 in k order from -0, rounded once), through the f32 register `wide` and a cast when the
// result is a narrower float (HIR rounds its f32 sum once to the result dtype).
Result<bool> sum_products(LoweringContext& lc, const Expr& products, const std::optional<Expr>& wide, const Expr& out) {
  const std::vector<NamedAttr> sum{{"axes", std::vector<std::int64_t>{0}}, tir::kind_attr(ReduceKind::Sum)};
  if (!wide) return lc.emit(tir::TirOp::Reduce, {products, out, tir::no_workspace()}, sum);
  Result<bool> summed = lc.emit(tir::TirOp::Reduce, {products, *wide, tir::no_workspace()}, sum);
  TF_TRY(summed);
  return unary_into(lc, UnaryKind::Cast, *wide, out);
}

// What a streamed matmul writes: the result c, one K-vector of products allocated once (f32 for
// floats, the result dtype for integers), the f32 register a narrower float result's sum rounds
// from, and the coordinate 0.
struct StreamBuffers {
  Expr c, products, zero;
  std::optional<Expr> wide;
};
Result<StreamBuffers> stream_buffers(const RuleInput& in, const TensorType& type, const ShapeDim& k) {
  const bool is_float = type.dtype.is_float();
  Result<Expr> c = alloc_shaped(in, type.shape, type.dtype, in.name());
  TF_TRY(c);
  Result<Expr> products = in.lc.alloc_buffer({k}, is_float ? DType::f32() : type.dtype, std::nullopt, StorageKind::Rmem, "products");
  TF_TRY(products);
  Result<Expr> zero = index_constant(0);
  TF_TRY(zero);
  StreamBuffers out{*c, *products, *zero, std::nullopt};
  if (is_float && type.dtype != DType::f32()) {
    Result<Expr> w = in.lc.alloc_buffer({}, DType::f32(), std::nullopt, StorageKind::Rmem, "sum_f32");
    TF_TRY(w);
    out.wide = *w;
  }
  return out;
}

// The products summed into the result's element at `at` (sum_products).
Result<bool> sum_into(LoweringContext& lc, const StreamBuffers& b, const std::vector<Expr>& at) {
  Result<Expr> out = element_at(lc, b.c, at, "out");
  TF_TRY(out);
  return sum_products(lc, b.products, b.wide, *out);
}

// The streaming matmul, for one of more than kMaxMatmulProducts products: per output element
// (i, j) (a loop nest over the output, or inside a grid part over the thread's own rows), the
// row of a at i and the column of b at j are viewed as K-vectors at start coordinates,
// `binary(row, column, p, kind=mul)` into one K-vector of products (f32 for floats, the result
// dtype for integers) allocated once, and `reduce(p, c_ij, axes=(0,), kind=sum)` into the
// element's rank-0 view (through an f32 register and a cast for a narrower float result). The
// element rule is the materializing rule's (HIR's: products rounded to f32, summed in f64 in k
// order), so the bits are the same, and a thread holds K products, never M x N x K. Inside a
// grid part a is a row value held as the part's rows (its own rows are loops, its mesh axes
// coordinate 0) and b is shared whole (grid_plan.h).
Result<Expr> stream_matmul(const RuleInput& in, const MatmulExtents& e) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  const std::int64_t k = e.a.back(), n = e.b.back();
  Result<StreamBuffers> bufs = stream_buffers(in, type, ShapeDim(k));
  TF_TRY(bufs);
  const Expr &c = bufs->c, &products = bufs->products, &zero = bufs->zero;
  const GridPart* part = in.strategy.part;
  // The loop nest: the output's axes, or inside a grid part the thread's own rows and N; an axis
  // of extent 1 is coordinate 0, not a loop.
  std::vector<ShapeDim> axes = part != nullptr ? part->own_leading() : type.shape;
  if (part != nullptr) axes.push_back(ShapeDim(n));
  Result<bool> nest = element_loops_past_ones(lc, axes, [&](const std::vector<Expr>& at) -> Result<bool> {
    const Expr& j = at.back();
    std::vector<Expr> a_at, c_at;
    if (part != nullptr) {  // a held as (leading..., K), c as (leading..., N): coordinates in the thread's part
      a_at.assign(at.begin(), at.end() - 1);
      a_at.push_back(zero);
      c_at = at;
    } else {
      a_at = operand_coords(e.a, e.c, at, zero, at[at.size() - 2], zero);
      c_at = at;
    }
    const std::vector<Expr> b_at = operand_coords(e.b, e.c, part != nullptr ? std::vector<Expr>(e.c.size(), zero) : at, zero, zero, j);
    Result<Expr> row = vector_at(lc, in.operands[0], a_at, k, 1, "lhs_row");
    TF_TRY(row);
    Result<Expr> column = vector_at(lc, in.operands[1], b_at, k, n, "rhs_column");
    TF_TRY(column);
    Result<bool> mul = binary_into(lc, BinaryKind::Mul, *row, *column, products);
    TF_TRY(mul);
    return sum_into(lc, *bufs, c_at);
  });
  TF_TRY(nest);
  return c;
}

// The coordinates of operand x (HIR shape `x`, rank >= 2) for the output coordinates `at` of a
// result of shape `c`, as operand_coords gives them for static shapes: a batch axis equal to the
// result's takes its coordinate, a static 1 against another extent is broadcast (0); nullopt
// for a symbolic extent that neither equals the result's nor is 1.
std::optional<std::vector<Expr>> coords_of(const std::vector<ShapeDim>& x, const std::vector<ShapeDim>& c, const std::vector<Expr>& at,
                                           const Expr& zero, const Expr& row, const Expr& column) {
  std::vector<Expr> out;
  const std::size_t shift = c.size() - x.size();
  for (std::size_t d = 0; d + 2 < x.size(); ++d) {
    if (x[d] == c[d + shift]) out.push_back(at[d + shift]);
    else if (x[d].is_static() && x[d].value() == 1) out.push_back(zero);
    else return std::nullopt;
  }
  out.push_back(row);
  out.push_back(column);
  return out;
}

// matmul of symbolic shapes outside a grid's rows (no view has a symbolic layout): per output
// element (a loop nest over the result, DimVar bounds included) a loop over K writes each
// product a[.., i, k] * b[.., k, j] of rank-0 views (f32 for floats, the result dtype for
// integers) into a K-vector allocated once, then the streaming rule's sum into the element. The
// element rule is HIR's (products rounded to f32, summed in f64 in k order), so the bits are the
// same, and a thread holds K products.
Result<Expr> matmul_by_elements(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  const std::vector<ShapeDim>& a = tensor_type_of(*in.call.args[0])->shape;
  const std::vector<ShapeDim>& b = tensor_type_of(*in.call.args[1])->shape;
  Result<StreamBuffers> bufs = stream_buffers(in, type, a.back());
  TF_TRY(bufs);
  const Expr &c = bufs->c, &products = bufs->products, &zero = bufs->zero;
  Result<bool> nest = element_loops(lc, type.shape, [&](const std::vector<Expr>& at) -> Result<bool> {
    const Expr& i = at[at.size() - 2];
    const Expr& j = at.back();
    Result<bool> each = counted_loop(lc, a.back(), 1, "k", [&](const Expr& k) -> Result<bool> {
      const std::optional<std::vector<Expr>> a_at = coords_of(a, type.shape, at, zero, i, k);
      const std::optional<std::vector<Expr>> b_at = coords_of(b, type.shape, at, zero, k, j);
      if (!a_at || !b_at) return lc.refusal(in.call, in.call.op.surface(), "a batch axis of symbolic extent that is neither the result's nor 1");
      Result<Expr> x = element_at(lc, in.operands[0], *a_at, "lhs");
      TF_TRY(x);
      Result<Expr> y = element_at(lc, in.operands[1], *b_at, "rhs");
      TF_TRY(y);
      Result<Expr> p = element_at(lc, products, {k}, "product");
      TF_TRY(p);
      return binary_into(lc, BinaryKind::Mul, *x, *y, *p);
    });
    TF_TRY(each);
    return sum_into(lc, *bufs, at);
  });
  TF_TRY(nest);
  return c;
}

// matmul(a, b), a (..., M, K) and b (..., K, N) of static shapes, the per-thread rule: the views
// a' = a as (..., M, 1, K) and b' = b transposed as (..., 1, N, K) (no copies), their products
// p = binary(a', b', kind=mul) of shape (..., M, N, K) by broadcasting (the batch axes too), in
// f32 for float operands (exact for f16, bf16 and fp8) and in the result dtype for integers
// (wrapping, as HIR's int64 accumulation wrapped to the width), then reduce(p, axes=(last,),
// kind=sum): f64 in k order from -0, rounded once. That is HIR's matmul element rule
// (docs/hir-semantics.md), so the bits are the same; a float result other than f32 is a cast
// of the f32 sum, as HIR rounds its f32 result once.
// (HIR's typeinfer takes numeric operands only: no block-scaled matmul reaches the lowering.)
Result<Expr> rewrite_matmul(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  // Inside a grid part a's rows are the part's (a DimVar batch is the grid-stride loop's): the
  // streaming rule reads only K and N.
  if (in.strategy.part != nullptr && in.strategy.part->is_row(tensor_type_of(*in.call.args[0])->shape)) {
    const std::optional<MatmulExtents> past_rows = matmul_extents_past_rows(in.call);
    if (!past_rows)  // the grid plan keeps such a matmul out of a grid (GridPlanner's streams)
      return lc.refusal(in.call, in.call.op.surface(), "a row-wise matmul in a grid part needs static extents past the rows");
    return stream_matmul(in, *past_rows);
  }
  const std::optional<MatmulExtents> extents = matmul_extents(in.call);
  if (!extents) {
    // Symbolic shapes: under the sharded strategy only into a result without a distribution (a
    // distributed value of symbolic shape has no rule), streamed whole as under the serial rule.
    if (in.strategy.sharding != nullptr && result_distribution(in.strategy, type) != nullptr)
      return lc.refusal(in.call, in.call.op.surface(), "a distributed result of symbolic shape has no lowering rule yet");
    if (in.strategy.sharding == nullptr) return matmul_by_elements(in);
    const StrategyContext serial = StrategyContext::serial();
    return matmul_by_elements(RuleInput{lc, serial, in.call, in.operands});
  }
  const MatmulExtents& e = *extents;
  if (in.strategy.part != nullptr || (product_count(e) > kMaxMatmulProducts && in.strategy.sharding == nullptr))
    return stream_matmul(in, e);
  if (product_count(e) > kMaxMatmulProducts) {
    // Under the sharded strategy a result without a distribution is streamed whole by every
    // thread from the gathered operands, as under the serial rule; a distributed one (a Partial
    // result's split-K products) is materialized, which this many products would not fit.
    if (result_distribution(in.strategy, type) != nullptr)
      return lc.refusal(in.call, in.call.op.surface(), fmt::format("under the sharded strategy a distributed result materializes its {} "
                                                       "products, more than {}", product_count(e), kMaxMatmulProducts));
    const StrategyContext serial = StrategyContext::serial();
    return stream_matmul(RuleInput{lc, serial, in.call, in.operands}, e);
  }
  const std::vector<std::int64_t>& sa = e.a;
  const std::vector<std::int64_t>& sb = e.b;
  const std::int64_t k = sa.back(), n = sb.back();
  // a' (..., M, 1, K): a's strides with 0 for the inserted axis.
  std::vector<std::int64_t> a_shape(sa.begin(), sa.end() - 1), a_strides = row_major_strides(sa);
  a_shape.insert(a_shape.end(), {1, k});
  a_strides.insert(a_strides.end() - 1, 0);
  // b' (..., 1, N, K): element (.., 0, j, p) is b's (.., p, j).
  const std::vector<std::int64_t> b_row = row_major_strides(sb);
  std::vector<std::int64_t> b_shape(sb.begin(), sb.end() - 2), b_strides(b_row.begin(), b_row.end() - 2);
  b_shape.insert(b_shape.end(), {1, n, k});
  b_strides.insert(b_strides.end(), {0, 1, n});
  Result<Expr> av = plain_view(lc, in.operands[0], a_shape, a_strides, "lhs_rows");
  TF_TRY(av);
  Result<Expr> bv = plain_view(lc, in.operands[1], b_shape, b_strides, "rhs_columns");
  TF_TRY(bv);
  const bool is_float = type.dtype.is_float();
  const DType product_dtype = is_float ? DType::f32() : type.dtype;
  std::vector<ShapeDim> p_shape = type.shape;
  p_shape.push_back(ShapeDim(k));
  // Under the sharded strategy a Partial(sum) result (K split) has its products computed
  // distributed along K, then gathered: the sum across participants (shard_rule.h).
  std::vector<std::int64_t> p_extents = e.c;
  p_extents.push_back(k);
  const std::optional<ShardLayout> split_k = split_k_products(in.strategy, type, p_extents);
  Result<Expr> p = [&]() -> Result<Expr> {
    if (!split_k) return apply(in, tir::TirOp::Binary, {*av, *bv}, p_shape, product_dtype, {tir::kind_attr(BinaryKind::Mul)}, "products");
    Result<Expr> d = lc.alloc_buffer(p_shape, product_dtype, LayoutBase(*split_k), StorageKind::Rmem, "products");
    TF_TRY(d);
    Result<Expr> made = emit_into(lc, tir::TirOp::Binary, {*av, *bv}, *d, {}, {tir::kind_attr(BinaryKind::Mul)});
    TF_TRY(made);
    return gathered(lc, *in.strategy.sharding, *made);  // split_k is set only under the sharded strategy
  }();
  TF_TRY(p);
  const std::string result = in.name();
  const bool cast_after = is_float && type.dtype != DType::f32();
  const std::vector<NamedAttr> sum{{"axes", std::vector<std::int64_t>{static_cast<std::int64_t>(type.shape.size())}},
                                   tir::kind_attr(ReduceKind::Sum)};
  Result<Expr> s = apply(in, tir::TirOp::Reduce, {*p}, type.shape, product_dtype, sum, cast_after ? result + "_f32" : result,
                         {tir::no_workspace()});
  TF_TRY(s);
  if (!cast_after) return *s;
  return apply(in, tir::TirOp::Unary, {*s}, type.shape, type.dtype, {tir::kind_attr(UnaryKind::Cast)}, result);
}

// A rank-0 f32 literal `v` in a register: `let NAME = alloc_tensor(...); fill(NAME, v)`.
Result<Expr> f32_scalar(LoweringContext& lc, double v, std::string_view hint) {
  Result<Expr> t = lc.alloc_buffer({}, DType::f32(), std::nullopt, StorageKind::Rmem, hint);
  TF_TRY(t);
  Result<TensorTypeRef> scalar = TensorType::make({}, DType::f32(), std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> literal = Constant::make(v, IRType(*scalar));
  TF_TRY(literal);
  Result<bool> filled = lc.emit(tir::TirOp::Fill, {*t, Expr(*literal)});
  TF_TRY(filled);
  return *t;
}

// The quants the rule lowers: every extent but the first static (the groups are views of x); a
// symbolic first one as a grid's rows or, outside a grid, a loop over it (rewrite_quant).
Result<bool> match_quant(const LoweringContext& lc, const Call& c) {
  const std::vector<ShapeDim>& shape = tensor_type_of(*c.args[0])->shape;
  if (!static_extents(std::vector<ShapeDim>(shape.begin() + 1, shape.end())))
    return lc.refusal(c, c.op.surface(), "its groups are views of x, whose extents past the first must be static");
  return true;
}

// The steps of quant over `wide` (x read as f32) of static extents `held`, writing the codes into
// `codes` (of held's shape) and the scales into `scales` (held's shape with the last extent
// divided by the group): see rewrite_quant.
Result<bool> quant_groups(const RuleInput& in, const Expr& wide, const std::vector<std::int64_t>& held_extents, const Expr& codes,
                          const Expr& scales) {
  LoweringContext& lc = in.lc;
  const std::int64_t group = in.attr<std::int64_t>("group");
  const DType f32 = DType::f32();
  std::vector<std::int64_t> grouped(held_extents.begin(), held_extents.end() - 1);
  grouped.insert(grouped.end(), {held_extents.back() / group, group});  // divisible: HIR's typeinfer
  std::vector<std::int64_t> per_group = grouped;
  per_group.back() = 1;
  const std::vector<ShapeDim> group_dims(per_group.begin(), per_group.end()), grouped_dims(grouped.begin(), grouped.end());
  // dst = a register tensor of the part's `dims`; `op`(operands..., dst, attrs).
  auto step = [&](tir::TirOp op, std::vector<Expr> operands, const std::vector<ShapeDim>& dims, DType dtype,
                  std::vector<NamedAttr> attrs, std::string_view hint, std::vector<Expr> after = {}) -> Result<Expr> {
    Result<Expr> dst = lc.alloc_buffer(dims, dtype, std::nullopt, value_storage(in.strategy, dims, dtype), hint);
    TF_TRY(dst);
    return emit_into(lc, op, std::move(operands), *dst, std::move(after), std::move(attrs));
  };
  Result<Expr> x = plain_view(lc, wide, grouped, row_major_strides(grouped), "groups");
  TF_TRY(x);
  const std::vector<NamedAttr> absmax{{"axes", std::vector<std::int64_t>{static_cast<std::int64_t>(grouped.size()) - 1}},
                                      tir::kind_attr(ReduceKind::AbsMax)};
  Result<Expr> amax = step(tir::TirOp::Reduce, {*x}, group_dims, f32, absmax, "absmax", {tir::no_workspace()});
  TF_TRY(amax);
  Result<Expr> top = f32_scalar(lc, 448.0, "fp8_max");
  TF_TRY(top);
  Result<Expr> bottom = f32_scalar(lc, -448.0, "fp8_min");
  TF_TRY(bottom);
  Result<Expr> zero = f32_scalar(lc, 0.0, "zero");
  TF_TRY(zero);
  Result<Expr> ratio = step(tir::TirOp::Binary, {*amax, *top}, group_dims, f32, {tir::kind_attr(BinaryKind::Div)}, "ratio");
  TF_TRY(ratio);
  Result<Expr> empty = step(tir::TirOp::Binary, {*amax, *zero}, group_dims, DType::boolean(), {tir::kind_attr(BinaryKind::Eq)}, "all_zero");
  TF_TRY(empty);
  Result<Expr> one_where_empty = step(tir::TirOp::Unary, {*empty}, group_dims, f32, {tir::kind_attr(UnaryKind::Cast)}, "one_if_zero");
  TF_TRY(one_where_empty);
  Result<Expr> scale = plain_view(lc, scales, per_group, row_major_strides(per_group), "scale");
  TF_TRY(scale);
  Result<Expr> added = emit_into(lc, tir::TirOp::Binary, {*ratio, *one_where_empty}, *scale, {}, {tir::kind_attr(BinaryKind::Add)});
  TF_TRY(added);
  Result<Expr> q = step(tir::TirOp::Binary, {*x, *scale}, grouped_dims, f32, {tir::kind_attr(BinaryKind::Div)}, "scaled");
  TF_TRY(q);
  Result<Expr> low = step(tir::TirOp::Binary, {*q, *bottom}, grouped_dims, f32, {tir::kind_attr(BinaryKind::Max)}, "clamped_low");
  TF_TRY(low);
  Result<Expr> high = step(tir::TirOp::Binary, {*low, *top}, grouped_dims, f32, {tir::kind_attr(BinaryKind::Min)}, "clamped");
  TF_TRY(high);
  Result<Expr> codes_grouped = plain_view(lc, codes, grouped, row_major_strides(grouped), "codes");
  TF_TRY(codes_grouped);
  Result<Expr> cast = emit_into(lc, tir::TirOp::Unary, {*high}, *codes_grouped, {}, {tir::kind_attr(UnaryKind::Cast)});
  TF_TRY(cast);
  return true;
}

// quant(x, group=g, target_dtype=D), HIR's arithmetic step by step (docs/hir-semantics.md), x
// read as f32 and viewed as (..., G, g): absmax = reduce(kind=absmax) over each group (NaN when
// it holds a NaN); scale = absmax / 448, plus 1 exactly where absmax == 0 (a comparison cast to
// f32: 0 / 448 + 1 is 1, and anything + 0 is itself, NaN and inf included); q = x / scale;
// max(q, -448) then min(q, 448) (NaN stays NaN); q cast to D. The results: q of x's shape and
// the scales of shape (..., G), each allocated as the strategy holds a value of its shape and
// written through a grouped view. Inside a grid part the groups are views of the thread's own
// rows (a view of a distributed tensor is of the thread's part), and every step between is a
// register tensor of that part's shape: the groups lie along the last axis, which no part splits.
// Outside a grid a symbolic first extent is a loop over it, the steps running on views of one
// index of it at a time (x's, the codes' and the scales').
Result<Expr> rewrite_quant(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& x_type = *tensor_type_of(*in.call.args[0]);
  const std::int64_t group = in.attr<std::int64_t>("group");
  const DType target = std::get<DType>(in.call.attr("target_dtype"));
  Result<Expr> wide = as_f32(in, in.operands[0], x_type.shape, x_type.dtype, "x_f32");
  TF_TRY(wide);
  std::vector<ShapeDim> scales_shape(x_type.shape.begin(), x_type.shape.end() - 1);
  scales_shape.push_back(ShapeDim(x_type.shape.back().value() / group));  // static: match_quant
  Result<Expr> scales = alloc_shaped(in, scales_shape, DType::f32(), in.name() + "_scale");
  TF_TRY(scales);
  Result<Expr> codes = alloc_shaped(in, x_type.shape, target, in.name() + "_q");
  TF_TRY(codes);
  // The extents one thread holds: its own rows and the rest of x's inside a grid part, else x's.
  const std::optional<std::vector<std::int64_t>> held = static_extents(in.strategy.own_shape(x_type.shape));
  if (held) {
    Result<bool> done = quant_groups(in, *wide, *held, *codes, *scales);
    TF_TRY(done);
  } else {
    if (in.strategy.part != nullptr)
      return lc.refusal(in.call, in.call.op.surface(), "its groups are views of x, whose shape must be static past a grid's rows");
    const std::vector<std::int64_t> rest = *static_extents(std::vector<ShapeDim>(x_type.shape.begin() + 1, x_type.shape.end()));
    std::vector<std::int64_t> scale_rest = rest;
    scale_rest.back() /= group;
    Result<bool> rows = counted_loop(lc, x_type.shape[0], 1, "row", [&](const Expr& i) -> Result<bool> {
      auto one_index = [&](const Expr& t, const std::vector<std::int64_t>& extents, std::string_view hint) -> Result<Expr> {
        Result<Expr> zero = index_constant(0);
        TF_TRY(zero);
        std::vector<Expr> at(extents.size() + 1, *zero);
        at[0] = i;
        Result<Layout> layout = Layout::make(tuple_of_ints(extents), tuple_of_ints(row_major_strides(extents)));
        TF_TRY(layout);
        return window_view(lc, t, std::move(at), LayoutBase(*layout), hint);
      };
      Result<Expr> x_row = one_index(*wide, rest, "x_row");
      TF_TRY(x_row);
      Result<Expr> codes_row = one_index(*codes, rest, "codes_row");
      TF_TRY(codes_row);
      Result<Expr> scales_row = one_index(*scales, scale_rest, "scales_row");
      TF_TRY(scales_row);
      return quant_groups(in, *x_row, rest, *codes_row, *scales_row);
    });
    TF_TRY(rows);
  }
  lc.remember_parts(&in.call, {*codes, *scales});
  return *codes;
}

// mma_sm80_16x8x16(a, b, dtype_acc=D) and wgmma_sm90_64x128x16 (one instruction tile, HIR's
// arithmetic; docs/hir-semantics.md): a and b cast to D (exact for every combination the type
// rule admits) and read as f32; an f32 accumulator (M, N) filled with +0; then for each k in
// order the outer product of a's column k and b's row k (views at start coordinates (0, k) and
// (k, 0)) into an f32 tile and one f32 add into the accumulator: each C[i, j] is HIR's
// sequential f32 sum over k, each product and each sum one rounding; the accumulator rounded
// once to D. The atoms' fragment layouts play no part: the HIR op is the logical product.
Result<Expr> rewrite_mma_tile(const RuleInput& in) {
  LoweringContext& lc = in.lc;
  const TensorType& type = *tensor_type_of(in.call);
  const DType acc_dtype = std::get<DType>(in.call.attr("dtype_acc"));
  const DType f32 = DType::f32();
  const std::vector<std::int64_t> a_shape = *static_extents(tensor_type_of(*in.call.args[0])->shape),
                                  b_shape = *static_extents(tensor_type_of(*in.call.args[1])->shape);  // the atom's tile
  const std::int64_t m = a_shape[0], k = a_shape[1], n = b_shape[1];
  std::vector<Expr> operands;
  for (std::size_t i = 0; i < 2; ++i) {
    const TensorType& t = *tensor_type_of(*in.call.args[i]);
    Result<Expr> acc = as_dtype(in, in.operands[i], t.shape, t.dtype, acc_dtype, i == 0 ? "a_acc" : "b_acc");
    TF_TRY(acc);
    Result<Expr> wide = as_f32(in, *acc, t.shape, acc_dtype, i == 0 ? "a_f32" : "b_f32");
    TF_TRY(wide);
    operands.push_back(*wide);
  }
  Result<Expr> sum = lc.alloc_buffer({ShapeDim(m), ShapeDim(n)}, f32, std::nullopt, StorageKind::Rmem, "tile_sum");
  TF_TRY(sum);
  Result<Expr> zero = f32_scalar(lc, 0.0, "zero");
  TF_TRY(zero);
  Result<bool> cleared = lc.emit(tir::TirOp::Fill, {*sum, *zero});
  TF_TRY(cleared);
  Result<Expr> products = lc.alloc_buffer({ShapeDim(m), ShapeDim(n)}, f32, std::nullopt, StorageKind::Rmem, "tile_products");
  TF_TRY(products);
  Result<Expr> origin = index_constant(0);
  TF_TRY(origin);
  Result<bool> steps = counted_loop(lc, ShapeDim(k), 1, "k", [&](const Expr& p) -> Result<bool> {
    Result<Layout> column_layout = Layout::make(tuple_of_ints({m, 1}), tuple_of_ints({k, 1}));
    TF_TRY(column_layout);
    Result<Expr> a_k = window_view(lc, operands[0], {*origin, p}, LayoutBase(*column_layout), "a_column");
    TF_TRY(a_k);
    Result<Layout> row_layout = Layout::make(tuple_of_ints({1, n}), tuple_of_ints({n, 1}));
    TF_TRY(row_layout);
    Result<Expr> b_k = window_view(lc, operands[1], {p, *origin}, LayoutBase(*row_layout), "b_row");
    TF_TRY(b_k);
    Result<bool> mul = binary_into(lc, BinaryKind::Mul, *a_k, *b_k, *products);
    TF_TRY(mul);
    return binary_into(lc, BinaryKind::Add, *sum, *products, *sum);
  });
  TF_TRY(steps);
  if (type.dtype == f32) return *sum;
  return apply(in, tir::TirOp::Unary, {*sum}, type.shape, type.dtype, {tir::kind_attr(UnaryKind::Cast)}, in.name());
}

}  // namespace

const LoweringPattern kSoftmaxPattern{OperandForm::Whole, &rewrite_softmax};
const LoweringPattern kMatmulPattern{OperandForm::Whole, &rewrite_matmul, nullptr};
const LoweringPattern kLayerNormPattern{OperandForm::Whole, &rewrite_layer_norm, &match_layer_norm};
const LoweringPattern kQuantPattern{OperandForm::Whole, &rewrite_quant, &match_quant};
const LoweringPattern kMmaTilePattern{OperandForm::Whole, &rewrite_mma_tile};

}  // namespace tf::lower
