// verify_prim_function: statements, binders, expressions and types (seed 002 sections 1.3, 2.2,
// 2.3). Each rejected rule fails with its id and IR path; its neighbour verifies.
#include <gtest/gtest.h>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/math_kinds.h"
#include "ir/core/shape_of.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/terminators.h"
#include "ir/support/testing/ok.h"
#include "ir/tir/test/tir_test_util.h"
#include "ir/verify/test/tir_verify_test_util.h"

namespace tf::tir_verify_test {
namespace {

using tf::test::tensor;
using tf::test::var;

using tf::testing::ok;

using tir::test::seq;

TensorTypeRef rmem_i64() {
  return tensor({}, DType::i64(), StorageKind::Rmem);
}
Expr i64c(std::int64_t v) {
  return tf::test::constant(v, rmem_i64());
}

// covers: TIR.1.3.VERIFY.entry-point
TEST(TirVerify, TheContractSection6FunctionsVerify) {
  text::ReadFile f =
      read(std::string(text::testing::kDoubleRows) + "\n\n" + text::testing::kMain + "\n");
  EXPECT_TRUE(verify(f, "double_rows").empty()) << rendered(verify(f, "double_rows"));
  EXPECT_TRUE(verify(f, "main").empty()) << rendered(verify(f, "main"));
  // Without a module (the seed's module_fns=()), nothing is resolved and nothing fails.
  EXPECT_TRUE(verify(prim(f, "main")).empty());
  EXPECT_TRUE(verify_module(*f.module, tables().handlers()).empty());
}

// covers: TIR.1.3.VERIFY.param-layouts-uniform, TIR.1.3.VERIFY.param-layouts-mixed
TEST(TirVerify, ParameterLayoutsAreAllShardLayoutOrAllNot) {
  text::ReadFile f = read(R"(
prim_func plain(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    copy(a, out)
}
prim_func sharded(a: Tensor[(128, 12), f32, layout=Lg], out: Tensor[(128, 12), f32, layout=Lg]) outputs=1 target=cuda {
    copy(a, out)
}
prim_func mixed(a: Tensor[(128, 12), f32, layout=Lg], out: Tensor[(128, 12), f32], n: Tensor[(), i32, storage=None]) outputs=1 target=cuda {
    copy(a, out)
}
)");
  EXPECT_TRUE(verify(f, "plain").empty());
  EXPECT_TRUE(verify(f, "sharded").empty()) << rendered(verify(f, "sharded"));
  std::vector<Diagnostic> d = verify(f, "mixed");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.param-layouts-mixed"}) << rendered(d);
  EXPECT_EQ(paths_of(d, "TIR.1.3.VERIFY.param-layouts-mixed"), Strings{"mixed.params[1]"});
}

// A function `k(x)` with `body`.
tir::PrimFunctionRef function(std::vector<VarRef> params, std::vector<tir::Stmt> body) {
  return ok(tir::PrimFunction::make("k", std::move(params), seq(std::move(body)), 0));
}

tir::Stmt alloc_let(const VarRef& v, std::vector<tir::Stmt> body) {
  CallRef alloc = ok(tir::make_value_call(
      tir::TirOp::AllocTensor, {}, {{"tensor_type", AttrValue(v->type())}}, tables().handlers()));
  return ok(tir::LetStmt::make(v, alloc, seq(std::move(body))));
}

// covers: TIR.1.3.VERIFY.fresh-var-let
TEST(TirVerify, TwoLetStmtsBindingOneVarAreRejected) {
  VarRef v = var("v", tensor({4}, DType::f32(), StorageKind::Rmem));
  VarRef w = var("w", tensor({4}, DType::f32(), StorageKind::Rmem));
  EXPECT_TRUE(verify(*function({}, {alloc_let(v, {alloc_let(w, {})})})).empty());
  std::vector<Diagnostic> d = verify(*function({}, {alloc_let(v, {alloc_let(v, {})})}));
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.fresh-var-let"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0].body[0].var");
  // Sequential siblings too: the Var is bound once across the function, not once per scope.
  d = verify(*function({}, {alloc_let(v, {}), alloc_let(v, {})}));
  EXPECT_EQ(paths_of(d, "TIR.1.3.VERIFY.fresh-var-let"), Strings{"k.body[1].var"});
}

// covers: TIR.1.3.VERIFY.fresh-var-across-binders
TEST(TirVerify, AVarBoundByTwoKindsOfBinderIsRejected) {
  VarRef i = var("i", rmem_i64());
  auto loop = [&](const VarRef& iv, std::vector<tir::Stmt> body) -> tir::Stmt {
    return ok(tir::For::make(iv, i64c(0), i64c(4), i64c(1), seq(std::move(body))));
  };
  // A For induction variable reused as a later LetStmt's Var.
  tir::Stmt let_i = ok(tir::LetStmt::make(i, i64c(3), tir::Sequential::empty()));
  std::vector<Diagnostic> d = verify(*function({}, {loop(i, {}), let_i}));
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.fresh-var-across-binders"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[1].var");
  // A MeshScope binding reused as a For induction variable.
  VarRef m = var("m", rmem_i64());
  tir::Stmt scope = ok(tir::MeshScope::make(tir::sm80_warp_mesh(), m, seq({loop(m, {})})));
  d = verify(*function({}, {scope}));
  EXPECT_EQ(paths_of(d, "TIR.1.3.VERIFY.fresh-var-across-binders"),
            Strings{"k.body[0].body[0].induction_var"});
  // Distinct Vars: fine.
  EXPECT_TRUE(
      verify(*function({}, {loop(i, {}), ok(tir::LetStmt::make(var("j", rmem_i64()), i64c(3),
                                                               tir::Sequential::empty()))}))
          .empty());
}

