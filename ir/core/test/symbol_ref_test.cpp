// SymbolRef: construction from a callee, the type rules, and resolution against a Module.
#include "ir/core/symbol_ref.h"

#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/module.h"
#include "ir/core/structural.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/type_infer.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::Ids;
using test::rule_ids;
using test::tensor;

// g(a: f32(4), o: f16(4)) -> Unit, a PrimFunction-shaped signature.
CallableTypeRef g_type() {
  return CallableType::make(UnitType::make(),
                            {tensor({4}, DType::f32()), tensor({4}, DType::f16())})
      .value();
}

ExternFunctionRef extern_fn(const std::string& name, CallableTypeRef type = g_type()) {
  return ExternFunction::make(name, std::move(type)).value();
}

ModuleRef module_of(std::vector<FunctionRef> functions) {
  return Module::make("m", std::move(functions)).value();
}

// covers: TIR.2.1.SYMREF.fields, TIR.2.1.SYMREF.type-at-construction
TEST(SymbolRef, BuiltFromACalleeCarriesItsNameAndTypeAtOnce) {
  ExternFunctionRef g = extern_fn("g");
  SymbolRefRef ref = SymbolRef::to(*g).value();
  EXPECT_EQ(ref->kind(), ExprKind::SymbolRef);
  EXPECT_EQ(ref->name, "g");
  EXPECT_TRUE(ref->nested.empty());
  EXPECT_TRUE(ref->type().same_as(IRType(g->callable_type())));
  EXPECT_EQ(to_string(ref->type()), "Callable[(Tensor[(4,), f32], Tensor[(4,), f16]) -> Unit]");
}

