// Dispatch prototypes and variants: the factories' shapes, and every dispatch rule of
// hir_dispatch_verify.h and of the module (hir_dispatch_verify.h), each accepted and rejected.
#include "ir/verify/hir_dispatch_verify.h"

#include <gtest/gtest.h>

#include "ir/text/standard_context.h"

#include "ir/core/call.h"
#include "ir/core/core_ops.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/hir/math_ops.h"
#include "ir/text/file_reader.h"
#include "ir/type/type_print.h"
#include "ir/verify/hir_verify.h"
#include "ir/verify/module_verify.h"

namespace tf {
namespace {

using test::tensor;
using test::var;

/// Every op family and the MMA atoms (text::standard_context()).
const Context& tables() { return text::standard_context(); }

const DimVarRef kN = test::dim("N", 1, 9);

IRType vec(const DimVarRef& d) {
  return tensor({ShapeDim(d)}, DType::f32());
}

Pattern range(const std::string& dim, std::int64_t lo, std::int64_t hi) {
  return Pattern(DimVarRangePat::make(dim, lo, hi).value());
}

// A variant `name` of `base` over x: f32[N] returning x, selected by `pattern`.
hir::HirFunctionRef variant(const std::string& name, Pattern pattern, const std::string& base = "f",
                            IRType param = vec(kN)) {
  VarRef x = var("x", param);
  return hir::Function::make_variant(name, base, {x}, x, {}, std::move(pattern)).value();
}

hir::HirFunctionRef prototype(std::vector<hir::HirFunctionRef> variants, IRType param = vec(kN)) {
  return hir::Function::make_prototype("f", {var("x", param)}, vec(kN), std::move(variants))
      .value();
}

std::vector<Diagnostic> verify(const hir::Function& f) {
  return verify_function(f, nullptr, tables().handlers());
}

std::vector<std::string> messages(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags) out.push_back(d.message);
  return out;
}

// The one diagnostic's message (or every message, to fail readably).
std::string only_message(const std::vector<Diagnostic>& diags) {
  if (diags.size() == 1) return diags[0].message;
  std::string all = std::to_string(diags.size()) + " diagnostics:";
  for (const Diagnostic& d : diags) all += "\n  " + d.message;
  return all;
}

TEST(HirDispatch, FactoriesBuildTheThreeShapes) {
  hir::HirFunctionRef small = variant("f_small", range("N", 1, 5));
  hir::HirFunctionRef large = variant("f_large", range("N", 5, 9));
  hir::HirFunctionRef f = prototype({small, large});
  EXPECT_TRUE(f->is_prototype());
  EXPECT_FALSE(f->is_variant());
  EXPECT_FALSE(f->body());
  EXPECT_TRUE(f->specializations().empty());
  ASSERT_EQ(f->variants().size(), 2u);
  EXPECT_EQ(f->variants()[1].get(), large.get());
  EXPECT_TRUE(small->is_variant());
  EXPECT_FALSE(small->is_prototype());
  EXPECT_EQ(small->base_name(), "f");
  EXPECT_EQ(small->specializations().size(), 1u);
  EXPECT_EQ(hir::specialization_signature(*small), "N$1_5");
  EXPECT_EQ(hir::specialization_signature(*f), "");
  EXPECT_EQ(to_string(*f),
            "func @f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype [@f_small, @f_large]");
  EXPECT_EQ(to_string(*small),
            "specialize @f(DimVarRangePat(\"N\", 1, 5)) as @f_small(x: Tensor[(N,), f32]) -> "
            "Tensor[(N,), f32] { x }");
  // Calls of the prototype are typed by its declared signature.
  EXPECT_EQ(to_string(IRType(f->callable_type())), to_string(IRType(small->callable_type())));
}

TEST(HirDispatch, LocateDimVarFindsTheFirstBareEntry) {
  DimVarRef m = test::dim("M", 1, 4);
  std::vector<VarRef> params{var("a", tensor({2, ShapeDim(m)}, DType::f32())),
                             var("b", tensor({ShapeDim(kN), ShapeDim(m)}, DType::f32()))};
  std::optional<hir::DimLocation> at = hir::locate_dim_var(params, "M");
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->param, 0u);
  EXPECT_EQ(at->axis, 1u);
  EXPECT_EQ(at->var, m.get());
  at = hir::locate_dim_var(params, "N");
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->param, 1u);
  EXPECT_FALSE(hir::locate_dim_var(params, "K").has_value());
}

