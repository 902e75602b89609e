// hir.sharding: the layout ops Reshard and Local (upstream's HIR catalogue), their schemas, their
// typeinfer rules, and builders that type a Call by those rules. Both evaluate to their operand
// unchanged (docs/hir-semantics.md, "Evaluation"); only the type changes.
//
// Schemas (ParamDefs, in order; surface spelling in brackets):
//   hir.sharding.Reshard [reshard]  x; layout: layout = None, storage: storage = None
//   hir.sharding.Local   [local]    x
//
// Result types (typeinfer; every reject is a Diagnostic of category Type whose message starts
// with the op name, unless a rule id applies):
//  - Reshard: x's shape and dtype, always (TYPES.2.TENSOR.reshard-preserves-shape: a logical
//    shape rewrite is hir.tensor.Reshape's). layout None keeps x's layout and storage, and then
//    a storage other than x's is rejected (a storage change needs an explicit layout); a given
//    layout must be a ShardLayout and becomes the result's, verbatim, with the given storage or
//    else x's. Storage umat is rejected (a reshard targets a concrete residency).
//  - Local: what one participant holds: x must carry a ShardLayout; the shape is its local
//    projection (local_type_of, seed 000 section 2.1: each Split axis divided by the bound mesh
//    extents, one extent per domain axis), dtype and storage are x's, and the layout is the
//    inner base layout (below the ShardLayout layers) restricted to the local extents: the
//    same strides over the local shape. A Dynamic attr and a local extent that is not a
//    concrete integer are rejected under the local_type_of rule ids (upstream keeps a symbolic
//    extent unchanged; here Local is the projection boundary of seed 000 section 2.1).
// Not yet modelled: upstream's sugar strides (a ShardLayout given with strides=None, which
// Reshard materialises by storage level); our Layout always carries its strides, so a given
// layout is kept verbatim. The Local layout when the inner base is a ComposedLayout (None).
#pragma once

#include <optional>

#include "ir/core/call.h"
#include "ir/core/op.h"
#include "ir/core/op_handlers.h"
#include "ir/layout/layout_base.h"
#include "ir/type/storage.h"

namespace tf::hir {

/// The hir.sharding family's identity (OpFamily; an op's code is its ShardingOp).
extern const OpFamily kShardingFamily;

/// The hir.sharding ops.
enum class ShardingOp : std::uint8_t { Reshard, Local };

/// Which hir.sharding op `op` is (by its family and code), or nullopt.
std::optional<ShardingOp> sharding_op_kind(Op op);
/// The registered op of `op` (precondition, TF_CHECK: register_hir_sharding_ops ran on
/// `registry`).
Op sharding_op(ShardingOp op, const OpRegistry& registry);

/// "hir.sharding.Reshard".
inline constexpr std::string_view kReshardOpName = "hir.sharding.Reshard";
/// "hir.sharding.Local".
inline constexpr std::string_view kLocalOpName = "hir.sharding.Local";

/// Registers Reshard and Local in `registry` and their typeinfer handlers in `handlers` (whose
/// registry must be `registry`). Idempotent.
void register_hir_sharding_ops(OpRegistry& registry, OpHandlers& handlers);

/// A Call of hir.sharding.Reshard(x, layout=..., storage=...) (nullopt: None), typed by its
/// rule; the rule's diagnostics otherwise. `handlers` must hold register_hir_sharding_ops.
Result<CallRef> make_reshard(Expr x, std::optional<LayoutBase> layout,
                             std::optional<StorageKind> storage, const OpHandlers& handlers);
/// A Call of hir.sharding.Local(x), typed by its rule.
Result<CallRef> make_local(Expr x, const OpHandlers& handlers);

}  // namespace tf::hir
