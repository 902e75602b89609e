// Reading and printing `func` bodies: docs/tfir.md section 5 reads, types and prints back (with the
// types the printer always writes) as a fixed point; bad bodies fail at a position, once.
#include <gtest/gtest.h>

#include "ir/text/standard_context.h"

#include "ir/core/core_ops.h"
#include "ir/core/structural.h"
#include "ir/hir/function.h"
#include "ir/hir/math_ops.h"
#include "ir/text/file_reader.h"
#include "ir/text/test/tfir_contract_examples.h"
#include "ir/type/type_print.h"

namespace tf::text {
namespace {

/// Every op family and the MMA atoms (text::standard_context()).
const Context& tables() { return standard_context(); }

const char* const kDecls = R"(tfir 1
dim N = DimVar("N", 1, 4097)
)";

Result<ReadFile> read(const std::string& body) {
  return read_file(std::string(kDecls) + body, "t.tfir", tables());
}

std::string printed(const std::string& body) {
  Result<ReadFile> f = read(body);
  if (!f.ok()) {
    std::string s;
    for (const Diagnostic& d : f.diagnostics()) s += d.render() + "\n";
    return s;
  }
  return print_file(*f);
}

std::string first_error(const std::string& body) {
  Result<ReadFile> f = read(body);
  if (f.ok()) return "read";
  return f.diagnostics()[0].render();
}

const char* const kScaleAddPrinted = R"(tfir 1
dim N = DimVar("N", 1, 4097)

func scale_add(x: Tensor[(N, 8), f32], y: Tensor[(N, 8), f32]) -> Tensor[(N, 8), f32] {
    two: Tensor[(), f32, storage=umat] = 2.0
    t: Tensor[(N, 8), f32] = mul(x, two)
    s: Tensor[(N, 8), f32] = add(t, y)
    return s
}
)";

const char* const kFibPrinted = R"(tfir 1
dim N = DimVar("N", 1, 4097)

func fib(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r: Tuple[Tensor[(1,), f32], Tensor[(1,), f32]] = for i in range(0, 5, 1) carry (a = x, b = x) {
        c: Tensor[(1,), f32] = add(a, b)
        yield (b, c)
    }
    out: Tensor[(1,), f32] = tuple_get_item(r, index=1)
    return out
}
)";

TEST(HirReader, ContractScaleAddReadsTypesAndPrints) {
  Result<ReadFile> f = read(std::string("\n") + testing::kScaleAdd + "\n");
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const auto* fn = function_as<hir::Function>(f->module->find("scale_add"));
  ASSERT_NE(fn, nullptr);
  EXPECT_EQ(to_string(fn->return_type()), "Tensor[(N, 8), f32]");
  EXPECT_EQ(fn->params().size(), 2u);
  EXPECT_EQ(print_file(*f), kScaleAddPrinted);
  EXPECT_EQ(printed(std::string(kScaleAddPrinted).substr(std::string(kDecls).size())), kScaleAddPrinted);
}

TEST(HirReader, ContractFibLoopReadsAndPrintsAsAFixedPoint) {
  const std::string once = printed(std::string("\n") + testing::kFib + "\n");
  EXPECT_EQ(once, kFibPrinted);
  EXPECT_EQ(printed(std::string(kFibPrinted).substr(std::string(kDecls).size())), kFibPrinted);
}

TEST(HirReader, SharedValuesAreBoundOnceWhereEveryUseSeesThem) {
  // k does not depend on the loop: bound inside while every use is inside, before the loop once
  // a use follows the loop.
  const std::string src = R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r = for i in range(0, N, 2) carry (a = x) {
        k = mul(x, x)
        b = add(a, k)
        yield b
    }
    return r
}
)";
  EXPECT_EQ(printed(src), std::string(kDecls) + R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r: Tensor[(4,), f32] = for i in range(0, N, 2) carry (a = x) {
        k: Tensor[(4,), f32] = mul(x, x)
        b: Tensor[(4,), f32] = add(a, k)
        yield b
    }
    return r
}
)");
  const std::string used_after = R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    k = mul(x, x)
    r = for i in range(0, N, 2) carry (a = x) {
        b = add(a, k)
        yield b
    }
    c = add(r, k)
    return c
}
)";
  EXPECT_EQ(printed(used_after), std::string(kDecls) + R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    k: Tensor[(4,), f32] = mul(x, x)
    r: Tensor[(4,), f32] = for i in range(0, N, 2) carry (a = x) {
        b: Tensor[(4,), f32] = add(a, k)
        yield b
    }
    c: Tensor[(4,), f32] = add(r, k)
    return c
}
)");
}

