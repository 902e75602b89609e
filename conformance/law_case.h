// Law cases (docs/tfir.md section 7): a case whose `law NAME` line names a law of the layout
// model (ir/layout/layout_law.h: the layout algebra's; ir/layout/mesh_law.h: meshes, barriers,
// ShardLayouts) and whose `input` lines give the law's arguments, each in its kind's text
// (ir/layout/layout_law_argument.h; read by law_case_arguments.h). `expect holds` passes when
// the law's check finds that the law holds for them: the check the RapidCheck law and
// `tf fuzz --property layout-laws` / `mesh-laws` run, so a law case is how a finding of those
// properties is written (its reproducer) and replayed (`tf conform FILE`).
//
//   case "fuzz/layout-laws/seed-1-case-7" {
//       law CoordinatesAgreeWithEnumeration
//       input L = Layout((1, (1,)), (0, (0,)))
//       expect holds
//   }
//   case "mesh/participants-of-a-slice" {
//       law SliceParticipantsMatchBruteForce
//       input M = Mesh((Topology("thread", 64),), Layout((8, 8), (1, 8)))
//       input key = [2:-2, -1]
//       expect holds
//   }
#pragma once

#include <string>

#include "conformance/case_reader.h"

namespace tf::conformance {

/// "" when the law `c` names (c.law, non-empty) holds for the case's inputs; otherwise why not,
/// as the case's failure: a rendered diagnostic placed in the case file for an input that is
/// missing (at the case), names no parameter of the law, does not read, is of another kind or
/// outside its kind's bounds (at the input), or that the law's own refusal turns down (at the
/// case; law_arguments_refusal); or the violated postcondition, `NAME does not hold (WHAT): DETAIL`.
std::string law_case_failure(const Case& c);

/// The names of the laws a case may name, comma separated, in table order (for messages).
std::string law_names();

}  // namespace tf::conformance
