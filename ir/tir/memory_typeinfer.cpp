#include "ir/tir/memory_typeinfer.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/dim/dim_var.h"
#include "ir/layout/layout.h"
#include "ir/layout/shard_layout.h"
#include "ir/tir/op_check.h"
#include "ir/type/type_print.h"

namespace tf::tir {

namespace {

using detail::op_type_error;

// The memory-resident tensor operand 0 of a memory op, or the diagnostics.
Result<const TensorType*> memory_operand(Op op, const std::vector<Expr>& args) {
  std::vector<Diagnostic> diags;
  if (args.size() != 1)
    return op_type_error(op, fmt::format("takes 1 operand, got {}", args.size()));
  const TensorType* t = detail::tensor_operand(op, args, 0, diags);
  if (t != nullptr) detail::require_memory(op, detail::operand_name(op, 0), *t, diags);
  if (!diags.empty()) return diags;
  return t;
}

// One extent of a leaf: a static int, or the DimVar of a bounded symbol.
Result<ShapeDim> leaf_extent(Op op, const IntTuple& leaf) {
  if (leaf.is_int()) return ShapeDim(leaf.value());
  const IntSymbol& s = leaf.symbol();
  if (!s.lo || !s.hi)
    return op_type_error(op,
                         fmt::format("the layout extent '{}' has no bounds; give shape=", s.name));
  Result<DimVarRef> v = DimVar::make(s.name, *s.lo, *s.hi);
  TF_TRY(v);
  return ShapeDim(*v);
}

// The extent of one top-level mode of a ShardLayout's domain: its leaves multiplied.
Result<ShapeDim> mode_extent(Op op, const IntTuple& mode) {
  if (mode.is_leaf()) return leaf_extent(op, mode);
  std::int64_t product = 1;
  for (const IntTuple& leaf : leaves(mode)) {
    if (!leaf.is_int())
      return op_type_error(op,
                           "a nested layout mode with a symbolic extent has no single "
                           "logical extent; give shape=");
    product *= leaf.value();
  }
  return ShapeDim(product);
}

Result<std::vector<ShapeDim>> view_shape(Op op, const LayoutBase& layout) {
  std::vector<ShapeDim> shape;
  const IntTuple domain = layout.shape();
  std::vector<IntTuple> parts;
  if (layout.is_shard()) {
    if (domain.is_leaf())
      parts.push_back(domain);
    else
      parts = domain.children();
  } else {
    parts = leaves(domain);
  }
  for (const IntTuple& p : parts) {
    Result<ShapeDim> d = layout.is_shard() ? mode_extent(op, p) : leaf_extent(op, p);
    TF_TRY(d);
    shape.push_back(*d);
  }
  return shape;
}

// size(override) == size(layout) when both are static and the layout is not a ShardLayout.
std::vector<Diagnostic> check_reshape(Op op, const std::vector<ShapeDim>& shape,
                                      const LayoutBase& layout) {
  if (layout.is_shard()) return {};
  std::int64_t logical = 1;
  for (const ShapeDim& d : shape) {
    if (!d.is_static()) return {};
    logical *= d.value();
  }
  std::int64_t domain = 1;
  for (const IntTuple& leaf : leaves(layout.shape())) {
    if (!leaf.is_int()) return {};
    domain *= leaf.value();
  }
  if (logical == domain) return {};
  return {op_type_error(
      op, fmt::format("shape= has {} elements but the layout's domain has {}", logical, domain))};
}

// The window start of a view (memory_typeinfer.h): rank-0 integer operands, one per axis of
// memory or one flat start, under a layout that is not a ShardLayout.
// The rule a view's start coordinates answer to (docs/decisions.md D12).
constexpr const char* kViewRule = "TIR.2.3.MEMORY.tensorview";

std::vector<Diagnostic> check_view_start(Op op, const std::vector<Expr>& args, const TensorType& memory,
                                         const LayoutBase& layout) {
  const std::size_t count = args.size() - 1;
  if (count == 0) return {};
  std::vector<Diagnostic> diags;
  if (layout.is_shard())
    diags.push_back(detail::op_rule_error(op, kViewRule, "a ShardLayout view takes no start coordinates (it distributes the whole memory); "
                                      "view the window with a plain layout first"));
  if (count != 1 && count != static_cast<std::size_t>(memory.rank()))
    diags.push_back(detail::op_rule_error(
        op, kViewRule, fmt::format("{} start coordinates for a memory of rank {}: give one per axis ({}) or one flat start", count,
                        memory.rank(), memory.rank())));
  for (std::size_t i = 1; i < args.size(); ++i) {
    const TensorType* c = detail::tensor_operand(op, args, i, diags);
    if (c != nullptr && (c->rank() != 0 || !c->dtype.is_integer()))
      diags.push_back(detail::op_rule_error(op, kViewRule, fmt::format("the start coordinate {} is {}; a start is a rank-0 integer",
                                                    detail::operand_name(op, i), short_text(args[i]->type()))));
  }
  return diags;
}

}  // namespace

std::vector<Diagnostic> check_tir_memory_type(const TensorType& t, std::string_view what) {
  std::vector<Diagnostic> diags;
  if (t.storage == StorageKind::Umat)
    diags.push_back(rule_error(
        "TIR.2.3.OPS.no-umat",
        fmt::format("{} has storage umat; an unmaterialized value never appears in TIR", what)));
  else if (!t.storage && t.rank() > 0)
    diags.push_back(rule_error(
        "TIR.2.3.OPS.none-storage-rank0-only",
        fmt::format("{} has storage None at rank {}; a memory-resident TIR tensor carries a "
                    "concrete level (None is for rank-0 shape elements)",
                    what, t.rank())));
  return diags;
}

Result<IRType> infer_alloc_tensor(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs) {
  if (!args.empty()) return op_type_error(op, fmt::format("takes no operand, got {}", args.size()));
  TF_CHECK(attrs.size() == 1, "alloc_tensor: one attribute expected");
  const IRType* type = std::get_if<IRType>(&attrs[0]);
  const TensorType* t = type != nullptr && *type ? (*type)->as<TensorType>() : nullptr;
  if (t == nullptr)
    return op_type_error(op, fmt::format("tensor_type is a TensorType, got {}",
                                         attr_value_text(AttrKind::Type, attrs[0])));
  std::vector<Diagnostic> diags = check_tir_memory_type(*t, "the allocated tensor");
  for (Diagnostic& d : diags) d.message = fmt::format("{}: {}", op.surface(), d.message);
  if (!diags.empty()) return diags;
  return *type;
}

Result<IRType> infer_ptr_of(Op op, const std::vector<Expr>& args) {
  Result<const TensorType*> x = memory_operand(op, args);
  TF_TRY(x);
  return args[0]->type();
}

Result<IRType> infer_memory_span(Op op, const std::vector<Expr>& args) {
  Result<const TensorType*> x = memory_operand(op, args);
  TF_TRY(x);
  Result<TensorTypeRef> t = TensorType::make((*x)->shape, (*x)->dtype, std::nullopt, (*x)->storage);
  TF_TRY(t);
  return IRType(*t);
}

Result<IRType> infer_tensor_view(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  if (args.empty()) return op_type_error(op, "takes a memory operand");
  Result<const TensorType*> memory = memory_operand(op, {args[0]});
  TF_TRY(memory);
  TF_CHECK(attrs.size() == 2, "tensor_view: two attributes expected");
  const LayoutBase* layout = std::get_if<LayoutBase>(&attrs[0]);
  if (layout == nullptr)
    return op_type_error(op, fmt::format("layout is a Layout or a ShardLayout, got {}",
                                         attr_value_text(AttrKind::Layout, attrs[0])));
  std::vector<Diagnostic> start = check_view_start(op, args, **memory, *layout);
  if (!start.empty()) return start;
  std::vector<ShapeDim> shape;
  if (const auto* given = std::get_if<std::vector<ShapeDim>>(&attrs[1])) {
    shape = *given;
    std::vector<Diagnostic> diags = check_reshape(op, shape, *layout);
    if (!diags.empty()) return diags;
  } else if (const auto* ints = std::get_if<std::vector<std::int64_t>>(&attrs[1])) {
    shape.assign(ints->begin(), ints->end());
    std::vector<Diagnostic> diags = check_reshape(op, shape, *layout);
    if (!diags.empty()) return diags;
  } else {
    Result<std::vector<ShapeDim>> from_layout = view_shape(op, *layout);
    TF_TRY(from_layout);
    shape = *from_layout;
  }
  Result<TensorTypeRef> t =
      TensorType::make(std::move(shape), (*memory)->dtype, *layout, (*memory)->storage);
  if (!t.ok()) {
    std::vector<Diagnostic> diags = t.diagnostics();
    for (Diagnostic& d : diags) d.message = fmt::format("{}: {}", op.surface(), d.message);
    return diags;
  }
  return IRType(*t);
}

}  // namespace tf::tir
