// Transpose and reshape as views (docs/lowering.md): no copy, a static layout.
#include "ir/layout/layout.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// The row-major strides of `shape`, or nullopt when an extent is symbolic (a view's layout is
// static: the machine model and the emitter run static layouts).
std::optional<std::vector<std::int64_t>> static_row_major_strides(const std::vector<ShapeDim>& shape) {
  std::vector<std::int64_t> strides(shape.size(), 1);
  std::int64_t stride = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    if (!shape[i].is_static()) return std::nullopt;
    strides[i] = stride;
    stride *= shape[i].value();
  }
  return strides;
}

IntTuple int_tuple(const std::vector<std::int64_t>& v) {
  std::vector<IntTuple> leaves(v.begin(), v.end());
  return IntTuple::tuple(std::move(leaves));
}

// A view of `x` through a plain layout (views are logical: element c of the view is x's logical
// element layout(c), its row-major index; docs/tir-semantics.md).
Result<Expr> view_of(LoweringContext& lc, const Call& c, const Expr& x, const Layout& layout) {
  Result<Expr> v = lc.call("tir.memory.TensorView", {x}, {{"layout", LayoutBase(layout)}});
  TF_TRY(v);
  const std::string name = lc.binding_name(c);
  return lc.bind(name.empty() ? "v" : name, *v);
}

}  // namespace

// transpose(x, perm): the view Layout(shape permuted, row-major strides permuted) of x.
Result<Expr> lower_transpose(LoweringContext& lc, const Call& c) {
  const TensorType& in = *tensor_type_of(*c.args[0]);
  const std::optional<std::vector<std::int64_t>> strides = static_row_major_strides(in.shape);
  if (!strides) return lc.refusal(c, "transpose", "views need static shapes, and the operand's is symbolic");
  Result<Expr> x = lower_value(lc, c.args[0]);
  TF_TRY(x);
  const auto& perm = std::get<std::vector<std::int64_t>>(c.attr("perm"));
  std::vector<ShapeDim> shape;
  std::vector<std::int64_t> permuted;
  const auto rank = static_cast<std::int64_t>(in.shape.size());
  for (std::int64_t p : perm) {
    if (p < 0) p += rank;  // HIR counts negative axes from the end (its typeinfer checked the range)
    TF_CHECK(p >= 0 && p < rank, "transpose: perm entry {} outside rank {} passed typeinfer", p, rank);
    shape.push_back(in.shape[static_cast<std::size_t>(p)]);
    permuted.push_back((*strides)[static_cast<std::size_t>(p)]);
  }
  Result<Layout> layout = Layout::make(shape_as_int_tuple(shape), int_tuple(permuted));
  TF_TRY(layout);
  return view_of(lc, c, *x, *layout);
}

// reshape(x, new_shape): the view Layout(new_shape, its row-major strides) of x: element c of
// the view is x's logical element of the same row-major index (views are logical).
Result<Expr> lower_reshape(LoweringContext& lc, const Call& c) {
  const std::vector<ShapeDim>& shape = tensor_type_of(c)->shape;
  const std::optional<std::vector<std::int64_t>> strides = static_row_major_strides(shape);
  if (!strides) return lc.refusal(c, "reshape", "views need static shapes, and the new shape is symbolic");
  // A symbolic operand's count is checked at run time in HIR (an eval error when it differs);
  // a view would read past its end instead.
  if (!static_row_major_strides(tensor_type_of(*c.args[0])->shape))
    return lc.refusal(c, "reshape", "views need static shapes, and the operand's is symbolic");
  Result<Expr> x = lower_value(lc, c.args[0]);
  TF_TRY(x);
  Result<Layout> layout = Layout::make(shape_as_int_tuple(shape), int_tuple(*strides));
  TF_TRY(layout);
  return view_of(lc, c, *x, *layout);
}

}  // namespace tf::lower
