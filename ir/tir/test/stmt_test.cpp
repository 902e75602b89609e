// The TIR statement nodes: their fields, what their factories check, locations and structural
// equality.
#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/dim/dim_var.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/stmt_structural.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/terminators.h"
#include "ir/tir/test/tir_test_util.h"
#include "ir/type/unit_type.h"

namespace tf::tir {
namespace {

using namespace test;

Stmt ret() {
  return ok(Return::make());
}
Stmt abort_stmt(std::string m = "") {
  return ok(Abort::make(std::move(m)));
}
EvaluateRef copy(const Expr& a, const Expr& b) {
  return ok(Evaluate::make_op(op("tir.memory.Copy"), {a, b}));
}

// covers: TIR.1.1.STMT.abstract-base, TIR.1.3.PRIMFN.is-stmt, TIR.1.6.DISPATCH.first-class-stmt
TEST(TirStmt, EveryNodeDerivesFromTheAbstractStmtBase) {
  static_assert(!std::is_constructible_v<StmtNode, StmtKind, Loc>);
#define TF_STMT_NODE(Name) static_assert(std::is_base_of_v<StmtNode, Name>);
#include "ir/tir/stmt_nodes.def"
  EXPECT_EQ(stmt_kind_name(StmtKind::DispatchCall), "DispatchCall");
  EXPECT_EQ(stmt_kind_name(StmtKind::PrimFunction), "PrimFunction");
  // A DispatchCall sits directly in a Sequential like any statement.
  DispatchCallRef d = ok(DispatchCall::make("f", {}, {}, {}, seq({abort_stmt()})));
  SequentialRef s = seq({d, ret()});
  EXPECT_TRUE(s->body[0]->is<DispatchCall>());
}

// covers: TIR.1.1.STMT.loc-default-none
TEST(TirStmt, LocDefaultsToNoneAndIsStoredWhenGiven) {
  EXPECT_FALSE(ret()->loc().has_value());
  Stmt r = ok(Return::make(SourceLocation{"k.py", 3, 1}));
  ASSERT_TRUE(r->loc().has_value());
  EXPECT_EQ(r->loc()->str(), "k.py:3:1");
}

// covers: TIR.1.1.STMT.loc-not-semantic
TEST(TirStmt, LocIsNotPartOfStructuralEquality) {
  Stmt a = ok(Abort::make("x", SourceLocation{"a.tfir", 1, 1}));
  Stmt b = ok(Abort::make("x", SourceLocation{"b.tfir", 9, 4}));
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_FALSE(structural_equal(a, abort_stmt("y")));
}

// covers: TIR.1.2.STRUCT.sequential
TEST(TirStmt, SequentialHasLengthIndexingAndIteration) {
  Stmt s1 = ret();
  Stmt s2 = abort_stmt();
  SequentialRef s = seq({s1, s2});
  EXPECT_EQ(s->size(), 2u);
  EXPECT_TRUE((*s)[1].same_as(s2));
  std::vector<Stmt> seen(s->begin(), s->end());
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_TRUE(seen[0].same_as(s1));
  EXPECT_TRUE(seen[1].same_as(s2));
  EXPECT_THROW((void)(*s)[2], InternalError);
  EXPECT_FALSE(Sequential::make({s1, nullptr}).ok());
  EXPECT_EQ(Sequential::empty()->size(), 0u);
}

// covers: TIR.1.2.STRUCT.letstmt
TEST(TirStmt, LetChainsNestThroughTheirBodies) {
  VarRef a = f32g("a", {4});
  VarRef v = f32g("v", {4});
  VarRef w = f32g("w", {4});
  LetStmtRef inner = ok(LetStmt::make(w, v, seq({copy(w, a)})));
  LetStmtRef outer = ok(LetStmt::make(v, a, seq({inner})));
  EXPECT_TRUE(outer->var.same_as(v));
  EXPECT_TRUE(outer->value.same_as(Expr(a)));
  ASSERT_EQ(outer->body->size(), 1u);
  const LetStmt* reached = (*outer->body)[0]->as<LetStmt>();
  ASSERT_NE(reached, nullptr);
  EXPECT_TRUE(reached->var.same_as(w));
  EXPECT_FALSE(LetStmt::make(nullptr, a, seq({})).ok());
  EXPECT_FALSE(LetStmt::make(v, nullptr, seq({})).ok());
  EXPECT_FALSE(LetStmt::make(v, a, nullptr).ok());
}

// covers: TIR.1.2.STRUCT.for
TEST(TirStmt, ForKeepsItsFieldsAndNeedsARank0IntegerCounter) {
  VarRef i = i64v("i");
  VarRef n = i64v("n");
  SequentialRef body = seq({ret()});
  ForRef f = ok(For::make(i, i64c(0), n, i64c(1), body));
  EXPECT_TRUE(f->induction_var.same_as(i));
  EXPECT_TRUE(structural_equal(f->start, Expr(i64c(0))));
  EXPECT_TRUE(f->stop.same_as(Expr(n)));
  EXPECT_TRUE(structural_equal(f->step, Expr(i64c(1))));
  EXPECT_TRUE(f->body.same_as(body));
  EXPECT_FALSE(For::make(f32g("x", {4}), i64c(0), n, i64c(1), body).ok());
  EXPECT_FALSE(For::make(var("x", scalar(DType::f32())), i64c(0), n, i64c(1), body).ok());
  EXPECT_FALSE(For::make(i, nullptr, n, i64c(1), body).ok());
}

// covers: TIR.1.2.STRUCT.while, TIR.1.2.STRUCT.if
TEST(TirStmt, WhileAndIfKeepTheirFieldsAndNeedAScalarCondition) {
  VarRef c = var("c", scalar(DType::boolean()));
  SequentialRef body = seq({ret()});
  WhileRef w = ok(While::make(c, body));
  EXPECT_TRUE(w->cond.same_as(Expr(c)));
  EXPECT_TRUE(w->body.same_as(body));
  EXPECT_TRUE(While::make(i64v("k"), body).ok());  // an integer condition: nonzero is true
  EXPECT_FALSE(While::make(f32g("x", {2}), body).ok());
  EXPECT_FALSE(While::make(var("f", scalar(DType::f32())), body).ok());

  SequentialRef none = seq({});
  IfRef i = ok(If::make(c, body, none));
  EXPECT_TRUE(i->cond.same_as(Expr(c)));
  EXPECT_TRUE(i->then_body.same_as(body));
  EXPECT_TRUE(i->else_body.same_as(none));
  EXPECT_EQ(ok(If::make(c, body))->else_body->size(), 0u);
  EXPECT_FALSE(If::make(f32g("x", {2}), body).ok());
  EXPECT_FALSE(If::make(c, nullptr).ok());
}

// covers: TIR.1.2.STRUCT.meshscope
TEST(TirStmt, MeshScopeCarriesTheMeshAndItsBinding) {
  VarRef w = mesh_binding("w");
  SequentialRef body = seq({ret()});
  MeshScopeRef m = ok(MeshScope::make(warp(), w, body));
  EXPECT_EQ(m->mesh, warp());
  EXPECT_TRUE(m->binding.same_as(w));
  EXPECT_TRUE(m->body.same_as(body));
  // The binding names a compile-time mesh, not a value: it cannot be an op operand.
  EXPECT_FALSE(Evaluate::make_op(op("tir.memory.Copy"), {w, w}).ok());
  EXPECT_FALSE(MeshScope::make(warp(), nullptr, body).ok());
}

// covers (compile-time): TIR.1.2.STRUCT.return-no-value, TIR.1.2.STRUCT.bodies-are-sequential
TEST(TirStmt, ReturnHasNoValueAndBodiesAreSequentialHandles) {
  static_assert(std::tuple_size_v<decltype(std::declval<Return>().structural_fields())> == 0);
  static_assert(std::is_invocable_v<decltype(&Return::make), Loc>);
  // A bare Stmt does not convert to a body.
  static_assert(!std::is_convertible_v<Stmt, SequentialRef>);
  static_assert(std::is_same_v<decltype(LetStmt::body), SequentialRef>);
  static_assert(std::is_same_v<decltype(For::body), SequentialRef>);
  static_assert(std::is_same_v<decltype(While::body), SequentialRef>);
  static_assert(std::is_same_v<decltype(If::then_body), SequentialRef>);
  static_assert(std::is_same_v<decltype(If::else_body), SequentialRef>);
  static_assert(std::is_same_v<decltype(MeshScope::body), SequentialRef>);
  EXPECT_TRUE(ret()->is<Return>());
}

// covers: TIR.1.7.ABORT.message-default, TIR.1.7.ABORT.message-no-semantics
TEST(TirStmt, AbortMessageDefaultsToEmpty) {
  EXPECT_EQ(ok(Abort::make())->message, "");
  EXPECT_EQ(ok(Abort::make("unreachable"))->message, "unreachable");
}

// covers: TIR.1.4.EVAL.fields, TIR.1.4.EVAL.op-args-paramdef-order, TIR.1.4.EVAL.op-call-unit-typed
TEST(TirStmt, EvaluateOfAnOpHoldsItsUnitTypedCall) {
  VarRef a = f32g("a", {4});
  VarRef b = f32g("b", {4});
  EvaluateRef e = copy(a, b);
  ASSERT_TRUE(e->is_op());
  EXPECT_EQ(e->op().name(), "tir.memory.Copy");
  ASSERT_EQ(e->args().size(), 2u);
  EXPECT_TRUE(e->args()[0].same_as(Expr(a)));  // source first
  EXPECT_TRUE(e->args()[1].same_as(Expr(b)));
  EXPECT_TRUE(e->call().type()->is<UnitType>());
  EXPECT_THROW((void)e->symbol(), InternalError);
}

// covers: TIR.1.4.EVAL.callable-kinds, TIR.1.4.EVAL.value-call-counterpart
TEST(TirStmt, EvaluateRefusesAValueOp) {
  TensorTypeRef tt = tensor({4}, DType::f32(), StorageKind::Rmem);
  CallRef alloc =
      ok(make_value_call(TirOp::AllocTensor, {}, {{"tensor_type", IRType(tt)}}, tables().handlers()));
  EXPECT_TRUE(structural_equal(alloc->type(), IRType(tt)));
  EXPECT_EQ(rule_ids(Evaluate::make_op(alloc)), Ids{"TIR.1.4.EVAL.callable-kinds"});
  EXPECT_EQ(
      rule_ids(Evaluate::make_op(op("tir.memory.AllocTensor"), {}, {{"tensor_type", IRType(tt)}})),
      Ids{"TIR.1.4.EVAL.callable-kinds"});
  // Its value-producing counterpart is a LetStmt value.
  EXPECT_TRUE(LetStmt::make(var("v", tt), alloc, seq({})).ok());
}

// covers: TIR.1.6.DISPATCH.not-evaluate-callable, TIR.1.7.ABORT.not-evaluate-callable
TEST(TirStmt, OnlyAnOpCallOrASymbolCanBeACallable) {
  // make_op takes a CallRef and make_symbol a SymbolRefRef; nothing else converts to them.
  static_assert(!std::is_convertible_v<DispatchCallRef, CallRef>);
  static_assert(!std::is_convertible_v<AbortRef, CallRef>);
  static_assert(!std::is_convertible_v<VarRef, CallRef>);
  static_assert(!std::is_convertible_v<VarRef, SymbolRefRef>);
  static_assert(!std::is_convertible_v<ConstantRef, SymbolRefRef>);
  static_assert(!std::is_convertible_v<Expr, SymbolRefRef>);
  EXPECT_FALSE(Evaluate::make_op(CallRef()).ok());
  EXPECT_FALSE(Evaluate::make_symbol(nullptr, {}).ok());
}

PrimFunctionRef callee(const std::string& name, std::vector<VarRef> params, std::int64_t outs = 1) {
  return ok(PrimFunction::make(name, std::move(params), seq({ret()}), outs));
}

// covers: TIR.1.4.EVAL.symbolref-args-order, TIR.2.1.SYMREF.leaf-expr-call-target
TEST(TirStmt, EvaluateOfASymbolKeepsTheCalleeAndItsArguments) {
  PrimFunctionRef g = callee("g", {f32g("a", {4}), f32g("b", {4}), f32g("o", {4})});
  SymbolRefRef sym = ok(SymbolRef::to(*g));
  VarRef x = f32g("x", {4});
  VarRef y = f32g("y", {4});
  VarRef out = f32g("out", {4});
  EvaluateRef e = ok(Evaluate::make_symbol(sym, {x, y, out}));
  EXPECT_FALSE(e->is_op());
  EXPECT_EQ(e->symbol().name, "g");
  ASSERT_EQ(e->args().size(), 3u);
  // The final output_count positions bind the outputs: out binds o.
  EXPECT_TRUE(e->args().back().same_as(Expr(out)));
  EXPECT_EQ(g->outputs().size(), 1u);
  EXPECT_EQ(g->outputs()[0]->name, "o");
  EXPECT_THROW((void)e->call(), InternalError);
  EXPECT_FALSE(Evaluate::make_symbol(sym, {x, nullptr}).ok());
}

// covers: TIR.1.6.DISPATCH.fields, TIR.2.1.SYMREF.dispatcher-name-on-dispatchcall
TEST(TirStmt, DispatchCallKeepsItsTableInSourceOrder) {
  VarRef x = f32g("x", {dim("N", 1, 129)});
  PrimFunctionRef small = callee("f__N_1_65", {x});
  PrimFunctionRef big = callee("f__N_65_129", {f32g("x", {dim("N", 1, 129)})});
  Expr subject = ok(ShapeOf::make(x, 0));
  std::vector<std::vector<Pattern>> rows = {{ok(DimVarRangePat::make("N", 1, 65))},
                                            {ok(DimVarRangePat::make("N", 65, 129))}};
  std::vector<EvaluateRef> calls = {ok(Evaluate::make_symbol(ok(SymbolRef::to(*small)), {x})),
                                    ok(Evaluate::make_symbol(ok(SymbolRef::to(*big)), {x}))};
  SequentialRef fallback = seq({abort_stmt()});
  DispatchCallRef d = ok(DispatchCall::make("f", {subject}, rows, calls, fallback));
  EXPECT_EQ(d->callee_name, "f");
  ASSERT_EQ(d->subjects.size(), 1u);
  EXPECT_TRUE(d->subjects[0].same_as(subject));
  ASSERT_EQ(d->case_patterns.size(), 2u);
  EXPECT_TRUE(d->case_patterns[1][0].same_as(rows[1][0]));
  EXPECT_EQ(d->case_calls[0]->symbol().name, "f__N_1_65");
  EXPECT_EQ(d->case_calls[1]->symbol().name, "f__N_65_129");
  EXPECT_TRUE(d->fallback.same_as(fallback));
}

// covers: TIR.1.6.DISPATCH.case-calls-evaluate-symbolref
TEST(TirStmt, DispatchCallRefusesAnOpCaseCallButKeepsVerifierLevelShapes) {
  VarRef a = f32g("a", {4});
  EXPECT_EQ(rule_ids(DispatchCall::make("f", {}, {{}}, {copy(a, a)}, seq({abort_stmt()}))),
            Ids{"TIR.1.6.DISPATCH.case-calls-evaluate-symbolref"});
  // Verifier-level shapes are representable: two subjects, a ragged table, a bare fallback.
  EXPECT_TRUE(DispatchCall::make("f", {a, a}, {{}, {}}, {}, seq({})).ok());
  EXPECT_FALSE(DispatchCall::make("f", {nullptr}, {}, {}, seq({})).ok());
  EXPECT_FALSE(DispatchCall::make("f", {}, {}, {}, nullptr).ok());
}

TEST(TirStmt, StructuralEqualityFollowsTheFields) {
  VarRef i = i64v("i");
  auto loop = [&](std::int64_t stop) {
    return Stmt(ok(For::make(i, i64c(0), i64c(stop), i64c(1), seq({ret()}))));
  };
  EXPECT_TRUE(structural_equal(loop(4), loop(4)));
  EXPECT_EQ(structural_hash(loop(4)), structural_hash(loop(4)));
  EXPECT_FALSE(structural_equal(loop(4), loop(5)));
  EXPECT_FALSE(structural_equal(loop(4), ret()));
  EXPECT_TRUE(structural_equal(Stmt(), Stmt()));
  EXPECT_FALSE(structural_equal(Stmt(), ret()));
  VarRef a = f32g("a", {4});
  VarRef b = f32g("b", {4});
  EXPECT_TRUE(structural_equal(copy(a, b), copy(a, b)));
  EXPECT_FALSE(structural_equal(copy(a, b), copy(b, a)));
  MeshScopeRef m1 = ok(MeshScope::make(warp(), mesh_binding("w"), seq({})));
  MeshScopeRef m2 = ok(MeshScope::make(threads(32), mesh_binding("w"), seq({})));
  EXPECT_FALSE(structural_equal(m1, m2));
}

TEST(TirStmt, WalkVisitsInPreOrder) {
  VarRef c = var("c", scalar(DType::boolean()));
  Stmt r = ret();
  Stmt x = abort_stmt("x");
  Stmt y = abort_stmt("y");
  IfRef i = ok(If::make(c, seq({x}), seq({y})));
  SequentialRef root = seq({i, r});
  std::vector<const StmtNode*> order;
  walk(root, [&](const StmtNode& s) { order.push_back(&s); });
  const std::vector<const StmtNode*> want = {
      root.get(), i.get(), i->then_body.get(), x.get(), i->else_body.get(), y.get(), r.get()};
  EXPECT_EQ(order, want);
}

}  // namespace
}  // namespace tf::tir
