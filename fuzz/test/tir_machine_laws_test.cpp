// Laws of the TIR machine model over generated race-free kernels (fuzz/gen/tir_program_gen.h,
// gen_race_free_kernel): grids of 1-3 CTAs of 32-128 threads, each thread on its own rows, with
// register arithmetic, loops and neighbour exchanges through shared memory.
//  - a race-free kernel runs without a report of undefined behaviour (the evaluator's detector
//    is the check: a report on a generated kernel is a generator or a detector bug), and gives
//    the same bits under the deterministic schedule twice and under three seeded schedules;
//  - deleting the Sync of one exchange makes it racy, and the race is reported.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <random>
#include <string>
#include <vector>

#include "eval/hir/eval_tables.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/tensor_convert.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/gen/tir_program_gen.h"
#include "ir/support/testing/law_runner.h"
#include "ir/text/file_reader.h"
#include "ir/verify/module_verify.h"

namespace tf::fuzz {
namespace {

struct Outcome {
  std::string kind;  ///< "ok", a ub.* id, or the rendered error
  std::vector<eval::Tensor> outputs;
};

// The generated program read and verified (it must: the generator builds valid text).
text::ReadFile read_checked(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "generated.tfir", eval::eval_context());
  if (!f.ok()) RC_FAIL("read: " + f.diagnostics().front().render());
  std::vector<Diagnostic> ds = verify_module(*f->module, eval::eval_context().handlers());
  if (has_error(ds)) RC_FAIL("verify: " + ds.front().render());
  return std::move(f).value();
}

Outcome run(const text::ReadFile& f, const std::vector<eval::Tensor>& inputs, std::uint64_t seed) {
  const auto* fn = dynamic_cast<const tf::tir::PrimFunction*>(f.module->lookup("kernel")->get());
  eval::tir::TirEvalOptions o;
  o.schedule_seed = seed;
  Result<eval::tir::TirRun> r = eval::tir::evaluate_prim_function(*f.module, *fn, inputs, o);
  if (!r.ok()) {
    const Diagnostic& d = r.diagnostics().front();
    return {d.rule_id.rfind("ub.", 0) == 0 ? d.rule_id : "error: " + d.render(), {}};
  }
  return {"ok", r->outputs};
}

std::vector<eval::Tensor> inputs_for(const RaceFreeKernel& k, std::uint64_t seed) { return race_free_inputs(k.rows, k.cols, seed); }

bool same(const Outcome& a, const Outcome& b) {
  if (a.outputs.size() != b.outputs.size()) return false;
  for (std::size_t i = 0; i < a.outputs.size(); ++i)
    if (!eval::same_bits(a.outputs[i], b.outputs[i])) return false;
  return true;
}

TF_LAW(TirMachineLaws, RaceFreeKernelsRunCleanAndScheduleIndependently, ()) {
  RaceFreeKernel k = *gen_race_free_kernel();
  const std::vector<eval::Tensor> inputs = inputs_for(k, *rc::gen::arbitrary<std::uint32_t>());
  const text::ReadFile file = read_checked(k.program.text());
  const Outcome first = run(file, inputs, 0);
  RC_ASSERT(first.kind == std::string("ok"));
  RC_ASSERT(same(first, run(file, inputs, 0)));
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const Outcome again = run(file, inputs, seed);
    RC_ASSERT(again.kind == std::string("ok"));
    RC_ASSERT(same(first, again));
  }
  RC_CLASSIFY(!k.needed_syncs.empty(), "with a shared-memory exchange");
}

TF_LAW(TirMachineLaws, DeletingANeededSyncIsReportedAsARace, ()) {
  RaceFreeKernel k = *gen_race_free_kernel();
  RC_PRE(!k.needed_syncs.empty());
  const std::size_t which = *rc::gen::inRange<std::size_t>(0, k.needed_syncs.size());
  std::vector<TirStmt>& body = k.block_body();
  body.erase(body.begin() + static_cast<std::ptrdiff_t>(k.needed_syncs[which]));
  const Outcome r = run(read_checked(k.program.text()), inputs_for(k, 7), *rc::gen::inRange<std::uint64_t>(0, 4));
  RC_ASSERT(r.kind == std::string("ub.race"));
}

}  // namespace
}  // namespace tf::fuzz
