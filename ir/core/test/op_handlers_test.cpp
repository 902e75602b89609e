// Per-op handler tables: explicit registration, typed access, completeness of every table.
#include "ir/core/op_handlers.h"

#include <gtest/gtest.h>

#include "ir/core/call.h"
#include "ir/core/context.h"
#include "ir/core/core_ops.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_handlers.h"
#include "ir/dim/dim_ops.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

Result<IRType> unit_type(Op, const std::vector<Expr>&) {
  return IRType(UnitType::make());
}
Result<IRType> other_unit_type(Op, const std::vector<Expr>&) {
  return IRType(UnitType::make());
}
std::vector<Diagnostic> no_diagnostics(const Call&) {
  return {};
}

// A tag that claims the typeinfer kind with another signature: a bug the tables catch.
struct WrongTypeInferTag {
  static constexpr HandlerKind kKind = HandlerKind::TypeInfer;
  using Fn = int (*)();
};
int zero() {
  return 0;
}

TEST(OpHandlers, RequiredHandlersFollowTheOpForm) {
  OpRegistry r;
  Op value = r.add({.name = "test.V"}).value();
  Op effect = r.add({.name = "test.E", .form = OpForm::Effect}).value();
  EXPECT_EQ(required_handlers(value), std::vector<HandlerKind>{HandlerKind::TypeInfer});
  EXPECT_EQ(required_handlers(effect), std::vector<HandlerKind>{HandlerKind::Verify});
  OpHandlers h(r);
  register_core_ops(r, h);  // the builtin dim ops' handlers
  EXPECT_EQ(h.missing(), (std::vector<std::string>{"test.V: typeinfer", "test.E: verify"}));
  h.set<TypeInferHandler>(value, &unit_type);
  EXPECT_EQ(h.missing(), std::vector<std::string>{"test.E: verify"});
  h.set<VerifyHandler>(effect, &no_diagnostics);
  EXPECT_TRUE(h.missing().empty());
}

TEST(OpHandlers, TablesAreTypedDenseAndCheckTheirOwner) {
  OpRegistry r;
  Op a = r.add({.name = "test.A"}).value();
  Op b = r.add({.name = "test.B"}).value();
  OpHandlers h(r);
  EXPECT_FALSE(h.has<TypeInferHandler>(b));
  h.set<TypeInferHandler>(b, &unit_type);
  h.set<TypeInferHandler>(b, &unit_type);  // idempotent
  EXPECT_TRUE(h.has<TypeInferHandler>(b));
  EXPECT_FALSE(h.has<TypeInferHandler>(a));
  EXPECT_FALSE(h.has<VerifyHandler>(b));
  EXPECT_TRUE(h.get<TypeInferHandler>(b)(b, {}).value()->is<UnitType>());
  // A missing entry is an internal error naming the op and the kind.
  try {
    h.get<TypeInferHandler>(a);
    ADD_FAILURE() << "no throw";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("op test.A has no typeinfer handler"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(h.set<TypeInferHandler>(b, &other_unit_type), InternalError);  // a second fn
  EXPECT_THROW(h.set<WrongTypeInferTag>(a, &zero), InternalError);            // another signature
  OpRegistry other;
  Op foreign = other.add({.name = "test.A"}).value();
  EXPECT_THROW(h.has<TypeInferHandler>(foreign), InternalError);  // another registry's op
  EXPECT_EQ(handler_kind_name(HandlerKind::EvalHir), "eval_hir");
  EXPECT_EQ(handler_kind_name(HandlerKind::Emit), "emit");
}

// covers: TYPES.4.DIM.expr-type-i64, TYPES.4.DIM.arith-rank0-integer-inputs
TEST(DimHandlers, TypeinferIsMetaScalarI64AndRejectsNonIntegerOperands) {
  const Context context;  // holds the dim handlers from the start
  const OpHandlers& h = context.handlers();
  const Op add = dim_op(DimOpKind::Add);
  auto typeinfer = h.get<TypeInferHandler>(add);
  Expr one = dim_const(1);
  VarRef i32 = test::var("i", tensor({}, DType::i32(), StorageKind::Rmem));
  Result<IRType> t = typeinfer(add, {one, i32});
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE((*t).same_as(IRType(TensorType::meta_scalar(DType::i64()))));
  VarRef f = test::var("f", tensor({}, DType::f32(), StorageKind::Rmem));
  VarRef v = test::var("v", tensor({4}, DType::i64()));
  Result<IRType> bad = typeinfer(add, {f, v});
  EXPECT_EQ(rule_ids(bad), (Ids{"TYPES.4.DIM.arith-rank0-integer-inputs",
                                "TYPES.4.DIM.arith-rank0-integer-inputs"}));
  EXPECT_EQ(bad.diagnostics()[0].message,
            "operand 0 of dim.DimAdd must be a rank-0 integer expression, but f has type "
            "Tensor[(), f32, storage=rmem]");
  EXPECT_EQ(rule_ids(typeinfer(add, {one})), Ids{"TYPES.4.DIM.arith-two-inputs"});
}

// covers: TYPES.4.FOLD.zero-divisor-flagged-by-verify
TEST(DimHandlers, VerifyFlagsAKeptZeroDivisorAndBoolOperands) {
  const Context context;
  auto verify = context.handlers().get<VerifyHandler>(dim_op(DimOpKind::FloorDiv));
  CallRef div0 = make_dim_call(DimOpKind::FloorDiv, {dim_const(4), dim_const(0)}).value();
  std::vector<Diagnostic> d = verify(*div0);
  EXPECT_EQ(rule_ids(d), Ids{"TYPES.4.FOLD.zero-divisor-flagged-by-verify"});
  EXPECT_EQ(d[0].message, "dim.DimFloorDiv divides by the literal zero: 4 // 0");
  CallRef mod0 = make_dim_call(DimOpKind::Mod, {dim_const(4), dim_const(0)}).value();
  EXPECT_EQ(rule_ids(verify_dim_call(*mod0)), Ids{"TYPES.4.FOLD.zero-divisor-flagged-by-verify"});
  EXPECT_TRUE(
      verify(*make_dim_call(DimOpKind::FloorDiv, {dim_const(4), dim_const(2)}).value()).empty());
  // A bool operand passes typeinfer (simplify_dim must build the Call) and fails verify.
  ConstantRef t = test::constant(true, tensor({}, DType::boolean(), std::nullopt));
  CallRef with_bool = make_dim_call(DimOpKind::Add, {t, dim_const(1)}).value();
  EXPECT_EQ(rule_ids(verify_dim_call(*with_bool)), Ids{"TYPES.4.DIM.arith-rank0-integer-inputs"});
  // A dim Call stamped with another type than meta_scalar(i64) is flagged.
  CallRef stamped = Call::make(dim_op(DimOpKind::Add), {dim_const(1), dim_const(2)},
                               tensor({}, DType::i64(), StorageKind::Rmem))
                        .value();
  EXPECT_EQ(rule_ids(verify_dim_call(*stamped)), Ids{"TYPES.4.DIM.expr-type-i64"});
}

}  // namespace
}  // namespace tf