// covers: TIR.1.3.VERIFY.params-seed-bound-set
TEST(TirVerify, ABinderMayNotRebindAParameter) {
  VarRef x = var("x", tensor({4}, DType::f32(), StorageKind::Rmem));
  std::vector<Diagnostic> d = verify(*function({x}, {alloc_let(x, {})}));
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.params-seed-bound-set"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0].var");
}

// covers: TIR.1.3.VERIFY.letstmt-typing
TEST(TirVerify, ALetsVarHasItsValuesType) {
  text::ReadFile f = read(R"(
prim_func good(a: Tensor[(4, 4), f16]) outputs=0 target=cuda {
    let v: Tensor[(4, 4), f16, storage=rmem] = alloc_tensor(tensor_type=Tensor[(4, 4), f16, storage=rmem])
}
prim_func bad(a: Tensor[(4, 4), f16]) outputs=0 target=cuda {
    let v: Tensor[(4, 4), f32, storage=rmem] = alloc_tensor(tensor_type=Tensor[(4, 4), f16, storage=rmem])
}
)");
  EXPECT_TRUE(verify(f, "good").empty());
  std::vector<Diagnostic> d = verify(f, "bad");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.letstmt-typing"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "bad.body[0].var");
}

// covers: TIR.1.3.VERIFY.alloc-as-let-value, TIR.1.3.VERIFY.alloc-nested-rejected,
// covers: TIR.1.3.VERIFY.alloc-only-let-value
TEST(TirVerify, AllocTensorAppearsOnlyAsALetValue) {
  text::ReadFile f = read(R"(
prim_func anchored(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    let t = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem])
    let p = ptr_of(t)
    copy(p, a)
}
prim_func nested(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    let p = ptr_of(alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem]))
    copy(p, a)
}
prim_func operand(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem]), a)
}
prim_func bound(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    for i in range(0, alloc_tensor(tensor_type=Tensor[(), i64, storage=rmem]), 1) {
    }
}
)");
  EXPECT_TRUE(verify(f, "anchored").empty()) << rendered(verify(f, "anchored"));
  std::vector<Diagnostic> d = verify(f, "nested");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.alloc-nested-rejected"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "nested.body[0].value.args[0]");
  d = verify(f, "operand");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.alloc-only-let-value"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "operand.body[0].args[0]");
  d = verify(f, "bound");
  EXPECT_EQ(paths_of(d, "TIR.1.3.VERIFY.alloc-only-let-value"), Strings{"bound.body[0].stop"});
}

// covers: TIR.1.3.VERIFY.mesh-from-meshscope, TIR.1.3.VERIFY.mesh-from-param
// covers: TIR.1.3.VERIFY.mesh-out-of-scope
TEST(TirVerify, AShardLayoutsMeshIsInScope) {
  text::ReadFile f = read(R"(
prim_func scoped(a: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    with cta1 as c {
        let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        fill(r, 0.0)
    }
}
prim_func from_param(a: Tensor[(128, 12), f32, layout=Lg]) outputs=1 target=cuda {
    let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
    fill(r, 0.0)
}
prim_func closed(a: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    with cta1 as c {
        let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        fill(r, 0.0)
    }
    let r2 = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
    fill(r2, 0.0)
}
prim_func view(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    copy(tensor_view(a, layout=Lg), out)
}
)");
  EXPECT_TRUE(verify(f, "scoped").empty()) << rendered(verify(f, "scoped"));
  EXPECT_TRUE(verify(f, "from_param").empty()) << rendered(verify(f, "from_param"));
  std::vector<Diagnostic> d = verify(f, "closed");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.mesh-out-of-scope"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "closed.body[1].var");
  // An attribute's ShardLayout is checked too (here also an unanchored value op).
  d = verify(f, "view");
  EXPECT_EQ(paths_of(d, "TIR.1.3.VERIFY.mesh-out-of-scope"),
            (Strings{"view.body[0].args[0].layout", "view.body[0].args[0]"}))
      << rendered(d);
}