TEST(HirDispatch, FactoriesRefuseWhatNoShapeAllows) {
  // A variant has no variants of its own, and a normal function is not a variant.
  VarRef x = var("x", vec(kN));
  hir::HirFunctionRef normal = hir::Function::make("g", {x}, x).value();
  hir::HirFunctionRef nested = prototype({variant("f_small", range("N", 1, 9))});
  Result<hir::HirFunctionRef> p =
      hir::Function::make_prototype("f", {var("x", vec(kN))}, vec(kN), {normal, nested});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(
      messages(p.diagnostics()),
      (std::vector<std::string>{
          "prototype f: variant 0 ('g') is a normal function; a prototype's variants are built by "
          "make_variant (one DimVarRangePat, a body, no variants of their own)",
          "prototype f: variant 1 ('f') is a prototype; a prototype's variants are built by "
          "make_variant "
          "(one DimVarRangePat, a body, no variants of their own)"}));
  // A variant needs one pattern and a body; a prototype a return type.
  EXPECT_FALSE(hir::Function::make_variant("v", "f", {x}, x, {}, Pattern()).ok());
  EXPECT_FALSE(hir::Function::make_variant("v", "f", {x}, Expr(), vec(kN), range("N", 1, 9)).ok());
  EXPECT_FALSE(hir::Function::make_variant("v", "not a name", {x}, x, {}, range("N", 1, 9)).ok());
  EXPECT_FALSE(hir::Function::make_prototype("f", {x}, IRType(), {}).ok());
  // A prototype without variants is buildable (authoring); verify_module rejects it.
  EXPECT_TRUE(hir::Function::make_prototype("f", {x}, vec(kN), {}).ok());
}

TEST(HirDispatch, AWellFormedPrototypeVerifies) {
  hir::HirFunctionRef f =
      prototype({variant("f_large", range("N", 5, 9)), variant("f_small", range("N", 1, 5))});
  EXPECT_EQ(only_message(verify(*f)), "0 diagnostics:");
  // One variant covering the whole envelope is a partition too.
  EXPECT_TRUE(verify(*prototype({variant("f_all", range("N", 1, 9))})).empty());
  // A prototype with no variant yet passes verify_function (item 5).
  EXPECT_TRUE(verify(*prototype({})).empty());
}

TEST(HirDispatch, APatternOnADimVarOfNoParameterIsRejected) {
  // M is in no parameter shape (only the return type, say): not a dispatch subject.
  hir::HirFunctionRef v = variant("f_small", range("M", 1, 9));
  std::vector<Diagnostic> d = verify(*v);
  ASSERT_EQ(d.size(), 1u) << only_message(d);
  EXPECT_EQ(d[0].message,
            "variant f_small: DimVarRangePat(\"M\", 1, 9) names DimVar 'M', which is not a shape "
            "entry of any of "
            "its parameters (Tensor[(N,), f32])");
  EXPECT_EQ(d[0].ir_path, "f_small.specializations[0]");
  EXPECT_EQ(d[0].category, DiagCategory::Type);
}

TEST(HirDispatch, APatternOutsideTheEnvelopeIsRejected) {
  std::vector<Diagnostic> d = verify(*variant("f_small", range("N", 0, 5)));
  EXPECT_EQ(only_message(d),
            "variant f_small: DimVarRangePat(\"N\", 0, 5) is not inside the envelope [1, 9) of "
            "DimVar 'N' "
            "(parameter 'x', axis 0)");
  EXPECT_TRUE(verify(*variant("f_small", range("N", 1, 9))).empty());
  EXPECT_TRUE(verify(*variant("f_small", range("N", 8, 9))).empty());
}

TEST(HirDispatch, AVariantMustMatchItsBase) {
  // The base's name.
  EXPECT_EQ(only_message(verify(*prototype({variant("f_all", range("N", 1, 9), "g")}))),
            "variant f_all of prototype f names 'g' as its base");
  // Its parameter types.
  hir::HirFunctionRef other =
      variant("f_all", range("N", 1, 9), "f", tensor({ShapeDim(kN), 2}, DType::f32()));
  std::vector<Diagnostic> d = verify(*prototype({other}));
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].message,
            "variant f_all of prototype f takes (Tensor[(N, 2), f32]), but its base takes "
            "(Tensor[(N,), f32]); a "
            "variant specializes the body only");
  EXPECT_EQ(d[0].ir_path, "f.variants[0]");
  // Its return type.
  VarRef x = var("x", vec(kN));
  hir::HirFunctionRef f =
      hir::Function::make_prototype("f", {x}, tensor({ShapeDim(kN)}, DType::f16()),
                                    {variant("f_all", range("N", 1, 9))})
          .value();
  EXPECT_EQ(only_message(verify(*f)),
            "variant f_all of prototype f returns Tensor[(N,), f32], but its base returns "
            "Tensor[(N,), f16]");
}

