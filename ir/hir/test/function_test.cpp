// hir::Function: its CallableType, parameter names, body and the construction checks.
#include "ir/hir/function.h"

#include <gtest/gtest.h>

#include "ir/core/expr_print.h"
#include "ir/core/module.h"
#include "ir/core/structural.h"
#include "ir/hir/body_path.h"
#include "ir/hir/test/hir_test_util.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {
namespace {

using namespace test;
using Msgs = std::vector<std::string>;

VarRef f32v(const std::string& name, std::vector<ShapeDim> shape) {
  return var(name, tensor(std::move(shape), DType::f32()));
}

// covers: TYPES.7.CALLABLE.function-is-producer, TYPES.7.CALLABLE.type-of-callables
TEST(HirFunction, ItsTypeIsTheCallableTypeOfItsSignature) {
  VarRef x = f32v("x", {4});
  VarRef y = f32v("y", {4});
  CallRef add = make_binary(BinaryKind::Add, x, y, hir_handlers()).value();
  HirFunctionRef f = Function::make("f", {x, y}, add).value();
  const CallableType& t = *f->callable_type();
  EXPECT_TRUE(structural_equal(t.return_type, IRType(tensor({4}, DType::f32()))));
  ASSERT_EQ(t.parameters.size(), 2u);
  EXPECT_TRUE(structural_equal(t.parameters[0], IRType(tensor({4}, DType::f32()))));
  EXPECT_TRUE(structural_equal(t.parameters[1], IRType(tensor({4}, DType::f32()))));
  EXPECT_TRUE(f->return_type().same_as(add->type()));
  EXPECT_EQ(f->function_kind(), "func");
  EXPECT_EQ(to_string(IRType(f->callable_type())),
            to_string(IRType(CallableType::make(add->type(), {x->type(), y->type()}).value())));
}

// A body path restarts at the innermost node that carries a binding name, and a diagnostic is
// placed at the innermost binding with a place (a parameter's, when it is the innermost).
TEST(HirFunction, BodyPathsReadTheBindingsOnTheNodes) {
  VarRef x = f32v("x", {4});
  VarRef y = f32v("y", {4});
  CallRef t = make_binary(BinaryKind::Add, x, y, hir_handlers()).value();
  CallRef r = make_binary(BinaryKind::Mul, t, x, hir_handlers()).value();
  ASSERT_TRUE(attach_binding(*t, make_binding_info("t", SourceLocation{"f.tfir", 3, 5})));
  ASSERT_TRUE(attach_binding(*y, make_binding_info("", SourceLocation{"f.tfir", 2, 20})));
  HirFunctionRef f = Function::make("f", {x, y}, r).value();
  const std::vector<BodyStep> to_y = {
      {r.get()}, {r.get(), "args", 0}, {t.get()}, {t.get(), "args", 1}, {y.get()}};
  EXPECT_EQ(spell_body_path(*f, to_y), "f.t.args[1]");
  EXPECT_EQ(innermost_binding_location(*f, to_y)->str(), "f.tfir:2:20");
  const std::vector<BodyStep> to_x = {
      {r.get()}, {r.get(), "args", 0}, {t.get()}, {t.get(), "args", 0}, {x.get()}};
  EXPECT_EQ(innermost_binding_location(*f, to_x)->str(), "f.tfir:3:5");
  const std::vector<BodyStep> to_r = {{r.get()}, {r.get(), "args", 1}, {x.get()}};
  EXPECT_EQ(spell_body_path(*f, to_r), "f.body.args[1]");
  EXPECT_FALSE(innermost_binding_location(*f, to_r).has_value());
}

// Its FunctionKind is Hir, and as<T> through FunctionBase finds it and nothing else.
TEST(HirFunction, ItsKindIsHirAndAsFindsItThroughFunctionBase) {
  VarRef x = f32v("x", {4});
  HirFunctionRef f = Function::make("f", {x}, x).value();
  const FunctionBase& base = *f;
  EXPECT_EQ(base.kind(), FunctionKind::Hir);
  EXPECT_TRUE(base.is<Function>());
  EXPECT_FALSE(base.is<ExternFunction>());
  EXPECT_EQ(base.as<Function>(), f.get());
  EXPECT_EQ(base.as<ExternFunction>(), nullptr);
}

// covers: TYPES.7.CALLABLE.names-on-function-params, TYPES.7.CALLABLE.names-not-in-type
TEST(HirFunction, NamesLiveOnTheParamsNotInTheType) {
  VarRef x = f32v("x", {4});
  VarRef a = f32v("a", {4});
  HirFunctionRef f = Function::make("f", {x}, x).value();
  HirFunctionRef g = Function::make("g", {a}, a).value();
  EXPECT_EQ(f->params()[0]->name, "x");
  EXPECT_EQ(g->params()[0]->name, "a");
  EXPECT_TRUE(structural_equal(IRType(f->callable_type()), IRType(g->callable_type())));
  EXPECT_EQ(structural_hash(IRType(f->callable_type())),
            structural_hash(IRType(g->callable_type())));
}

// covers: TYPES.7.CALLABLE.parameters-ordered
TEST(HirFunction, ParameterOrderIsPartOfTheType) {
  VarRef x = f32v("x", {4});
  VarRef i = var("i", tensor({4}, DType::i32()));
  HirFunctionRef f = Function::make("f", {x, i}, x).value();
  HirFunctionRef g = Function::make("f", {i, x}, x).value();
  EXPECT_FALSE(structural_equal(IRType(f->callable_type()), IRType(g->callable_type())));
}

// covers: TIR.1.1.STMT.hir-has-no-stmt
TEST(HirFunction, TheBodyIsAnExprAndPrintsOnOneLine) {
  VarRef x = f32v("x", {2});
  CallRef e = make_unary(UnaryKind::Exp, x, hir_handlers()).value();
  HirFunctionRef f = Function::make("softexp", {x}, e).value();
  EXPECT_TRUE(f->body().same_as(Expr(e)));
  EXPECT_EQ(to_string(*f),
            "func @softexp(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] { hir.math.Unary(x, "
            "kind=exp) }");
}

TEST(HirFunction, AModuleHoldsIt) {
  VarRef x = f32v("x", {2});
  HirFunctionRef f = Function::make("id", {x}, x).value();
  ModuleRef m = Module::make("m", {f}).value();
  Result<tf::FunctionRef> found = m->lookup("id");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ((*found)->function_kind(), "func");
  EXPECT_TRUE((*found)->callable_type().same_as(f->callable_type()));
}

// Two structurally equal but distinct Vars are two parameters; one Var twice is rejected.
TEST(HirFunction, MakeRejectsMalformedSignatures) {
  VarRef x = f32v("x", {4});
  VarRef x2 = f32v("x", {4});
  EXPECT_TRUE(Function::make("f", {x, x2}, x).ok());
  EXPECT_EQ(messages(Function::make("f", {x, x}, x).diagnostics()),
            Msgs{"function f: parameter 1 is the Var 'x' of parameter 0 again"});
  EXPECT_EQ(messages(Function::make("1f", {x}, x).diagnostics()),
            Msgs{"HIR function name '1f' is not an identifier"});
  EXPECT_EQ(messages(Function::make("f", {x}, Expr()).diagnostics()),
            Msgs{"function f needs a body"});
  EXPECT_EQ(messages(Function::make("f", {VarRef()}, x).diagnostics()),
            Msgs{"function f: parameter 0 is null"});
  EXPECT_EQ(messages(Function::make("f", {x}, x, tensor({4}, DType::f16())).diagnostics()),
            Msgs{"function f declares the return type Tensor[(4,), f16], but its "
                 "body has type Tensor[(4,), f32]"});
  EXPECT_TRUE(Function::make("f", {x}, x, tensor({4}, DType::f32())).ok());
  VarRef tup = var("t", TupleType::make({x->type()}).value());
  EXPECT_EQ(messages(Function::make("f", {tup}, x).diagnostics()),
            Msgs{"function f: parameter 't' has type Tuple[Tensor[(4,), f32]]; an "
                 "HIR parameter is a tensor"});
}

// covers: TYPES.4.DIM.dimvar-signature-bounds-agree
TEST(HirFunction, SameNameDimVarsMustAgreeOnBounds) {
  VarRef a = f32v("a", {tf::test::dim("N", 1, 64)});
  VarRef b = f32v("b", {tf::test::dim("N", 1, 128)});
  VarRef c = f32v("c", {tf::test::dim("N", 1, 64), 4});
  Result<HirFunctionRef> bad = Function::make("f", {a, b}, a);
  EXPECT_EQ(rule_ids(bad), Ids{"TYPES.4.DIM.dimvar-signature-bounds-agree"});
  EXPECT_EQ(bad.diagnostics()[0].message,
            "function f: DimVar 'N' has bounds [1, 64) and [1, 128) in one signature; same-name "
            "DimVars must agree");
  EXPECT_TRUE(Function::make("f", {a, c}, a).ok());
}

}  // namespace
}  // namespace tf::hir
