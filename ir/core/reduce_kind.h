// ReduceKind: the closed kind tag of hir.tensor.Reduce (upstream docs/spec/core-ir.md), shared with
// TIR's tir.tensor.Reduce (seed 002: the kind enums are compiler-wide, kept through lowering).
// Every fact about a kind is one row of reduce_kinds.def.
//
// A kind travels on a Call as the enum attribute `kind`, spelled by its lowercase name ("mean",
// "sum", "abs_max", "max"); the typeinfer rule parses it back with reduce_kind_from_name.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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

/// The kind's spelling ("mean", "sum", "abs_max", "max").
std::string_view reduce_kind_name(ReduceKind kind);
/// The kind spelled `name` (exactly as reduce_kind_name spells it), or nothing.
std::optional<ReduceKind> reduce_kind_from_name(std::string_view name);
/// Every kind's spelling, joined by ", " ("mean, sum, abs_max, max").
std::string reduce_kind_list();
/// The CUDA runtime's enumerator of the kind (tf_rt::ReduceKind, cuda/runtime/ops.h).
std::string_view reduce_runtime_enumerator(ReduceKind kind);

}  // namespace tf
