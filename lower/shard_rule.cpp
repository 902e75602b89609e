#include "lower/shard_rule.h"

#include <fmt/format.h>

#include <set>

#include "ir/core/expr_children.h"
#include "ir/core/function_call.h"
#include "ir/hir/shard_axes.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/topology.h"
#include "ir/tir/binding_stmts.h"
#include "ir/type/tuple_type.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// The tensor types of `fn`'s parameters and of every node reachable from its body, the bodies
// of the functions it calls included, each with the node it types.
struct TypedNode {
  const TensorType* type;
  const ExprNode* node;
};

void collect_types(const CallGraph& calls, const hir::Function& fn, std::vector<TypedNode>& out,
                   std::set<const hir::Function*>& seen) {
  if (!seen.insert(&fn).second || !fn.body()) return;
  auto add = [&](const IRType& t, const ExprNode* node) {
    if (!t) return;
    if (const auto* tt = t->as<TensorType>()) out.push_back({tt, node});
    if (const auto* tu = t->as<TupleType>())
      for (const IRType& f : tu->fields)
        if (const auto* ft = f->as<TensorType>()) out.push_back({ft, node});
  };
  for (const VarRef& p : fn.params()) add(p->type(), p.get());
  for_each_node(*fn.body(), [&](const ExprNode& e) {
    add(e.type(), &e);
    if (const auto* call = e.as<FunctionCall>())
      if (const auto* callee = function_as<hir::Function>(calls.find(call->callee)))
        collect_types(calls, *callee, out, seen);
  });
}

// Why `sl` (the layout of `type`) has no place in the sharded rule, or "".
std::string unsupported(const ShardLayout& sl, const TensorType& type) {
  if (sl.layout().is_shard()) return "a nested ShardLayout (several distribution layers) has no lowering rule yet";
  for (const ShardAttr& a : sl.attrs())
    if (a.is_dynamic()) return "a Dynamic attr leaves the distribution to run time, which the lowering cannot place";
  const std::optional<std::vector<std::int64_t>> extents = static_extents(type.shape);
  if (!extents) return "a distributed value of symbolic shape has no lowering rule yet";
  std::vector<std::int64_t> domain;
  const IntTuple leaves = flatten(sl.shape());
  for (const IntTuple& d : leaves.is_tuple() ? leaves.children() : std::vector<IntTuple>{leaves}) {
    if (!d.is_int()) return "a ShardLayout of symbolic domain has no lowering rule yet";
    domain.push_back(d.value());
  }
  if (domain != *extents)
    return fmt::format("its ShardLayout's domain {} is not the tensor's shape {}; the lowering distributes a value by "
                       "its own axes", fmt::join(domain, "x"), fmt::join(*extents, "x"));
  Result<std::vector<hir::SplitAxis>> splits = hir::split_axes(sl, type.shape);
  if (!splits.ok()) return splits.diagnostics().front().message;
  std::vector<std::int64_t> left = *extents;
  for (const hir::SplitAxis& s : *splits) {
    const std::int64_t by = s.mesh_extent.is_int() ? s.mesh_extent.value() : 0;
    std::int64_t& e = left[static_cast<std::size_t>(s.tensor_axis)];
    if (by <= 0 || e % by != 0)
      return fmt::format("axis {} (extent {}) does not split evenly over mesh axis {}", s.tensor_axis,
                         (*extents)[static_cast<std::size_t>(s.tensor_axis)], s.mesh_axis);
    e /= by;
  }
  return "";
}

// Why mesh `m` cannot be the kernel's, or "".
std::string unsupported(const Mesh& m) {
  if (m.is_sliced()) return "a sliced mesh cannot be a kernel's mesh";
  for (const Topology& t : m.topologies()) {
    if (!t.is_cta() && !t.is_thread())
      return fmt::format("its mesh has a `{}` level; the machine runs `cta` and `thread` levels", t.name());
    if (!t.static_size()) return "its mesh has a symbolic extent";
  }
  return "";
}

// The mesh of a barrier over every thread of `m` (`ctas` CTAs of `threads` threads): `m` itself
// when its levels are all `cta` (the grid barrier) or all `thread` (one block); else the one
// level the classifier maps (TIR.1.5.SYNC.unsupported-topology: a mixed tuple has no barrier),
// all CTAs when there are several, else the block's threads.
Mesh barrier_mesh(const Mesh& m, std::int64_t ctas, std::int64_t threads) {
  const std::string_view level = ctas > 1 ? kCtaTopology : kThreadTopology;
  bool uniform = true;
  for (const Topology& t : m.topologies()) uniform = uniform && t.name() == level;
  if (uniform) return m;
  const std::int64_t n = ctas > 1 ? ctas : threads;
  Result<Topology> top = Topology::make(std::string(level), n);
  TF_CHECK(top.ok(), "a static level of {} positions", n);
  Result<Mesh> out = Mesh::make({*top}, Layout::make_known_valid(IntTuple(n), IntTuple(1)));
  TF_CHECK(out.ok(), "a one-level mesh is well formed");
  return *out;
}

