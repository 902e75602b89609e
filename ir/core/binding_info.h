// BindingInfo: the debug information of a bound value (its source name and place), kept on the
// expression node itself.
//
// Design note. A tfir source names the values it binds (`t = mul(x, two)`), and every binding has
// a place; the printer writes the names back (print -> read -> print keeps them) and later stages
// point their diagnostics at the place (a lowering refusal, an evaluation error). HIR has no let:
// a body is one expression DAG, so the information lives on the node (ExprNode::binding()). A
// rewrite that keeps a node keeps it, and rebuild_with (expr_rebuild.h), which every
// ExprMutator rebuild goes through, carries it to the node that replaces a rebuilt one: no pass
// copies tables by hand. It is never part of structural equality or hashing (structural.h reads
// only a node's structural_fields()), nor of the printed expression (expr_print.h).
// The record is immutable and shared by handle, so a node without one pays one null pointer.
// A node takes its binding once, while its builder still holds it alone (attach_binding, expr.h):
// the reader as it binds the values it has just read, rebuild_with on the node it has just made.
#pragma once

#include <string>
#include <utility>

#include "ir/support/ref.h"
#include "ir/support/source_location.h"

namespace tf {

/// Where a value was bound and under which name (design note). Immutable once made.
struct BindingInfo final : RefCounted {
  BindingInfo(std::string n, SourceLocation at) : name(std::move(n)), location(std::move(at)) {}

  std::string name;         ///< the source's name for the value; "" for none (a parameter's)
  SourceLocation location;  ///< where it was bound; unknown (line 0) when not read from a source
};

/// The handle through which nodes share a BindingInfo.
using BindingInfoRef = Ref<const BindingInfo>;

/// A BindingInfo of `name` bound at `location`.
inline BindingInfoRef make_binding_info(std::string name, SourceLocation location = {}) {
  return BindingInfoRef(new BindingInfo(std::move(name), std::move(location)));
}

}  // namespace tf
