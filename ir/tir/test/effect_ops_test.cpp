// The verify handlers of the TIR effect ops (op_verify.h), judged from one Call.
#include <gtest/gtest.h>

#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/launch.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/terminators.h"
#include "ir/core/math_kinds.h"
#include "ir/tir/test/tir_test_util.h"
#include "ir/type/unit_type.h"

namespace tf::tir {
namespace {

using namespace test;

// The verify handler's diagnostics of Evaluate(op, args, attrs); a Call::make failure is a bug
// in the test.
std::vector<Diagnostic> verify(std::string_view name, std::vector<Expr> args,
                               std::vector<NamedAttr> attrs = {}) {
  EvaluateRef e = ok(Evaluate::make_op(op(name), std::move(args), std::move(attrs)));
  EXPECT_TRUE(e->call().type()->is<UnitType>());
  return tables().handlers().get<VerifyHandler>(e->op())(e->call());
}

VarRef t(const std::string& name, std::vector<ShapeDim> shape, DType d = DType::f32(),
         std::optional<StorageKind> s = StorageKind::Gmem) {
  return var(name, tensor(std::move(shape), d, s));
}

// A SymbolRef to a device kernel k(a, out): a non-tensor operand.
SymbolRefRef kernel() {
  SequentialRef body = ok(Sequential::make({ok(Return::make())}));
  PrimFunctionRef k = ok(PrimFunction::make("k", {t("a", {4}), t("out", {4})}, body));
  return ok(SymbolRef::to(*k));
}

// covers: TIR.2.3.MEMORY.copy, TIR.2.3.MEMORY.copy-byte-equivalent
TEST(TirEffectOps, CopyIsBetweenTensorsOfOneDtypeAndShape) {
  EXPECT_TRUE(
      verify("tir.memory.Copy", {t("g", {16, 8}), t("s", {16, 8}, DType::f32(), StorageKind::Smem)})
          .empty());
  EXPECT_EQ(verify("tir.memory.Copy", {t("a", {4}), t("b", {4}, DType::f16())}).size(), 1u);
  EXPECT_EQ(verify("tir.memory.Copy", {t("a", {4}), t("b", {8})}).size(), 1u);
  EXPECT_EQ(rule_ids(verify("tir.memory.Copy",
                            {t("a", {4}), t("b", {4}, DType::f32(), StorageKind::Umat)})),
            Ids{"TIR.2.3.OPS.no-umat"});
  EXPECT_EQ(
      rule_ids(verify("tir.memory.Copy", {t("a", {4}), t("b", {4}, DType::f32(), std::nullopt)})),
      Ids{"TIR.2.3.OPS.none-storage-rank0-only"});
  EXPECT_EQ(verify("tir.memory.Copy", {t("a", {4}), kernel()}).size(), 1u);
}

// covers: TIR.2.3.MEMORY.fill, TIR.2.3.MEMORY.fill-rank0-value
TEST(TirEffectOps, FillBroadcastsARank0Value) {
  VarRef acc = t("acc", {16, 8}, DType::f32(), StorageKind::Rmem);
  EXPECT_TRUE(verify("tir.memory.Fill", {acc, f32c(0.0)}).empty());
  EXPECT_EQ(rule_ids(verify("tir.memory.Fill", {acc, t("v", {8})})),
            Ids{"TIR.2.3.MEMORY.fill-rank0-value"});
}

// covers: TIR.2.3.NN.relu-operands
TEST(TirEffectOps, ReluIsPointwise) {
  EXPECT_TRUE(verify("tir.nn.ReLU", {t("x", {3}), t("y", {3})}).empty());
  EXPECT_EQ(verify("tir.nn.ReLU", {t("x", {3}), t("y", {4})}).size(), 1u);
}

// covers: TIR.2.3.NN.rmsnorm-operands, TIR.2.3.NN.rmsnorm-weight-1d
TEST(TirEffectOps, RmsNormTakesAOneDimensionalWeightAndEps) {
  std::vector<NamedAttr> eps = {{"eps", 1e-6}};
  EXPECT_TRUE(verify("tir.nn.RMSNorm", {t("x", {4, 2}), t("y", {4, 2}), t("w", {2})}, eps).empty());
  EvaluateRef e = ok(
      Evaluate::make_op(op("tir.nn.RMSNorm"), {t("x", {4, 2}), t("y", {4, 2}), t("w", {2})}, eps));
  EXPECT_EQ(std::get<double>(e->call().attr("eps")), 1e-6);
  EXPECT_EQ(
      rule_ids(verify("tir.nn.RMSNorm", {t("x", {4, 2}), t("y", {4, 2}), t("w", {4, 2})}, eps)),
      Ids{"TIR.2.3.NN.rmsnorm-weight-1d"});
  EXPECT_EQ(verify("tir.nn.RMSNorm", {t("x", {4, 2}), t("y", {4, 2}), t("w", {3})}, eps).size(),
            1u);
  EXPECT_EQ(verify("tir.nn.RMSNorm", {t("x", {4, 2}), t("y", {4, 2}), t("w", {2})}, {{"eps", -1.0}})
                .size(),
            1u);
  // eps is required.
  EXPECT_FALSE(
      Evaluate::make_op(op("tir.nn.RMSNorm"), {t("x", {2}), t("y", {2}), t("w", {2})}).ok());
}

// covers: TIR.2.3.TENSOR.reduce-operands, TIR.2.3.TENSOR.reduce-workspace-cross-warp
TEST(TirEffectOps, ReduceChecksItsKindAxesAndWorkspace) {
  auto attrs = [](std::vector<std::int64_t> axes, ReduceKind kind) {
    return std::vector<NamedAttr>{{"axes", std::move(axes)}, {"kind", enum_attr(kind)}};
  };
  VarRef src = t("src", {4, 8});
  VarRef dst = t("dst", {4});
  EXPECT_TRUE(
      verify("tir.tensor.Reduce", {src, dst, no_workspace()}, attrs({1}, ReduceKind::Sum)).empty());
  EXPECT_TRUE(verify("tir.tensor.Reduce",
                     {src, dst, t("ws", {64}, DType::f32(), StorageKind::Smem)},
                     attrs({1}, ReduceKind::AbsMax))
                  .empty());
  // The kind is an EnumAttr of ReduceKind's space: a spelling or another space's value is
  // refused when the Call binds (an unknown spelling is the reader's error).
  for (AttrValue bad : {AttrValue(std::string("sum")), AttrValue(enum_attr(BinaryKind::Max))})
    EXPECT_FALSE(Evaluate::make_op(op("tir.tensor.Reduce"), {src, dst, no_workspace()},
                                   {{"axes", std::vector<std::int64_t>{1}}, {"kind", bad}})
                     .ok());
  EXPECT_EQ(
      verify("tir.tensor.Reduce", {src, dst, no_workspace()}, attrs({2}, ReduceKind::Sum)).size(),
      1u);
  EXPECT_EQ(
      verify("tir.tensor.Reduce", {src, dst, no_workspace()}, attrs({1, 1}, ReduceKind::Sum))
          .size(),
      1u);
  // A tuple other than the sentinel is not a workspace.
  Expr pair = ok(Tuple::make({src, dst}));
  EXPECT_EQ(verify("tir.tensor.Reduce", {src, dst, pair}, attrs({1}, ReduceKind::Sum)).size(), 1u);
}

// covers: TIR.2.3.ARITH.binary-operands, TIR.2.3.ARITH.unary-operands, TIR.2.3.ARITH.unary-rsqrt,
// covers: TIR.2.3.ARITH.shared-kind-enums
TEST(TirEffectOps, BinaryAndUnaryDispatchOnTheSharedKindEnums) {
  VarRef a = t("a", {4});
  VarRef b = t("b", {4});
  VarRef c = t("c", {4});
  EXPECT_TRUE(verify("tir.arith.Binary", {a, b, c}, {tir::kind_attr(BinaryKind::Add)}).empty());
  EXPECT_TRUE(
      verify("tir.arith.Binary", {a, b, c}, {tir::kind_attr(BinaryKind::FloorDiv)}).empty());
  EXPECT_TRUE(verify("tir.arith.Unary", {a, c}, {tir::kind_attr(UnaryKind::Rsqrt)}).empty());
  // The kind is an EnumAttr of the HIR kind's space: a UnaryKind is no Binary kind (nor the
  // reverse), and a spelling is no kind at all; the Call's binding refuses them.
  EXPECT_FALSE(
      Evaluate::make_op(op("tir.arith.Binary"), {a, b, c}, {tir::kind_attr(UnaryKind::Rsqrt)}).ok());
  EXPECT_FALSE(
      Evaluate::make_op(op("tir.arith.Unary"), {a, c}, {tir::kind_attr(BinaryKind::Add)}).ok());
  EXPECT_FALSE(
      Evaluate::make_op(op("tir.arith.Unary"), {a, c}, {{"kind", std::string("neg")}}).ok());
  // Every HIR kind is a TIR kind.
  for (BinaryKind k : kAllBinaryKinds)
    EXPECT_TRUE(verify("tir.arith.Binary", {a, b, c}, {tir::kind_attr(k)}).empty());
  for (UnaryKind k : kAllUnaryKinds)
    EXPECT_TRUE(verify("tir.arith.Unary", {a, c}, {tir::kind_attr(k)}).empty());
  // Exactly two operands for Unary.
  EXPECT_FALSE(
      Evaluate::make_op(op("tir.arith.Unary"), {a, b, c}, {tir::kind_attr(UnaryKind::Neg)}).ok());
}

// covers: TIR.2.3.LAUNCH.arg-order, TIR.2.3.LAUNCH.callee-symbolref, TIR.2.3.LAUNCH.extent-exprs,
// covers: TIR.2.1.SYMREF.leaf-expr-call-target
TEST(TirEffectOps, LaunchTakesACalleeSixExtentsAndForwardedArgs) {
  VarRef a = t("a", {4});
  VarRef out = t("out", {4});
  std::vector<Expr> args = {kernel(), i64c(4), i64c(1), i64c(1), i64c(128),
                            i64c(1),  i64c(1), a,       out};
  EXPECT_TRUE(verify("tir.Launch", args).empty());
  // A ShapeOf extent is launch-provided.
  VarRef x = t("x", {dim("N", 1, 4097)});
  std::vector<Expr> dynamic = args;
  dynamic[1] = ok(ShapeOf::make(x, 0));
  EXPECT_TRUE(verify("tir.Launch", dynamic).empty());
  std::vector<Expr> var_callee = args;
  var_callee[0] = a;
  EXPECT_EQ(rule_ids(verify("tir.Launch", var_callee))[0], "TIR.2.3.LAUNCH.callee-symbolref");
  std::vector<Expr> const_callee = args;
  const_callee[0] = i64c(0);
  EXPECT_EQ(rule_ids(verify("tir.Launch", const_callee))[0], "TIR.2.3.LAUNCH.callee-symbolref");
  EXPECT_EQ(rule_ids(verify("tir.Launch", {kernel(), i64c(1)})), Ids{"TIR.2.3.LAUNCH.arg-order"});
  std::vector<Expr> tensor_extent = args;
  tensor_extent[4] = a;
  EXPECT_EQ(verify("tir.Launch", tensor_extent).size(), 1u);
}

// covers: TIR.2.3.LAUNCH.launchattrs-entries, TIR.2.3.LAUNCH.cudalaunchattr-selector
TEST(TirEffectOps, LaunchAttributesAreChecked) {
  std::vector<Expr> args = {kernel(), i64c(4), i64c(1), i64c(1), i64c(128), i64c(1), i64c(1)};
  EXPECT_TRUE(LaunchAttrs().entries.empty());
  LaunchAttrs attrs{{{CudaLaunchAttr::Cooperative, 1}}};
  EXPECT_EQ(attrs.flatten(), (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(ok(LaunchAttrs::from_flat({2, 1})), attrs);
  EXPECT_FALSE(LaunchAttrs::from_flat({2}).ok());
  EXPECT_FALSE(LaunchAttrs::from_flat({99, 1}).ok());
  static_assert(std::is_same_v<std::underlying_type_t<CudaLaunchAttr>, std::int64_t>);
  EXPECT_EQ(cuda_launch_attr_from_value(8), CudaLaunchAttr::Priority);
  EXPECT_EQ(cuda_launch_attr_name(CudaLaunchAttr::Priority), "priority");

  EXPECT_TRUE(verify("tir.Launch", args,
                     {{"cluster", std::vector<std::int64_t>{2, 1, 1}},
                      {"dynamic_smem", std::int64_t{4096}},
                      {"stream", std::string("stream")},
                      {"attrs", attrs.flatten()}})
                  .empty());
  EXPECT_EQ(verify("tir.Launch", args, {{"cluster", std::vector<std::int64_t>{0, 1}}}).size(), 1u);
  EXPECT_EQ(verify("tir.Launch", args, {{"dynamic_smem", std::int64_t{-1}}}).size(), 1u);
  EXPECT_EQ(verify("tir.Launch", args, {{"stream", std::string("not a name")}}).size(), 1u);
  EXPECT_EQ(verify("tir.Launch", args, {{"attrs", std::vector<std::int64_t>{2}}}).size(), 1u);
}

// covers: TIR.2.3.ASYNC.copyasync-operands, TIR.2.3.ASYNC.copyasync-gmem-to-smem
TEST(TirEffectOps, CopyAsyncStagesGmemIntoSmem) {
  VarRef g = t("g", {16}, DType::bf16(), StorageKind::Gmem);
  VarRef s = t("s", {16}, DType::bf16(), StorageKind::Smem);
  VarRef r = t("r", {16}, DType::bf16(), StorageKind::Rmem);
  EXPECT_TRUE(verify("tir.async.CopyAsync", {g, s}).empty());
  EXPECT_EQ(rule_ids(verify("tir.async.CopyAsync", {r, s})),
            Ids{"TIR.2.3.ASYNC.copyasync-gmem-to-smem"});
  EXPECT_EQ(rule_ids(verify("tir.async.CopyAsync", {g, g})),
            Ids{"TIR.2.3.ASYNC.copyasync-gmem-to-smem"});
}

// covers: TIR.2.3.ASYNC.commit, TIR.2.3.ASYNC.wait-non-negative
TEST(TirEffectOps, CommitTakesNothingAndWaitANonNegativeCount) {
  EXPECT_TRUE(verify("tir.async.CpAsyncCommit", {}).empty());
  EXPECT_FALSE(Evaluate::make_op(op("tir.async.CpAsyncCommit"), {i64c(0)}).ok());
  EXPECT_TRUE(verify("tir.async.CpAsyncWait", {}, {{"n", std::int64_t{1}}}).empty());
  EXPECT_EQ(rule_ids(verify("tir.async.CpAsyncWait", {}, {{"n", std::int64_t{-1}}})),
            Ids{"TIR.2.3.ASYNC.wait-non-negative"});
}

}  // namespace
}  // namespace tf::tir