const ShardLayout* shard_of(const TensorType& t) { return t.layout ? t.layout->as_shard() : nullptr; }

const ShardLayout& distribution(const Expr& v) { return *shard_of(*tensor_type_of(*v)); }

// The slice of M whose threads write each element of a value distributed by `sl` once: every
// position along a Split axis, position 0 along the others (replicas). Null when that is all
// of M.
std::optional<Mesh> writers(const Mesh& mesh, const ShardLayout* sl) {
  std::vector<SliceKey> key;
  bool all = true;
  for (int i = 0; i < mesh.rank(); ++i) {
    const bool split = sl != nullptr && sl->attrs()[static_cast<std::size_t>(i)].is_split();
    key.push_back(split ? SliceKey::all() : SliceKey::range(0, 1));
    all = all && split;
  }
  if (all) return std::nullopt;
  Result<Mesh> s = slice(mesh, key);
  TF_CHECK(s.ok(), "a mesh's first positions are a slice of it");
  return *s;
}

// copy(src, dst) by the threads of `plan`'s mesh that write each element of dst once (`sl` its
// distribution, null when it has none: thread 0 of CTA 0 copies everything).
Result<bool> write_once(LoweringContext& lc, const Sharding& plan, const Expr& src, const Expr& dst, const ShardLayout* sl) {
  const std::optional<Mesh> who = writers(plan.mesh, sl);
  if (!who) return lc.emit(tir::TirOp::Copy, {src, dst});
  lc.open_body();
  Result<bool> copied = lc.emit(tir::TirOp::Copy, {src, dst});
  TF_TRY(copied);
  Result<tir::SequentialRef> body = lc.close_body();
  TF_TRY(body);
  Result<tir::MeshScopeRef> scope =
      tir::MeshScope::make(*who, tir::mesh_binding(lc.scope_name(sl != nullptr ? "owners" : "lead")), *body);
  TF_TRY(scope);
  lc.append(*scope);
  return true;
}

// The barrier over the kernel's mesh after a shared buffer's writes.
Result<bool> barrier(LoweringContext& lc, const Sharding& plan) {
  return lc.emit(tir::TirOp::Sync, {}, {{"mesh", plan.barrier}});
}

// A buffer of `storage` holding `v`'s whole value, written once (a distributed `v` by its owners,
// a whole one by thread 0 of CTA 0), then the barrier over the mesh: shared from there on.
// In a loop body the writes wait behind a barrier too: TIR gives each occurrence of an
// allocation its own buffer, but a CUDA kernel has one per site, so the previous iteration's
// readers must be done before this one writes (the program is race free either way).
Result<Expr> shared_copy(LoweringContext& lc, const Sharding& plan, const Expr& v, StorageKind storage,
                         std::string_view name) {
  const TensorType& type = *tensor_type_of(*v);
  if (lc.in_loop()) {
    Result<bool> before = barrier(lc, plan);
    TF_TRY(before);
  }
  Result<Expr> buf = lc.alloc_buffer(type.shape, type.dtype, std::nullopt, storage, name);
  TF_TRY(buf);
  if (is_distributed(v)) {
    const ShardLayout& sl = distribution(v);
    Result<Expr> owned = bound_view(lc, *buf, LayoutBase(sl), fmt::format("{}_owned", name));
    TF_TRY(owned);
    Result<bool> w = write_once(lc, plan, v, *owned, &sl);
    TF_TRY(w);
  } else {
    Result<bool> w = write_once(lc, plan, v, *buf, nullptr);
    TF_TRY(w);
  }
  Result<bool> synced = barrier(lc, plan);
  TF_TRY(synced);
  return *buf;
}

