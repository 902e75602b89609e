// ReduceKind: the closed kind tag of hir.tensor.Reduce (upstream docs/spec/core-ir.md), shared with
// TIR's tir.tensor.Reduce (seed 002: the kind enums are compiler-wide, kept through lowering).
//
// A kind travels on a Call as the enum attribute `kind`, spelled by its lowercase name ("mean",
// "sum", "abs_max", "max"); the typeinfer rule parses it back with reduce_kind_from_name.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tf {

/// The reductions (upstream's order): mean, sum, max of absolute values, max.
enum class ReduceKind : std::uint8_t { Mean, Sum, AbsMax, Max };

/// Every ReduceKind, in declaration order.
inline constexpr std::array<ReduceKind, 4> kAllReduceKinds = {ReduceKind::Mean, ReduceKind::Sum,
                                                              ReduceKind::AbsMax, ReduceKind::Max};

/// "mean", "sum", "abs_max", "max".
std::string_view reduce_kind_name(ReduceKind kind);
/// The kind spelled `name` (exactly as reduce_kind_name spells it), or nothing.
std::optional<ReduceKind> reduce_kind_from_name(std::string_view name);

}  // namespace tf
