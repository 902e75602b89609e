// The lowering's refusals for what it cannot finish (lower/lowering_limits.h, lower/call_graph.h):
// recursion named by its cycle at the call, calls nested deeper than the HIR evaluator runs, an
// exponential inlining, kernels nesting more lets than a TIR body may, values nested deeper than
// the rules recurse. Each input is issue 34's (findings 3 and 7), generated here; each used to
// crash or hang the lowering, and each is now refused in a fraction of a second or lowers.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_walk.h"
#include "ir/verify/module_verify.h"
#include "lower/lowering_limits.h"
#include "lower/pipeline.h"

namespace tf::lower {
namespace {

const Context& ctx() { return text::standard_context(); }

struct Lowered {
  ModuleRef module;               ///< null when refused
  std::vector<Diagnostic> diags;  ///< the refusals
};

// `source` read (it must read and verify: HIR allows all of these) and run through the default
// pipeline.
Lowered lower(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.diagnostics().front().render());
  if (!f.ok()) return {};
  EXPECT_FALSE(has_error(verify_module(*f->module, ctx().handlers())));
  Result<std::unique_ptr<PassManager>> pm = make_pipeline(default_pipeline(), {});
  EXPECT_TRUE(pm.ok());
  Result<ModuleRef> out = (*pm)->run(f->module, ctx());
  if (!out.ok()) return {nullptr, out.diagnostics()};
  return {*out, {}};
}

const char* const kHeader = "tfir 1\n";

// func NAME(x: (4,) f32) -> (4,) f32 { BODY; return RESULT }, BODY one binding a line.
std::string func(const std::string& name, const std::vector<std::string>& body, const std::string& result) {
  std::string s = fmt::format("\nfunc {}(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {{\n", name);
  for (const std::string& b : body) s += "    " + b + "\n";
  return s + "    return " + result + "\n}\n";
}

// f0 = relu(x); f_k calls f_{k-1} (twice, one on the other's result, when `doubled`).
std::string call_chain(int n, bool doubled) {
  std::string s = kHeader + func("f0", {"y = relu(x)"}, "y");
  for (int k = 1; k <= n; ++k) {
    std::vector<std::string> body{fmt::format("a = @f{}(x)", k - 1)};
    if (doubled) body.push_back(fmt::format("b = @f{}(a)", k - 1));
    s += func(fmt::format("f{}", k), body, doubled ? "b" : "a");
  }
  return s;
}

const Diagnostic* refusal_in(const Lowered& l, const std::string& fn) {
  for (const Diagnostic& d : l.diags)
    if (d.message.find(fmt::format(" in @{} to TIR", fn)) != std::string::npos) return &d;
  return nullptr;
}

TEST(LoweringLimits, AFunctionCallingItselfIsRefusedAtTheCallNamingTheCycle) {
  const Lowered l = lower(kHeader + func("f", {"y = @f(x)"}, "y"));
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.diags[0].render(),
            "t.tfir:4:5: error[usage]: cannot lower the call of @f (binding `y`) in @f to TIR: it closes the call cycle "
            "f -> f, and the lowering inlines every call: a recursive one would be inlined without end (HIR keeps "
            "recursion legal; its evaluator stops it at 200 nested calls)");
}

// The cycle is reported once, at the call that closes it, however many functions reach it.
TEST(LoweringLimits, FunctionsCallingEachOtherAreRefusedOnceAtTheCallClosingTheCycle) {
  const Lowered l = lower(kHeader + func("main", {"y = @f(x)", "z = relu(y)"}, "z") + func("f", {"y = @g(x)"}, "y") +
                          func("g", {"y = @f(x)"}, "y"));
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.diags[0].location.str(), "t.tfir:15:5");
  EXPECT_EQ(l.diags[0].message,
            "cannot lower the call of @f (binding `y`) in @g to TIR: it closes the call cycle f -> g -> f, and the "
            "lowering inlines every call: a recursive one would be inlined without end (HIR keeps recursion legal; its "
            "evaluator stops it at 200 nested calls)");
}

