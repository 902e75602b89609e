// The Partial rules of hir.math (partial_rules.h): which pending reductions Binary, Unary, Clamp
// and Softplus accept, with the exact result types and the reject messages.
#include "ir/hir/partial_rules.h"

#include <gtest/gtest.h>

#include "ir/hir/test/nn_test_util.h"

namespace tf::hir {
namespace {

using namespace test;

constexpr std::string_view kMesh2 = "(2,4):(4,1)";

// An (8, 16) f32 tensor named `name` with attrs `attrs` on M(mesh).
VarRef st(const std::string& name, std::vector<ShardAttr> attrs,
          std::string_view mesh = "(4):(1)") {
  return tv(name, {8, 16}, DType::f32(), StorageKind::Gmem,
            sharded("(8,16):(16,1)", std::move(attrs), mesh));
}

VarRef plain(const std::string& name) {
  return tv(name, {8, 16}, DType::f32());
}

TEST(HirPartialRules, PartialStatesReadEveryLayer) {
  const ShardLayout inner =
      tf::testing::ok(ShardLayout::make(L("(8,16):(16,1)"), {P("max")}, M("(2):(1)")));
  const TensorTypeRef t =
      tensor({8, 16}, DType::f32(), StorageKind::Gmem,
             tf::testing::ok(ShardLayout::make(inner, {B(), P("sum")}, M(kMesh2))));
  const std::vector<PartialState> s = partial_states(*t);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].layer, 0);
  EXPECT_EQ(s[0].mesh_axis, 1);
  EXPECT_EQ(s[0].reduction, "sum");
  EXPECT_EQ(s[1].layer, 1);
  EXPECT_EQ(s[1].mesh_axis, 0);
  EXPECT_EQ(s[1].reduction, "max");
  EXPECT_TRUE(partial_states(*tensor({4}, DType::f32())).empty());
  EXPECT_TRUE(kMaxMin.contains("min"));
  EXPECT_FALSE(kMaxMin.contains("sum"));
  EXPECT_TRUE(kNoReductions.empty());
  // A nested layer's Partial is named by its layer.
  VarRef x = var("x", t);
  EXPECT_TRUE(Rejects(make_unary(UnaryKind::Exp, x, H()),
                      "x carries Partial(sum) on mesh axis 1, which does not commute"));
  EXPECT_TRUE(make_unary(UnaryKind::Exp,
                         var("y", tensor({8, 16}, DType::f32(), StorageKind::Gmem, inner)), H())
                  .ok());
  EXPECT_TRUE(Rejects(make_unary(UnaryKind::Neg, x, H()),
                      "x carries Partial(max) on mesh axis 0 of shard layer 1, which does not "
                      "commute with kind neg: expected no Partial, or Partial(sum)"));
}

TEST(HirPartialRules, BinaryAdd) {
  VarRef ps = st("ps", {P("sum")});
  VarRef qs = st("qs", {P("sum")});
  VarRef pm = st("pm", {P("max")});
  VarRef r = plain("r");
  // Both Partial(sum) on the same mesh axis: the sum commutes; the layout is kept.
  Result<CallRef> both = make_binary(BinaryKind::Add, ps, qs, H());
  ASSERT_TRUE(both.ok()) << both.diagnostics()[0].message;
  EXPECT_EQ(to_string((*both)->type()), to_string(ps->type()));
  // One Partial(max) against a replicated operand (no layout, or Broadcast there).
  EXPECT_EQ(type_of(make_binary(BinaryKind::Add, pm, r, H())), to_string(pm->type()));
  EXPECT_TRUE(make_binary(BinaryKind::Add, r, st("pn", {P("min")}), H()).ok());
  VarRef pm2 = st("pm2", {P("max"), B()}, kMesh2);
  EXPECT_TRUE(make_binary(BinaryKind::Add, pm2, st("b2", {B(), B()}, kMesh2), H()).ok());
  // One Partial(sum) against a replicated operand would count it once per participant.
  EXPECT_TRUE(Rejects(make_binary(BinaryKind::Add, ps, r, H()),
                      "hir.math.Binary: lhs carries Partial(sum) on mesh axis 0, which does not "
                      "commute with kind add: expected no Partial, or Partial(max) / "
                      "Partial(min); reshard lhs to Broadcast first"));
  EXPECT_TRUE(Rejects(make_binary(BinaryKind::Add, pm, st("qm", {P("max")}), H()),
                      "hir.math.Binary: several operands carry a Partial on mesh axis 0 "
                      "(lhs=Partial(max), rhs=Partial(max)), which does not commute with kind "
                      "add: expected at most one, or the same Partial(sum) on every operand"));
  EXPECT_TRUE(
      Rejects(make_binary(BinaryKind::Add, ps, pm, H()), "(lhs=Partial(sum), rhs=Partial(max))"));
  // Partial(sum) on different mesh axes is not the same pending sum.
  Result<CallRef> skew = make_binary(BinaryKind::Add, st("a", {P("sum"), B()}, kMesh2),
                                     st("b", {B(), P("sum")}, kMesh2), H());
  EXPECT_TRUE(Rejects(skew, "lhs carries Partial(sum) on mesh axis 0, which does not commute"));
  EXPECT_TRUE(Rejects(skew, "rhs carries Partial(sum) on mesh axis 1, which does not commute"));
  // The other operand must be replicated on the Partial's mesh axis.
  EXPECT_TRUE(Rejects(make_binary(BinaryKind::Add, pm, st("s", {S(0)}), H()),
                      "lhs carries Partial(max) on mesh axis 0, but rhs is not replicated there: "
                      "expected B(), found S(0); reshard rhs to Broadcast first"));
}

