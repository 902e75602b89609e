// Law cases (docs/tfir.md section 7): a case whose `law NAME` line names a law of the layout
// algebra (ir/layout/layout_law.h) and whose `input` lines give the law's arguments, layouts in
// the layout text syntax (docs/tfir.md section 3) or integers. `expect holds` passes when the
// law's check finds that the law holds for them: the check the RapidCheck law and
// `tf fuzz --property layout-laws` run, so a law case is how a layout-laws finding is written
// (its reproducer) and replayed (`tf conform FILE`).
//
//   case "fuzz/layout-laws/seed-1-case-7" {
//       law CoordinatesAgreeWithEnumeration
//       input L = Layout((1, (1,)), (0, (0,)))
//       expect holds
//   }
#pragma once

#include <string>

#include "conformance/case_reader.h"

namespace tf::conformance {

/// "" when the law `c` names (c.law, non-empty) holds for the case's inputs; otherwise why not,
/// as the case's failure: an input that is missing, names no parameter of the law, does not read
/// (its diagnostic, placed in its line), is of the other kind or too large to enumerate
/// (law_arguments_refusal), or the violated postcondition, `NAME does not hold (WHAT): DETAIL`.
std::string law_case_failure(const Case& c);

/// The names of the laws a case may name, comma separated, in table order (for messages).
std::string law_names();

}  // namespace tf::conformance
