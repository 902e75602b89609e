// Private helpers of the TIR typeinfer and verify handlers: reading a Call's operands as tensors
// and reporting what is wrong with them, each message starting with the op's surface spelling.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/core/call.h"
#include "ir/support/diagnostic.h"
#include "ir/type/tensor_type.h"

namespace tf::tir::detail {

/// The name of operand i of `op`: its ParamDef name, or "args[i]" for a variadic operand.
std::string operand_name(Op op, std::size_t i);

/// A Type diagnostic "<surface>: <message>".
Diagnostic op_type_error(Op op, std::string_view message);
/// A rule diagnostic "<surface>: <message>" naming `rule_id`.
Diagnostic op_rule_error(Op op, std::string rule_id, std::string_view message);

/// The TensorType of operand i, or nullptr after adding a diagnostic (a null operand or one of
/// another type).
const TensorType* tensor_operand(Op op, const std::vector<Expr>& args, std::size_t i,
                                 std::vector<Diagnostic>& diags);

/// Adds the diagnostics of a TIR tensor that must live in memory: storage None at rank > 0
/// (TIR.2.3.OPS.none-storage-rank0-only), umat (TIR.2.3.OPS.no-umat), or None at rank 0 (a
/// shape element is not memory; category Type).
void require_memory(Op op, std::string_view what, const TensorType& t,
                    std::vector<Diagnostic>& diags);

/// Adds a diagnostic unless a and b have the same dtype.
void require_same_dtype(Op op, std::string_view a_name, const TensorType& a,
                        std::string_view b_name, const TensorType& b,
                        std::vector<Diagnostic>& diags);
/// Adds a diagnostic unless a and b have structurally equal shapes.
void require_same_shape(Op op, std::string_view a_name, const TensorType& a,
                        std::string_view b_name, const TensorType& b,
                        std::vector<Diagnostic>& diags);

/// "(16, 8)" for diagnostics.
std::string shape_text(const TensorType& t);

}  // namespace tf::tir::detail
