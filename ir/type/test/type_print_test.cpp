// The tfir spelling of IR types (docs/tfir.md section 3).
#include "ir/type/type_print.h"

#include <gtest/gtest.h>

#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"
#include "ir/type/callable_type.h"
#include "ir/type/test/shard_fixtures.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::tensor;

TEST(TypePrint, TensorTypesInTheTfirSpelling) {
  DimVarRef n = test::dim("N", 1, 4097);
  EXPECT_EQ(to_string(IRType(tensor({16, 8}, DType::f32()))), "Tensor[(16, 8), f32]");
  EXPECT_EQ(to_string(IRType(tensor({n, 8}, DType::bf16(), StorageKind::Smem))),
            "Tensor[(N, 8), bf16, storage=smem]");
  EXPECT_EQ(to_string(IRType(TensorType::meta_scalar(DType::i64()))),
            "Tensor[(), i64, storage=None]");
  EXPECT_EQ(to_string(IRType(tensor({}, DType::f32()))), "Tensor[(), f32]");  // gmem: omitted
  EXPECT_EQ(to_string(IRType(tensor({}, DType::f32(), StorageKind::Rmem))),
            "Tensor[(), f32, storage=rmem]");
  EXPECT_EQ(to_string(IRType(tensor({4}, DType::f32(), std::nullopt))),
            "Tensor[(4,), f32, storage=None]");
  EXPECT_EQ(to_string(IRType(tensor({64, 128}, DType::mxfp4()))), "Tensor[(64, 128), MXFP4]");
  EXPECT_EQ(to_string(IRType(tensor({4, 8}, DType::f32(), StorageKind::Umat,
                                    test::layout(tuple_of(4, 8), tuple_of(8, 1))))),
            "Tensor[(4, 8), f32, layout=Layout((4, 8), (8, 1)), storage=umat]");
  ShapeDim derived =
      ShapeDim::from_expr(simplify_dim(DimOpKind::Add, {n, dim_const(1)}).value()).value();
  EXPECT_EQ(to_string(IRType(tensor({derived, 2}, DType::i32()))), "Tensor[(N + 1, 2), i32]");
}

TEST(TypePrint, ShardLayoutsPrintInline) {
  ShardLayout sl = test::shard(test::layout(tuple_of(128, 12), tuple_of(0, 1)), {S(0)},
                               test::flat_mesh("cta", 128));
  EXPECT_EQ(to_string(IRType(tensor({128, 12}, DType::f32(), StorageKind::Rmem, LayoutBase(sl)))),
            "Tensor[(128, 12), f32, layout=" + to_string(LayoutBase(sl)) + ", storage=rmem]");
}

TEST(TypePrint, TupleUnitAndCallable) {
  IRType f4 = tensor({4}, DType::f32());
  IRType i4 = tensor({4}, DType::i64());
  EXPECT_EQ(to_string(IRType(TupleType::make({f4, i4}).value())),
            "Tuple[Tensor[(4,), f32], Tensor[(4,), i64]]");
  EXPECT_EQ(to_string(IRType(TupleType::make({}).value())), "Tuple[]");
  EXPECT_EQ(to_string(IRType(UnitType::make())), "Unit");
  EXPECT_EQ(to_string(IRType(CallableType::make(UnitType::make(), {f4}).value())),
            "Callable[(Tensor[(4,), f32]) -> Unit]");
  EXPECT_EQ(to_string(IRType(CallableType::make(f4, {}).value())),
            "Callable[() -> Tensor[(4,), f32]]");
  EXPECT_EQ(to_string(IRType()), "<null>");
}

// Issue 34, finding 7: a diagnostic quoted a whole type, 78 KB for a tuple of thousands of
// tensors. A message quotes short_text: a bounded number of nodes, each list cut by one `...`.
TEST(TypePrint, ShortTextQuotesABoundedNumberOfNodes) {
  IRType f4 = tensor({4}, DType::f32());
  const IRType wide = TupleType::make(std::vector<IRType>(5000, f4)).value();
  EXPECT_EQ(short_text(wide, 5), "Tuple[Tensor[(4,), f32], Tensor[(4,), f32], ...]");
  EXPECT_LT(short_text(wide).size(), 600u) << short_text(wide);
  EXPECT_EQ(to_string(wide).size(), 5000 * std::string("Tensor[(4,), f32], ").size() - 2 + std::string("Tuple[]").size());
  const IRType high_rank = tensor(std::vector<ShapeDim>(5000, ShapeDim(1)), DType::f32());
  EXPECT_EQ(short_text(high_rank, 4), "Tensor[(1, 1, 1, ...), f32]");
  IRType nested = f4;
  for (int i = 0; i < 2000; ++i) nested = TupleType::make({nested}).value();
  EXPECT_EQ(short_text(nested, 3), "Tuple[Tuple[Tuple[...]]]");
  // A layout of thousands of modes is cut after 160 characters.
  IntTuple many = IntTuple::tuple(std::vector<IntTuple>(3000, IntTuple(1)));
  const IRType laid = tensor(std::vector<ShapeDim>(3000, ShapeDim(1)), DType::f32(), StorageKind::Rmem, test::layout(many, many));
  const std::string laid_text = short_text(laid);
  EXPECT_LT(laid_text.size(), 400u) << laid_text;
  EXPECT_NE(laid_text.find(", layout=Layout((1, 1, 1, "), std::string::npos) << laid_text;
  EXPECT_TRUE(laid_text.ends_with(" 1, 1,..., storage=rmem]")) << laid_text;
  // Within the budget the short spelling is the spelling.
  EXPECT_EQ(short_text(IRType(CallableType::make(f4, {f4}).value())), "Callable[(Tensor[(4,), f32]) -> Tensor[(4,), f32]]");
}

}  // namespace
}  // namespace tf
