// infer_type: the local type rule of every core expression, recomputed from its children.
//
// Local means one node at a time: the children's stored types are trusted, and only the
// node's own type is derived (upstream's typeinfer never trusts a stale stamp on a Call or a
// Tuple). A Call is typed by its op's typeinfer handler (op_handlers.h; typeinfer_attrs, given
// the Call's attribute values, for an op that declares attributes); a Tuple by its
// elements' types; a TupleGetItem by the indexed field; a ShapeOf is the rank-0 i32 scalar
// (TIR.2.2.SHAPEOF.type-rank0-i32). A SymbolRef carries its type and is not resolved here,
// no Module being at hand (TIR.2.1.SYMREF.typeinfer-carries-type); a Var, a Constant and a
// DimVar are their declared types.
#pragma once

#include "ir/core/expr.h"
#include "ir/core/op_handlers.h"
#include "ir/support/result.h"

namespace tf {

/// The type `e` derives from its children (header comment), with Calls typed through
/// `handlers` (whose registry must own every op met). Diagnostics are the typeinfer handler's
/// or the node factory's. Precondition: e is not null; InternalError when a Call's op has no
/// typeinfer handler.
Result<IRType> infer_type(const Expr& e, const OpHandlers& handlers);

/// The diagnostics of checking `e`'s stored type against infer_type(e): empty when they are
/// structurally equal, otherwise one (category Type) naming both types.
std::vector<Diagnostic> check_stored_type(const Expr& e,
                                          const OpHandlers& handlers);

}  // namespace tf
