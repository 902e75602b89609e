// Op descriptors and OpRegistry: registration, lookup, idempotence, conflicts.
#include <gtest/gtest.h>

#include "ir/core/op.h"
#include "ir/dim/dim_ops.h"

namespace tf {
namespace {

// Every registry starts with the builtin dim ops (indices 0 .. 6); its own ops follow them.
constexpr std::size_t kBuiltin = kAllDimOps.size();

TEST(OpRegistry, AddFindAndDenseIndices) {
  OpRegistry r;
  Op a = r.add({.name = "test.A"}).value();
  Op b = r.add({.name = "test.ns.B", .form = OpForm::Effect}).value();
  EXPECT_EQ(r.size(), kBuiltin + 2);
  EXPECT_EQ(a.index(), kBuiltin);
  EXPECT_EQ(b.index(), kBuiltin + 1);
  EXPECT_EQ(a.name(), "test.A");
  EXPECT_EQ(b.form(), OpForm::Effect);
  EXPECT_FALSE(b.tuple_operands());
  EXPECT_EQ(*r.find("test.ns.B"), b);
  EXPECT_EQ(r.at(kBuiltin), a);
  EXPECT_FALSE(r.find("test.C").has_value());
  EXPECT_FALSE(Op().valid());
  EXPECT_TRUE(a.valid());
  EXPECT_THROW(r.at(kBuiltin + 2), InternalError);
}

TEST(OpRegistry, RegisteringTheSameSpecAgainIsIdempotent) {
  OpRegistry r;
  Op first = r.add({.name = "test.A", .form = OpForm::Value}).value();
  Op again = r.add({.name = "test.A", .form = OpForm::Value}).value();
  EXPECT_EQ(first, again);
  EXPECT_EQ(r.size(), kBuiltin + 1);
}

TEST(OpRegistry, ConflictingSpecAndBadNamesAreRefused) {
  OpRegistry r;
  ASSERT_TRUE(r.add({.name = "test.A", .form = OpForm::Value}).ok());
  Result<Op> conflict = r.add({.name = "test.A", .form = OpForm::Effect});
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_EQ(conflict.diagnostics()[0].message,
            "op 'test.A' is already registered as a value-form op with tuple_operands=false; it "
            "cannot be registered again as a effect-form op with tuple_operands=false");
  for (const char* bad : {"", ".A", "A.", "a..b", "1a", "a-b", "a b"})
    EXPECT_FALSE(r.add({.name = bad}).ok()) << bad;
  EXPECT_EQ(r.size(), kBuiltin + 1);
}

TEST(OpRegistry, DimOpsAreBuiltinInEveryRegistryAndValueForm) {
  OpRegistry r;
  ASSERT_EQ(r.size(), 7u);  // the builtin dim ops, before anything is registered
  register_dim_ops(r);      // finds them: idempotent
  ASSERT_EQ(r.size(), 7u);
  const char* names[] = {"dim.DimAdd", "dim.DimSub", "dim.DimMul", "dim.DimFloorDiv",
                         "dim.DimMod", "dim.DimMin", "dim.DimMax"};
  for (std::size_t i = 0; i < 7; ++i) {
    Op op = r.at(i);
    EXPECT_EQ(op.name(), names[i]);
    EXPECT_EQ(op.form(), OpForm::Value);
    EXPECT_EQ(dim_op_kind(op), kAllDimOps[i]);
  }
  // Every registry finds the same builtin ops; its own ops are indexed after them.
  OpRegistry other;
  for (DimOpKind k : kAllDimOps) {
    EXPECT_EQ(r.find(dim_op_name(k)), dim_op(k));
    EXPECT_EQ(other.find(dim_op_name(k)), dim_op(k));
    EXPECT_TRUE(other.holds(dim_op(k)));
  }
  const Op mine = r.add({.name = "test.NotDim"}).value();
  EXPECT_EQ(mine.index(), 7u);
  EXPECT_EQ(r.at(7), mine);
  EXPECT_FALSE(other.holds(mine));
  EXPECT_FALSE(dim_op_kind(mine).has_value());
  // A builtin name registered with another schema is refused, not shadowed.
  EXPECT_FALSE(other.add({.name = "dim.DimAdd", .params = {ParamDef::operand("a")}}).ok());
  EXPECT_FALSE(dim_op_kind(Op()).has_value());
}

// An op is identified by the entry its family registered, not by its name: two ops of one
// name in two registries are one family member only where the family registered it.
TEST(OpRegistry, IdentityIsTheRegisteredFamilyAndCodeNotTheName) {
  static const OpFamily family{"test"};
  enum class TestOp : std::uint32_t { A, B, C };
  OpRegistry with_family, without;
  const Op c = with_family.add({.name = "test.C", .family = &family, .code = 2}).value();
  const Op same_name = without.add({.name = "test.C"}).value();
  EXPECT_EQ(c.code_in<TestOp>(family), TestOp::C);
  EXPECT_EQ(c.family(), &family);
  EXPECT_FALSE(same_name.code_in<TestOp>(family).has_value());
  static const OpFamily another{"test"};  // same name, another family
  EXPECT_FALSE(c.code_in<TestOp>(another).has_value());
  EXPECT_FALSE(Op().code_in<TestOp>(family).has_value());
}

}  // namespace
}  // namespace tf

namespace tf {
namespace {

TEST(OpSurface, DerivedSpellingIsSnakeCaseOfTheLastComponent) {
  EXPECT_EQ(derived_surface_name("hir.tensor.IndexAdd"), "index_add");
  EXPECT_EQ(derived_surface_name("tir.nn.RMSNorm"), "rms_norm");
  EXPECT_EQ(derived_surface_name("tir.async.CpAsyncWait"), "cp_async_wait");
  EXPECT_EQ(derived_surface_name("hir.cuda.nn.Mma_SM80_16x8x16"), "mma_sm80_16x8x16");
  EXPECT_EQ(derived_surface_name("dim.DimAdd"), "dim_add");
  EXPECT_EQ(derived_surface_name("tir.Launch"), "launch");
}

TEST(OpSurface, FoundPerDialectAndUniqueWithinOne) {
  OpRegistry r;
  Result<Op> a = r.add(OpSpec{.name = "hir.t.Copy"});
  Result<Op> b = r.add(OpSpec{.name = "tir.memory.Copy"});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->surface(), "copy");
  EXPECT_EQ(r.find_surface("hir", "copy"), *a);
  EXPECT_EQ(r.find_surface("tir", "copy"), *b);
  EXPECT_FALSE(r.find_surface("tir", "paste").has_value());
  Result<Op> clash = r.add(OpSpec{.name = "tir.other.Thing", .surface = "copy"});
  ASSERT_FALSE(clash.ok());
  EXPECT_NE(clash.diagnostics()[0].message.find("already taken by 'tir.memory.Copy'"),
            std::string::npos);
  // The builtin dim ops are found from every dialect.
  EXPECT_EQ(r.find_surface("tir", "dim_add"), dim_op(DimOpKind::Add));
  EXPECT_EQ(r.find_surface("hir", "dim_max"), dim_op(DimOpKind::Max));
}

}  // namespace
}  // namespace tf
