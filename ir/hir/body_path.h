// Where in an HIR function's body a diagnostic arose: one recording and one spelling for the HIR
// verifier and the HIR evaluator.
//
// Design note. Both walk a body and keep, cheaply, the nodes they entered and the child steps
// between them (BodyStep: pointers and a literal field name, no strings built); the path is
// spelled only when a diagnostic is made. The spelling starts at the function's body and names
// each child step by its field (`f.body.args[1].elements[0]`, the field names of the node
// lists), and restarts at the innermost value that has a source name (`f.y.args[1]`), so the
// path in a message points at a binding a person wrote. The same steps give the source position
// of that binding when the function was read from text.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ir/core/expr.h"
#include "ir/hir/function.h"
#include "ir/support/diagnostic.h"
#include "ir/support/source_location.h"

namespace tf::hir {

/// One step of a walk through a body: entering `node` (field empty), or leaving it for its
/// child `field[index]` (index -1: the field holds a single child).
struct BodyStep {
  const ExprNode* node = nullptr;
  std::string_view field;  ///< a field name of the node list ("args"), with static storage
  int index = -1;
};

/// The IR path of the last node of `steps` in `f` (design note): `f.body.args[1]`, or from the
/// innermost named value on the way, `f.y.args[1]`.
std::string spell_body_path(const Function& f, std::span<const BodyStep> steps);

/// The source position of the innermost binding on `steps` that has one (functions read from
/// text), or nothing.
std::optional<SourceLocation> innermost_binding_location(const Function& f,
                                                         std::span<const BodyStep> steps);

/// `d` with what it lacks filled in from the walk: its IR path, its function (f's name) and
/// its source position (innermost_binding_location).
Diagnostic placed_in_body(Diagnostic d, const Function& f, std::span<const BodyStep> steps);

}  // namespace tf::hir
