// `tf explain RULE-ID | PREFIX | OP [--run] [--json] [--root DIR]`: everything the project
// knows about one rule of conformance/rules.tsv, one family of rules, or one op.
//
// The argument is, in this order: a rule id; an op, by its full name (`hir.tensor.Concat`), its
// tfir spelling when one op has it (`concat`; `relu` spells hir.nn.ReLU and tir.nn.ReLU, so it
// is ambiguous), or a math kind that a func writes as an op (`add`, `maximum`, `rsqrt`: the
// kind of hir.math.Binary / hir.math.Unary); a prefix of at least one rule id (`TIR.1.5`,
// `DTREP`). Anything else (or an ambiguous spelling) is exit 2 with a diagnostic naming the
// nearest ids and ops. Paths are read below --root (default `.`) and printed relative to it.
//
// A rule prints its id and kind, `seed NNN, section S` (the seed column), the rule and check
// texts, the decisions of docs/decisions.md whose Rules line names it (or a prefix of it), and
// every place whose `covers` annotation names it (tf coverage's scan) as file:line with what it
// is: a case (`case "NAME"`), a gtest (`gtest Suite.Name` and the ctest that runs its binary),
// or other source; compile-time annotations are listed apart. --run runs each covering case as
// `tf conform` would and prints its verdict under it (`-> PASS`, `-> FAIL: reason`); gtests are
// never run. --run changes nothing for a prefix (nothing runs) or an op (its example always
// runs).
//
// A prefix prints each matching rule with its kind and its number of covering places and of
// compile-time places, then tf coverage's table for the prefix (covered/total per kind).
//
// An op prints its form, spelling, operands, attributes and result rule (as `tf ops`), the
// paragraph of docs/hir-semantics.md or docs/tir-semantics.md that describes it, with file:line
// and section (semantics_doc.h says how it is found), and its example: the first case under
// conformance/cases, then fuzz/corpus, whose program calls the op (op_examples.h), printed with
// the function it runs and its case block, and run as `tf conform` would, with its verdict.
//
// --json prints one object instead (two-space indented):
//   rule:   {"explains": "rule", "id", "kind", "seed": "000", "section", "seed_column", "rule",
//            "check", "decisions_file": bool (docs/decisions.md exists),
//            "decisions": [{"id": "D4", "title", "file", "line"}],
//            "covers": [PLACE], "compile_time": [PLACE]}
//           PLACE = {"file", "line", "column", "kind": "case" | "gtest" | "other",
//                    "case" (case), "test" and "binary" (gtest; "" when not found),
//                    "status" and "reason" (a case, with --run: passed / failed / skipped /
//                    crashed)}
//   prefix: {"explains": "prefix", "prefix", "rules": [{"id", "kind", "places",
//            "compile_time"}], "totals": {KIND: [covered, total, compile_time]}} with KIND
//            accept, reject, value, structure (those present) and all
//   op:     {"explains": "op", then `tf ops --json`'s fields ("name", "surface", "form",
//            "tuple_operands", "operands", "attributes", "result"), "spelling", "kind_alias"
//            (the math kind asked for, or null), "semantics": {"file", "line", "section",
//            "text"} or null, "example": {"file", "line", "case", "run", "level", "status",
//            "reason"} or null}
// Exit 0; 1 when a case run (--run, or an op's example) fails or crashes; 2 for bad input (an
// unknown or ambiguous argument, an argument over 200 bytes (refused before any lookup, its first
// 64 bytes quoted), an unreadable catalogue, a malformed docs/decisions.md).
#pragma once

#include <ostream>
#include <string>

#include "tools/tf/explain_sources.h"
#include "tools/tf/limit_options.h"

namespace CLI {
class App;
}

namespace tf::cli {

struct ExplainRequest {
  std::string subject;       ///< a rule id, an op or an id prefix
  bool run = false;          ///< run the cases that cover a rule
  bool json = false;
  std::string root = ".";
  bool run_example = true;   ///< run an op's example case (tests that walk every op turn it off)
  LimitOptions limits;       ///< --max-memory, --max-steps of each case run live
};

/// Loads the sources below request.root and explains the subject (header comment).
int run_explain(const ExplainRequest& request, std::ostream& out, std::ostream& err);

/// Explains the subject with sources already loaded (load_explain_sources): a caller that
/// explains many subjects loads once.
int run_explain(const ExplainRequest& request, ExplainSources& sources, std::ostream& out,
                std::ostream& err);

/// Adds the `explain` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_explain_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