// covers: TIR.2.2.SHAPEOF.param-is-function-param
TEST(TirVerify, ShapeOfReadsAParameterOfTheFunction) {
  text::ReadFile f = read(R"(
prim_func good(a: Tensor[(N, 4), f32]) outputs=0 target=cuda {
    for i in range(0, ShapeOf(a, 1), 1) {
    }
}
prim_func bad(a: Tensor[(N, 4), f32]) outputs=0 target=cuda {
    let v = alloc_tensor(tensor_type=Tensor[(8, 4), f32, storage=rmem])
    for i in range(0, ShapeOf(v, 0), 1) {
    }
}
)");
  EXPECT_TRUE(verify(f, "good").empty()) << rendered(verify(f, "good"));
  std::vector<Diagnostic> d = verify(f, "bad");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.2.SHAPEOF.param-is-function-param"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "bad.body[0].body[0].stop");
}

// covers: TIR.2.2.SHAPEOF.axis-valid
TEST(TirVerify, AShapeOfAxisOutsideTheParameterIsRefusedWhenBuilt) {
  // ShapeOf::make refuses it, so neither the reader nor a pass can hand one to the verifier.
  VarRef x = var("x", tensor({4, 4}, DType::f32()));
  EXPECT_EQ(rule_ids(ShapeOf::make(x, 2)), Strings{"TIR.2.2.SHAPEOF.axis-valid"});
  EXPECT_TRUE(ShapeOf::make(x, 1).ok());
  EXPECT_EQ(read_errors(R"(
prim_func k(x: Tensor[(4, 4), f32]) outputs=0 target=cuda {
    for i in range(0, ShapeOf(x, 2), 1) {
    }
}
)"),
            Strings{"TIR.2.2.SHAPEOF.axis-valid"});
}

// covers: TIR.2.3.OPS.none-storage-rank0-only
TEST(TirVerify, AStorageNoneTensorIsRank0) {
  text::ReadFile f = read(R"(
prim_func shape_element(n: Tensor[(), i32, storage=None], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    fill(out, 0.0)
}
prim_func unplaced(x: Tensor[(4,), f32, storage=None], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(x, out)
}
)");
  EXPECT_TRUE(verify(f, "shape_element").empty());
  std::vector<Diagnostic> d = verify(f, "unplaced");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.OPS.none-storage-rank0-only"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "unplaced.params[0]");
}

// covers: TIR.2.3.OPS.no-umat
TEST(TirVerify, NoUmatTensorAppearsInTir) {
  VarRef x = var("x", tensor({4}, DType::f32(), StorageKind::Umat));
  VarRef out = var("out", tensor({4}, DType::f32()));
  tir::Stmt copy =
      ok(tir::Evaluate::make_op(tables().registry().find("tir.memory.Copy").value(), {x, out}));
  std::vector<Diagnostic> d = verify(*function({x, out}, {copy}));
  EXPECT_EQ(paths_of(d, "TIR.2.3.OPS.no-umat"), Strings{"k.params[0]"}) << rendered(d);
  // A umat literal in an operand.
  Expr lit = tf::test::constant(0.0, tensor({}, DType::f32(), StorageKind::Umat));
  tir::Stmt fill =
      ok(tir::Evaluate::make_op(tables().registry().find("tir.memory.Fill").value(), {out, lit}));
  d = verify(*function({out}, {fill}));
  EXPECT_EQ(paths_of(d, "TIR.2.3.OPS.no-umat"), Strings{"k.body[0].args[1]"}) << rendered(d);
}

// covers: TIR.2.3.OPS.effect-ops-evaluate
TEST(TirVerify, AnEffectOpIsAStatementNotALetValue) {
  text::ReadFile f = read(R"(
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    let x = copy(a, out)
}
)");
  std::vector<Diagnostic> d = verify(f, "k");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.OPS.effect-ops-evaluate"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0].value");
}

