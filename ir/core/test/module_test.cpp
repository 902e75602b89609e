// Module: ordering, name uniqueness, declarations, lookup and the entry function.
#include "ir/core/module.h"

#include <gtest/gtest.h>

#include "ir/core/test/ir_test_util.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

using test::tensor;

ExternFunctionRef fn(const std::string& name) {
  return ExternFunction::make(
             name, CallableType::make(UnitType::make(), {tensor({4}, DType::f32())}).value())
      .value();
}

TEST(ExternFunction, IsANamedSignature) {
  ExternFunctionRef f = fn("f");
  EXPECT_EQ(f->name(), "f");
  EXPECT_EQ(f->function_kind(), "extern");
  EXPECT_EQ(to_string(f->callable_type()), "Callable[(Tensor[(4,), f32]) -> Unit]");
  EXPECT_FALSE(ExternFunction::make("", f->callable_type()).ok());
  EXPECT_FALSE(ExternFunction::make("1f", f->callable_type()).ok());
  EXPECT_FALSE(ExternFunction::make("f", CallableTypeRef()).ok());
  // A FunctionRef shares the function's one intrusive count.
  FunctionRef base = f;
  EXPECT_EQ(f->ref_count(), 2);
  base.reset();
  EXPECT_EQ(f->ref_count(), 1);
}

// The kind tag and the checked downcast through it (function_base.h, design note "Kinds").
TEST(ExternFunction, ItsKindIsExternAndAsReturnsItself) {
  ExternFunctionRef f = fn("f");
  const FunctionBase* base = f.get();
  EXPECT_EQ(base->kind(), FunctionKind::Extern);
  EXPECT_EQ(base->function_kind(), "extern");
  EXPECT_TRUE(base->is<ExternFunction>());
  EXPECT_EQ(base->as<ExternFunction>(), f.get());  // the same object, the base offset undone
  EXPECT_EQ(function_as<ExternFunction>(base), f.get());
  EXPECT_EQ(function_as<ExternFunction>(nullptr), nullptr);
}

TEST(FunctionKind, EachKindHasItsTfirSpelling) {
  EXPECT_EQ(function_kind_name(FunctionKind::Extern), "extern");
  EXPECT_EQ(function_kind_name(FunctionKind::Hir), "func");
  EXPECT_EQ(function_kind_name(FunctionKind::Tir), "prim_func");
}

TEST(Module, KeepsFunctionsAndDeclarationsInOrderAndFindsThemByName) {
  DimVarRef n = test::dim("N", 1, 4097);
  LayoutBase l = test::layout(tuple_of(4, 8), tuple_of(8, 1));
  ExternFunctionRef a = fn("a"), b = fn("b");
  ModuleRef m = Module::make("mod", {b, a}, {{"N", n}, {"L", l}}).value();
  EXPECT_EQ(m->name(), "mod");
  ASSERT_EQ(m->functions().size(), 2u);
  EXPECT_EQ(m->functions()[0]->name(), "b");
  EXPECT_EQ(m->functions()[1]->name(), "a");
  EXPECT_EQ(m->find("a"), static_cast<const FunctionBase*>(a.get()));
  EXPECT_EQ(m->find("c"), nullptr);
  EXPECT_EQ(m->lookup("b").value().get(), static_cast<const FunctionBase*>(b.get()));
  ASSERT_EQ(m->declarations().size(), 2u);
  EXPECT_EQ(m->declarations()[0].name, "N");
  const ModuleDecl* dn = m->find_declaration("N");
  ASSERT_NE(dn, nullptr);
  EXPECT_TRUE(std::get<DimVarRef>(dn->value).same_as(n));
  ASSERT_NE(m->find_declaration("L"), nullptr);
  EXPECT_TRUE(std::get<LayoutBase>(m->find_declaration("L")->value) == l);
  EXPECT_EQ(m->find_declaration("a"), nullptr);
  EXPECT_TRUE(Module::make("", {}).ok());  // an anonymous, empty module
}

TEST(Module, TheEntryIsTheNamedFunctionOrTheLastOne) {
  ExternFunctionRef a = fn("a"), b = fn("b");
  ModuleRef named = Module::make("m", {a, b}, {}, "a").value();
  EXPECT_EQ(named->entry(), std::optional<std::string>("a"));
  EXPECT_EQ(named->entry_function().value().get(), static_cast<const FunctionBase*>(a.get()));
  ModuleRef unnamed = Module::make("m", {a, b}).value();
  EXPECT_FALSE(unnamed->entry().has_value());
  EXPECT_EQ(unnamed->entry_function().value().get(), static_cast<const FunctionBase*>(b.get()));
  Result<FunctionRef> none = Module::make("m", {}).value()->entry_function();
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_EQ(none.diagnostics()[0].message, "module 'm' has no function to run");
  Result<ModuleRef> bad = Module::make("m", {a}, {}, "main");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.diagnostics()[0].message, "the entry 'main' of module 'm' names no function");
  EXPECT_EQ(bad.diagnostics()[0].notes, std::vector<std::string>{"the module's functions: @a"});
}

TEST(Module, TopLevelNamesAreUniqueIdentifiersAndAllProblemsAreReported) {
  DimVarRef n = test::dim("N", 1, 8);
  Result<ModuleRef> r = Module::make("m", {fn("f"), fn("f"), FunctionRef()},
                                     {{"f", n}, {"N", n}, {"N", n}, {"2x", n}});
  ASSERT_FALSE(r.ok());
  std::vector<std::string> messages;
  for (const Diagnostic& d : r.diagnostics()) messages.push_back(d.message);
  EXPECT_EQ(messages, (std::vector<std::string>{
                          "two functions of module 'm' are named 'f'; a name resolves to exactly "
                          "one function",
                          "function 2 of module 'm' is null",
                          "the top-level name 'f' of module 'm' is declared twice",
                          "dim declaration 'f' names DimVar(\"N\", 1, 8); a dim is declared under "
                          "its own name",
                          "the top-level name 'N' of module 'm' is declared twice",
                          "declaration name '2x' is not an identifier"}));
  EXPECT_EQ(r.diagnostics()[0].rule_id, "TIR.2.1.SYMREF.resolution-unique");
  EXPECT_FALSE(Module::make("not an identifier", {}).ok());
}

}  // namespace
}  // namespace tf