TEST(HirDispatch, TwoVariantsWithOneSignatureAreRejected) {
  std::vector<Diagnostic> d =
      verify(*prototype({variant("f_a", range("N", 1, 9)), variant("f_b", range("N", 1, 9))}));
  ASSERT_GE(d.size(), 1u);
  EXPECT_EQ(d[0].message,
            "variants f_a and f_b of prototype f have the same specialization signature N$1_9");
  EXPECT_EQ(d[0].ir_path, "f.variants[1]");
}

TEST(HirDispatch, VariantsNameOneDimVarOfTheBaseParameters) {
  DimVarRef m = test::dim("M", 1, 9);
  IRType two = tensor({ShapeDim(kN), ShapeDim(m)}, DType::f32());
  hir::HirFunctionRef a = variant("f_a", range("N", 1, 9), "f", two);
  hir::HirFunctionRef b = variant("f_b", range("M", 1, 9), "f", two);
  hir::HirFunctionRef f = hir::Function::make_prototype("f", {var("x", two)}, two, {a, b}).value();
  EXPECT_EQ(only_message(verify(*f)),
            "prototype f: its variants dispatch on DimVar 'N' (f_a (DimVarRangePat(\"N\", 1, 9))) "
            "and DimVar 'M' "
            "(f_b (DimVarRangePat(\"M\", 1, 9))); all of a prototype's variants name one DimVar");
  // A DimVar no parameter has: item 3 on the variant, and the partition's own message.
  std::vector<Diagnostic> d = verify(*prototype({variant("f_k", range("K", 1, 9))}));
  EXPECT_EQ(messages(d),
            (std::vector<std::string>{"prototype f: its variants dispatch on DimVar 'K', which is "
                                      "not a shape entry of any of its "
                                      "parameters (Tensor[(N,), f32])",
                                      "variant f_k: DimVarRangePat(\"K\", 1, 9) names DimVar 'K', "
                                      "which is not a shape entry of any of "
                                      "its parameters (Tensor[(N,), f32])"}));
}

TEST(HirDispatch, TheRangesPartitionTheEnvelope) {
  const std::string head =
      "prototype f: its variants do not partition the envelope [1, 9) of DimVar 'N': ";
  // Gap (HIR reference program 11: [1, 5) and [6, 9)).
  EXPECT_EQ(only_message(verify(
                *prototype({variant("f_a", range("N", 1, 5)), variant("f_b", range("N", 6, 9))}))),
            head +
                "gap [5, 6) between f_a (DimVarRangePat(\"N\", 1, 5)) and f_b "
                "(DimVarRangePat(\"N\", 6, 9))");
  // Overlap ([1, 6) and [5, 9)).
  EXPECT_EQ(only_message(verify(
                *prototype({variant("f_b", range("N", 5, 9)), variant("f_a", range("N", 1, 6))}))),
            head +
                "overlap [5, 6) of f_a (DimVarRangePat(\"N\", 1, 6)) and f_b "
                "(DimVarRangePat(\"N\", 5, 9))");
  // Short coverage at either end.
  EXPECT_EQ(only_message(verify(*prototype({variant("f_a", range("N", 2, 9))}))),
            head +
                "they start at 2 (f_a (DimVarRangePat(\"N\", 2, 9))), so [1, 2) is covered by no "
                "variant");
  EXPECT_EQ(
      only_message(
          verify(*prototype({variant("f_a", range("N", 1, 5)), variant("f_b", range("N", 5, 8))}))),
      head +
          "they end at 8 (f_b (DimVarRangePat(\"N\", 5, 8))), so [8, 9) is covered by no variant");
  // Each problem is its own diagnostic; a range inside another overlaps it.
  std::vector<Diagnostic> d =
      verify(*prototype({variant("f_a", range("N", 2, 6)), variant("f_b", range("N", 3, 4)),
                         variant("f_c", range("N", 7, 8))}));
  EXPECT_EQ(messages(d),
            (std::vector<std::string>{head + "they start at 2 (f_a (DimVarRangePat(\"N\", 2, 6))), "
                                             "so [1, 2) is covered by no variant",
                                      head + "overlap [3, 4) of f_a (DimVarRangePat(\"N\", 2, 6)) "
                                             "and f_b (DimVarRangePat(\"N\", 3, 4))",
                                      head + "gap [6, 7) between f_a (DimVarRangePat(\"N\", 2, 6)) "
                                             "and f_c (DimVarRangePat(\"N\", 7, 8))",
                                      head + "they end at 8 (f_c (DimVarRangePat(\"N\", 7, 8))), "
                                             "so [8, 9) is covered by no variant"}));
}

