#include "ir/type/tensor_type.h"

#include <fmt/format.h>

#include "ir/core/expr_depth.h"
#include "ir/core/expr_print.h"
#include "ir/layout/injectivity.h"
#include "ir/type/type_print.h"

namespace tf {

namespace {

std::string shape_string(const std::vector<ShapeDim>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += to_string(shape[i]);
  }
  return s + (shape.size() == 1 ? ",)" : ")");
}

// Injectivity of a plain Layout / ComposedLayout (seed 000 section 2). A symbolic layout
// cannot be decided before its symbols are bound, so it is not judged here.
std::vector<Diagnostic> check_injective_member(const LayoutBase& layout) {
  if (!is_static(layout)) return {};
  if (const Layout* l = layout.as_layout()) return check_injective(*l);
  if (const ComposedLayout* c = layout.as_composed()) return check_injective(*c);
  return {};
}

}  // namespace

const LayoutBase& empty_layout() {
  static const LayoutBase* empty = new LayoutBase(make_layout({}).value());
  return *empty;
}

TensorType::TensorType(std::vector<ShapeDim> shape_, DType dtype_,
                       std::optional<LayoutBase> layout_, std::optional<StorageKind> storage_)
    : IRTypeNode(kKind),
      shape(std::move(shape_)),
      dtype(dtype_),
      layout(std::move(layout_)),
      storage(storage_) {}

Result<TensorTypeRef> TensorType::make(std::vector<ShapeDim> shape, DType dtype,
                                       std::optional<LayoutBase> layout,
                                       std::optional<StorageKind> storage) {
  if (!dtype.valid()) return category_error(DiagCategory::Type, "a TensorType needs a valid dtype");
  std::vector<Diagnostic> diags;
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (shape[i].is_static() && shape[i].value() < 0)
      diags.push_back(
          rule_error("TYPES.2.2.SIZE.reject-negative-extent",
                     fmt::format("TensorType shape {} has the negative extent {} at axis {}",
                                 shape_string(shape), shape[i].value(), i)));
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (!shape[i].is_static() && expr_tree_exceeds(shape[i].expr(), kMaxExtentTerms))
      diags.push_back(category_error(
          DiagCategory::Type,
          fmt::format("the extent of axis {} is an expression of more than {} terms when its "
                      "shared parts are expanded (a limit of tf): {}",
                      i, kMaxExtentTerms, short_text(shape[i].expr()))));
  if (auto d = check_storage_domain(storage)) diags.push_back(*d);
  if (!layout && shape.empty()) layout = empty_layout();
  if (layout) {
    for (Diagnostic& d : check_tensor_layout(*layout, shape_as_int_tuple(shape)))
      diags.push_back(std::move(d));
    for (Diagnostic& d : check_injective_member(*layout)) diags.push_back(std::move(d));
  }
  if (!diags.empty()) return diags;
  return TensorTypeRef(new TensorType(std::move(shape), dtype, std::move(layout), storage));
}

TensorTypeRef TensorType::meta_scalar(DType dtype) {
  TF_CHECK(dtype.valid(), "meta_scalar needs a valid dtype");
  auto build = [](DType d) {
    return TensorTypeRef(new TensorType({}, d, empty_layout(), std::nullopt));
  };
  // Dim arithmetic asks for the i64 meta-scalar on every Call; share that one.
  static const TensorTypeRef* i64 = new TensorTypeRef(build(DType::i64()));
  if (dtype == DType::i64()) return *i64;
  return build(dtype);
}

IntTuple shape_as_int_tuple(const std::vector<ShapeDim>& shape) {
  std::vector<IntTuple> leaves;
  leaves.reserve(shape.size());
  for (const ShapeDim& d : shape) {
    if (d.is_static()) {
      leaves.emplace_back(d.value());
    } else if (const DimVar* v = d.dim_var()) {
      leaves.emplace_back(IntSymbol{v->name, v->lo, v->hi});
    } else {
      leaves.emplace_back(IntSymbol{to_string(d.expr()), std::nullopt, std::nullopt});
    }
  }
  return IntTuple::tuple(std::move(leaves));
}

}  // namespace tf
