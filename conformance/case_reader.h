// Reading the `case` blocks of a tfir file (docs/tfir.md section 7):
//   case "scale_add/basic" {
//       covers TYPES.2.TENSOR.fields, TYPES.4.DIM.dimvar-half-open
//       run scale_add                 # the function to execute (default: the file's entry)
//       at hir                        # hir | tir | lowered | cuda-emu | cuda-gpu (default: tir for
//                                     # a prim_func, hir for a func)
//       dim N = 2
//       input x = Tensor[(2, 8), f32] random(seed=1)
//       expect output = Tensor[(2, 8), f32]{...}
//       expect output[1] ~ allclose(rtol=1e-5, atol=1e-6) Tensor[...]{...}
//       expect error TIR.1.5.SYNC.warp-aligned
//       expect error ub.race          # undefined behaviour the TIR machine model reports
//       expect error eval "substring"   # a run-time error without a rule id
//       expect error type "substring"   # a read / verify error of that category without an id
//       expect roundtrip              # the file prints to a fixed point, re-read to the same IR
//       expect runs                   # the run ends without an error or UB, whatever its value
//       schedule 7                    # the TIR machine model's thread order (seeded; 0 is the
//   }                                 # deterministic one), at tir, lowered and the backends' oracle
// A law case names a law of the layout algebra instead of a function (law_case.h):
//   case "fuzz/layout-laws/seed-1-case-7" {
//       law CoordinatesAgreeWithEnumeration   # ir/layout/layout_law.h
//       input L = Layout((1, (1,)), (0, (0,)))  # its arguments: layouts or integers, by parameter
//       expect holds                  # the law's check finds that it holds for them
//   }
// It holds only `law`, `covers`, `input` and `expect holds` lines; `expect holds` needs `law`.
// A case body is line-oriented: one statement per line (continued on the following lines while
// its brackets are open, so a long literal may span lines), `#` comments. Values (inputs, expected
// outputs) are kept as their source text with their position; the evaluator's runner builds
// them. Errors are positioned: an unknown statement or level, a malformed line, an id not in
// the rule catalogue (when one is given). A case without `expect` lines asserts that its file
// (its `run` function) reads and verifies; such a case that gives inputs or dims is an error,
// since nothing would check a run.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conformance/rule_catalogue.h"
#include "ir/support/result.h"
#include "ir/text/module_reader.h"

namespace tf::conformance {

/// One `expect` line.
struct CaseExpect {
  enum class Kind { Output, Error, EvalError, CategoryError, RoundTrip, Runs, Holds };
  Kind kind = Kind::Output;
  std::string rule_id;    ///< Error: the id a diagnostic must carry
  std::string category;   ///< EvalError / CategoryError: "eval", "type" or "parse"
  std::string substring;  ///< EvalError / CategoryError: what the error message must contain
  std::string text;       ///< Output: everything after `expect` (`output[1] ~ allclose(...) T{...}`)
  SourceLocation location;       ///< where `expect` is
  SourceLocation text_location;  ///< where `text` starts
};

/// One `case` block.
struct Case {
  std::string name;
  SourceLocation location;
  std::vector<std::string> covers;
  std::string run;                    ///< empty: the file's entry function
  std::string law;                    ///< a law case: the law it checks (empty: none; law_case.h)
  std::string level;                  ///< empty: by the kind of the function run
  std::uint64_t schedule = 0;         ///< the machine model's thread order (0: deterministic)
  std::vector<std::pair<std::string, std::string>> dims;    ///< name, value text
  std::vector<std::pair<std::string, std::string>> inputs;  ///< name, value text
  std::vector<SourceLocation> input_locations;              ///< where each input's value text starts
  std::vector<CaseExpect> expects;
};

/// The levels a case may name, in pipeline order.
const std::vector<std::string>& case_levels();

/// The cases of `file` in file order. `rules` (may be null) checks `covers` and `expect error` ids.
Result<std::vector<Case>> read_cases(const text::ParsedFile& file, const RuleCatalogue* rules);

}  // namespace tf::conformance