// f40 calls f39 twice, ... : 2^40 inlined bodies, refused from the call graph before any inlining;
// the functions whose kernels would pass the let nesting are refused while they lower.
TEST(LoweringLimits, FortyLevelsOfDoubledCallsAreRefusedNotInlined) {
  const Lowered l = lower(call_chain(40, /*doubled=*/true));
  ASSERT_FALSE(l.module);
  EXPECT_EQ(l.diags.size(), 30u);  // f11 to f40; f0 to f10 lower
  const Diagnostic* f40 = refusal_in(l, "f40");
  ASSERT_NE(f40, nullptr);
  EXPECT_EQ(f40->render(),
            "t.tfir:243:5: error[usage]: cannot lower the call of @f39 (binding `a`) in @f40 to TIR: with its callees' "
            "bodies inlined (every call inlines its callee's body again), @f40's kernel would lower more than 100000 "
            "HIR values (@f39 alone lowers more), the lowering's budget per kernel");
  const Diagnostic* f11 = refusal_in(l, "f11");
  ASSERT_NE(f11, nullptr);
  EXPECT_EQ(f11->render(),
            "t.tfir:70:5: error[usage]: cannot lower the call of @f10 (binding `b`) in @f11 to TIR: its kernel would "
            "nest more than 1999 lets (each TIR binding's let holds the rest of its body); a TIR body nests at most 2000 "
            "(the most the tfir reader reads back), and reduce-workspaces may add one (every call inlines its callee's body: "
            "4000 calls inlined so far)");
  EXPECT_EQ(refusal_in(l, "f10"), nullptr);
}

// A chain of 5,000 calls nests deeper than the 200 calls the HIR evaluator runs (an eval error
// there): each function past 199 calls is refused at its call, in linear time. It took minutes.
TEST(LoweringLimits, CallsNestedDeeperThanTheHirEvaluatorRunsAreRefused) {
  const Lowered l = lower(call_chain(5000, /*doubled=*/false));
  ASSERT_EQ(l.diags.size(), 4801u);  // f200 to f5000
  EXPECT_EQ(l.diags[0].render(),
            "t.tfir:1004:5: error[usage]: cannot lower the call of @f199 (binding `a`) in @f200 to TIR: the calls from "
            "@f200 nest 201 deep (@f200 -> @f199 -> @f198 -> @f197 -> ...), deeper than the 200 the HIR evaluator runs "
            "(an eval error there), so they are not inlined");
  EXPECT_EQ(refusal_in(l, "f199"), nullptr);
}

// 200 nested calls, the HIR evaluator's most, lower: @f199's kernel inlines all of them.
TEST(LoweringLimits, TwoHundredNestedCallsLower) {
  const Lowered l = lower(call_chain(199, /*doubled=*/false));
  ASSERT_TRUE(l.module) << (l.diags.empty() ? "" : l.diags.front().render());
  EXPECT_NE(l.module->find("f199_kernel"), nullptr);
}

std::string split(int parts) {
  return fmt::format("tfir 1\nfunc f(x: Tensor[({0},), f32]) -> Tensor[(1,), f32] {{\n    p = split(x, axis=0, "
                     "num_splits={0})\n    a = tuple_get_item(p, index=0)\n    return a\n}}\n",
                     parts);
}

// 4,096 views nest 4,096 lets: more than a TIR body may (tir::kMaxLetNesting).
// It crashed the lowering's rewrite of the kernel (one frame per let).
TEST(LoweringLimits, ASplitInto4096PartsIsRefusedAtTheSplit) {
  const Lowered l = lower(split(4096));
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.diags[0].render(),
            "t.tfir:3:5: error[usage]: cannot lower hir.tensor.Split (binding `p`) in @f to TIR: its kernel would nest "
            "more than 1999 lets (each TIR binding's let holds the rest of its body); a TIR body nests at most 2000 (the "
            "most the tfir reader reads back), and reduce-workspaces may add one");
}

// Finding 7: the 1,024-way split lowered, its lets nested 1,024 deep, and `tf eval` could not read
// what `tf lower` printed (the reader stopped at 1,000). It prints and reads back to the same
// module: the reader reads a chain of lets without recursion, as deep as the lowering makes one.
TEST(LoweringLimits, ASplitInto1024PartsLowersAndItsTextReadsBack) {
  Result<text::ReadFile> f = text::read_file(split(1024), "t.tfir", ctx());
  ASSERT_TRUE(f.ok());
  const Lowered l = lower(split(1024));
  ASSERT_TRUE(l.module) << (l.diags.empty() ? "" : l.diags.front().render());
  const auto* kernel = function_as<tir::PrimFunction>(l.module->find("f_kernel"));
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(tir::let_nesting(tir::Stmt(kernel->body().get())), 1024u);
  const std::string text = text::print_derived_module(*f, *l.module);
  Result<text::ReadFile> again = text::read_file(text, "lowered.tfir", ctx());
  ASSERT_TRUE(again.ok()) << again.diagnostics().front().render();
  EXPECT_FALSE(has_error(verify_module(*again->module, ctx().handlers())));
  EXPECT_EQ(text::print_derived_module(*again, *again->module), text);
}

