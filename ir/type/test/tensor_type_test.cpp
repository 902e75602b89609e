// TensorType: fields, the structural rules of make, rank 0 and the meta-scalar (seed 000
// sections 2 and 4).
#include "ir/type/tensor_type.h"

#include <gtest/gtest.h>

#include <concepts>

#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/simplify_dim.h"
#include "ir/layout/composed_layout.h"
#include "ir/type/size.h"
#include "ir/type/test/shard_fixtures.h"
#include "ir/type/type_print.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

// covers: TYPES.2.TENSOR.fields
TEST(TensorType, ReturnsEveryFieldUnchanged) {
  TensorTypeRef t = TensorType::make({2, 3}, DType::f32(), std::nullopt, StorageKind::Gmem).value();
  EXPECT_EQ(t->shape, (std::vector<ShapeDim>{2, 3}));
  EXPECT_EQ(t->dtype, DType::f32());
  EXPECT_FALSE(t->layout.has_value());
  EXPECT_EQ(t->storage, StorageKind::Gmem);
  IRType as_base = t;  // a TensorType is an IRType
  EXPECT_TRUE(as_base->is<TensorType>());
  Layout l = test::layout(tuple_of(2, 3), tuple_of(3, 1));
  TensorTypeRef u = TensorType::make({2, 3}, DType::bf16(), l, StorageKind::Smem).value();
  EXPECT_TRUE(*u->layout == LayoutBase(l));
  EXPECT_EQ(u->storage, StorageKind::Smem);
}

// covers: TYPES.2.TENSOR.shape-is-logical
TEST(TensorType, TheShapeIsInvariantUnderShardingStorageAndLayout) {
  const std::vector<ShapeDim> shape = {64, 64};
  ShardLayout sl = test::shard(test::layout(tuple_of(64, 64), tuple_of(64, 1)), {S(0)},
                               test::flat_mesh("cta", 4));
  for (TensorTypeRef t :
       {tensor(shape, DType::f32()), tensor(shape, DType::f32(), StorageKind::Smem),
        tensor(shape, DType::f32(), StorageKind::Gmem, LayoutBase(sl)),
        tensor(shape, DType::f32(), StorageKind::Rmem, LayoutBase(sl)),
        tensor(shape, DType::f32(), StorageKind::Gmem,
               test::layout(tuple_of(64, 64), tuple_of(1, 64)))})
    EXPECT_EQ(t->shape, shape) << to_string(IRType(t));
}

// covers: TYPES.2.TENSOR.scalar-is-rank0
TEST(TensorType, AScalarIsARankZeroTensor) {
  // The type of the Fill value 0.0: a rank-0 TensorType; the closed kind list has no Scalar.
  ConstantRef zero = test::constant(0.0, tensor({}, DType::f32(), StorageKind::Rmem));
  const TensorType* t = zero->type()->as<TensorType>();
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->rank(), 0);
  EXPECT_TRUE(t->shape.empty());
  for (TypeKind k :
       {TypeKind::TensorType, TypeKind::TupleType, TypeKind::UnitType, TypeKind::CallableType})
    EXPECT_NE(type_kind_name(k), "Scalar");
  EXPECT_EQ(static_cast<int>(TypeKind::CallableType), 3);  // four kinds, the last is Callable
}

template <typename L>
concept LayoutArgument = requires(L l) {
  TensorType::make(std::vector<ShapeDim>{4}, DType::f32(), l, StorageKind::Gmem);
};

// covers: TYPES.2.TENSOR.layout-none-or-layoutbase
TEST(TensorType, TheLayoutIsNoneOrALayoutBaseMember) {
  EXPECT_TRUE(TensorType::make({4}, DType::f32(), std::nullopt, StorageKind::Gmem).ok());
  EXPECT_TRUE(
      TensorType::make({4}, DType::f32(), test::layout(tuple_of(4), tuple_of(1)), StorageKind::Gmem)
          .ok());
  // C++ meaning of "rejected": a value that is not a LayoutBase does not even compile.
  static_assert(LayoutArgument<std::nullopt_t>);
  static_assert(LayoutArgument<Layout>);
  static_assert(LayoutArgument<LayoutBase>);
  static_assert(!LayoutArgument<int>);
  static_assert(!LayoutArgument<Mesh>);
  static_assert(!LayoutArgument<IntTuple>);
}

// covers: TYPES.2.TENSOR.layout-rank-match
TEST(TensorType, APlainLayoutHasTheTensorsRank) {
  Result<TensorTypeRef> bad =
      TensorType::make({4, 8}, DType::f32(), test::layout(tuple_of(32), tuple_of(1)));
  EXPECT_EQ(rule_ids(bad), Ids{"TYPES.2.TENSOR.layout-rank-match"});
  EXPECT_TRUE(
      TensorType::make({4, 8}, DType::f32(), test::layout(tuple_of(4, 8), tuple_of(8, 1))).ok());
  // A nested mode counts by its leaves (domain_rank = rank(flatten(shape))).
  Layout nested = test::layout(tuple_of(tuple_of(2, 2), 8), tuple_of(tuple_of(1, 16), 2));
  EXPECT_TRUE(TensorType::make({2, 2, 8}, DType::f32(), nested).ok());
  EXPECT_EQ(rule_ids(TensorType::make({4, 8}, DType::f32(), nested)),
            Ids{"TYPES.2.TENSOR.layout-rank-match"});
}

