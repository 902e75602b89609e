// Fuzz target: any bytes as a tfir program; when it reads and verifies, every HIR function of it
// runs through the reference evaluator (what `tf eval` does) on seeded random inputs, every
// DimVar bound inside its envelope (fuzz/gen/eval_inputs.h), with small budgets: 64 MiB of
// tensors and 20,000 steps, and is lowered to TIR (what `tf lower --fn` does). A finding
// (fuzz_target.h): an evaluation that fails with an internal error or without a place, a lowering
// that fails with an internal error (a pass whose result does not verify), or anything that
// kills the process (an uncaught exception included).
//   corpus: fuzz/corpus/hir_eval (generated programs and the evaluator's conformance programs)
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/value/memory_budget.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/libfuzzer/fuzz_target.h"
#include "ir/verify/read_and_verify.h"
#include "lower/pipeline.h"

namespace {

constexpr std::int64_t kMaxMemory = std::int64_t{64} << 20;
constexpr std::int64_t kMaxSteps = 20'000;

void run_function(const tf::Module& module, const tf::hir::Function& fn, std::uint64_t seed) {
  tf::eval::HirEvalOptions options;
  options.handlers = &tf::eval::eval_context().handlers();
  options.dims = tf::fuzz::dims_for(fn, seed);
  options.limits = {kMaxMemory, kMaxSteps};
  tf::eval::MemoryBudgetScope memory(kMaxMemory);  // the inputs count too
  tf::Result<std::vector<tf::eval::Value>> inputs = [&]() -> tf::Result<std::vector<tf::eval::Value>> {
    try {
      return tf::fuzz::random_inputs(fn, seed, options.dims);
    } catch (const tf::eval::MemoryBudgetExceeded&) {
      return tf::category_error(tf::DiagCategory::Eval, "inputs over the budget");
    }
  }();
  if (!inputs.ok()) return;  // a parameter type no literal builds: nothing to run
  tf::Result<tf::eval::Value> r = tf::eval::evaluate_function(module, fn, std::move(inputs).value(), options);
  if (!r.ok()) tf::fuzz::require_placed("hir_eval", r.diagnostics(), /*ir_path_will_do=*/true);
}

void lower_function(const tf::Module& module, const tf::hir::Function& fn) {
  tf::Result<tf::ModuleRef> lowered = tf::lower::lower_function(module, fn.name(), tf::eval::eval_context());
  if (lowered.ok()) return;
  for (const tf::Diagnostic& d : lowered.diagnostics())
    if (d.category == tf::DiagCategory::Internal) tf::fuzz::finding("hir_eval", "the lowering failed:\n" + d.render());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tf::CheckedFile c = tf::read_and_verify(text, "fuzz.tfir", tf::eval::eval_context());
  if (!c.file || tf::has_error(c.diagnostics())) return 0;
  for (const tf::FunctionRef& g : c.file->module->functions()) {
    if (g->kind() != tf::FunctionKind::Hir) continue;
    const auto& fn = static_cast<const tf::hir::Function&>(*g);
    if (fn.is_variant() || fn.is_prototype()) continue;
    run_function(*c.file->module, fn, size);
    lower_function(*c.file->module, fn);
  }
  return 0;
}
