// Fuzz target: any bytes as a conformance case file, run as `tf conform` runs one (read as far
// as it goes, case blocks, input and expected literals, the HIR evaluator, the judgement) with
// small budgets: 64 MiB of tensors and 20,000 steps per case. A finding (fuzz_target.h): a case
// the runner reports as crashed (an internal error or an exception inside it), a file-level
// diagnostic without a place, or anything that kills the process.
//   corpus: fuzz/corpus/case_file (case files of every expectation kind)
#include <cstddef>
#include <cstdint>
#include <string>

#include "conformance/suite.h"
#include "eval/hir/eval_tables.h"
#include "fuzz/libfuzzer/fuzz_target.h"

namespace {

const tf::conformance::SuiteOptions& options() {
  static const tf::conformance::SuiteOptions o = [] {
    tf::conformance::SuiteOptions s;
    s.context = &tf::eval::eval_context();
    s.limits.max_memory_bytes = std::int64_t{64} << 20;
    s.limits.max_steps = 20'000;
    return s;
  }();
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  tf::conformance::SuiteRun run;
  // npy("...") paths start in a folder that does not exist: a fuzzed case reads no files.
  tf::conformance::run_source(text, "no-such-folder/fuzz.tfir", options(), run);
  for (const tf::conformance::CaseOutcome& o : run.outcomes)
    if (o.status == tf::conformance::CaseOutcome::Status::Crashed)
      tf::fuzz::finding("case_file", "case '" + o.name + "' crashed: " + o.reason);
  tf::fuzz::require_placed("case_file", run.bad_input);
  return 0;
}
