// Mma with an atom: the operand contracts (verify handler) and the scope match (mma_scope.h).
#include <gtest/gtest.h>

#include "ir/dim/dim_var.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/mma_scope.h"
#include "ir/tir/test/tir_test_util.h"

namespace tf::tir {
namespace {

using namespace test;

MmaAtomRef sm80_atom() {
  return ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
}

VarRef fragment(const std::string& name, std::vector<ShapeDim> shape, DType d,
                const ShardLayout& l) {
  return var(name, tensor(std::move(shape), d, StorageKind::Rmem, LayoutBase(l)));
}

std::vector<Diagnostic> verify_mma_call(const Expr& acc, const Expr& lhs, const Expr& rhs,
                                        Atom atom) {
  EvaluateRef e = ok(Evaluate::make_op(op("tir.cuda.nn.Mma"), {acc, lhs, rhs}, {{"atom", atom}}));
  return tables().handlers().get<VerifyHandler>(e->op())(e->call());
}

struct Fragments {
  MmaAtomRef atom = sm80_atom();
  VarRef a = fragment("a_frag", {16, 16}, DType::bf16(), atom->A());
  VarRef b = fragment("b_frag", {16, 8}, DType::bf16(), atom->B());
  VarRef acc = fragment("acc", {16, 8}, DType::f32(), atom->C());
};

// covers: TIR.2.3.MMAVERIFY.acc-layout, TIR.2.3.MMAVERIFY.lhs-layout, TIR.2.3.MMAVERIFY.rhs-layout
TEST(TirMmaVerify, OperandLayoutsAreTheAtomsFragments) {
  Fragments f;
  EXPECT_TRUE(verify_mma_call(f.acc, f.a, f.b, f.atom).empty());
  VarRef acc_as_a = fragment("acc", {16, 16}, DType::f32(), f.atom->A());
  EXPECT_EQ(rule_ids(verify_mma_call(acc_as_a, f.a, f.b, f.atom)),
            Ids{"TIR.2.3.MMAVERIFY.acc-layout"});
  VarRef a_as_b = fragment("a_frag", {16, 8}, DType::bf16(), f.atom->B());
  EXPECT_EQ(rule_ids(verify_mma_call(f.acc, a_as_b, f.b, f.atom)),
            Ids{"TIR.2.3.MMAVERIFY.lhs-layout"});
  VarRef b_plain =
      var("b_frag",
          tensor({16, 8}, DType::bf16(), StorageKind::Rmem,
                 LayoutBase(tf::test::layout(IntTuple::tuple({16, 8}), IntTuple::tuple({8, 1})))));
  EXPECT_EQ(rule_ids(verify_mma_call(f.acc, f.a, b_plain, f.atom)),
            Ids{"TIR.2.3.MMAVERIFY.rhs-layout"});
  // The instruction's dtypes.
  VarRef a_f16 = fragment("a_frag", {16, 16}, DType::f16(), f.atom->A());
  EXPECT_EQ(verify_mma_call(f.acc, a_f16, f.b, f.atom).size(), 1u);
}

// covers: TIR.2.3.MMACALL.bare-mma-path
TEST(TirMmaVerify, WithoutAnAtomNoContractIsChecked) {
  VarRef acc = var("acc", tensor({16, 8}, DType::f32(), StorageKind::Rmem));
  VarRef a = var("a", tensor({16, 16}, DType::bf16(), StorageKind::Rmem));
  VarRef b = var("b", tensor({16, 8}, DType::bf16(), StorageKind::Rmem));
  EvaluateRef e = ok(Evaluate::make_op(op("tir.cuda.nn.Mma"), {acc, a, b}));
  EXPECT_TRUE(tables().handlers().get<VerifyHandler>(e->op())(e->call()).empty());
}

// covers: TIR.2.3.MMACALL.three-statements, TIR.2.3.MMACALL.atom-compile-time
TEST(TirMmaVerify, TheCallingConventionIsSeparateStatementsUnderOneMeshScope) {
  Fragments f;
  VarRef a = var("a", tensor({16, 16}, DType::bf16()));
  VarRef a_view =
      var("a_view", ok(make_value_call(TirOp::TensorView, {a},
                                       {{"layout", LayoutBase(f.atom->A())}}, tables().handlers()))
                        ->type());
  std::vector<EvaluateRef> stmts = {
      ok(Evaluate::make_op(op("tir.memory.Copy"), {a_view, f.a})),
      ok(Evaluate::make_op(op("tir.memory.Fill"), {f.acc, f32c(0.0)})),
      ok(Evaluate::make_op(op("tir.cuda.nn.Mma"), {f.acc, f.a, f.b}, {{"atom", Atom(f.atom)}}))};
  std::vector<Stmt> body(stmts.begin(), stmts.end());
  MeshScopeRef scope =
      ok(MeshScope::make(warp(), mesh_binding("warp"), ok(Sequential::make(body))));
  EXPECT_EQ(scope->body->size(), 3u);
  for (const EvaluateRef& e : stmts)
    EXPECT_TRUE(tables().handlers().get<VerifyHandler>(e->op())(e->call()).empty()) << e->op().name();
  // The atom is an attribute: the Mma Evaluate has exactly (acc, a_frag, b_frag).
  EXPECT_EQ(stmts[2]->args().size(), 3u);
  EXPECT_TRUE(stmts[2]->args()[1].same_as(Expr(f.a)));
  EXPECT_TRUE(check_mma_scope(*f.atom, {scope->mesh}).empty());
}

// covers: TIR.2.3.MMAVERIFY.scope-required, TIR.2.3.MMAVERIFY.scope-any-on-stack
TEST(TirMmaVerify, SomeMeshOnTheStackMustProvideTheScope) {
  MmaAtomRef atom = sm80_atom();
  EXPECT_EQ(rule_ids(check_mma_scope(*atom, {})), Ids{"TIR.2.3.MMAVERIFY.scope-required"});
  Mesh half = threads(16);
  EXPECT_TRUE(check_mma_scope(*atom, {warp(), half}).empty());  // outer warp, inner other
  std::vector<Diagnostic> d = check_mma_scope(*atom, {half});
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].rule_id, "TIR.2.3.MMAVERIFY.scope-required");
  EXPECT_EQ(d[0].notes.size(), 1u);
  EXPECT_EQ(d[1].rule_id, "TIR.2.3.MMAVERIFY.flat-lane-rejected");
}

