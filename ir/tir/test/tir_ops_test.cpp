// The TIR op schemas: names, forms, ParamDefs in the seed's order, surfaces, defaults and the
// handler tables.
#include "ir/tir/tir_ops.h"

#include <gtest/gtest.h>

#include "ir/core/kind_attrs.h"
#include "ir/core/tuple.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/op_verify.h"
#include "ir/tir/test/tir_test_util.h"
#include "ir/type/unit_type.h"

namespace tf::tir {
namespace {

using namespace test;

// "name:kind" for each param, e.g. "acc:operand", "atom:atom?".
std::vector<std::string> schema(Op o) {
  std::vector<std::string> out;
  for (const ParamDef& p : o.params()) {
    std::string s =
        p.name + ":" +
        std::string(p.kind == ParamKind::Operand ? "operand" : attr_kind_name(p.attr_kind));
    if (p.variadic) s += "*";
    if (p.optional)
      s += "?";
    else if (p.default_value)
      s += "=";
    out.push_back(s);
  }
  return out;
}

using Strs = std::vector<std::string>;

// covers: TIR.2.3.MEMORY.alloctensor, TIR.2.3.MEMORY.memoryspan, TIR.2.3.MEMORY.ptrof,
// covers: TIR.2.3.MEMORY.tensorview, TIR.2.3.MEMORY.copy, TIR.2.3.MEMORY.fill,
// covers: TIR.2.3.NN.mma-operands, TIR.2.3.NN.relu-operands, TIR.2.3.NN.rmsnorm-operands,
// covers: TIR.2.3.TENSOR.reduce-operands, TIR.2.3.ARITH.binary-operands,
// covers: TIR.2.3.ARITH.unary-operands, TIR.2.3.ASYNC.copyasync-operands, TIR.2.3.ASYNC.commit
TEST(TirOps, SchemasFollowTheSeedOrder) {
  EXPECT_EQ(schema(op("tir.memory.AllocTensor")), Strs{"tensor_type:type"});
  EXPECT_EQ(schema(op("tir.memory.MemorySpan")), Strs{"x:operand"});
  EXPECT_EQ(schema(op("tir.memory.PtrOf")), Strs{"x:operand"});
  EXPECT_EQ(schema(op("tir.memory.TensorView")),
            (Strs{"memory:operand", "coordinates:operand*", "layout:layout", "shape:dim_tuple?"}));
  EXPECT_EQ(schema(op("tir.memory.Copy")), (Strs{"source:operand", "destination:operand"}));
  EXPECT_EQ(schema(op("tir.memory.Fill")), (Strs{"tensor:operand", "value:operand"}));
  EXPECT_EQ(schema(op("tir.cuda.nn.Mma")),
            (Strs{"acc:operand", "lhs:operand", "rhs:operand", "atom:atom?"}));
  EXPECT_EQ(schema(op("tir.nn.ReLU")), (Strs{"src:operand", "dst:operand"}));
  EXPECT_EQ(schema(op("tir.nn.RMSNorm")),
            (Strs{"src:operand", "dst:operand", "weight:operand", "eps:float"}));
  EXPECT_EQ(
      schema(op("tir.tensor.Reduce")),
      (Strs{"src:operand", "dst:operand", "workspace:operand", "axes:int_tuple", "kind:enum"}));
  EXPECT_EQ(schema(op("tir.arith.Binary")),
            (Strs{"lhs:operand", "rhs:operand", "dst:operand", "kind:enum"}));
  // rounding and saturate: a cast's mode, scale_method a quantizing cast's, project additions
  // (docs/tir-semantics.md)
  EXPECT_EQ(schema(op("tir.arith.Unary")),
            (Strs{"src:operand", "dst:operand", "kind:enum", "rounding:enum?", "saturate:bool?", "scale_method:enum?"}));
  EXPECT_EQ(schema(op("tir.Launch")),
            (Strs{"args:operand*", "cluster:int_tuple?", "dynamic_smem:int=", "stream:string?",
                  "attrs:int_tuple="}));
  EXPECT_EQ(schema(op("tir.sync.Sync")), Strs{"mesh:mesh"});
  EXPECT_EQ(schema(op("tir.async.CopyAsync")), (Strs{"source:operand", "destination:operand"}));
  EXPECT_EQ(schema(op("tir.async.CpAsyncCommit")), Strs{});
  EXPECT_EQ(schema(op("tir.async.CpAsyncWait")), Strs{"n:int="});
}

// covers: TIR.2.3.ARITH.kind-dispatch, TIR.1.5.SYNC.effect-op, TIR.2.3.LAUNCH.effect-no-value
TEST(TirOps, FormsAndSurfaces) {
  const std::vector<std::pair<TirOp, std::string>> surfaces = {
      {TirOp::AllocTensor, "alloc_tensor"},
      {TirOp::MemorySpan, "memory_span"},
      {TirOp::PtrOf, "ptr_of"},
      {TirOp::TensorView, "tensor_view"},
      {TirOp::Copy, "copy"},
      {TirOp::Fill, "fill"},
      {TirOp::Mma, "mma"},
      {TirOp::ReLU, "relu"},
      {TirOp::RMSNorm, "rms_norm"},
      {TirOp::Reduce, "reduce"},
      {TirOp::Binary, "binary"},
      {TirOp::Unary, "unary"},
      {TirOp::Launch, "launch"},
      {TirOp::Sync, "sync"},
      {TirOp::CopyAsync, "copy_async"},
      {TirOp::CpAsyncCommit, "cp_async_commit"},
      {TirOp::CpAsyncWait, "cp_async_wait"}};
  ASSERT_EQ(surfaces.size(), std::size(kAllTirOps));
  for (const auto& [which, surface] : surfaces) {
    const Op o = tir_op(which, tables().registry());
    EXPECT_EQ(o.surface(), surface);
    EXPECT_EQ(tables().registry().find_surface("tir", surface), o);
    EXPECT_EQ(tir_op_kind(o), which);
    const bool value = which == TirOp::AllocTensor || which == TirOp::MemorySpan ||
                       which == TirOp::PtrOf || which == TirOp::TensorView;
    EXPECT_EQ(o.form(), value ? OpForm::Value : OpForm::Effect) << o.name();
  }
  // No per-kind arithmetic classes: one Binary and one Unary op.
  EXPECT_FALSE(tables().registry().find("tir.arith.Add").has_value());
  EXPECT_FALSE(tables().registry().find_surface("tir", "add").has_value());
  // Mma is a tir.cuda.nn op; tir.nn holds ReLU and RMSNorm (docs/decisions.md D7).
  EXPECT_EQ(tir_op_name(TirOp::Mma), "tir.cuda.nn.Mma");
}

// covers: TIR.2.3.MMACALL.atom-compile-time
TEST(TirOps, EveryOpHasItsRequiredHandlersAndRegistrationIsIdempotent) {
  EXPECT_EQ(tables().handlers().missing(), std::vector<std::string>{});
  const std::size_t n = tables().registry().size();
  register_tir_ops(tables().registry(), tables().handlers());
  EXPECT_EQ(tables().registry().size(), n);
  for (TirOp which : kAllTirOps) {
    const Op o = tir_op(which, tables().registry());
    EXPECT_EQ(o.params(), tir_op_spec(which).params);
    if (o.form() == OpForm::Effect) {
      EXPECT_TRUE(tables().handlers().has<VerifyHandler>(o)) << o.name();
    }
  }
  // The atom is an attribute, not an operand: mma has exactly three operands.
  EXPECT_EQ(op("tir.cuda.nn.Mma").operand_count(), 3u);
}

// covers: TIR.2.3.LAUNCH.attr-defaults, TIR.2.3.LAUNCH.geometry-not-schema
// covers: TIR.2.3.ASYNC.wait-default-zero, TIR.2.3.ASYNC.wait-compile-time
// covers: TIR.1.5.SYNC.mesh-attribute, TIR.2.3.NN.mma-operands
TEST(TirOps, DefaultsAreFilledOnTheCall) {
  VarRef a = f32g("a", {4});
  EvaluateRef mma = ok(Evaluate::make_op(op("tir.cuda.nn.Mma"), {a, a, a}));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(mma->call().attr("atom")));
  EXPECT_EQ(mma->args().size(), 3u);

