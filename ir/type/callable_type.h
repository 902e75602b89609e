// CallableType: the type of an Expr that represents a callable value (seed 000 section 7).
//
// Parameter names are not part of the type: they live on the function's parameters
// (Var.name). Producers are HIR Function and TIR PrimFunction (docs/decisions.md D7, where seeds
// 000 and 002 disagree). The host-ABI EntryABI / ParamABI of the runtime is a separate construct in
// another layer.
#pragma once

#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/support/result.h"
#include "ir/type/ir_type.h"

namespace tf {

/// A callable's result type and its parameter types in parameter order.
struct CallableType final : IRTypeNode {
  static constexpr TypeKind kKind = TypeKind::CallableType;

  IRType return_type;              ///< the callable's result type
  std::vector<IRType> parameters;  ///< parameter types, in order (names are not part of it)

  /// Diagnostic (category Type) when the return type or a parameter type is null.
  static Result<Ref<const CallableType>> make(IRType return_type, std::vector<IRType> parameters);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<2> kFieldNames{"return_type", "parameters"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(return_type, parameters); }

 private:
  CallableType(IRType r, std::vector<IRType> p)
      : IRTypeNode(kKind), return_type(std::move(r)), parameters(std::move(p)) {}
};

/// Handle to a CallableType.
using CallableTypeRef = Ref<const CallableType>;

}  // namespace tf
