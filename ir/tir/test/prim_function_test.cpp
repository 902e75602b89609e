// tir::PrimFunction: fields, defaults, outputs, its CallableType and its place in a Module.
#include "ir/tir/prim_function.h"

#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/module.h"
#include "ir/core/structural.h"
#include "ir/core/symbol_ref.h"
#include "ir/tir/stmt_structural.h"
#include "ir/tir/terminators.h"
#include "ir/tir/test/tir_test_util.h"
#include "ir/type/callable_type.h"
#include "ir/type/unit_type.h"

namespace tf::tir {
namespace {

using namespace test;

SequentialRef body() {
  return ok(Sequential::make({ok(Return::make())}));
}

// covers: TIR.1.3.PRIMFN.fields, TIR.1.3.PRIMFN.trailing-outputs
TEST(TirPrimFunction, KeepsItsFieldsAndItsTrailingOutputs) {
  VarRef a = f32g("a", {4});
  VarRef b = f32g("b", {4});
  VarRef c = f32g("c", {4});
  SequentialRef s = body();
  PrimFunctionRef k = ok(PrimFunction::make("k", {a, b, c}, s, 2));
  EXPECT_EQ(k->name(), "k");
  ASSERT_EQ(k->params().size(), 3u);
  EXPECT_TRUE(k->params()[1].same_as(b));
  EXPECT_TRUE(k->body().same_as(s));
  EXPECT_EQ(k->output_count(), 2);
  ASSERT_EQ(k->outputs().size(), 2u);
  EXPECT_TRUE(k->outputs()[0].same_as(b));
  EXPECT_TRUE(k->outputs()[1].same_as(c));
  ASSERT_EQ(k->inputs().size(), 1u);
  EXPECT_TRUE(k->inputs()[0].same_as(a));
}

// covers: TIR.1.3.PRIMFN.output-count-default
TEST(TirPrimFunction, OutputCountDefaultsToOneAndTargetToCuda) {
  PrimFunctionRef k = ok(PrimFunction::make("k", {f32g("a", {4})}, body()));
  EXPECT_EQ(k->output_count(), 1);
  EXPECT_EQ(k->target(), Target::Cuda);
  EXPECT_EQ(target_name(Target::Host), "host");
  EXPECT_EQ(target_from_name("cuda"), Target::Cuda);
  EXPECT_EQ(target_from_name("cpu"), std::nullopt);
}

// covers: TIR.1.3.PRIMFN.is-stmt
TEST(TirPrimFunction, IsAStmtWithNoReturnValue) {
  static_assert(std::is_base_of_v<StmtNode, PrimFunction>);
  PrimFunctionRef k = ok(PrimFunction::make("k", {f32g("a", {4})}, body(), 1, Target::Host));
  Stmt as_stmt = k;
  EXPECT_TRUE(as_stmt->is<PrimFunction>());
  EXPECT_TRUE(k->callable_type()->return_type->is<UnitType>());
  // It nests in a statement tree like any other statement.
  EXPECT_TRUE(Sequential::make({k}).ok());
}

TEST(TirPrimFunction, RefusesBadSignatures) {
  VarRef a = f32g("a", {4});
  EXPECT_FALSE(PrimFunction::make("1k", {a}, body()).ok());
  EXPECT_FALSE(PrimFunction::make("k", {a, a}, body()).ok());
  EXPECT_FALSE(PrimFunction::make("k", {nullptr}, body()).ok());
  EXPECT_FALSE(PrimFunction::make("k", {a}, body(), 2).ok());
  EXPECT_FALSE(PrimFunction::make("k", {a}, body(), -1).ok());
  EXPECT_FALSE(PrimFunction::make("k", {a}, nullptr).ok());
  EXPECT_TRUE(PrimFunction::make("k", {a}, body(), 0).ok());
  EXPECT_TRUE(PrimFunction::make("k", {}, body(), 0).ok());
}

// covers: TIR.2.1.SYMREF.type-is-callee-callabletype, TIR.2.1.SYMREF.type-parameters,
// covers: TIR.2.1.SYMREF.type-return-unit, TIR.2.1.SYMREF.type-at-construction
TEST(TirPrimFunction, ASymbolRefToItCarriesItsCallableType) {
  VarRef a = f32g("a", {4});
  VarRef o = var("o", tensor({4}, DType::f16()));
  PrimFunctionRef g = ok(PrimFunction::make("g", {a, o}, body()));
  EXPECT_EQ(g->function_kind(), "prim_func");
  SymbolRefRef ref = ok(SymbolRef::to(*g));
  EXPECT_TRUE(structural_equal(IRType(ref->type()), IRType(g->callable_type())));
  const CallableType& t = ref->callable_type();
  ASSERT_EQ(t.parameters.size(), 2u);
  EXPECT_TRUE(structural_equal(t.parameters[0], IRType(tensor({4}, DType::f32()))));
  EXPECT_TRUE(structural_equal(t.parameters[1], IRType(tensor({4}, DType::f16()))));
  EXPECT_TRUE(t.return_type->is<UnitType>());
}

// A PrimFunction is a Stmt and a function: on it, kind() is the Stmt's; through FunctionBase it
// is Tir, and as<T> finds it and nothing else.
TEST(TirPrimFunction, ItsFunctionKindIsTirAndItsStmtKindStays) {
  PrimFunctionRef g = ok(PrimFunction::make("g", {f32g("a", {4})}, body()));
  EXPECT_EQ(g->kind(), StmtKind::PrimFunction);
  EXPECT_EQ(g->as<PrimFunction>(), g.get());  // the Stmt's as<T>
  const FunctionBase& base = *g;
  EXPECT_EQ(base.kind(), FunctionKind::Tir);
  EXPECT_TRUE(base.is<PrimFunction>());
  EXPECT_FALSE(base.is<ExternFunction>());
  EXPECT_EQ(base.as<PrimFunction>(), g.get());
  EXPECT_EQ(base.as<ExternFunction>(), nullptr);
}

TEST(TirPrimFunction, AModuleHoldsItBesideOtherFunctions) {
  PrimFunctionRef g = ok(PrimFunction::make("g", {f32g("a", {4})}, body()));
  ModuleRef m = ok(Module::make("m", {g}));
  Result<FunctionRef> found = m->lookup("g");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ((*found)->function_kind(), "prim_func");
  EXPECT_TRUE(resolve_symbol(*m, *ok(SymbolRef::to(*g))).ok());
}

TEST(TirPrimFunction, StructuralEqualityComparesEveryField) {
  VarRef a = f32g("a", {4});
  auto fn = [&](std::string name, std::int64_t outs, Target t) {
    return ok(PrimFunction::make(std::move(name), {a}, body(), outs, t));
  };
  EXPECT_TRUE(structural_equal(fn("k", 1, Target::Cuda), fn("k", 1, Target::Cuda)));
  EXPECT_EQ(structural_hash(fn("k", 1, Target::Cuda)), structural_hash(fn("k", 1, Target::Cuda)));
  EXPECT_FALSE(structural_equal(fn("k", 1, Target::Cuda), fn("j", 1, Target::Cuda)));
  EXPECT_FALSE(structural_equal(fn("k", 1, Target::Cuda), fn("k", 0, Target::Cuda)));
  EXPECT_FALSE(structural_equal(fn("k", 1, Target::Cuda), fn("k", 1, Target::Host)));
}

}  // namespace
}  // namespace tf::tir