// covers: TIR.2.3.MMAVERIFY.identity-independent, TIR.2.3.MMAVERIFY.name-independent
TEST(TirMmaVerify, TheMatchIgnoresIdentityAndNames) {
  const MmaAtomRef atom = sm80_atom();
  const Mesh& required = atom->required_scope();
  EXPECT_TRUE(mesh_scope_matches_required_scope(warp(), required));  // a fresh, equal mesh
  Mesh named = ok(Mesh::make({ok(Topology::make("thread", 32))},
                             tf::test::layout(IntTuple::tuple({4, 8}), IntTuple::tuple({1, 4})),
                             {"lane_in_quad", "quad"}));
  EXPECT_TRUE(mesh_scope_matches_required_scope(named, required));
}

// covers: TIR.2.3.MMAVERIFY.same-topology-level, TIR.2.3.MMAVERIFY.static-domains,
// covers: TIR.2.3.MMAVERIFY.self-consistent, TIR.2.3.MMAVERIFY.inverse-projectable,
// covers: TIR.2.3.MMAVERIFY.exact-decomposition, TIR.2.3.MMAVERIFY.flat-lane-rejected
TEST(TirMmaVerify, EachConditionOfTheMatchHasItsRule) {
  const MmaAtomRef atom = sm80_atom();
  const Mesh& required = atom->required_scope();
  auto why = [&](const Mesh& m) { return rule_ids(scope_mismatch(m, required)); };
  const IntTuple s48 = IntTuple::tuple({4, 8});
  EXPECT_EQ(why(mesh("cta", 32, s48, IntTuple::tuple({1, 4}))),
            Ids{"TIR.2.3.MMAVERIFY.same-topology-level"});
  Mesh dynamic = ok(Mesh::make({ok(Topology::make("thread", IntSymbol{"T", 1, 1025}))},
                               tf::test::layout(s48, IntTuple::tuple({1, 4}))));
  EXPECT_EQ(why(dynamic), Ids{"TIR.2.3.MMAVERIFY.static-domains"});
  EXPECT_EQ(why(mesh("thread", 64, s48, IntTuple::tuple({1, 4}))),
            Ids{"TIR.2.3.MMAVERIFY.self-consistent"});
  // A non-injective arrangement of the 32 lanes has no inverse.
  EXPECT_EQ(why(mesh("thread", 32, s48, IntTuple::tuple({1, 1}))),
            Ids{"TIR.2.3.MMAVERIFY.inverse-projectable"});
  EXPECT_EQ(why(mesh("thread", 32, s48, IntTuple::tuple({8, 1}))),
            Ids{"TIR.2.3.MMAVERIFY.exact-decomposition"});
  EXPECT_EQ(why(mesh("thread", 32, IntTuple::tuple({8, 4}), IntTuple::tuple({1, 8}))),
            Ids{"TIR.2.3.MMAVERIFY.exact-decomposition"});
  EXPECT_EQ(why(threads(32)), Ids{"TIR.2.3.MMAVERIFY.flat-lane-rejected"});
}

}  // namespace
}  // namespace tf::tir
