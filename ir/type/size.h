// numel and tensor_bytes: the logical size a type states (seed 000 section 2.2).
//
// Both sum over the tensor leaves of a TupleType (recursively) and are 0 for a type with no
// tensor leaf (UnitType, CallableType, the empty tuple) (TYPES.2.2.SIZE.sum-over-leaves,
// .no-leaf-zero). They are the logical size: a ShardLayout changes nothing
// (TYPES.2.2.SIZE.logical-size), and they take no target (TYPES.2.2.SIZE.backend-independent).
//
// Extents. A static extent is used as is. A symbolic extent (a DimVar or dim Expr) is
// evaluated under `binding` (dim_eval.h); with its DimVars unbound it is refused rather than
// skipped (TYPES.2.2.SIZE.reject-symbolic-extent), and a negative value is refused too
// (TYPES.2.2.SIZE.reject-negative-extent; TensorType::make already refuses a negative static
// extent). A concrete zero extent gives 0 (TYPES.2.2.SIZE.zero-extent-zero).
//
// Bytes per leaf. A simple dtype's leaf is ceil(numel * bit_width / 8), rounded per leaf
// because each leaf is addressed on its own (TYPES.2.2.SIZE.subbyte-round-up,
// .round-per-leaf). A compound (block-scaled) dtype's leaf is the sum of its planes, each
// rounded up (docs/decisions.md D2, ir/dtype/storage_bytes.h). Decision where the seeds pull apart:
// a leaf with a zero extent is 0 bytes for every dtype, NVFP4 included, whose whole-tensor
// scale has no element to scale (seed 000's "report 0 for a concrete zero extent" wins over
// the plane sum). Sizes beyond int64 are a Diagnostic (category Type).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/dim/dim_eval.h"
#include "ir/support/result.h"
#include "ir/type/ir_type.h"
#include "ir/type/tensor_type.h"

namespace tf {

/// The logical element count over all tensor leaves of `type`.
Result<std::int64_t> numel(const IRType& type, const DimBinding& binding = {});
/// The logical byte size over all tensor leaves of `type`.
Result<std::int64_t> tensor_bytes(const IRType& type, const DimBinding& binding = {});

/// The extents of one tensor leaf as integers, evaluated under `binding` (the rules of the
/// header comment for symbolic and negative extents).
Result<std::vector<std::int64_t>> concrete_shape(const TensorType& t,
                                                 const DimBinding& binding = {});

}  // namespace tf
