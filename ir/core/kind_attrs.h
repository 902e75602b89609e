// Typed accessors of the `kind` enum attribute that Binary, Unary and Reduce Calls carry (HIR's
// hir.math.Binary / Unary, hir.tensor.Reduce and TIR's tir.arith.Binary / Unary,
// tir.tensor.Reduce): the attribute is an EnumAttr of the kind's space (math_kinds.h,
// reduce_kind.h), read as its enum; no layer reads a spelling.
#pragma once

#include "ir/core/call.h"
#include "ir/core/math_kinds.h"
#include "ir/core/reduce_kind.h"

namespace tf {

/// The BinaryKind `c`'s `kind` attribute holds. Precondition (TF_CHECK): `c`'s op declares a
/// `kind` attribute of kBinaryKindSpace.
BinaryKind binary_kind_of(const Call& c);
/// The UnaryKind `c`'s `kind` attribute holds (precondition: of kUnaryKindSpace).
UnaryKind unary_kind_of(const Call& c);
/// The ReduceKind `c`'s `kind` attribute holds (precondition: of kReduceKindSpace).
ReduceKind reduce_kind_of(const Call& c);

}  // namespace tf