// covers: TIR.2.3.OPS.value-ops-anchored
TEST(TirVerify, AValueOpIsAnchoredByALet) {
  text::ReadFile f = read(R"(
prim_func anchored(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    let v = tensor_view(a, layout=Layout((128, 12), (12, 1)))
    copy(v, out)
}
prim_func operand(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    copy(tensor_view(a, layout=Layout((128, 12), (12, 1))), out)
}
)");
  EXPECT_TRUE(verify(f, "anchored").empty()) << rendered(verify(f, "anchored"));
  std::vector<Diagnostic> d = verify(f, "operand");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.OPS.value-ops-anchored"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "operand.body[0].args[0]");
}

// covers: TIR.2.3.OPS.no-reshard
TEST(TirVerify, NoReshardAppearsInTir) {
  VarRef x = var("x", tensor({4}, DType::f32()));
  Op reshard = tables().registry().find("hir.sharding.Reshard").value();
  CallRef call = ok(Call::make(reshard, {x}, {{"storage", AttrValue(StorageKind::Smem)}},
                               tensor({4}, DType::f32(), StorageKind::Smem)));
  VarRef y = var("y", call->type());
  std::vector<Diagnostic> d =
      verify(*function({x}, {ok(tir::LetStmt::make(y, call, tir::Sequential::empty()))}));
  EXPECT_EQ(paths_of(d, "TIR.2.3.OPS.no-reshard"), Strings{"k.body[0].value"}) << rendered(d);
  // The reader has no reshard in a prim_func: the TIR dialect does not spell HIR ops.
  EXPECT_TRUE(
      refused_by_the_reader("prim_func k(x: Tensor[(4,), f32]) outputs=0 target=cuda {\n"
                            "    let y = reshard(x, storage=smem)\n}\n"));
}

// covers: TIR.0.INTRO.no-hir-ops
TEST(TirVerify, NoHirOpReachesTir) {
  VarRef x = var("x", tensor({4, 2}, DType::f32()));
  Op unary = tables().registry().find("hir.math.Unary").value();
  CallRef call =
      ok(Call::make(unary, {x}, {{"kind", enum_attr(UnaryKind::Exp)}}, tensor({4, 2}, DType::f32())));
  VarRef y = var("y", call->type());
  std::vector<Diagnostic> d =
      verify(*function({x}, {ok(tir::LetStmt::make(y, call, tir::Sequential::empty()))}));
  EXPECT_EQ(paths_of(d, "TIR.0.INTRO.no-hir-ops"), Strings{"k.body[0].value"}) << rendered(d);
}

TEST(TirVerify, AVarReadOutsideItsScopeIsATypeError) {
  VarRef v = var("v", tensor({4}, DType::f32(), StorageKind::Rmem));
  VarRef out = var("out", tensor({4}, DType::f32()));
  tir::Stmt copy =
      ok(tir::Evaluate::make_op(tables().registry().find("tir.memory.Copy").value(), {v, out}));
  std::vector<Diagnostic> d = verify(*function({out}, {alloc_let(v, {}), copy}));
  ASSERT_EQ(d.size(), 1u) << rendered(d);
  EXPECT_EQ(d[0].category, DiagCategory::Type);
  EXPECT_EQ(d[0].ir_path, "k.body[1].args[0]");
}

TEST(TirVerify, LoopBoundsAreRank0Integers) {
  text::ReadFile f = read(R"(
prim_func k(a: Tensor[(4,), f32]) outputs=0 target=cuda {
    for i in range(0, 1.5, 1) {
    }
}
)");
  std::vector<Diagnostic> d = verify(f, "k");
  ASSERT_EQ(d.size(), 1u) << rendered(d);
  EXPECT_EQ(d[0].category, DiagCategory::Type);
  EXPECT_EQ(d[0].ir_path, "k.body[0].stop");
}

// covers: TIR.1.3.VERIFY.op-verifier-runs, TIR.2.3.MEMORY.fill-rank0-value
TEST(TirVerify, EveryEvaluateOfAnOpRunsItsVerifyHandler) {
  text::ReadFile f = read(R"(
prim_func good(acc: Tensor[(16, 8), f32, storage=rmem]) outputs=1 target=cuda {
    fill(acc, 0.0)
}
prim_func bad(acc: Tensor[(16, 8), f32, storage=rmem], v: Tensor[(8,), f32]) outputs=1 target=cuda {
    for i in range(0, 2, 1) {
        fill(acc, v)
    }
}
)");
  EXPECT_TRUE(verify(f, "good").empty());
  std::vector<Diagnostic> d = verify(f, "bad");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.MEMORY.fill-rank0-value"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "bad.body[0].body[0]");
}

