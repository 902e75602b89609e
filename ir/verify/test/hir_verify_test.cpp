// verify_function: a well-formed function verifies; each rule it checks fails with its path.
#include "ir/verify/hir_verify.h"

#include <gtest/gtest.h>

#include "ir/text/standard_context.h"

#include "ir/core/call.h"
#include "ir/core/core_ops.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/simplify_dim.h"
#include "ir/hir/math_ops.h"
#include "ir/support/testing/rule_ids.h"
#include "ir/text/file_reader.h"

namespace tf {
namespace {

using test::tensor;
using test::var;

/// Every op family and the MMA atoms (text::standard_context()).
const Context& tables() { return text::standard_context(); }

text::ReadFile read(const std::string& src) {
  Result<text::ReadFile> f = text::read_file("tfir 1\ndim N = DimVar(\"N\", 1, 65)\n" + src, "v.tfir",
                                             tables());
  EXPECT_TRUE(f.ok()) << f.diagnostics()[0].render();
  return *f;
}

const hir::Function& fn(const text::ReadFile& f, const std::string& name) {
  return *f.module->find(name)->as<hir::Function>();
}

TEST(HirVerify, ReadFunctionsVerify) {
  text::ReadFile f = read(R"(
func g(x: Tensor[(N, 4), f32]) -> Tensor[(N, 4), f32] {
    r = for i in range(0, 3, 1) carry (a = x) {
        b = mul(a, x)
        yield b
    }
    y = @h(r)
    return y
}

func h(x: Tensor[(N, 4), f32]) -> Tensor[(N, 4), f32] {
    y = exp(x)
    return y
}
)");
  EXPECT_TRUE(verify_function(fn(f, "g"), f.module.get(), tables().handlers()).empty());
  EXPECT_TRUE(verify_function(fn(f, "h"), f.module.get(), tables().handlers()).empty());
}

TEST(HirVerify, AStaleStoredTypeIsReportedWithItsPath) {
  // A Call stamped with a type its rule does not give (what a buggy pass could build).
  VarRef x = var("x", tensor({4}, DType::f32()));
  Op add = *tables().registry().find("hir.math.Binary");
  CallRef bad = Call::make(add, {x, x}, {{"kind", enum_attr(BinaryKind::Add)}},
                           tensor({4}, DType::f16()))
                    .value();
  auto f = hir::Function::make("stale", {x}, bad).value();
  std::vector<Diagnostic> d = verify_function(*f, nullptr, tables().handlers());
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].ir_path, "stale.body");
  EXPECT_NE(d[0].message.find("is stamped Tensor[(4,), f16], but its type rule gives Tensor[(4,), f32]"),
            std::string::npos)
      << d[0].message;
}

TEST(HirVerify, AFreeVarIsReported) {
  VarRef x = var("x", tensor({4}, DType::f32()));
  VarRef stray = var("stray", tensor({4}, DType::f32()));
  Op add = *tables().registry().find("hir.math.Binary");
  CallRef body =
      Call::make(add, {x, stray}, {{"kind", enum_attr(BinaryKind::Add)}}, tensor({4}, DType::f32())).value();
  auto f = hir::Function::make("free", {x}, body).value();
  std::vector<Diagnostic> d = verify_function(*f, nullptr, tables().handlers());
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].ir_path, "free.body.args[1]");
  EXPECT_EQ(d[0].message,
            "free reads the Var 'stray', which is not a parameter, a loop index or a carry in scope");
}

// A body diagnostic is placed at the innermost binding on its IR path that has a source position
// (the reader records one per binding), not at the function's keyword.
TEST(HirVerify, ABodyDiagnosticIsPlacedAtItsBinding) {
  VarRef x = var("x", tensor({4}, DType::f32()));
  VarRef stray = var("stray", tensor({4}, DType::f32()));
  Op add = *tables().registry().find("hir.math.Binary");
  const auto binary = [&](Expr a, Expr b) {
    return Call::make(add, {std::move(a), std::move(b)}, {{"kind", enum_attr(BinaryKind::Add)}},
                      tensor({4}, DType::f32()))
        .value();
  };
  CallRef inner = binary(x, stray);  // `t = x + stray` on line 3
  CallRef outer = binary(inner, x);  // `r = t + x` on line 4
  attach_binding(*inner, make_binding_info("t", SourceLocation{"f.tfir", 3, 5}));
  attach_binding(*outer, make_binding_info("r", SourceLocation{"f.tfir", 4, 5}));
  auto f = hir::Function::make("free", {x}, outer).value();
  std::vector<Diagnostic> d = verify_function(*f, nullptr, tables().handlers());
  ASSERT_EQ(d.size(), 1u);
  // The IR path starts from the innermost named value, as the evaluator spells it
  // (hir::spell_body_path): `t`'s second operand.
  EXPECT_EQ(d[0].ir_path, "free.t.args[1]");
  EXPECT_EQ(d[0].location.str(), "f.tfir:3:5");
}

TEST(HirVerify, SignatureDimVarsAgreeAcrossParamsAndReturn) {
  // covers: TYPES.4.DIM.dimvar-signature-bounds-agree
  DimVarRef n1 = test::dim("M", 1, 9);
  DimVarRef n2 = test::dim("M", 1, 17);
  VarRef x = var("x", tensor({ShapeDim(n1)}, DType::f32()));
  // Inside dim arithmetic, where Function::make's bare-entry check does not look.
  Expr m_plus_1 = simplify_dim(DimOpKind::Add, {Expr(n2), Expr(test::constant(std::int64_t{1},
                                                   TensorType::meta_scalar(DType::i64())))})
                      .value();
  VarRef y = var("y", tensor({ShapeDim::from_expr(m_plus_1).value(), 2}, DType::f32()));
  auto f = hir::Function::make("dims", {x, y}, y).value();
  std::vector<Diagnostic> d = verify_function(*f, nullptr, tables().handlers());
  EXPECT_EQ(test::rule_ids(d), test::Ids{"TYPES.4.DIM.dimvar-signature-bounds-agree"});
}

TEST(HirVerify, ACallOfAMissingOrRetypedFunctionIsReported) {
  text::ReadFile f = read(R"(
func g(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    y = @h(x)
    return y
}

func h(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    return x
}
)");
  // Verify g against a module that lacks h.
  auto alone = Module::make("", {FunctionRef(f.module->find("g"))}).value();
  std::vector<Diagnostic> d = verify_function(fn(f, "g"), alone.get(), tables().handlers());
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].message, "@h is not a function of the module");
  EXPECT_EQ(d[0].ir_path, "g.y");  // the call is the value named y (hir::spell_body_path)
}

}  // namespace
}  // namespace tf