// covers: TIR.2.1.SYMREF.type-is-callee-callabletype, TIR.2.1.SYMREF.type-parameters
TEST(SymbolRef, ItsTypeIsTheCalleesCallableType) {
  ExternFunctionRef g = extern_fn("g");
  SymbolRefRef ref = SymbolRef::to(*g).value();
  const CallableType& c = ref->callable_type();
  ASSERT_EQ(c.parameters.size(), 2u);
  EXPECT_EQ(to_string(c.parameters[0]), "Tensor[(4,), f32]");
  EXPECT_EQ(to_string(c.parameters[1]), "Tensor[(4,), f16]");
  // Resolution checks the stored type against the callee's.
  ModuleRef m = module_of({g});
  EXPECT_TRUE(resolve_symbol(*m, *ref).ok());
  SymbolRefRef stale =
      SymbolRef::make("g",
                      CallableType::make(UnitType::make(), {tensor({4}, DType::f32())}).value())
          .value();
  Result<FunctionRef> r = resolve_symbol(*m, *stale);
  EXPECT_EQ(rule_ids(r), Ids{"TIR.2.1.SYMREF.type-is-callee-callabletype"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "@g is typed Callable[(Tensor[(4,), f32]) -> Unit], but the extern function g has "
            "type Callable[(Tensor[(4,), f32], Tensor[(4,), f16]) -> Unit]");
}

// covers: TIR.2.1.SYMREF.type-return-unit
TEST(SymbolRef, ACalleeReturnsUnit) {
  EXPECT_TRUE(SymbolRef::to(*extern_fn("g")).value()->callable_type().return_type->is<UnitType>());
  // A callee that returns a value is no SymbolRef target.
  ExternFunctionRef h = extern_fn(
      "h", CallableType::make(tensor({4}, DType::f32()), {tensor({4}, DType::f32())}).value());
  Result<SymbolRefRef> r = SymbolRef::to(*h);
  EXPECT_EQ(rule_ids(r), Ids{"TIR.2.1.SYMREF.type-return-unit"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "SymbolRef @h is typed Callable[(Tensor[(4,), f32]) -> Tensor[(4,), f32]]; a "
            "PrimFunction callee returns Unit (its outputs are trailing parameters)");
}

// covers: TIR.2.1.SYMREF.no-deferred-type
TEST(SymbolRef, AMissingOrNonCallableTypeCannotEnterTheIR) {
  EXPECT_EQ(rule_ids(SymbolRef::make("g", IRType())), Ids{"TIR.2.1.SYMREF.no-deferred-type"});
  EXPECT_EQ(rule_ids(SymbolRef::make("g", UnitType::make())),
            Ids{"TIR.2.1.SYMREF.no-deferred-type"});
  EXPECT_EQ(rule_ids(SymbolRef::make("g", tensor({4}, DType::f32()))),
            Ids{"TIR.2.1.SYMREF.no-deferred-type"});
  EXPECT_EQ(
      SymbolRef::make("g", IRType()).diagnostics()[0].message,
      "SymbolRef @g has no type; it is typed with its callee's CallableType when it is built");
  EXPECT_FALSE(SymbolRef::make("", g_type()).ok());
  EXPECT_FALSE(SymbolRef::make("a.b", g_type()).ok());
}

// covers: TIR.2.1.SYMREF.nested-empty
TEST(SymbolRef, ANestedPathIsRefused) {
  Result<SymbolRefRef> r = SymbolRef::make("g", g_type(), {"inner"});
  EXPECT_EQ(rule_ids(r), Ids{"TIR.2.1.SYMREF.nested-empty"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "SymbolRef @g has nested path 'inner'; a Module holds only top-level functions, so "
            "nested must be empty");
  EXPECT_TRUE(SymbolRef::make("g", g_type(), {}).ok());
}

// covers: TIR.2.1.SYMREF.typeinfer-carries-type, TYPES.7.CALLABLE.type-of-callables
TEST(SymbolRef, TypeInferenceReturnsTheStoredTypeWithoutAModule) {
  SymbolRefRef ref = SymbolRef::make("not_in_any_module", g_type()).value();
  Result<IRType> t = infer_type(ref, test::core_handlers());
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->same_as(ref->type()));
  EXPECT_TRUE((*t)->is<CallableType>());
  EXPECT_TRUE(check_stored_type(ref, test::core_handlers()).empty());
}

// covers: TIR.2.1.SYMREF.verify-never-backfills
TEST(SymbolRef, ResolutionNeverChangesTheReferenceAndItsFieldsAreReadOnly) {
  ModuleRef m = module_of({extern_fn("g")});
  IRType wrong = CallableType::make(UnitType::make(), {}).value();
  SymbolRefRef ref = SymbolRef::make("g", wrong).value();
  EXPECT_FALSE(resolve_symbol(*m, *ref).ok());
  EXPECT_TRUE(ref->type().same_as(wrong));  // not back-filled
  EXPECT_EQ(to_string(ref->type()), "Callable[() -> Unit]");
  // Nodes are reached only through const handles: no field can be assigned.
  static_assert(!std::is_assignable_v<decltype((ref->name)), std::string>);
  static_assert(!std::is_assignable_v<decltype((ref->nested)), std::vector<std::string>>);
  static_assert(std::is_same_v<decltype(ref->type()), const IRType&>);
}

// covers: TIR.2.1.SYMREF.name-canonical
TEST(SymbolRef, NamesResolveExactlyAsStored) {
  ModuleRef m = module_of({extern_fn("foo")});
  SymbolRefRef upper = SymbolRef::make("Foo", g_type()).value();
  Result<FunctionRef> r = resolve_symbol(*m, *upper);
  EXPECT_EQ(rule_ids(r), Ids{"TIR.2.1.SYMREF.name-canonical"});
  EXPECT_EQ(r.diagnostics()[0].message,
            "no function is named 'Foo'; names are exact, and 'foo' differs in case");
  EXPECT_EQ(r.diagnostics()[0].notes, std::vector<std::string>{"the module's functions: @foo"});
  EXPECT_TRUE(resolve_symbol(*m, *SymbolRef::make("foo", g_type()).value()).ok());
}

// covers: TIR.2.1.SYMREF.resolution-unique
TEST(SymbolRef, ResolutionFindsExactlyOneFunction) {
  // No match at all.
  ModuleRef m = module_of({extern_fn("f"), extern_fn("k")});
  Result<FunctionRef> none = resolve_symbol(*m, *SymbolRef::make("g", g_type()).value());
  EXPECT_EQ(rule_ids(none), Ids{"TIR.2.1.SYMREF.resolution-unique"});
  EXPECT_EQ(none.diagnostics()[0].message, "no function of module 'm' is named 'g'");
  EXPECT_EQ(none.diagnostics()[0].notes, std::vector<std::string>{"the module's functions: @f @k"});
  // Two matches cannot arise: a module refuses a name shared by two functions.
  EXPECT_EQ(rule_ids(Module::make("m", {extern_fn("f"), extern_fn("f")})),
            Ids{"TIR.2.1.SYMREF.resolution-unique"});
}

// covers: TIR.2.1.SYMREF.name-mangled-allowed, TIR.2.1.SYMREF.variants-distinct-names
TEST(SymbolRef, MangledVariantNamesResolveToTheirOwnFunction) {
  ExternFunctionRef small = extern_fn("f__N_1_64");
  ExternFunctionRef a = extern_fn("f__a"), b = extern_fn("f__b");
  ModuleRef m = module_of({small, a, b});
  Result<FunctionRef> r = resolve_symbol(*m, *SymbolRef::to(*small).value());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->get(), static_cast<const FunctionBase*>(small.get()));
  Result<FunctionRef> second = resolve_symbol(*m, *SymbolRef::to(*b).value());
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->get(), static_cast<const FunctionBase*>(b.get()));
  EXPECT_NE(second->get(), static_cast<const FunctionBase*>(a.get()));
}

TEST(SymbolRef, StructuralEqualityComparesNameAndType) {
  SymbolRefRef a = SymbolRef::make("g", g_type()).value();
  SymbolRefRef b = SymbolRef::make("g", g_type()).value();
  EXPECT_TRUE(structural_equal(a, b));
  EXPECT_EQ(structural_hash(a), structural_hash(b));
  EXPECT_FALSE(structural_equal(a, SymbolRef::make("h", g_type()).value()));
  EXPECT_FALSE(structural_equal(
      a, SymbolRef::make("g", CallableType::make(UnitType::make(), {}).value()).value()));
}

}  // namespace
}  // namespace tf
