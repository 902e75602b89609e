#include "lower/mma_rule.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/var.h"
#include "ir/hir/nn_ops.h"
#include "ir/layout/composed_layout.h"
#include "ir/layout/shard_layout.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/mma_atom.h"
#include "ir/type/tensor_type.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

constexpr std::int64_t kTile = 64;    // a CTA's tile of c is 64 x 64

Layout row_major(std::int64_t rows, std::int64_t cols, std::int64_t stride) {
  Result<Layout> l = Layout::make(tuple_of_ints({rows, cols}), tuple_of_ints({stride, 1}));
  TF_CHECK(l.ok(), "a row-major layout is well formed");
  return *l;
}

ShardLayout shard(Layout base, std::vector<ShardAttr> attrs, const Mesh& mesh) {
  Result<ShardLayout> s = ShardLayout::make(LayoutBase(std::move(base)), std::move(attrs), mesh);
  TF_CHECK(s.ok(), "the MMA rule's distribution is well formed: {}", s.ok() ? "" : s.diagnostics().front().message);
  return *s;
}

ShardAttr split(int axis) {
  Result<ShardAttr> a = ShardAttr::make_split(axis);
  TF_CHECK(a.ok(), "a split axis is not negative");
  return *a;
}

LayoutBase at(std::int64_t offset, Layout outer) {
  Result<ComposedLayout> c = ComposedLayout::make(std::nullopt, offset, std::move(outer));
  TF_CHECK(c.ok(), "a tile's offset is not negative");
  return LayoutBase(*c);
}

const tir::MmaAtom& atom() {
  static const tir::MmaAtomRef* a = [] {
    Result<tir::MmaAtomRef> r = tir::mma_atom(kMmaRuleAtomName);
    TF_CHECK(r.ok(), "the SM80 bf16 atom is in the catalogue");
    return new tir::MmaAtomRef(*r);
  }();
  return **a;
}

// `let NAME = alloc_tensor(tensor_type=Tensor[shape, dtype, layout=L, storage=S])`.
Result<Expr> alloc(LoweringContext& lc, std::vector<ShapeDim> shape, DType dtype, std::optional<LayoutBase> layout,
                   StorageKind storage, std::string_view name) {
  Result<TensorTypeRef> type = TensorType::make(std::move(shape), dtype, std::move(layout), storage);
  TF_TRY(type);
  Result<Expr> a = lc.call(tir::TirOp::AllocTensor, {}, {{"tensor_type", IRType(*type)}});
  TF_TRY(a);
  return lc.bind(name, *a);
}

// A 16 x `cols` tile of `staged` at `tile` copied into registers through the fragment layout
// `fragment`: the views `<x>t<id>` (the tile) and `<x>v<id>` (its fragment), the copy `<x>f<id>`.
Result<Expr> load_fragment(LoweringContext& lc, const Expr& staged, LayoutBase tile, const ShardLayout& fragment,
                           std::int64_t cols, const std::string& x, const std::string& id) {
  Result<Expr> t = bound_view(lc, staged, std::move(tile), x + "t" + id);
  TF_TRY(t);
  Result<Expr> v = bound_view(lc, *t, LayoutBase(fragment), x + "v" + id);
  TF_TRY(v);
  Result<Expr> f = alloc(lc, {ShapeDim(16), ShapeDim(cols)}, DType::bf16(), LayoutBase(fragment), StorageKind::Rmem, x + "f" + id);
  TF_TRY(f);
  Result<bool> copied = lc.emit(tir::TirOp::Copy, {*v, *f});
  TF_TRY(copied);
  return *f;
}

// Closes the innermost body as `with mesh as NAME { ... }`.
Result<bool> close_scope(LoweringContext& lc, const Mesh& mesh, std::string name) {
  Result<tir::SequentialRef> body = lc.close_body();
  TF_TRY(body);
  Result<tir::MeshScopeRef> scope = tir::MeshScope::make(mesh, tir::mesh_binding(lc.scope_name(name)), *body);
  TF_TRY(scope);
  lc.append(*scope);
  return true;
}

// A bf16 parameter of a static rank-2 shape without layout: its extents.
std::optional<std::pair<std::int64_t, std::int64_t>> bf16_matrix(const ExprNode& e) {
  const auto* t = e.type()->as<TensorType>();
  if (t == nullptr || t->dtype != DType::bf16() || t->layout || t->shape.size() != 2) return std::nullopt;
  if (!t->shape[0].is_static() || !t->shape[1].is_static()) return std::nullopt;
  return std::make_pair(t->shape[0].value(), t->shape[1].value());
}

}  // namespace

const Mesh& mma_block_mesh() {
  static const Mesh* m = [] {
    Result<Topology> t = Topology::make("thread", 128);
    Result<Mesh> mesh = Mesh::make({*t}, Layout::make_known_valid(tuple_of_ints({4, 32}), tuple_of_ints({32, 1})), {"warp", "lane"});
    TF_CHECK(mesh.ok(), "the MMA block mesh is well formed");
    return new Mesh(*mesh);
  }();
  return *m;
}

