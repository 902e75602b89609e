// Running conformance cases (docs/tfir.md section 7).
//
// A case is judged against what reading and verifying its file reports (every diagnostic of
// read_file and verify_module) and, at level hir, against the HIR evaluator:
//  - `expect error RULE.ID` passes when a read, verify or evaluation diagnostic carries exactly
//    that id (the evaluation runs only when reading and verifying did not report it);
//  - `expect error type "..."` / `expect error parse "..."` pass when a read / verify diagnostic
//    of that category contains the text; `expect error eval "..."` when the evaluation fails
//    with a diagnostic whose message contains it;
//  - `expect output ...` lines (conformance/expectation.h) judge the evaluated result;
//  - a case without error expectations needs its file to read and verify cleanly;
//  - a law case (`law NAME` ... `expect holds`, law_case.h) passes when its file reads and
//    verifies and the law holds for its inputs.
// The inputs of the case are built from their literals (eval/value/literal.h: an npy("...")
// input takes its parameter's dtype) and converted to the parameter dtypes (D4). At level tir a
// prim_func runs on the TIR machine model (a func through its lowering); at lowered a func's
// lowering must compute the HIR evaluator's bits; at cuda-emu the TIR (a func lowered first) is
// emitted as CUDA and run under the host emulation, whose outputs must be the machine model's
// bits (`reference` is the machine model's result). Cases at a level whose backend is not
// there (cuda-gpu; cuda-emu without CaseFile::emu) are reported skipped with that reason,
// after their read / verify expectations have been checked.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/case_reader.h"
#include "eval/value/eval_limits.h"
#include "eval/value/tensor.h"
#include "ir/core/module.h"
#include "ir/core/op_handlers.h"
#include "ir/support/diagnostic.h"
#include "ir/text/file_reader.h"

namespace tf::conformance {

/// The verdict on one case.
struct CaseOutcome {
  enum class Status { Passed, Failed, Skipped, Crashed };
  std::string name;
  Status status = Status::Passed;
  std::string reason;  ///< why it failed, was skipped or crashed
  SourceLocation location;
  double seconds = 0;  ///< time spent evaluating it
  /// The level its function ran at (hir, tir, lowered, cuda-emu, cuda-gpu); empty when none ran
  /// (expectations decided by reading and verifying, a law case, a level that is skipped).
  std::string level;
};

/// "passed", "failed", "skipped", "crashed".
const char* status_name(CaseOutcome::Status s);

/// A backend that runs a TIR module's host entry (level cuda-emu: the emitted CUDA under the
/// host emulation): the outputs, written into `outputs` (allocated with the entry's output
/// shapes and dtypes), or what went wrong. Provided by the caller (the CLI links the backend; the
/// conformance library does not depend on it).
using BackendRunner = std::function<Result<bool>(const Module& tir, const std::string& entry,
                                                 std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs)>;

/// A case file as the runner sees it.
struct CaseFile {
  const text::ReadFile* file = nullptr;  ///< the file read into IR; null when it did not read
  std::vector<Diagnostic> diagnostics;   ///< every read and verify diagnostic of the file
  std::string base_dir;                  ///< where the case's relative npy("...") paths start
  eval::EvalLimits limits;               ///< the budgets of each case's inputs and evaluation
  BackendRunner emu;                     ///< level cuda-emu's backend (empty: those cases skip)
  BackendRunner gpu;                     ///< level cuda-gpu's backend (empty: those cases skip)
  /// Why level cuda-gpu cannot run now ("" when it can: a device is visible); asked once a case
  /// needs it. Empty function: it can.
  std::function<std::string()> gpu_unavailable;
  /// A prefetch's collection pass (SuiteOptions::collecting): a backend case's machine model only
  /// allocates the outputs (eval/tir/planned_outputs.h) before the backend runs, since the
  /// outcome is dropped.
  bool collecting = false;
};

/// The verdict on `c` of `file`; `handlers` hold the HIR evaluator's handlers (register_hir_eval).
CaseOutcome run_case(const Case& c, const CaseFile& file, const OpHandlers& handlers);

}  // namespace tf::conformance
