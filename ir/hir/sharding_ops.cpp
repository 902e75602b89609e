#include "ir/hir/sharding_ops.h"

#include <fmt/format.h>

#include <string>

#include "ir/hir/shard_axes.h"
#include "ir/hir/typed_call.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/layout/print.h"
#include "ir/type/local_type.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

const OpFamily kShardingFamily{"hir.sharding"};

namespace {

std::string storage_text(std::optional<StorageKind> s) {
  return s ? std::string(to_string(*s)) : std::string("None");
}

Result<IRType> infer_reshard_type(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 2, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const LayoutBase* layout = std::get_if<LayoutBase>(&attrs[0]);
  const StorageKind* storage = std::get_if<StorageKind>(&attrs[1]);
  if (storage != nullptr && *storage == StorageKind::Umat)
    diags.push_back(type_error(op,
                               "expected a concrete destination storage, found umat (a "
                               "reshard targets a concrete residency)"));
  if (layout != nullptr && !layout->is_shard())
    diags.push_back(type_error(op, fmt::format("expected layout to be a ShardLayout or None, "
                                               "found {}",
                                               to_string(*layout))));
  const bool storage_changes = storage != nullptr && x->storage != *storage;
  if (layout == nullptr && storage_changes)
    diags.push_back(type_error(
        op, fmt::format("a storage change ({} to {}) needs an explicit layout: expected a "
                        "ShardLayout layout alongside storage={}, found layout None",
                        storage_text(x->storage), to_string(*storage), to_string(*storage))));
  if (!diags.empty()) return diags;
  if (layout == nullptr) return args[0]->type();
  Result<TensorTypeRef> t =
      TensorType::make(x->shape, x->dtype, *layout, storage != nullptr ? *storage : x->storage);
  TF_TRY(t);
  return IRType(*t);
}

// The inner base layout of `sl` (below every ShardLayout layer) over the local extents `local`,
// with the base's strides; nullopt when the base is not a plain Layout.
std::optional<LayoutBase> local_layout(const ShardLayout& sl, const std::vector<ShapeDim>& local) {
  const LayoutBase& base = shard_layers(sl).back()->layout();
  const Layout* plain = base.as_layout();
  if (plain == nullptr || local.empty()) return std::nullopt;
  std::vector<IntTuple> extents;
  for (const ShapeDim& d : local) extents.emplace_back(d.value());
  std::vector<IntTuple> strides = leaves(flatten(plain->stride()));
  TF_CHECK(strides.size() == extents.size(), "local_layout: {} strides for {} local extents",
           strides.size(), extents.size());
  Result<Layout> l =
      Layout::make(IntTuple::tuple(std::move(extents)), IntTuple::tuple(std::move(strides)));
  if (!l.ok()) return std::nullopt;
  return LayoutBase(*l);
}

Result<IRType> infer_local_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  const ShardLayout* sl = shard_layout_of(*x);
  if (sl == nullptr)
    return type_error(op, fmt::format("expected x to carry a ShardLayout, found layout {}",
                                      x->layout ? to_string(*x->layout) : "None"));
  Result<IRType> projected = local_type_of(args[0]->type());
  if (!projected.ok()) {
    std::vector<Diagnostic> out = projected.diagnostics();
    for (Diagnostic& d : out) d.message = fmt::format("{}: {}", op.name(), d.message);
    return out;
  }
  const TensorType& local = *(*projected)->as<TensorType>();
  Result<TensorTypeRef> t =
      TensorType::make(local.shape, local.dtype, local_layout(*sl, local.shape), local.storage);
  TF_TRY(t);
  return IRType(*t);
}

Op find_op(std::string_view name, const OpRegistry& registry) {
  std::optional<Op> found = registry.find(name);
  TF_CHECK(found.has_value(), "{} is not registered (register_hir_sharding_ops)", name);
  return *found;
}

}  // namespace

void register_hir_sharding_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry,
           "register_hir_sharding_ops: handlers of another registry");
  Result<Op> reshard = registry.add(
      OpSpec{.name = std::string(kReshardOpName),
             .params = {ParamDef::operand("x"),
                        ParamDef::attribute("layout", AttrKind::Layout, std::monostate{}),
                        ParamDef::attribute("storage", AttrKind::Storage, std::monostate{})},
             .result_rule = "Tensor[x shape, x dtype, layout (or x's), storage (or x's)]; layout a "
                            "ShardLayout; a storage change needs a layout",
             .surface = "reshard",
             .family = &kShardingFamily,
             .code = static_cast<std::uint32_t>(ShardingOp::Reshard)});
  TF_CHECK(reshard.ok(), "registering {}: {}", kReshardOpName, reshard.diagnostics()[0].message);
  handlers.set<TypeInferAttrsHandler>(*reshard, &infer_reshard_type);
  Result<Op> local = registry.add(
      OpSpec{.name = std::string(kLocalOpName),
             .params = {ParamDef::operand("x")},
             .result_rule = "Tensor[local shape of x's ShardLayout, x dtype, inner base layout]",
             .surface = "local",
             .family = &kShardingFamily,
             .code = static_cast<std::uint32_t>(ShardingOp::Local)});
  TF_CHECK(local.ok(), "registering {}: {}", kLocalOpName, local.diagnostics()[0].message);
  handlers.set<TypeInferHandler>(*local, &infer_local_type);
}

Result<CallRef> make_reshard(Expr x, std::optional<LayoutBase> layout,
                             std::optional<StorageKind> storage, const OpHandlers& handlers) {
  std::vector<NamedAttr> attrs;
  if (layout) attrs.emplace_back("layout", *layout);
  if (storage) attrs.emplace_back("storage", *storage);
  return make_typed_call(find_op(kReshardOpName, handlers.registry()), {std::move(x)},
                         std::move(attrs), handlers);
}

Result<CallRef> make_local(Expr x, const OpHandlers& handlers) {
  return make_typed_call(find_op(kLocalOpName, handlers.registry()), {std::move(x)}, {}, handlers);
}

std::optional<ShardingOp> sharding_op_kind(Op op) {
  return op.code_in<ShardingOp>(kShardingFamily);
}

Op sharding_op(ShardingOp op, const OpRegistry& registry) {
  switch (op) {
    case ShardingOp::Reshard:
      return find_op(kReshardOpName, registry);
    case ShardingOp::Local:
      return find_op(kLocalOpName, registry);
  }
  TF_UNREACHABLE("bad ShardingOp");
}

}  // namespace tf::hir