std::optional<MmaPlan> plan_mma(const hir::Function& fn, const std::vector<Expr>& results, std::string* why_not) {
  auto no = [&](std::string_view why) -> std::optional<MmaPlan> {
    if (why_not != nullptr) *why_not = why;
    return std::nullopt;
  };
  if (results.size() != 1) return no("it does not return one value");
  const Call* c = results[0]->as<Call>();
  if (c == nullptr || hir::nn_op_kind(c->op) != hir::NnOp::MatMul || c->args.size() != 2)
    return no("its result is not a matmul");
  MmaPlan plan{0, 0, 0, 0, 0, mma_block_mesh()};
  bool found_a = false, found_b = false;
  for (std::size_t i = 0; i < fn.params().size(); ++i) {
    if (fn.params()[i].get() == c->args[0].get()) plan.lhs = i, found_a = true;
    if (fn.params()[i].get() == c->args[1].get()) plan.rhs = i, found_b = true;
  }
  const auto a = bf16_matrix(*c->args[0]), b = bf16_matrix(*c->args[1]);
  if (!found_a || !found_b || !a || !b || a->second != b->first)
    return no("the matmul is not of two bf16 matrix parameters");
  plan.m = a->first;
  plan.k = a->second;
  plan.n = b->second;
  if (plan.m % kTile != 0 || plan.n % kTile != 0 || plan.k % kMmaRuleKTile != 0 || plan.k == 0)
    return no(fmt::format("M and N are not multiples of {}, or K is not a positive multiple of {}", kTile, kMmaRuleKTile));
  const std::int64_t gm = plan.m / kTile, gn = plan.n / kTile;
  Result<Topology> cta = Topology::make("cta", gm * gn);
  Result<Mesh> grid = Mesh::make({*cta}, Layout::make_known_valid(tuple_of_ints({gm, gn}), tuple_of_ints({1, gm})), {"cm", "cn"});
  TF_CHECK(grid.ok(), "the MMA grid mesh is well formed");
  plan.grid = *grid;
  return plan;
}