  EvaluateRef wait = ok(Evaluate::make_op(op("tir.async.CpAsyncWait"), {}));
  EXPECT_EQ(std::get<std::int64_t>(wait->call().attr("n")), 0);
  EXPECT_TRUE(wait->args().empty());
  // n is an attribute: an Expr operand is refused.
  EXPECT_FALSE(Evaluate::make_op(op("tir.async.CpAsyncWait"), {i64c(1)}).ok());
  EXPECT_FALSE(Evaluate::make_op(op("tir.async.CpAsyncWait"), {}, {{"n", 1.5}}).ok());

  const Op launch = op("tir.Launch");
  for (const ParamDef& p : launch.params())
    EXPECT_TRUE(p.name != "grid" && p.name != "block" && p.name != "grid_x") << p.name;
  EvaluateRef l = ok(Evaluate::make_op(launch, {}));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(l->call().attr("cluster")));
  EXPECT_EQ(std::get<std::int64_t>(l->call().attr("dynamic_smem")), 0);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(l->call().attr("stream")));
  EXPECT_EQ(std::get<std::vector<std::int64_t>>(l->call().attr("attrs")),
            std::vector<std::int64_t>{});

  EvaluateRef sync = ok(Evaluate::make_op(op("tir.sync.Sync"), {}, {{"mesh", warp()}}));
  EXPECT_EQ(std::get<Mesh>(sync->call().attr("mesh")), warp());
  EXPECT_TRUE(sync->args().empty());
  EXPECT_TRUE(sync->call().type()->is<UnitType>());
  EXPECT_FALSE(Evaluate::make_op(op("tir.sync.Sync"), {}).ok());  // the mesh is required
}