TEST(HirDispatch, VariantBodiesAreVerified) {
  // A stale stored type inside a variant body is reported at the variant's path.
  VarRef x = var("x", vec(kN));
  Op add = *tables().registry().find("hir.math.Binary");
  CallRef bad = Call::make(add, {x, x}, {{"kind", enum_attr(BinaryKind::Add)}},
                           tensor({ShapeDim(kN)}, DType::f16()))
                    .value();
  hir::HirFunctionRef v =
      hir::Function::make_variant("f_all", "f", {x}, bad, {}, range("N", 1, 9)).value();
  hir::HirFunctionRef f = hir::Function::make_prototype("f", {var("x", vec(kN))},
                                                        tensor({ShapeDim(kN)}, DType::f16()), {v})
                              .value();
  std::vector<Diagnostic> d = verify(*f);
  ASSERT_EQ(d.size(), 1u) << only_message(d);
  EXPECT_EQ(d[0].ir_path, "f_all.body");
}

// A module holding `functions`, verified.
std::vector<Diagnostic> verify_in_module(std::vector<FunctionRef> functions) {
  ModuleRef m = Module::make("", std::move(functions)).value();
  return verify_module(*m, tables().handlers());
}

TEST(HirDispatch, ModuleRules) {
  hir::HirFunctionRef a = variant("f_a", range("N", 1, 5));
  hir::HirFunctionRef b = variant("f_b", range("N", 5, 9));
  hir::HirFunctionRef f = prototype({a, b});
  EXPECT_TRUE(verify_in_module({a, b, f}).empty());
  // A prototype with neither body nor variants.
  EXPECT_EQ(only_message(verify_in_module({prototype({})})),
            "function f has neither a body nor variants; a prototype needs at least one "
            "`specialize f(...) as "
            "NAME(...)`");
  // A variant no prototype of the module holds (HIR reference program 11: a top-level
  // variant).
  EXPECT_EQ(only_message(verify_in_module({a})),
            "variant f_a (of 'f') is a top-level function that no prototype of the module holds; "
            "variants live "
            "inside their base");
  // A variant that is not the module function of its name.
  EXPECT_EQ(only_message(verify_in_module({a, f})),
            "variant f_b of prototype f is not the module's function @f_b, so a call @f_b(...) "
            "does not reach it");
  hir::HirFunctionRef copy = variant("f_b", range("N", 5, 9));
  EXPECT_EQ(verify_in_module({a, copy, f}).size(), 2u)
      << "f_b is another object; the copy is an orphan too";
}

TEST(HirDispatch, AVariantIsVerifiedOnceInAModule) {
  VarRef x = var("x", vec(kN));
  Op add = *tables().registry().find("hir.math.Binary");
  CallRef bad = Call::make(add, {x, x}, {{"kind", enum_attr(BinaryKind::Add)}},
                           tensor({ShapeDim(kN)}, DType::f16()))
                    .value();
  hir::HirFunctionRef v =
      hir::Function::make_variant("f_all", "f", {x}, bad, {}, range("N", 1, 9)).value();
  hir::HirFunctionRef f = hir::Function::make_prototype("f", {var("x", vec(kN))},
                                                        tensor({ShapeDim(kN)}, DType::f16()), {v})
                              .value();
  std::vector<Diagnostic> d = verify_in_module({v, f});
  ASSERT_EQ(d.size(), 1u) << only_message(d);
  EXPECT_EQ(d[0].ir_path, "f_all.body");
}

TEST(HirDispatch, ReadPrototypesVerifyAndCallsResolve) {
  Result<text::ReadFile> f =
      text::read_file(R"(tfir 1
dim N = DimVar("N", 1, 9)

func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype

specialize f(DimVarRangePat("N", 1, 5)) as f_small(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = add(x, x)
    return y
}

specialize f(DimVarRangePat("N", 5, 9)) as f_large(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = mul(x, x)
    return y
}

func main(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    a = @f(x)
    b = @f_small(a)
    return b
}
)",
                      "d.tfir", tables());
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  EXPECT_TRUE(verify_module(*f->module, tables().handlers()).empty());
}

}  // namespace
}  // namespace tf
