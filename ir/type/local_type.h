// local_type_of: the recursive local projection of a type (seed 000 section 2.1).
//
// Design note. What one participant of a distributed value holds is an ordinary IR type:
// every tensor leaf whose layout is a ShardLayout is replaced by a plain TensorType of the
// per-participant local shape, and TupleTypes are rebuilt around the projected leaves with the
// same nesting (TYPES.2.1.LOCAL.projects-every-leaf, .rebuilds-tuple). The local shape is
// ir/layout's shard_layout_local_shape in strict mode, which applies every layer of a nested
// ShardLayout exactly once (TYPES.2.1.LOCAL.nested-shard-once) and refuses a Dynamic attr in
// any layer (TYPES.2.1.LOCAL.unresolved-layout-raises) and a local extent that is not a
// concrete integer (TYPES.2.1.LOCAL.nonconcrete-extent-raises); a negative local extent is
// refused here under the latter id.
//
// Decisions where the seed is silent:
//  - the projected leaf has one extent per domain axis of the ShardLayout (the axes a Split
//    names), keeps dtype and storage, and has no layout (rank 0: EMPTY_LAYOUT). Where the
//    participant's elements sit on its engine is what the ShardLayout says; the local type
//    does not restate it, and it is never a schedule-specific type
//    (TYPES.2.1.LOCAL.no-schedule-type);
//  - a leaf without a ShardLayout is not distributed and comes back unchanged, as do UnitType
//    and CallableType.
#pragma once

#include "ir/support/result.h"
#include "ir/type/ir_type.h"

namespace tf {

/// The local projection of `type` (see the design note). Diagnostics name the rule ids.
Result<IRType> local_type_of(const IRType& type);

}  // namespace tf