// A bare literal's name (None, true, false, inf, nan) is the literal: a binding, parameter, loop
// index or carry so named is refused where it is named; backquoted it is a name, which the
// printer writes backquoted, so a NaN literal beside a binding `nan` prints and reads back as
// itself.
TEST(HirReader, ALiteralsNameNamesNoValue) {
  const std::string both = "func f(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    `nan` = add(x, x)\n    y = add(`nan`, nan)\n"
                           "    return y\n}\n";
  const std::string once = printed(both);
  EXPECT_NE(once.find("add(`nan`, nan)"), std::string::npos) << once;
  Result<ReadFile> again = read_file(once, "t.tfir", tables());
  ASSERT_TRUE(again.ok()) << again.diagnostics().front().render();
  EXPECT_EQ(print_file(*again), once);
  EXPECT_EQ(first_error("func f(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    nan = add(x, x)\n    return nan\n}\n"),
            "t.tfir:4:5: error[parse]: 'nan' is a literal and cannot name a binding (write it backquoted, `nan`, to use it as a name)");
  EXPECT_EQ(first_error("func f(inf: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    return inf\n}\n"),
            "t.tfir:3:8: error[parse]: 'inf' is a literal and cannot name a parameter (write it backquoted, `inf`, to use it as a name)");
  EXPECT_EQ(first_error("func f(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {\n    r = for true in range(2) carry (a = x) {\n"
                        "        yield (a)\n    }\n    return r\n}\n"),
            "t.tfir:4:13: error[parse]: 'true' is a literal and cannot name a loop index (write it backquoted, `true`, to use it as a name)");
  EXPECT_EQ(first_error("func f(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {\n    r = for i in range(2) carry (None = x) {\n"
                        "        yield (None)\n    }\n    return r\n}\n"),
            "t.tfir:4:34: error[parse]: 'None' is a literal and cannot name a carry (write it backquoted, `None`, to use it as a name)");
}

// A bound value's node carries its name and place (a value bound twice keeps its first), a
// parameter's Var its place only; the printer writes the names back.
TEST(HirReader, BindingsCarryTheirNameAndPlaceOnTheNode) {
  const std::string src = R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    t = add(x, x)
    u = t
    return u
}
)";
  Result<ReadFile> f = read(src);
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const auto* fn = function_as<hir::Function>(f->module->find("f"));
  ASSERT_NE(fn, nullptr);
  const BindingInfo* t = fn->body()->binding();
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->name, "t");
  EXPECT_EQ(t->location.str(), "t.tfir:5:5");
  const BindingInfo* x = fn->params()[0]->binding();
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->name, "");
  EXPECT_EQ(x->location.str(), "t.tfir:4:8");
  EXPECT_EQ(print_file(*f), std::string(kDecls) + R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    t: Tensor[(4,), f32] = add(x, x)
    return t
}
)");
}

TEST(HirReader, UpstreamAliasSpellingsReadAsTheCanonicalKinds) {
  const std::string src = R"(
func f(x: Tensor[(4,), f32], y: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), bool], Tensor[(4,), f32]] {
    g = cmp_gt(x, y)
    n = logical_not(g)
    m = maximum(x, y)
    return (n, m)
}
)";
  EXPECT_EQ(printed(src), std::string(kDecls) + R"(
func f(x: Tensor[(4,), f32], y: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), bool], Tensor[(4,), f32]] {
    g: Tensor[(4,), bool] = gt(x, y)
    n: Tensor[(4,), bool] = not(g)
    m: Tensor[(4,), f32] = max(x, y)
    return (n, m)
}
)");
}

TEST(HirReader, CallsOfOtherFunctionsAndTupleReturns) {
  const std::string src = R"(
func pair(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(4,), f32]] {
    y = @twice(x)
    return (x, y)
}

func twice(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    y = add(x, x)
    return y
}
)";
  EXPECT_EQ(printed(src), std::string(kDecls) + R"(
func pair(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(4,), f32]] {
    y: Tensor[(4,), f32] = @twice(x)
    return (x, y)
}

func twice(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    y: Tensor[(4,), f32] = add(x, x)
    return y
}
)");
}