Result<bool> lower_mma(LoweringContext& lc, const MmaPlan& plan, const VarRef& out) {
  const std::int64_t m = plan.m, n = plan.n, k = plan.k;
  const Mesh& block = mma_block_mesh();
  const tir::MmaAtom& mma = atom();
  const Expr a(lc.function().params()[plan.lhs]), b(lc.function().params()[plan.rhs]);
  // This CTA's 64 rows of a, 64 columns of b, 64 x 64 tile of c.
  Result<Expr> a_cta = bound_view(lc, a, shard(row_major(m, k, k), {split(0), ShardAttr::broadcast()}, plan.grid), "a_cta");
  TF_TRY(a_cta);
  Result<Expr> b_cta = bound_view(lc, b, shard(row_major(k, n, n), {ShardAttr::broadcast(), split(1)}, plan.grid), "b_cta");
  TF_TRY(b_cta);
  Result<Expr> c_cta = bound_view(lc, Expr(out), shard(row_major(m, n, n), {split(0), split(1)}, plan.grid), "c_cta");
  TF_TRY(c_cta);
  lc.open_body();  // with block as t
  // One K tile of each staged in smem at a time: the warps split the rows, the lanes the columns.
  Result<Expr> sa = alloc(lc, {ShapeDim(kTile), ShapeDim(kMmaRuleKTile)}, DType::bf16(), std::nullopt, StorageKind::Smem, "sa");
  TF_TRY(sa);
  Result<Expr> sb = alloc(lc, {ShapeDim(kMmaRuleKTile), ShapeDim(kTile)}, DType::bf16(), std::nullopt, StorageKind::Smem, "sb");
  TF_TRY(sb);
  const LayoutBase split_a = shard(row_major(kTile, kMmaRuleKTile, kMmaRuleKTile), {split(0), split(1)}, block);
  const LayoutBase split_b = shard(row_major(kMmaRuleKTile, kTile, kTile), {split(0), split(1)}, block);
  Result<Expr> sa_part = bound_view(lc, *sa, split_a, "sa_part");
  TF_TRY(sa_part);
  Result<Expr> sb_part = bound_view(lc, *sb, split_b, "sb_part");
  TF_TRY(sb_part);
  // Each warp's 16-row slab of the staged a and of c's tile.
  Result<Expr> sa_w = bound_view(lc, *sa, shard(row_major(kTile, kMmaRuleKTile, kMmaRuleKTile), {split(0), ShardAttr::broadcast()}, block), "sa_w");
  TF_TRY(sa_w);
  Result<Expr> c_w = bound_view(lc, *c_cta, shard(row_major(kTile, kTile, kTile), {split(0), ShardAttr::broadcast()}, block), "c_w");
  TF_TRY(c_w);
  Result<TensorTypeRef> zero_type = TensorType::make({}, DType::f32(), std::nullopt, StorageKind::Rmem);
  TF_TRY(zero_type);
  Result<ConstantRef> zero = Constant::make(0.0, IRType(*zero_type));
  TF_TRY(zero);
  lc.open_body();  // with warp as w
  // One accumulator per 8-column tile j, summed over every K tile.
  std::vector<Expr> accs;
  for (std::int64_t j = 0; j < kTile / 8; ++j) {
    Result<Expr> acc = alloc(lc, {ShapeDim(16), ShapeDim(8)}, DType::f32(), LayoutBase(mma.C()), StorageKind::Rmem, fmt::format("acc{}", j));
    TF_TRY(acc);
    Result<bool> filled = lc.emit(tir::TirOp::Fill, {*acc, Expr(*zero)});
    TF_TRY(filled);
    accs.push_back(*acc);
  }
  // for kt in range(0, K, 32): the K tile at column kt of a's rows and row kt of b's columns,
  // staged, then its two 16-deep steps; a barrier before the next tile overwrites the stage.
  Result<TensorTypeRef> i64 = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(i64);
  Result<VarRef> kt = Var::make(lc.scope_name("kt"), IRType(*i64));
  TF_TRY(kt);
  Result<Expr> origin = index_constant(0), stop = index_constant(k), step = index_constant(kMmaRuleKTile);
  TF_TRY(origin);
  TF_TRY(stop);
  TF_TRY(step);
  lc.open_body();  // the K loop
  const std::vector<std::tuple<Expr, std::vector<Expr>, Layout, LayoutBase, Expr, std::string>> stages = {
      {*a_cta, {*origin, Expr(*kt)}, row_major(kTile, kMmaRuleKTile, k), split_a, *sa_part, "a"},
      {*b_cta, {Expr(*kt), *origin}, row_major(kMmaRuleKTile, kTile, kTile), split_b, *sb_part, "b"}};
  for (const auto& [from, start, window, layout, staged, name] : stages) {
    std::vector<Expr> args = {from};
    args.insert(args.end(), start.begin(), start.end());
    Result<Expr> w = lc.call(tir::TirOp::TensorView, std::move(args), {{"layout", LayoutBase(window)}});
    TF_TRY(w);
    Result<Expr> tile = lc.bind(name + "_tile", *w);
    TF_TRY(tile);
    Result<Expr> part = bound_view(lc, *tile, layout, name + "_part");
    TF_TRY(part);
    Result<bool> copied = lc.emit(tir::TirOp::Copy, {*part, staged});
    TF_TRY(copied);
  }
  Result<bool> staged = lc.emit(tir::TirOp::Sync, {}, {{"mesh", block}});
  TF_TRY(staged);
  // Each 16-deep step q loads the A fragment once and adds its products into every tile, so
  // each accumulator sums its steps in K order.
  for (std::int64_t q = 0; q < kMmaRuleKTile / 16; ++q) {
    Result<Expr> af = load_fragment(lc, *sa_w, at(16 * q, row_major(16, 16, kMmaRuleKTile)), mma.A(), 16, "a", std::to_string(q));
    TF_TRY(af);
    for (std::int64_t j = 0; j < kTile / 8; ++j) {
      Result<Expr> bf = load_fragment(lc, *sb, at(16 * q * kTile + 8 * j, row_major(16, 8, kTile)), mma.B(), 8, "b", fmt::format("{}_{}", j, q));
      TF_TRY(bf);
      Result<bool> mma_step = lc.emit(tir::TirOp::Mma, {accs[static_cast<std::size_t>(j)], *af, *bf}, {{"atom", Atom(&mma)}});
      TF_TRY(mma_step);
    }
  }
  Result<bool> used = lc.emit(tir::TirOp::Sync, {}, {{"mesh", block}});
  TF_TRY(used);
  Result<tir::SequentialRef> body = lc.close_body();
  TF_TRY(body);
  Result<Ref<const tir::For>> loop = tir::For::make(*kt, *origin, *stop, *step, *body);
  TF_TRY(loop);
  lc.append(*loop);
  for (std::int64_t j = 0; j < kTile / 8; ++j) {
    // The f32 sums rounded once to bf16 (HIR's matmul result dtype) and stored.
    Result<Expr> rounded = alloc(lc, {ShapeDim(16), ShapeDim(8)}, DType::bf16(), LayoutBase(mma.C()), StorageKind::Rmem, fmt::format("c{}", j));
    TF_TRY(rounded);
    Result<bool> cast = lc.emit(tir::TirOp::Unary, {accs[static_cast<std::size_t>(j)], *rounded}, {tir::kind_attr(UnaryKind::Cast)});
    TF_TRY(cast);
    Result<Expr> ct = bound_view(lc, *c_w, at(8 * j, row_major(16, 8, kTile)), fmt::format("ct{}", j));
    TF_TRY(ct);
    Result<Expr> cv = bound_view(lc, *ct, LayoutBase(mma.C()), fmt::format("cv{}", j));
    TF_TRY(cv);
    Result<bool> stored = lc.emit(tir::TirOp::Copy, {*rounded, *cv});
    TF_TRY(stored);
  }
  Result<bool> warp = close_scope(lc, mma.required_scope(), "w");
  TF_TRY(warp);
  return close_scope(lc, block, "t");
}

}  // namespace tf::lower
