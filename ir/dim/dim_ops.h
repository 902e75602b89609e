// The seven dim arithmetic ops (seed 000 section 4): DimAdd, DimSub, DimMul, DimFloorDiv,
// DimMod, DimMin, DimMax, each a value-form Op named "dim.<Name>" that takes two rank-0
// integer Exprs and yields TensorType::meta_scalar(i64) (dim arithmetic is i64, D7).
//
// The family is builtin (op.h): OpRegistry::builtin() registers it once and every registry
// shares those ops, so dim_op(kind) needs no registry; each Context still fills its own
// handler tables for them (register_dim_handlers). Their integer semantics are in dim_arith.h.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/core/op.h"

namespace tf {

/// Which dim arithmetic op.
enum class DimOpKind : std::uint8_t { Add, Sub, Mul, FloorDiv, Mod, Min, Max };

/// All seven, in declaration order.
inline constexpr std::array<DimOpKind, 7> kAllDimOps = {
    DimOpKind::Add, DimOpKind::Sub, DimOpKind::Mul, DimOpKind::FloorDiv,
    DimOpKind::Mod, DimOpKind::Min, DimOpKind::Max};

/// The dim family's identity (OpFamily; an op's code is its DimOpKind).
extern const OpFamily kDimFamily;

/// The canonical op name: "dim.DimAdd", "dim.DimSub", ..., "dim.DimMax".
std::string_view dim_op_name(DimOpKind kind);

/// Registers the seven dim ops (value form, operands `a` and `b`, no attributes) in
/// `registry`; idempotent. OpRegistry::builtin() calls it; every other registry already holds
/// them. Their handlers: register_dim_handlers (dim_handlers.h).
void register_dim_ops(OpRegistry& registry);

/// The builtin op of `kind`.
Op dim_op(DimOpKind kind);

/// Which dim op `op` is (by its family and code), or nothing for a non-dim op.
std::optional<DimOpKind> dim_op_kind(Op op);

}  // namespace tf
