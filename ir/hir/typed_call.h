// make_typed_call: build a Call of an HIR op typed by its registered typeinfer rule.
#pragma once

#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/call.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"
#include "ir/support/result.h"

namespace tf::hir {

/// A Call of `op` on `args` with call-site attributes `attrs`, whose type is what op's handler
/// in `handlers` infers (typeinfer_attrs when op declares attributes, else typeinfer); otherwise
/// the diagnostics of the operand count, the attribute binding or the rule. Preconditions
/// (TF_CHECK): every argument is non-null and `handlers` holds op's handler.
Result<CallRef> make_typed_call(Op op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                const OpHandlers& handlers);

}  // namespace tf::hir