TEST(HirPartialRules, BinaryMulAndOtherKinds) {
  VarRef ps = st("ps", {P("sum")});
  VarRef pm = st("pm", {P("max")});
  VarRef r = plain("r");
  EXPECT_EQ(type_of(make_binary(BinaryKind::Mul, r, ps, H())), to_string(ps->type()));
  EXPECT_TRUE(Rejects(make_binary(BinaryKind::Mul, pm, r, H()),
                      "lhs carries Partial(max) on mesh axis 0, which does not commute with kind "
                      "mul: expected no Partial, or Partial(sum)"));
  EXPECT_TRUE(Rejects(make_binary(BinaryKind::Mul, ps, st("qs", {P("sum")}), H()),
                      "which does not commute with kind mul: expected at most one;"));
  for (BinaryKind k :
       {BinaryKind::Sub, BinaryKind::Div, BinaryKind::Max, BinaryKind::Pow, BinaryKind::Lt})
    EXPECT_TRUE(Rejects(make_binary(k, pm, r, H()),
                        fmt::format("lhs carries Partial(max) on mesh axis 0, which does not "
                                    "commute with kind {}: expected no Partial;",
                                    binary_kind_name(k))))
        << binary_kind_name(k);
  EXPECT_TRUE(Rejects(make_binary(BinaryKind::Sub, r, ps, H()), "rhs carries Partial(sum)"));
  // Replicated and split operands without a Partial are untouched by the rule.
  EXPECT_TRUE(make_binary(BinaryKind::Sub, st("s", {S(0)}), st("t", {S(0)}), H()).ok());
}

TEST(HirPartialRules, UnaryCommutesPerKind) {
  VarRef ps = st("ps", {P("sum")});
  VarRef pm = st("pm", {P("max")});
  VarRef pn = st("pn", {P("min")});
  for (UnaryKind k : {UnaryKind::Relu, UnaryKind::Exp, UnaryKind::Log, UnaryKind::Ceil,
                      UnaryKind::Round, UnaryKind::Exp2, UnaryKind::Log2}) {
    EXPECT_TRUE(make_unary(k, pm, H()).value()->type().same_as(pm->type())) << unary_kind_name(k);
    EXPECT_TRUE(make_unary(k, pn, H()).ok()) << unary_kind_name(k);
    EXPECT_TRUE(Rejects(make_unary(k, ps, H()),
                        fmt::format("hir.math.Unary: x carries Partial(sum) on mesh axis 0, which "
                                    "does not commute with kind {}: expected no Partial, or "
                                    "Partial(max) / Partial(min)",
                                    unary_kind_name(k))));
  }
  EXPECT_TRUE(make_unary(UnaryKind::Neg, ps, H()).value()->type().same_as(ps->type()));
  EXPECT_TRUE(Rejects(make_unary(UnaryKind::Neg, pm, H()),
                      "x carries Partial(max) on mesh axis 0, which does not commute with kind "
                      "neg: expected no Partial, or Partial(sum)"));
  for (UnaryKind k : {UnaryKind::Abs, UnaryKind::Square, UnaryKind::Rsqrt})
    for (const VarRef& v : {ps, pm})
      EXPECT_TRUE(Rejects(make_unary(k, v, H()),
                          fmt::format("which does not commute with kind {}: expected no Partial;",
                                      unary_kind_name(k))));
}

TEST(HirPartialRules, ClampAndSoftplusRejectPartialSum) {
  VarRef ps = st("ps", {P("sum")});
  VarRef pm = st("pm", {P("max")});
  EXPECT_TRUE(make_clamp(pm, -1.0, 1.0, H()).value()->type().same_as(pm->type()));
  EXPECT_TRUE(make_softplus(st("pn", {P("min")}), H()).ok());
  EXPECT_TRUE(Rejects(make_clamp(ps, -1.0, 1.0, H()),
                      "hir.math.Clamp: x carries Partial(sum) on mesh axis 0, which does not "
                      "commute with this op: expected no Partial, or Partial(max) / Partial(min); "
                      "reshard x to Broadcast first"));
  EXPECT_TRUE(Rejects(make_softplus(ps, H()), "hir.math.Softplus: x carries Partial(sum)"));
}

TEST(HirPartialRules, MultilinearAnchor) {
  const Op op = *H().registry().find("hir.nn.RoPE");
  const TensorTypeRef p =
      tensor({8, 16}, DType::f32(), StorageKind::Gmem, sharded("(8,16):(16,1)", {P("sum")}));
  const TensorTypeRef r = tensor({8, 16}, DType::f32());
  EXPECT_TRUE(check_multilinear_partials(op, {{"q", p.get()}, {"t", r.get()}},
                                         {.allowed = kSumOnly, .anchor = "q"})
                  .empty());
  std::vector<Diagnostic> d = check_multilinear_partials(op, {{"q", r.get()}, {"t", p.get()}},
                                                         {.allowed = kSumOnly, .anchor = "q"});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].message,
            "hir.nn.RoPE: t carries Partial(sum) on mesh axis 0, which the result of this op "
            "cannot keep: expected no Partial; reshard t to Broadcast first");
}

}  // namespace
}  // namespace tf::hir
