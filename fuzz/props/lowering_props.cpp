#include "fuzz/props/lowering_props.h"

#include <rapidcheck.h>

#include <string>

#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/props/support.h"
#include "ir/hir/function.h"
#include "ir/support/testing/pick.h"
#include "lower/pipeline.h"

namespace tf::fuzz {
namespace {

// What the functions of one program met, classified once per program.
struct Seen {
  bool hir_fails = false, grid = false, collective = false;
};

void check_function(const text::ReadFile& file, const std::string& source, const hir::Function& fn, std::uint64_t seed,
                    Seen& seen) {
  const Context& ctx = eval::eval_context();
  const std::map<std::string, std::int64_t> dims = dims_for(fn, seed);
  Result<std::vector<eval::Value>> inputs = random_inputs(fn, seed, dims);
  if (!inputs.ok()) fail("the inputs of a generated function do not build", fn.name() + ": " + inputs.diagnostics().front().render());
  const std::vector<eval::Tensor> tensors = tensors_of(*inputs);
  // Half the runs in a seeded random thread order: what the lowering emits is race free, so
  // every order gives the HIR's bits.
  Witness w = function_witness(source, fn, "lowered", tensors, dims, {"output = reference"});
  w.schedule = seed % 2 == 0 ? 0 : seed;
  const std::uint64_t schedule = w.schedule;
  record_witness(std::move(w));

  eval::HirEvalOptions hir_options;
  hir_options.handlers = &ctx.handlers();
  hir_options.dims = dims;
  Result<eval::Value> hir = eval::evaluate_function(*file.module, fn, *inputs, hir_options);
  Result<ModuleRef> lowered = lower::lower_function(*file.module, fn.name(), ctx);
  if (!lowered.ok() && !hir.ok()) {  // a refusal of what HIR cannot evaluate either
    seen.hir_fails = true;
    // The one refusal the subset can meet: a callee's DimVar its arguments do not bind.
    for (const Diagnostic& d : lowered.diagnostics())
      if (d.message.find("which none of its parameters carries") == std::string::npos)
        fail("the lowering refuses a function HIR cannot evaluate, for another reason", "@" + fn.name() + ": " + d.render());
    return;
  }
  if (!lowered.ok()) fail("a function of the lowerable subset does not lower", "@" + fn.name() + ": " + lowered.diagnostics().front().render());
  for (const ModuleDecl& d : (*lowered)->declarations()) {
    seen.grid = seen.grid || d.name.rfind("lower_grid_", 0) == 0;
    seen.collective = seen.collective || d.name.rfind("lower_cta_", 0) == 0;
  }
  eval::tir::TirEvalOptions tir_options;
  tir_options.dims = dims;
  tir_options.schedule_seed = schedule;
  Result<eval::tir::TirRun> tir = eval::tir::evaluate_lowered(*file.module, fn.name(), tensors, tir_options, ctx);
  if (!hir.ok()) {
    seen.hir_fails = true;
    if (tir.ok())
      fail("the HIR evaluation fails but the lowered program computes a value", "@" + fn.name() + ": " + hir.diagnostics().front().render());
    for (const Diagnostic& d : tir.diagnostics())
      if (d.rule_id.rfind("ub.", 0) == 0)
        fail("the HIR evaluation fails and the lowered program reports undefined behaviour", "@" + fn.name() + ": " + d.render());
    return;
  }
  if (!tir.ok()) fail("the lowered program fails", "@" + fn.name() + ": " + tir.diagnostics().front().render());
  const std::vector<eval::Value> want = hir->is_tuple() ? hir->items() : std::vector<eval::Value>{*hir};
  if (want.size() != tir->outputs.size())
    fail("the lowered program has another number of outputs", "@" + fn.name() + ": " + std::to_string(tir->outputs.size()));
  for (std::size_t i = 0; i < want.size(); ++i) {
    const eval::Verdict v = eval::compare_tensors(tir->outputs[i], want[i].tensor(), eval::Comparator{});
    if (!v.passed)
      fail("the lowered program differs from the HIR evaluation", "@" + fn.name() + " output " + std::to_string(i) + ": " + v.message);
  }
}

}  // namespace

void check_lowered_program(const HirProgram& p) {
  const std::uint64_t seed = *rc::gen::inRange<std::uint64_t>(0, 1000);
  Seen seen;
  const text::ReadFile file = read_generated(p.text());
  for (const FunctionRef& g : file.module->functions())
    if (const auto* fn = g->as<hir::Function>()) check_function(file, p.text(), *fn, seed, seen);
  RC_CLASSIFY(seen.hir_fails, "a function whose HIR evaluation fails");
  RC_CLASSIFY(seen.grid, "a function by the grid rule");
  RC_CLASSIFY(seen.collective, "a reduction across rows as a CTA collective");
}

void hir_vs_tir_case() {
  const bool sharded = one_in(2);
  const HirProgram p = *gen_hir_program(HirGenOptions{.lowerable_only = true, .sharded = sharded});
  RC_CLASSIFY(sharded, "with a sharded epilogue");
  check_lowered_program(p);
}

}  // namespace tf::fuzz
