// CanonicalizePass ("canonicalize"): HIR functions with the ops that leave their operand
// unchanged removed, so that the lowering emits no copy for them.
//
// Design note. An op is removed only when its result is its operand exactly, value and type: a
// consumer keeps its stamped type, so the replacement must have the replaced node's type (shape,
// dtype, layout and storage), and the value must be the operand's bit for bit on every input.
// The ops so removed: `reshard(x)` with neither layout nor storage (docs/hir-semantics.md: Reshard
// returns its operand), `reshape(x, new_shape=S)` with S x's shape, `transpose(x, perm=P)` with P
// the identity, and `slice(x, starts, sizes, strides)` with literal zero starts, x's extents and
// unit strides. Extents are compared after the dim simplifier has folded them (the types hold
// simplified extents: `N + 0` is `N`), so `reshape(x, new_shape=(N,))` of an x of shape `(N,)`
// goes too. Binding names and locations are carried to the rebuilt nodes; a removed binding's
// name is lost with it (its consumers read the operand). Dispatch prototypes and their variants
// are left alone (a prototype holds its variants by reference).
#pragma once

#include "lower/pass_manager.h"

namespace tf::lower {

class CanonicalizePass final : public Pass {
 public:
  std::string_view name() const override { return "canonicalize"; }
  std::string_view summary() const override {
    return "removes HIR ops whose result is their operand (identity reshard, reshape, transpose, slice)";
  }
  Result<ModuleRef> run(const ModuleRef& module, const Context& ctx) const override;
};

}  // namespace tf::lower
