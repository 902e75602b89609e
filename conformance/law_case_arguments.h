// Reading a law case's arguments (docs/tfir.md section 7): one reader per kind of
// ir/layout/layout_law_argument.h, each the inverse of law_argument_text. Layouts, meshes and
// ShardLayouts read through the layout builder of tfir (ir/text/layout_builder.h); ShardLayout
// parts, shapes and shard attrs through the same expression syntax, walked here without
// construction (parts that ShardLayout::make refuses must still read); integers and bools as
// their spelling; slice keys and barrier sites as bracketed lists (law_case_lists.h). Every
// diagnostic is placed in the case file: its position inside the value moved to where the
// value starts.
#pragma once

#include <string>

#include "ir/layout/layout_law_argument.h"
#include "ir/support/result.h"

namespace tf::conformance {

/// The argument for `p` from its input's value `text`, which starts at `at`, read in p's kind's
/// text form: a placed diagnostic when it does not read or is of another kind.
Result<LawArgument> read_law_argument(const std::string& text, const LawParameter& p,
                                      const SourceLocation& at);

}  // namespace tf::conformance
