// The op form of `tf explain` (explain_command.h has the output format and the JSON schema).
#pragma once

#include <ostream>
#include <string>

#include "ir/core/op.h"
#include "tools/tf/explain_sources.h"

namespace tf::cli {

/// Explains `op` to `out`: its spelling, operands, attributes and result rule (as `tf ops`), its
/// semantics paragraph, and its example case, run when `run_example` (else named only). `kind`
/// is the math kind when the op was asked for by a kind's name (`add` for hir.math.Binary), else
/// empty. Returns kExitOk, or kExitCheckFailed when the example ran and did not pass (or skip).
int explain_op(Op op, const std::string& kind, ExplainSources& sources, bool run_example,
               bool json, std::ostream& out);

}  // namespace tf::cli
