// infer_type: the local type rule of each node, recomputed from its children.
#include "ir/core/type_infer.h"

#include <gtest/gtest.h>

#include "ir/core/call.h"
#include "ir/core/shape_of.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/tuple.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_ops.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf {
namespace {

using test::tensor;

TEST(InferType, LeavesAreTheirDeclaredTypes) {
  VarRef x = test::var("x", tensor({4}, DType::f32()));
  EXPECT_TRUE(infer_type(x, test::core_handlers()).value().same_as(x->type()));
  ConstantRef c = dim_const(3);
  EXPECT_TRUE(infer_type(c, test::core_handlers()).value().same_as(c->type()));
  DimVarRef n = test::dim("N", 1, 9);
  EXPECT_TRUE(infer_type(n, test::core_handlers()).value().same_as(n->type()));
}

TEST(InferType, CompoundNodesAreRederivedFromTheirChildren) {
  IRType f4 = tensor({4}, DType::f32()), i4 = tensor({4}, DType::i64());
  VarRef a = test::var("a", f4), b = test::var("b", i4);
  TupleRef t = Tuple::make({a, b}).value();
  Result<IRType> tt = infer_type(t, test::core_handlers());
  ASSERT_TRUE(tt.ok());
  EXPECT_FALSE(tt->same_as(t->type()));  // recomputed, not the stamp
  EXPECT_TRUE(structural_equal(*tt, t->type()));
  EXPECT_TRUE(structural_equal(infer_type(TupleGetItem::make(t, 1).value(), test::core_handlers()).value(), i4));
  Expr sum = make_dim_call(DimOpKind::Add, {test::dim("N", 1, 9), dim_const(2)}).value();
  EXPECT_EQ(to_string(infer_type(sum, test::core_handlers()).value()), "Tensor[(), i64, storage=None]");
  for (const Expr& e : std::vector<Expr>{a, t, sum, TupleGetItem::make(t, 0).value()})
    EXPECT_TRUE(check_stored_type(e, test::core_handlers()).empty()) << to_string(e->type());
}

TEST(InferType, AStaleStampOnACallIsReported) {
  // Call::make trusts the type it is given; check_stored_type compares it with the rule.
  CallRef stamped = Call::make(dim_op(DimOpKind::Add), {dim_const(1), test::dim("N", 1, 9)},
                               tensor({}, DType::i32(), std::nullopt))
                        .value();
  std::vector<Diagnostic> d = check_stored_type(stamped, test::core_handlers());
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].category, DiagCategory::Type);
  EXPECT_EQ(d[0].message,
            "1 + N is stamped Tensor[(), i32, storage=None], but its type rule gives "
            "Tensor[(), i64, storage=None]");
  // An ill-typed Call reports its typeinfer handler's diagnostics.
  VarRef f = test::var("f", tensor({}, DType::f32(), StorageKind::Rmem));
  CallRef bad =
      Call::make(dim_op(DimOpKind::Add), {f, f}, TensorType::meta_scalar(DType::i64())).value();
  EXPECT_EQ(test::rule_ids(infer_type(bad, test::core_handlers())), (test::Ids{"TYPES.4.DIM.arith-rank0-integer-inputs",
                                                        "TYPES.4.DIM.arith-rank0-integer-inputs"}));
}

TEST(InferType, ACallOfAnOpWithoutTypeinferIsAnInternalError) {
  OpRegistry r;
  Op op = r.add({.name = "test.NoRule"}).value();
  OpHandlers h(r);
  CallRef call = Call::make(op, {}, tensor({4}, DType::f32())).value();
  EXPECT_THROW(infer_type(call, h).ok(), InternalError);
}

}  // namespace
}  // namespace tf
