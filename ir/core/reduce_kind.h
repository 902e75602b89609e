// ReduceKind: the closed kind tag of hir.tensor.Reduce (upstream docs/spec/core-ir.md), shared with
// TIR's tir.tensor.Reduce (seed 002: the kind enums are compiler-wide, kept through lowering).
// Every fact about a kind is one row of reduce_kinds.def.
//
// A kind travels on a Call as the enum attribute `kind`: an EnumAttr of kReduceKindSpace
// (enum_space.h), whose spellings are the lowercase names ("mean", "sum", "abs_max", "max");
// reduce_kind_of (kind_attrs.h) reads it back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/core/enum_space.h"

namespace tf {

/// The reductions (upstream's order; reduce_kinds.def): mean, sum, max of absolute values, max.
enum class ReduceKind : std::uint8_t {
#define TF_REDUCE_KIND(E, ...) E,
#include "ir/core/reduce_kinds.def"
};

/// Every ReduceKind, in declaration order.
inline constexpr ReduceKind kAllReduceKinds[] = {
#define TF_REDUCE_KIND(E, ...) ReduceKind::E,
#include "ir/core/reduce_kinds.def"
};

/// The spellings of the ReduceKinds, by enumerator (the `kind` of hir.tensor.Reduce and
/// tir.tensor.Reduce; a spelling outside it: "unknown kind 'prod'; the kinds are mean, ...").
extern const EnumSpace kReduceKindSpace;
/// ReduceKind's space (makes ReduceKind a SpacedEnum: enum_attr(ReduceKind::Sum)).
inline const EnumSpace& enum_space_of(ReduceKind) { return kReduceKindSpace; }

/// The kind's spelling ("mean", "sum", "abs_max", "max").
std::string_view reduce_kind_name(ReduceKind kind);
/// The kind spelled `name` (exactly as reduce_kind_name spells it), or nothing.
std::optional<ReduceKind> reduce_kind_from_name(std::string_view name);
/// Every kind's spelling, joined by ", " ("mean, sum, abs_max, max").
std::string reduce_kind_list();
/// The CUDA runtime's enumerator of the kind (tf_rt::ReduceKind, cuda/runtime/ops.h).
std::string_view reduce_runtime_enumerator(ReduceKind kind);

}  // namespace tf