TEST(HirReader, LiteralsOfEveryScalarForm) {
  const std::string src = R"(
func f(x: Tensor[(4,), i64]) -> Tensor[(4,), i64] {
    a = 2
    b = bf16(0.5)
    c = fp8e4m3(0x3c)
    d = true
    e = -3
    y = add(x, a)
    return y
}
)";
  const std::string out = printed(src);
  EXPECT_NE(out.find("a: Tensor[(), i64, storage=umat] = 2\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("b: "), std::string::npos) << "unused bindings are not part of the DAG";
  EXPECT_NE(out.find("y: Tensor[(4,), i64] = add(x, a)"), std::string::npos) << out;
}

// Issue 42: `tf check` said "no op is spelled 'softmaxx'" where `tf explain softmaxx` suggested
// softmax. An unknown op, attribute, dtype, value or function gets the nearest names in a note.
TEST(HirReader, UnknownNamesSuggestTheNearest) {
  const std::string f = "\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n";
  EXPECT_EQ(first_error(f + "    y = softmaxx(x, axis=0)\n    return y\n}\n"),
            "t.tfir:5:9: error[parse]: no op is spelled 'softmaxx' in a func (`tf ops` lists them)\n"
            "note: did you mean: softmax");
  EXPECT_EQ(first_error(f + "    y = softmax(x, axs=0)\n    return y\n}\n"),
            "t.tfir:5:24: error[parse]: softmax has no attribute 'axs'\nnote: did you mean: axis");
  EXPECT_EQ(first_error(f + "    y = add(x, xx)\n    return y\n}\n"),
            "t.tfir:5:16: error[parse]: 'xx' is not defined here\nnote: did you mean: x");
  const std::string dtype = first_error("\nfunc f(x: Tensor[(4,), f33]) -> Tensor[(4,), f32] {\n    return x\n}\n");
  EXPECT_TRUE(dtype.starts_with("t.tfir:4:24: error[TYPES.3.DTYPE.from-name-rejects-unknown]: unknown dtype 'f33'"))
      << dtype;
  EXPECT_TRUE(dtype.ends_with("\nnote: did you mean: f32, f16, i32")) << dtype;
  const std::string twice = "\nfunc twice(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = add(x, x)\n"
                            "    return y\n}\n";
  EXPECT_EQ(first_error(twice + f + "    y = @twic(x)\n    return y\n}\n"),
            "t.tfir:10:9: error[parse]: no function @twic in this file\nnote: did you mean: @twice");
}

TEST(HirReader, BadBodiesFailAtAPositionOnce) {
  EXPECT_EQ(first_error("\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = frob(x)\n    return y\n}\n"),
            "t.tfir:5:9: error[parse]: no op is spelled 'frob' in a func (`tf ops` lists them)");
  EXPECT_EQ(first_error("\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = add(x, z)\n    return y\n}\n"),
            "t.tfir:5:16: error[parse]: 'z' is not defined here");
  EXPECT_EQ(first_error("\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y: Tensor[(4,), i32] = add(x, x)\n    return y\n}\n"),
            "t.tfir:5:5: error[type]: 'y' is declared Tensor[(4,), i32], but its value has type Tensor[(4,), f32]");
  EXPECT_EQ(first_error("\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = add(x, x)\n}\n"),
            "t.tfir:6:1: error[parse]: the func body has no return");
  // One error, not one per use of the broken binding.
  Result<ReadFile> f = read("\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = frob(x)\n    z = add(y, y)\n    w = add(z, y)\n    return w\n}\n");
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.diagnostics().size(), 1u);
  // A type error inside an op keeps the op's message and is positioned at the call.
  EXPECT_EQ(first_error("\nfunc f(x: Tensor[(4,), f32], i: Tensor[(4,), i32]) -> Tensor[(4,), f32] {\n    y = add(x, i)\n    return y\n}\n"),
            "t.tfir:5:9: error[type]: hir.math.Binary: dtype mismatch: lhs is f32, rhs is i32; there is no implicit promotion (use full_like or cast)");
}


const char* const kDispatchPrinted = R"(tfir 1
dim N = DimVar("N", 1, 4097)

func main(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    a: Tensor[(N,), f32] = @f(x)
    b: Tensor[(N,), f32] = @f_large(a)
    return b
}

func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype

specialize f(DimVarRangePat("N", 1, 65)) as f_small(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y: Tensor[(N,), f32] = add(x, x)
    return y
}

specialize f(DimVarRangePat("N", 65, 4097)) as f_large(v: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    w: Tensor[(N,), f32] = mul(v, v)
    return w
}
)";

TEST(HirReader, DispatchPrototypesAndVariantsReadAndPrintAsAFixedPoint) {
  // The specializes may come before their prototype and among other items; the printer puts
  // them after the prototype, in source order.
  const std::string src = R"(
specialize f(DimVarRangePat("N", 1, 65)) as f_small(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = add(x, x)
    return y
}

func main(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    a = @f(x)
    b = @f_large(a)
    return b
}

func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype

specialize f(DimVarRangePat("N", 65, 4097)) as f_large(v: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    w = mul(v, v)
    return w
}
)";
  Result<ReadFile> f = read(src);
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const auto* proto = function_as<hir::Function>(f->module->find("f"));
  ASSERT_NE(proto, nullptr);
  EXPECT_TRUE(proto->is_prototype());
  ASSERT_EQ(proto->variants().size(), 2u);
  EXPECT_EQ(proto->variants()[0]->name(), "f_small");
  EXPECT_EQ(proto->variants()[1]->name(), "f_large");
  EXPECT_EQ(proto->variants()[1]->base_name(), "f");
  EXPECT_EQ(to_string(proto->variants()[1]->specializations()[0]), "DimVarRangePat(\"N\", 65, 4097)");
  // Each variant is also the module's function of its name, placed right before its prototype.
  EXPECT_EQ(f->module->find("f_large"), static_cast<const FunctionBase*>(proto->variants()[1].get()));
  std::vector<std::string> order;
  for (const FunctionRef& fn : f->module->functions()) order.push_back(fn->name());
  EXPECT_EQ(order, (std::vector<std::string>{"main", "f_small", "f_large", "f"}));
  EXPECT_EQ(print_file(*f), kDispatchPrinted);
  EXPECT_EQ(printed(std::string(kDispatchPrinted).substr(std::string(kDecls).size())), kDispatchPrinted);
}

