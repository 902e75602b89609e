// The dtype-level checks of a compound representation (DTREP.LOGICAL.*, DTREP.CONTEXT.*).
//
// Order of use (core-tensor-representation, implemented by TensorType later): each carrier's
// storage dtype passes check_carrier_storage_dtype; the universal facts pass
// RepresentationValidationContext::make; only then check_representation_rules runs the
// logical dtype's rules on the validated context.
#pragma once

#include <optional>
#include <vector>

#include "ir/dtype/dtype.h"
#include "ir/dtype/validation_context.h"
#include "ir/support/diagnostic.h"

namespace tf {

/// A carrier (one homogeneous storage buffer) needs a simple storage dtype: a compound dtype
/// is a logical value, never a carrier dtype (DTREP.LOGICAL.not-carrier-dtype).
std::optional<Diagnostic> check_carrier_storage_dtype(DType storage_dtype);

/// Runs every rule of context.logical_dtype() in order and returns each failure, unchanged
/// (rule failures propagate as representation-construction failures); empty when all hold.
std::vector<Diagnostic> check_representation_rules(const RepresentationValidationContext& context);

}  // namespace tf