// The most bindings an HIR body holds (1,000, a chain as lower_bench lowers) fit the let nesting.
TEST(LoweringLimits, AFunctionOfAThousandBindingsLowers) {
  std::vector<std::string> body{"v0 = add(x, x)"};
  for (int i = 1; i < 1000; ++i) body.push_back(fmt::format("v{} = {}(v{}, x)", i, i % 2 == 0 ? "add" : "mul", i - 1));
  const Lowered l = lower(kHeader + func("f", body, "v999"));
  ASSERT_TRUE(l.module) << (l.diags.empty() ? "" : l.diags.front().render());
}

// Adversarial pass 2, F1: rows of 2^63 - 1 elements, or of 2^32 x 2^32, were an internal error
// (the grid rule's layout of more than 2^63 elements); such a function has no grid plan and is
// lowered by the serial rule (tf emit then refuses the tensor it cannot size, with exit 2).
TEST(LoweringLimits, RowsPastSixtyFourBitsAreNoInternalError) {
  for (const std::string shape : {"(9223372036854775807,)", "(4294967296, 4294967296)", "(6917529027641081856,)"}) {
    const Lowered l = lower(fmt::format("tfir 1\nfunc f(x: Tensor[{0}, f32]) -> Tensor[{0}, f32] {{\n    y = add(x, x)\n    return y\n}}\n", shape));
    EXPECT_TRUE(l.module) << shape << ": " << (l.diags.empty() ? "" : l.diags.front().render());
  }
}

// 990 softmaxes in a row crashed the TIR verifier (one frame per nested let); the kernel nests
// about 10 lets per softmax, so it is refused where it passes the most a TIR body may nest.
TEST(LoweringLimits, AChainOf990SoftmaxesIsRefusedWhereItsLetsNestTooDeep) {
  std::vector<std::string> body{"y0 = softmax(x, axis=-1)"};
  for (int k = 1; k < 990; ++k) body.push_back(fmt::format("y{} = softmax(y{}, axis=-1)", k, k - 1));
  const Lowered l = lower(kHeader + func("f", body, "y989"));
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.diags[0].location.str(), "t.tfir:403:5");
  EXPECT_EQ(l.diags[0].message,
            "cannot lower hir.nn.SoftMax (binding `y399`) in @f to TIR: its kernel would nest more than 1999 lets (each "
            "TIR binding's let holds the rest of its body); a TIR body nests at most 2000 (the most the tfir reader "
            "reads back), and reduce-workspaces may add one");
}

// Six functions of 990 chained bindings each calling the previous: the values nest 990 deep per
// function through the inlined calls, refused where they pass what the rules recurse through (g2
// on), before a let is made.
TEST(LoweringLimits, ValuesNestedDeeperThanTheRulesRecurseAreRefused) {
  std::string source = kHeader;
  for (int k = 0; k < 6; ++k) {
    std::vector<std::string> body;
    std::string last = "x";
    if (k > 0) {
      body.push_back(fmt::format("c = @g{}(x)", k - 1));
      last = "c";
    }
    for (int i = 0; i < 990; ++i) {
      body.push_back(fmt::format("v{} = relu({})", i, last));
      last = fmt::format("v{}", i);
    }
    source += func(fmt::format("g{}", k), body, last);
  }
  const Lowered l = lower(source);
  ASSERT_FALSE(l.module);
  const Diagnostic* g3 = refusal_in(l, "g3");
  ASSERT_NE(g3, nullptr);
  EXPECT_EQ(g3->message,
            "cannot lower hir.nn.ReLU (binding `v471`) in @g3 to TIR: its operands nest deeper than 2500 values (each "
            "operand lowered before its user, and each inlined call, adds a level), and the lowering recurses through "
            "them");
  EXPECT_EQ(refusal_in(l, "g1"), nullptr);
}

}  // namespace
}  // namespace tf::lower
