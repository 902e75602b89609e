// Typed accessors of the `kind` enum attribute that Binary, Unary and Reduce Calls carry (HIR's
// hir.math.Binary / Unary, hir.tensor.Reduce and TIR's tir.arith.Binary / Unary,
// tir.tensor.Reduce): the kind as its enum, parsed through the kind records, so no layer reads
// the attribute's spelling itself.
#pragma once

#include <optional>

#include "ir/core/call.h"
#include "ir/core/math_kinds.h"
#include "ir/core/reduce_kind.h"

namespace tf {

/// The BinaryKind `c`'s `kind` attribute names; nullopt when it names none (a verifier's
/// question). Precondition (TF_CHECK): `c`'s op declares a `kind` attribute.
std::optional<BinaryKind> binary_kind_of(const Call& c);
/// The UnaryKind `c`'s `kind` attribute names; nullopt when it names none.
std::optional<UnaryKind> unary_kind_of(const Call& c);
/// The ReduceKind `c`'s `kind` attribute names; nullopt when it names none.
std::optional<ReduceKind> reduce_kind_of(const Call& c);
/// The attribute as written, for a message about a kind that is none of the enum's ("" when the
/// attribute is not an enum spelling).
std::string kind_spelling(const Call& c);

}  // namespace tf
