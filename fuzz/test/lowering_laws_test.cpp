// Laws of the lowering (lower/) over generated HIR programs restricted to what it has rules for
// (HirGenOptions::lowerable_only: binaries with broadcasting and literals, unaries, casts in the
// default mode, reductions, softmax, matmul, clamp, full_like, reshapes, transposes and slices of static shapes, grid loops with and
// without carries, calls, over f32 / f16 / bf16 / integer / bool tensors with static and symbolic
// extents, one value or a tuple returned), each function run on seeded random inputs:
//  - every function lowers: nothing of the subset is refused, and the pipeline's verification
//    after each pass passes;
//  - the lowered program run by the TIR machine model gives the same bits as the HIR evaluator
//    on the same inputs, NaN as one class (D5: a NaN's sign and payload follow the operand
//    order the compiled arithmetic happened to use), and the machine model reports no undefined
//    behaviour, in the default thread order and (half the runs) a seeded random one;
//  - where the HIR evaluation fails (an integer division by zero, a callee's DimVar its arguments
//    do not bind), the lowered program fails too, with an evaluation error and never a UB
//    report, or the lowering refuses the function (never with an internal error).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/tensor_convert.h"
#include "lower/pipeline.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/gen/hir_program_gen.h"
#include "fuzz/props/lowering_props.h"
#include "ir/hir/function.h"
#include "ir/support/testing/law_runner.h"
#include "ir/text/file_reader.h"
#include "ir/verify/module_verify.h"

namespace tf::fuzz {
namespace {

TF_LAW(LoweringLaws, LoweredProgramsComputeWhatTheHirComputes, ()) {
  const HirProgram p = *gen_hir_program(HirGenOptions{.lowerable_only = true});
  RC_CLASSIFY(p.text().find("= for ") != std::string::npos, "with a loop");
  RC_CLASSIFY(p.text().find("@") != std::string::npos, "with a call");
  RC_CLASSIFY(p.text().find("softmax(") != std::string::npos, "with a softmax");
  RC_CLASSIFY(p.text().find("matmul(") != std::string::npos, "with a matmul");
  check_lowered_program(p);
}

// The sharded rule (HirGenOptions::sharded): the same law on programs whose functions end by
// distributing a value over a mesh of threads, CTAs or both.
TF_LAW(LoweringLaws, ShardedProgramsComputeWhatTheHirComputes, ()) {
  const HirProgram p = *gen_hir_program(HirGenOptions{.lowerable_only = true, .sharded = true});
  RC_CLASSIFY(p.text().find("storage=smem") != std::string::npos, "a reshard into smem");
  RC_CLASSIFY(p.text().find("storage=gmem") != std::string::npos, "a reshard into gmem");
  RC_CLASSIFY(p.text().find("Topology(\"cta\"") != std::string::npos, "a mesh over CTAs");
  RC_CLASSIFY(p.text().find("= for ") != std::string::npos, "with a loop");
  check_lowered_program(p);
}

// The MMA rule (pass hir-to-tir-mma) on 16 seeded tilings (M, N in {64, 128}, K in {32, 64,
// 96, 128}) of random bf16 inputs, against a model of the atom's accumulation written here: per
// output element an f32 accumulator from 0, per 16-deep step the accumulator plus the step's
// exact products rounded once to f32 (the machine model's `exact` mma mode), then the f32 rounded
// once to bf16. Not HIR's matmul: HIR rounds once after the whole sum, which differs in the last
// bf16 bit on 2 of these 16 (docs/lowering.md, "The MMA rule"). A fixed set rather than a law:
// one run costs a tenth of a second, too much for 10,000.
TEST(LoweringLaws, TheMmaRuleAccumulatesAsTheAtomDoesOnRandomTiles) {
  const Context& ctx = eval::eval_context();
  Result<std::unique_ptr<lower::PassManager>> pm =
      lower::make_pipeline({"hir-to-tir-mma", "reduce-workspaces", "host-entry", "named-barriers"}, {});
  ASSERT_TRUE(pm.ok());
  for (std::uint64_t seed = 0; seed < 16; ++seed) {
    const std::int64_t m = 64 * (1 + static_cast<std::int64_t>(seed % 2)), n = 64 * (1 + static_cast<std::int64_t>(seed / 2 % 2)),
                       k = 32 * (1 + static_cast<std::int64_t>(seed / 4 % 4));
    const std::string source = fmt::format(
        "tfir 1\nfunc f(a: Tensor[({0}, {2}), bf16], b: Tensor[({2}, {1}), bf16]) -> Tensor[({0}, {1}), bf16] {{\n"
        "    c = matmul(a, b)\n    return c\n}}\n", m, n, k);
    Result<text::ReadFile> file = text::read_file(source, "mma.tfir", ctx);
    ASSERT_TRUE(file.ok());
    const auto* fn = file->module->functions().front()->as<hir::Function>();
    ASSERT_NE(fn, nullptr);
    Result<std::vector<eval::Value>> inputs = random_inputs(*fn, seed, {});
    ASSERT_TRUE(inputs.ok());
    Result<ModuleRef> lowered = (*pm)->run(file->module, ctx);
    ASSERT_TRUE(lowered.ok()) << lowered.diagnostics().front().render();
    ASSERT_NE((*lowered)->find_declaration("lower_mma_block"), nullptr) << m << "x" << k << "x" << n << " did not take the MMA rule";
    const auto* entry = function_as<tir::PrimFunction>((*lowered)->find("f"));
    ASSERT_NE(entry, nullptr);
    std::vector<eval::Tensor> tensors;
    for (const eval::Value& v : *inputs) tensors.push_back(v.tensor());
    Result<eval::tir::TirRun> tir = eval::tir::evaluate_prim_function(**lowered, *entry, tensors, {});
    ASSERT_TRUE(tir.ok()) << tir.diagnostics().front().render();
    // The atom's accumulation, modelled.
    const std::vector<float> a = eval::to_f32(tensors[0]), b = eval::to_f32(tensors[1]);
    std::vector<float> sums(static_cast<std::size_t>(m * n));
    for (std::int64_t i = 0; i < m; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        float acc = 0.0f;
        for (std::int64_t q = 0; q < k; q += 16) {
          double s = acc;  // bf16 products are exact in double, and so is this sum of 17 terms
          for (std::int64_t p = q; p < q + 16; ++p)
            s += static_cast<double>(a[static_cast<std::size_t>(i * k + p)]) * static_cast<double>(b[static_cast<std::size_t>(p * n + j)]);
          acc = static_cast<float>(s);
        }
        sums[static_cast<std::size_t>(i * n + j)] = acc;
      }
    const eval::Tensor want = eval::from_f32(DType::bf16(), {m, n}, sums);
    const eval::Verdict v = eval::compare_tensors(tir->outputs[0], want, eval::Comparator{});
    EXPECT_TRUE(v.passed) << m << "x" << k << "x" << n << ": " << v.message;
  }
}

}  // namespace
}  // namespace tf::fuzz