TEST(HirReader, BadSpecializationsFailAtAPosition) {
  const std::string proto = "\nfunc f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype\n";
  const std::string body = " -> Tensor[(N,), f32] {\n    return x\n}\n";
  // The base is a function with a body, or no function at all.
  EXPECT_EQ(first_error("\nfunc g(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {\n    return x\n}\n"
                        "specialize g(DimVarRangePat(\"N\", 1, 9)) as g_small(x: Tensor[(N,), f32])" + body),
            "t.tfir:7:12: error[parse]: specialize ... as g_small: 'g' is a function with a body, not a dispatch "
            "prototype; a specialize follows `func g(...) -> R prototype`");
  EXPECT_EQ(first_error("\nspecialize h(DimVarRangePat(\"N\", 1, 9)) as h_small(x: Tensor[(N,), f32])" + body),
            "t.tfir:4:12: error[parse]: specialize ... as h_small: 'h' is no function of this file; a specialize "
            "follows `func h(...) -> R prototype`");
  // The pattern.
  EXPECT_EQ(first_error(proto + "specialize f(N) as f_small(x: Tensor[(N,), f32])" + body),
            "t.tfir:5:14: error[parse]: a specialize selects its variant by DimVarRangePat(\"N\", lo, hi), found 'N'");
  EXPECT_EQ(first_error(proto + "specialize f(DimVarRangePat(\"N\", 5, 5)) as f_small(x: Tensor[(N,), f32])" + body)
                .substr(0, 24),
            "t.tfir:5:14: error[type]");
  EXPECT_EQ(first_error(proto + "specialize f(DimVarRangePat(\"N\", 1, 9), DimVarRangePat(\"N\", 1, 9)) as "
                                "f_small(x: Tensor[(N,), f32])" + body),
            "t.tfir:5:39: error[parse]: a specialize has one pattern: expected ')', found ','");
  // A prototype whose signature fails is reported once, not again by its specializes.
  Result<ReadFile> f = read("\nfunc f(x: Tensor[(N,), f33]) -> Tensor[(N,), f32] prototype\n"
                            "specialize f(DimVarRangePat(\"N\", 1, 9)) as f_small(x: Tensor[(N,), f32])" + body);
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.diagnostics().size(), 1u) << f.diagnostics().back().render();
  // A variant's body is read as a func's.
  EXPECT_EQ(first_error(proto + "specialize f(DimVarRangePat(\"N\", 1, 9)) as f_small(x: Tensor[(N,), f32])"
                                " -> Tensor[(N,), f32] {\n    y = frob(x)\n    return y\n}\n"),
            "t.tfir:6:9: error[parse]: no op is spelled 'frob' in a func (`tf ops` lists them)");
}

// Issue: robust against every input, class 2. Bindings that each read the previous one through
// nested calls make values that nest deeper than the recursive walks (the verifier, the
// evaluator) can take: the reader refuses them with a placed diagnostic instead of a crash.
TEST(HirReader, ValuesNestedTooDeepAreRefusedNotAStackOverflow) {
  auto nested = [](const std::string& v, int n) {
    std::string s = v;
    for (int i = 0; i < n; ++i) s = "add(" + s + ", x)";
    return s;
  };
  std::string body = "func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y0 = add(x, x)\n";
  for (int i = 1; i < 40; ++i)
    body += "    y" + std::to_string(i) + " = " + nested("y" + std::to_string(i - 1), 150) + "\n";
  body += "    return y39\n}\n";
  Result<ReadFile> f = read(body);
  ASSERT_FALSE(f.ok());
  ASSERT_EQ(f.diagnostics().size(), 1u);
  EXPECT_NE(f.diagnostics()[0].message.find("the values of this body nest 5852 deep"),
            std::string::npos)
      << f.diagnostics()[0].render();
  EXPECT_NE(f.diagnostics()[0].message.find("at most 2000"), std::string::npos);
  EXPECT_TRUE(f.diagnostics()[0].location.known());
}

}  // namespace
}  // namespace tf::text
