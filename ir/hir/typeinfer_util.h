// Small pieces every HIR typeinfer rule uses: the op-named type error, reading an operand as a
// tensor, the numeric test, and the storage anchoring of a multi-operand result.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

/// A Diagnostic of category Type whose message is "<op name>: <message>".
Diagnostic type_error(Op op, std::string message);

/// True for integer and float dtypes (not bool, not compound).
bool is_numeric(DType d);

/// args[i] as a tensor; otherwise nullptr and a diagnostic in `diags` naming the operand (a
/// tuple-typed one names TYPES.5.TUPLE.not-op-input). Precondition (TF_CHECK): args[i] exists.
const TensorType* tensor_operand(Op op, const std::vector<Expr>& args, std::size_t i,
                                 std::vector<Diagnostic>& diags);

/// The storage of a result computed from tensors `a` and `b` (math_ops.h): the concrete storage
/// they share (two different concrete storages are an error), else umat when one is umat, else
/// None.
Result<std::optional<StorageKind>> anchor_storage(Op op, const TensorType& a, const TensorType& b);

}  // namespace tf::hir