// `whole` (a buffer every thread may read after the barrier) copied into each CTA's shared
// memory: the first thread of every CTA (every position along the mesh's `cta` axes, position 0
// along the others) copies it, then the barrier. Each CTA's shared memory is its own, so every
// CTA holds the whole value.
Result<Expr> per_cta_copy(LoweringContext& lc, const Sharding& plan, const Expr& whole, std::string_view name) {
  const TensorType& type = *tensor_type_of(*whole);
  Result<Expr> buf = lc.alloc_buffer(type.shape, type.dtype, std::nullopt, StorageKind::Smem, name);
  TF_TRY(buf);
  std::vector<SliceKey> key;
  bool all = true;
  for (const Topology& t : plan.mesh.topologies()) {
    const bool cta = t.name() == kCtaTopology;
    key.push_back(cta ? SliceKey::all() : SliceKey::range(0, 1));
    all = all && cta;
  }
  if (all) {
    Result<bool> copied = lc.emit(tir::TirOp::Copy, {whole, *buf});
    TF_TRY(copied);
  } else {
    Result<Mesh> leads = slice(plan.mesh, key);
    TF_CHECK(leads.ok(), "a mesh's first thread of every CTA is a slice of it");
    lc.open_body();
    Result<bool> copied = lc.emit(tir::TirOp::Copy, {whole, *buf});
    TF_TRY(copied);
    Result<tir::SequentialRef> body = lc.close_body();
    TF_TRY(body);
    Result<tir::MeshScopeRef> scope = tir::MeshScope::make(*leads, tir::mesh_binding(lc.scope_name("cta_leads")), *body);
    TF_TRY(scope);
    lc.append(*scope);
  }
  Result<bool> synced = barrier(lc, plan);
  TF_TRY(synced);
  return *buf;
}

std::string hint_of(const Expr& v, std::string_view suffix) {
  const auto* var = v->as<Var>();
  return fmt::format("{}{}", var != nullptr ? var->name : "t", suffix);
}

// True when `v` is distributed as `sl` over a value of `shape`: each thread holds exactly the
// elements `sl` gives it.
bool distributed_as(const Expr& v, const ShardLayout& sl, const std::vector<ShapeDim>& shape) {
  return is_distributed(v) && distribution(v) == sl && tensor_type_of(*v)->shape == shape;
}

}  // namespace

Result<std::optional<Sharding>> plan_shard(const LoweringContext& lc, const hir::Function& fn) {
  std::vector<TypedNode> types;
  std::set<const hir::Function*> seen;
  collect_types(lc.calls(), fn, types, seen);
  std::optional<Sharding> plan;
  for (const TypedNode& t : types) {
    const ShardLayout* sl = shard_of(*t.type);
    if (sl == nullptr) continue;
    auto refuse = [&](std::string_view why) {
      const auto* var = t.node->as<Var>();
      return lc.refusal(*t.node, var != nullptr ? fmt::format("the parameter `{}`", var->name) : "the sharded value", why);
    };
    if (std::string why = unsupported(*sl, *t.type); !why.empty()) return refuse(why);
    if (plan) {
      if (!(sl->mesh() == plan->mesh))
        return refuse("its ShardLayouts name two meshes; the kernel runs on one (reshard onto one mesh first)");
      continue;
    }
    if (std::string why = unsupported(sl->mesh()); !why.empty()) return refuse(why);
    std::int64_t ctas = 1, threads = 1;
    for (const Topology& top : sl->mesh().topologies()) (top.is_cta() ? ctas : threads) *= *top.static_size();
    if (threads > 1024) return refuse(fmt::format("its mesh has {} threads per CTA, more than 1,024", threads));
    plan = Sharding{sl->mesh(), barrier_mesh(sl->mesh(), ctas, threads),
                                     ctas > 1 ? StorageKind::Gmem : StorageKind::Smem};
  }
  return plan;
}

bool is_distributed(const Expr& v) {
  const TensorType* t = tensor_type_of(*v);
  return t != nullptr && shard_of(*t) != nullptr && t->storage == StorageKind::Rmem;
}

Result<Expr> gathered(LoweringContext& lc, const Sharding& plan, const Expr& v) {
  if (!is_distributed(v)) return v;
  // The gathered copy is memoised under the distributed TIR value's own node, in the memo that
  // closes with the body (a copy made in a loop body is out of scope after it).
  if (const Expr* done = lc.lowered(v.get())) return *done;
  Result<Expr> buf = shared_copy(lc, plan, v, plan.stage, hint_of(v, "_all"));
  TF_TRY(buf);
  lc.remember(v.get(), *buf);
  return *buf;
}

Result<Expr> aligned(LoweringContext& lc, const Sharding& plan, const Expr& v, const ShardLayout& sl,
                     const std::vector<ShapeDim>& shape) {
  return distributed_as(v, sl, shape) ? v : gathered(lc, plan, v);
}