// covers: TIR.1.4.EVAL.handlers-keyed-by-op
TEST(TirOps, VerifyHandlersAreKeyedByOp) {
  const OpHandlers& h = tables().handlers();
  EXPECT_EQ(h.get<VerifyHandler>(op("tir.memory.Copy")), &verify_copy);
  EXPECT_EQ(h.get<VerifyHandler>(op("tir.memory.Fill")), &verify_fill);
  VarRef a = f32g("a", {4});
  EvaluateRef e = ok(Evaluate::make_op(op("tir.memory.Copy"), {a, a}));
  EXPECT_TRUE(h.get<VerifyHandler>(e->op())(e->call()).empty());  // the Copy Call and its args
}

// covers: TIR.2.3.TENSOR.reduce-no-dispatch-param
TEST(TirOps, ReduceHasNoDispatchParameterAndAnAbsentWorkspaceSentinel) {
  for (const ParamDef& p : op("tir.tensor.Reduce").params())
    EXPECT_TRUE(p.name != "strategy" && p.name != "dispatch") << p.name;
  EXPECT_TRUE(is_no_workspace(no_workspace()));
  EXPECT_FALSE(is_no_workspace(i64c(0)));
  EXPECT_TRUE(is_no_workspace(ok(Tuple::make({}))));
  VarRef a = f32g("a", {4, 8});
  VarRef d = f32g("d", {4});
  VarRef ws = f32g("ws", {32});
  std::vector<NamedAttr> attrs = {{"axes", std::vector<std::int64_t>{1}},
                                  kind_attr(ReduceKind::Sum)};
  EvaluateRef plain = ok(Evaluate::make_op(op("tir.tensor.Reduce"), {a, d, no_workspace()}, attrs));
  EXPECT_FALSE(reduce_workspace(plain->call()));
  EXPECT_EQ(std::get<std::vector<std::int64_t>>(plain->call().attr("axes")),
            std::vector<std::int64_t>{1});
  EXPECT_EQ(reduce_kind_of(plain->call()), ReduceKind::Sum);
  EXPECT_EQ(std::get<EnumAttr>(plain->call().attr("kind")), enum_attr(ReduceKind::Sum));
  EvaluateRef staged = ok(Evaluate::make_op(op("tir.tensor.Reduce"), {a, d, ws}, attrs));
  EXPECT_TRUE(reduce_workspace(staged->call()).same_as(Expr(ws)));
}

}  // namespace
}  // namespace tf::tir