// covers: TYPES.2.TENSOR.composed-common-contract
TEST(TensorType, AComposedLayoutIsCheckedThroughDomainRank) {
  ComposedLayout rank2 =
      ComposedLayout::make(std::nullopt, 32, test::layout(tuple_of(2, 32), tuple_of(32, 1)))
          .value();
  ASSERT_EQ(rank2.domain_rank(), 2);
  EXPECT_TRUE(TensorType::make({2, 32}, DType::f32(), rank2).ok());
  EXPECT_EQ(rule_ids(TensorType::make({64}, DType::f32(), rank2)),
            Ids{"TYPES.2.TENSOR.layout-rank-match"});
}

// covers: TYPES.2.TENSOR.shard-logical-shape
TEST(TensorType, AShardLayoutKeepsTheLogicalShape) {
  ShardLayout sl = test::shard(test::layout(tuple_of(4, 32), tuple_of(32, 1)), {S(0)},
                               test::flat_mesh("cta", 4));
  ASSERT_TRUE(sl.shape() == tuple_of(4, 32));
  Result<TensorTypeRef> t = TensorType::make({128, 128}, DType::f32(), sl, StorageKind::Gmem);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ((*t)->shape, (std::vector<ShapeDim>{128, 128}));
  EXPECT_TRUE((*t)->layout->is_shard());
}

// covers: TYPES.2.TENSOR.injective-layout
TEST(TensorType, APlainLayoutMustBeInjective) {
  Result<TensorTypeRef> padded =
      TensorType::make({4, 4}, DType::f32(), test::layout(tuple_of(4, 4), tuple_of(1, 0)));
  EXPECT_EQ(rule_ids(padded), Ids{"TYPES.2.TENSOR.injective-layout"});
  EXPECT_TRUE(
      TensorType::make({4, 4}, DType::f32(), test::layout(tuple_of(4, 4), tuple_of(4, 1))).ok());
  // A symbolic layout is judged once its symbols are bound.
  IntSymbol n{"N", 1, 64};
  EXPECT_TRUE(TensorType::make({test::dim("N", 1, 64), 4}, DType::f32(),
                               test::layout(tuple_of(n, 4), tuple_of(4, 1)))
                  .ok());
}

// covers: TYPES.2.TENSOR.rank0-well-formed
TEST(TensorType, RankZeroIsWellFormed) {
  Result<TensorTypeRef> none = TensorType::make({}, DType::f32(), std::nullopt, std::nullopt);
  Result<TensorTypeRef> rmem = TensorType::make({}, DType::f32(), std::nullopt, StorageKind::Rmem);
  ASSERT_TRUE(none.ok());
  ASSERT_TRUE(rmem.ok());
  EXPECT_EQ((*none)->rank(), 0);
  EXPECT_EQ((*rmem)->storage, StorageKind::Rmem);
  // Rank 0 has exactly one layout function: no layout is stored as EMPTY_LAYOUT.
  EXPECT_TRUE(*(*none)->layout == empty_layout());
  EXPECT_TRUE(*(*rmem)->layout == empty_layout());
}

// covers: TYPES.2.TENSOR.rank0-none-is-shape-element
TEST(TensorType, RankZeroWithStorageNoneIsTheShapeElementForm) {
  DimVarRef n = test::dim("N", 1, 64);
  Expr add = simplify_dim(DimOpKind::Add, {n, dim_const(1)}).value();
  for (const IRType& t : {n->type(), add->type()}) {
    EXPECT_TRUE(t->as<TensorType>()->is_shape_element()) << to_string(t);
    EXPECT_FALSE(t->as<TensorType>()->is_memory_scalar());
  }
  EXPECT_FALSE(tensor({}, DType::i64(), StorageKind::Rmem)->is_shape_element());
  EXPECT_FALSE(tensor({4}, DType::i64(), std::nullopt)->is_shape_element());
}

// covers: TYPES.2.TENSOR.rank0-memory-scalar
TEST(TensorType, RankZeroInMemoryIsAnOrdinaryScalar) {
  TensorTypeRef s = tensor({}, DType::f32(), StorageKind::Rmem);
  EXPECT_TRUE(s->is_memory_scalar());
  EXPECT_EQ(numel(s).value(), 1);
  EXPECT_EQ(tensor_bytes(s).value(), 4);
}