const ShardLayout* result_distribution(const StrategyContext& strategy, const TensorType& result) {
  return strategy.sharding != nullptr ? shard_of(result) : nullptr;
}

std::optional<ShardLayout> split_k_products(const StrategyContext& strategy, const TensorType& result,
                                            const std::vector<std::int64_t>& products) {
  const ShardLayout* sl = result_distribution(strategy, result);
  if (sl == nullptr) return std::nullopt;
  std::vector<ShardAttr> attrs;
  bool partial = false;
  for (const ShardAttr& a : sl->attrs()) {
    if (a.is_partial() && a.partial_reduction() == PartialReduction::Sum) {
      attrs.push_back(S(static_cast<int>(products.size()) - 1));
      partial = true;
    } else {
      attrs.push_back(a);
    }
  }
  if (!partial) return std::nullopt;
  Result<Layout> base = Layout::make(tuple_of_ints(products), tuple_of_ints(row_major_strides(products)));
  if (!base.ok()) return std::nullopt;
  Result<ShardLayout> out = ShardLayout::make(LayoutBase(*base), std::move(attrs), sl->mesh());
  if (!out.ok()) return std::nullopt;  // K does not divide over the Partial axes
  return *out;
}

namespace {

// reshard(x, layout=L, storage=S), x held as its producer left it.
Result<Expr> rewrite_reshard(const RuleInput& in) {
  const Expr& held = in.operands[0];
  if (in.strategy.sharding == nullptr) return held;  // nothing is distributed: x itself
  const Sharding& plan = *in.strategy.sharding;
  LoweringContext& lc = in.lc;
  const Call& c = in.call;
  const TensorType& type = *tensor_type_of(c);
  const ShardLayout* sl = shard_of(type);
  const StorageKind storage = type.storage.value_or(StorageKind::Rmem);
  const std::string name = in.name();
  if (storage == StorageKind::Gmem || storage == StorageKind::Smem) {  // a shared buffer
    if (storage == StorageKind::Smem && plan.spans_ctas()) {  // through gmem, then into each CTA's own
      Result<Expr> whole = gathered(lc, plan, held);
      TF_TRY(whole);
      return per_cta_copy(lc, plan, *whole, name);
    }
    const TensorType& from = *tensor_type_of(*held);
    if (!is_distributed(held) && from.storage.value_or(StorageKind::Gmem) == storage) return held;
    // The buffer holds the whole value, whatever the result's distribution.
    return shared_copy(lc, plan, held, storage, name);
  }
  if (storage != StorageKind::Rmem && storage != StorageKind::Umat)
    return lc.refusal(c, "reshard", fmt::format("a reshard into {} has no lowering rule", to_string(storage)));
  if (sl == nullptr) return gathered(lc, plan, held);
  if (distributed_as(held, *sl, type.shape)) return held;
  Result<Expr> src = gathered(lc, plan, held);
  TF_TRY(src);
  Result<Expr> dst = lc.alloc_buffer(type.shape, type.dtype, LayoutBase(*sl), StorageKind::Rmem, name);
  TF_TRY(dst);
  Result<bool> copied = lc.emit(tir::TirOp::Copy, {*src, *dst});  // each thread its own elements
  TF_TRY(copied);
  return *dst;
}

}  // namespace

const LoweringPattern kReshardPattern{OperandForm::Held, &rewrite_reshard};

Result<bool> lower_sharded(LoweringContext& lc, const Sharding& plan, const std::vector<VarRef>& params,
                           const std::vector<Expr>& results, const std::vector<VarRef>& outputs) {
  const StrategyContext strategy = StrategyContext::sharded(plan);
  for (std::size_t i = 0; i < params.size(); ++i) lc.remember(lc.function().params()[i].get(), Expr(params[i]));
  for (std::size_t i = 0; i < results.size(); ++i) {
    Result<Expr> v = lower_held(lc, strategy, results[i]);
    TF_TRY(v);
    if (!is_distributed(*v)) {
      Result<bool> w = write_once(lc, plan, *v, Expr(outputs[i]), nullptr);
      TF_TRY(w);
      continue;
    }
    const ShardLayout& sl = distribution(*v);
    Result<Expr> out = bound_view(lc, Expr(outputs[i]), LayoutBase(sl), outputs[i]->name + "_owned");
    TF_TRY(out);
    Result<bool> w = write_once(lc, plan, *v, *out, &sl);
    TF_TRY(w);
  }
  return true;
}

}  // namespace tf::lower
