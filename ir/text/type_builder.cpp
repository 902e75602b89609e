#include "ir/text/type_builder.h"

#include <fmt/format.h>

#include "ir/text/build_support.h"
#include "ir/text/dim_builder.h"
#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf::text {

namespace {

template <typename T>
Result<IRType> as_type(Result<Ref<const T>> r, const SyntaxNode& node) {
  if (!r) return located_at(r.diagnostics(), node);
  return IRType(*r);
}

Result<std::vector<IRType>> type_list(const std::vector<Syntax>& items, const FileEnvironment& env) {
  std::vector<IRType> types;
  for (const Syntax& item : items) {
    Result<IRType> t = build_type(*item, env);
    if (!t) return t.diagnostics();
    types.push_back(*t);
  }
  return types;
}

Result<std::optional<LayoutBase>> tensor_layout(const SyntaxNode& node, const FileEnvironment& env) {
  if (is_name(node, "None")) return std::optional<LayoutBase>();
  Result<LayoutValue> v = build_layout_value(node, env.layouts());
  if (!v) return v.diagnostics();
  if (const Layout* l = std::get_if<Layout>(&*v)) return std::optional<LayoutBase>(*l);
  if (const ComposedLayout* c = std::get_if<ComposedLayout>(&*v)) return std::optional<LayoutBase>(*c);
  if (const ShardLayout* s = std::get_if<ShardLayout>(&*v)) return std::optional<LayoutBase>(*s);
  return error_at(node, fmt::format("a tensor layout is a Layout, ComposedLayout or ShardLayout, "
                                    "found a mesh ('{}')", to_string(node)));
}

Result<IRType> tensor(const SyntaxNode& node, const FileEnvironment& env) {
  if (node.items.size() != 2)
    return error_at(node, fmt::format("Tensor[...] takes a shape and a dtype, then layout= and "
                                      "storage= keywords; found {} positional items",
                                      node.items.size()));
  const SyntaxNode& shape_node = *node.items[0];
  if (shape_node.kind != SyntaxKind::Tuple)
    return error_at(shape_node, fmt::format("the shape must be a tuple such as (16, 8), (4,) or (), "
                                            "found '{}'", to_string(shape_node)));
  std::vector<ShapeDim> shape;
  for (const Syntax& entry : shape_node.items) {
    Result<ShapeDim> d = build_shape_dim(*entry, env);
    if (!d) return d.diagnostics();
    shape.push_back(*d);
  }
  Result<DType> dtype = build_dtype(*node.items[1]);
  if (!dtype) return dtype.diagnostics();
  std::optional<LayoutBase> layout;
  // Omitted storage is gmem at every rank; the meta-scalar form (None) is written explicitly.
  std::optional<StorageKind> storage = StorageKind::Gmem;
  for (const auto& [key, value] : node.keywords) {
    if (key == "layout") {
      Result<std::optional<LayoutBase>> l = tensor_layout(*value, env);
      if (!l) return l.diagnostics();
      layout = *l;
    } else if (key == "storage") {
      Result<std::optional<StorageKind>> s = build_storage(*value);
      if (!s) return s.diagnostics();
      storage = *s;
    } else {
      return error_at(*value, fmt::format("Tensor[...] has no keyword '{}' (layout, storage)", key));
    }
  }
  return as_type(TensorType::make(std::move(shape), *dtype, std::move(layout), storage), node);
}

Result<IRType> callable(const SyntaxNode& node, const FileEnvironment& env) {
  if (node.items.size() != 1 || !node.keywords.empty() || node.items[0]->kind != SyntaxKind::Binary ||
      node.items[0]->text != "->")
    return error_at(node, "expected Callable[(parameter types) -> result type]");
  const SyntaxNode& params = *node.items[0]->items[0];
  std::vector<Syntax> param_nodes =
      params.kind == SyntaxKind::Tuple ? params.items : std::vector<Syntax>{node.items[0]->items[0]};
  Result<std::vector<IRType>> parameters = type_list(param_nodes, env);
  if (!parameters) return parameters.diagnostics();
  Result<IRType> result = build_type(*node.items[0]->items[1], env);
  if (!result) return result;
  return as_type(CallableType::make(*result, *parameters), node);
}

}  // namespace

Result<IRType> build_type(const SyntaxNode& node, const FileEnvironment& env) {
  if (is_name(node, "Unit")) return IRType(UnitType::make());
  if (node.kind == SyntaxKind::Subscript && node.callee->kind == SyntaxKind::Name) {
    const std::string& f = node.callee->text;
    if (f == "Tensor") return tensor(node, env);
    if (f == "Callable") return callable(node, env);
    if (f == "Tuple") {
      if (!node.keywords.empty())
        return error_at(*node.keywords[0].second, "Tuple[...] takes no keywords");
      Result<std::vector<IRType>> fields = type_list(node.items, env);
      if (!fields) return fields.diagnostics();
      return as_type(TupleType::make(*fields), node);
    }
  }
  return error_at(node, fmt::format("expected a type (Tensor[...], Tuple[...], Unit or "
                                    "Callable[...]), found '{}'", to_string(node)));
}

Result<DType> build_dtype(const SyntaxNode& node) {
  if (node.kind != SyntaxKind::Name && node.kind != SyntaxKind::String)
    return error_at(node, fmt::format("expected a dtype name such as f32 or \"bf16\", found '{}'",
                                      to_string(node)));
  Result<DType> d = DType::from_name(node.text);
  if (!d) return located_at(d.diagnostics(), node);
  return d;
}

Result<std::optional<StorageKind>> build_storage(const SyntaxNode& node) {
  if (node.kind == SyntaxKind::Name && node.text == "None") return std::optional<StorageKind>();
  if (node.kind == SyntaxKind::Name && node.text == "umat")
    return std::optional<StorageKind>(StorageKind::Umat);  // the printer's spelling (see header)
  if (node.kind != SyntaxKind::Name && node.kind != SyntaxKind::String)
    return error_at(node, fmt::format("expected a storage (host, gmem, smem, rmem, tmem or None), "
                                      "found '{}'", to_string(node)));
  Result<std::optional<StorageKind>> s = resolve_storage(std::string_view(node.text));
  if (!s) return located_at(s.diagnostics(), node);
  return s;
}

}  // namespace tf::text