// covers: TYPES.2.STORAGE.field-domain
TEST(TensorType, StorageIsAStorageKindOrNone) {
  for (StorageKind k : kAllStorageKinds)
    EXPECT_TRUE(TensorType::make({2}, DType::f32(), std::nullopt, k).ok()) << to_string(k);
  EXPECT_TRUE(TensorType::make({2}, DType::f32(), std::nullopt, std::nullopt).ok());
  Result<TensorTypeRef> seven =
      TensorType::make({2}, DType::f32(), std::nullopt, static_cast<StorageKind>(7));
  EXPECT_EQ(rule_ids(seven), Ids{"TYPES.2.STORAGE.field-domain"});
  EXPECT_EQ(seven.diagnostics()[0].message,
            "storage value 7 is not a StorageKind: expected None or one of host=1, gmem=2, "
            "smem=3, rmem=4, tmem=5, umat=6");
}

// covers: TYPES.2.STORAGE.umat-unmaterialized
TEST(TensorType, AnUmatTensorConstructsAndIsNotConcrete) {
  TensorTypeRef t = tensor({4, 4}, DType::f32(), StorageKind::Umat);
  EXPECT_EQ(t->storage, StorageKind::Umat);
  EXPECT_FALSE(is_concrete_storage(t->storage));
}

// covers: TYPES.2.STORAGE.none-distinct-from-umat
TEST(TensorType, StorageNoneIsDistinctFromUmat) {
  IRType none = tensor({}, DType::i64(), std::nullopt);
  IRType umat = tensor({}, DType::i64(), StorageKind::Umat);
  EXPECT_FALSE(structural_equal(none, umat));
  EXPECT_TRUE(none->as<TensorType>()->is_shape_element());
  EXPECT_FALSE(umat->as<TensorType>()->is_shape_element());
}

// covers: TYPES.4.DIM.meta-scalar-fields
TEST(MetaScalar, HasShapeEmptyLayoutEmptyAndStorageNone) {
  TensorTypeRef m = TensorType::meta_scalar(DType::i64());
  EXPECT_TRUE(m->shape.empty());
  ASSERT_TRUE(m->layout.has_value());
  EXPECT_TRUE(*m->layout == empty_layout());
  EXPECT_TRUE(*m->layout == LayoutBase(make_layout({}).value()));  // Layout((), ())
  EXPECT_FALSE(m->storage.has_value());
  EXPECT_EQ(m->dtype, DType::i64());
  EXPECT_EQ(TensorType::meta_scalar(DType::i32())->dtype, DType::i32());
}

// covers: TYPES.4.DIM.meta-scalar-single-constructor
TEST(MetaScalar, EveryDimTypeIsTheMetaScalar) {
  // The dim-op result type, the DimVar type and the DimConst type are all meta_scalar(i64).
  DimVarRef n = test::dim("N", 1, 64);
  IRType meta = TensorType::meta_scalar(DType::i64());
  for (const Expr& e :
       {Expr(n), Expr(dim_const(4)), simplify_dim(DimOpKind::FloorDiv, {n, dim_const(2)}).value()})
    EXPECT_TRUE(structural_equal(e->type(), meta)) << to_string(e->type());
  // No other factory can produce a different rank-0 shape-element layout: restating the
  // fields gives the very same type.
  EXPECT_TRUE(structural_equal(tensor({}, DType::i64(), std::nullopt), meta));
}

// covers: TYPES.4.DIM.meta-scalar-equality-across-layers
TEST(MetaScalar, EqualAndHashEqualHoweverItIsReached) {
  DimVarRef n = test::dim("N", 1, 64);
  // The "HIR" dim built here and the "TIR" dim rebuilt from scratch later.
  Expr hir = simplify_dim(DimOpKind::Mul, {n, dim_const(2)}).value();
  Expr tir = simplify_dim(DimOpKind::Mul, {test::dim("N", 1, 64), dim_const(2)}).value();
  EXPECT_TRUE(structural_equal(hir->type(), tir->type()));
  EXPECT_EQ(structural_hash(hir->type()), structural_hash(tir->type()));
  IRType restated = TensorType::make({}, DType::i64(), empty_layout(), std::nullopt).value();
  EXPECT_TRUE(structural_equal(hir->type(), restated));
  EXPECT_EQ(structural_hash(hir->type()), structural_hash(restated));
}

TEST(TensorType, NegativeStaticExtentsAndInvalidDtypesAreRefused) {
  Result<TensorTypeRef> r = TensorType::make({4, -1}, DType::f32());
  EXPECT_EQ(rule_ids(r), Ids{"TYPES.2.2.SIZE.reject-negative-extent"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "TensorType shape (4, -1) has the negative extent -1 at axis 1");
  EXPECT_FALSE(TensorType::make({4}, DType()).ok());
  EXPECT_THROW(TensorType::meta_scalar(DType()), InternalError);
}

}  // namespace
}  // namespace tf
