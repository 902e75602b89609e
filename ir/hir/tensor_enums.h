// The enum spaces (ir/core/enum_space.h) of the hir.tensor ops' enum attributes, gathered for
// their schemas (tensor_ops.def) and their readers: Cast's `rounding` (numerics::Rounding) and
// `scale_method` (numerics::ScaleMethod; ir/core/numerics_spaces.h), Reduce's `kind`
// (ReduceKind; ir/core/reduce_kind.h) and Quant's `scheme` (QuantScheme, here: upstream's one
// scheme). A schema names a space, `P::enum_attribute("kind", kReduceKindSpace,
// enum_attr(ReduceKind::Mean))`, and a rule or kernel reads `enum_value<ReduceKind>(v)`.
#pragma once

#include <cstdint>

#include "ir/core/enum_space.h"
#include "ir/core/numerics_spaces.h"
#include "ir/core/reduce_kind.h"

namespace tf::hir {

/// Quant's `scheme`: one quantization group of `group` elements per token (spelled
/// per_token_group), upstream's only scheme.
enum class QuantScheme : std::uint8_t { PerTokenGroup };

/// The spellings of QuantScheme ("per_token_group"), by enumerator; a spelling outside it:
/// "scheme must be per_token_group, got 'per_tensor'".
extern const EnumSpace kQuantSchemeSpace;
/// QuantScheme's space (makes it a SpacedEnum).
inline const EnumSpace& enum_space_of(QuantScheme) { return kQuantSchemeSpace; }

}  // namespace tf::hir