// covers: TIR.2.3.NN.rmsnorm-weight-1d, TIR.2.3.ASYNC.copyasync-gmem-to-smem,
// covers: TIR.2.3.ASYNC.wait-non-negative
TEST(TirVerify, TheOpRulesReachTheVerifier) {
  text::ReadFile f = read(R"(
prim_func norm(x: Tensor[(4, 8), f32], w: Tensor[(4, 8), f32], y: Tensor[(4, 8), f32]) outputs=1 target=cuda {
    rms_norm(x, y, w, eps=1e-6)
}
prim_func stage(g: Tensor[(64,), f32], s: Tensor[(64,), f32, storage=smem]) outputs=1 target=cuda {
    copy_async(s, g)
    cp_async_commit()
    cp_async_wait(n=-1)
}
)");
  EXPECT_EQ(paths_of(verify(f, "norm"), "TIR.2.3.NN.rmsnorm-weight-1d"), Strings{"norm.body[0]"});
  std::vector<Diagnostic> d = verify(f, "stage");
  EXPECT_EQ(paths_of(d, "TIR.2.3.ASYNC.copyasync-gmem-to-smem"),
            (Strings{"stage.body[0]", "stage.body[0]"}))
      << rendered(d);
  EXPECT_EQ(paths_of(d, "TIR.2.3.ASYNC.wait-non-negative"), Strings{"stage.body[2]"});
}

// An intrinsic that refuses a negative constant argument.
std::vector<Diagnostic> no_negative(const tir::IntrinsicStmt& stmt) {
  const Constant* c = stmt.arg("x")->as<Constant>();
  if (c != nullptr && std::get<std::int64_t>(c->value) < 0)
    return {rule_error("TIR.1.8.INTRINSIC.body-is-verifier", "my_fence takes x >= 0")};
  return {};
}

// covers: TIR.1.8.INTRINSIC.body-is-verifier
TEST(TirVerify, AnIntrinsicStatementRunsItsVerifyFunction) {
  tir::IntrinsicRegistry registry;
  const tir::IntrinsicDef* fence = ok(registry.add("my_fence", {"x"}, &no_negative));
  auto call = [&](std::int64_t v) -> tir::Stmt {
    return ok(tir::Intrinsic::make(fence, {i64c(v)}));
  };
  EXPECT_TRUE(verify(*function({}, {call(1)})).empty());
  std::vector<Diagnostic> d = verify(*function({}, {call(1), call(-1)}));
  EXPECT_EQ(paths_of(d, "TIR.1.8.INTRINSIC.body-is-verifier"), Strings{"k.body[1]"});
}

// A lowered kernel nests one LetStmt per binding: 990 softmaxes made about 25,000, and the walk
// recursed once per let until the stack overflowed. It runs an explicit stack now: 50,000 nested
// lets verify, and a read out of scope at the bottom of 2,000 (the deepest a tfir body nests) is
// reported with its whole path.
TEST(TirVerify, FiftyThousandNestedLetsVerifyWithoutRecursion) {
  VarRef w = var("w", tensor({4}, DType::f32(), StorageKind::Rmem));
  VarRef out = var("out", tensor({4}, DType::f32()));
  tir::Stmt copy =
      ok(tir::Evaluate::make_op(tables().registry().find("tir.memory.Copy").value(), {w, out}));
  const tir::test::LetChain clean(50'000, ok(tir::Return::make()));
  EXPECT_TRUE(verify(*function({out}, {clean.levels[0]})).empty());
  const tir::test::LetChain chain(2'000, copy);
  std::vector<Diagnostic> d = verify(*function({out}, {chain.levels[0]}));
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].category, DiagCategory::Type);
  std::string path = "k.body[0]";
  for (int i = 0; i < 2'000; ++i) path += ".body[0]";
  EXPECT_EQ(d[0].ir_path, path + ".args[0]");
  EXPECT_NE(d[0].message.find("reads the Var 'w'"), std::string::npos) << d[0].message;
}

// The scopes still close where their bodies end: a chain's Vars are not readable after it.
TEST(TirVerify, ALetChainsVarsAreOutOfScopeAfterIt) {
  VarRef out = var("out", tensor({}, DType::i64()));
  const tir::test::LetChain chain(3, ok(tir::Return::make()));
  tir::Stmt copy = ok(
      tir::Evaluate::make_op(tables().registry().find("tir.memory.Copy").value(), {chain.vars[1], out}));
  std::vector<Diagnostic> d = verify(*function({out}, {chain.levels[0], copy}));
  ASSERT_EQ(d.size(), 1u) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[1].args[0]");
}

}  // namespace
}  // namespace tf::tir_verify_test
