// The typeinfer rules of hir.tensor (stated in tensor_ops.h), as the handler functions that
// register_hir_tensor_ops stores, declared from the rows of tensor_ops.def. Each trusts its
// operands' stored types and returns the result type or the diagnostics of every violated rule;
// `attrs` holds one value per attribute ParamDef, in schema order, defaults filled
// (op_handlers.h). The definitions are grouped: tensor_create_typeinfer.cpp, tensor_shape_typeinfer.cpp, tensor_index_typeinfer.cpp,
// tensor_reduce_typeinfer.cpp.
#pragma once

#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf::hir {

/// For each row of tensor_ops.def, its type rule: `infer_<snake>_type(op, args, attrs)` for an
/// Attrs row (attrs: the attribute ParamDefs' values, in the row's order), `infer_<snake>_type(op,
/// args)` for a NoAttrs row.
#define TF_TENSOR_INFER_DECL_Attrs(snake) \
  Result<IRType> infer_##snake##_type(Op op, const std::vector<Expr>& args, const std::vector<AttrValue>& attrs);
#define TF_TENSOR_INFER_DECL_NoAttrs(snake) Result<IRType> infer_##snake##_type(Op op, const std::vector<Expr>& args);
#define TF_TENSOR_OP(Enumerator, snake, surface, attrs, ...) TF_TENSOR_INFER_DECL_##attrs(snake)
#include "ir/hir/tensor_ops.def"
#undef TF_TENSOR_INFER_DECL_Attrs
#undef TF_TENSOR_INFER_DECL_NoAttrs

}  // namespace tf::hir
