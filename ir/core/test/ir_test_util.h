// Helpers shared by the ir/core, ir/dim and ir/type tests: short constructors for values the
// test knows to be valid (a failure is a bug in the test: InternalError) and rule-id lists.
#pragma once

#include <string>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/context.h"
#include "ir/core/var.h"
#include "ir/dim/dim_var.h"
#include "ir/support/result.h"
#include "ir/support/testing/rule_ids.h"
#include "ir/type/tensor_type.h"

namespace tf::test {


using Ids = std::vector<std::string>;

/// A TensorType that must be valid.
inline TensorTypeRef tensor(std::vector<ShapeDim> shape, DType dtype,
                            std::optional<StorageKind> storage = StorageKind::Gmem,
                            std::optional<LayoutBase> layout = std::nullopt) {
  return TensorType::make(std::move(shape), dtype, std::move(layout), storage).value();
}

/// A canonical DimVar that must be valid.
inline DimVarRef dim(const std::string& name, std::int64_t lo, std::int64_t hi) {
  return DimVar::make(name, lo, hi).value();
}

/// A rank-0 Constant that must be valid.
inline ConstantRef constant(ConstantValue value, IRType type) {
  return Constant::make(value, std::move(type)).value();
}

/// A Var that must be valid.
inline VarRef var(const std::string& name, IRType type) {
  return Var::make(name, std::move(type)).value();
}

/// A Layout that must be valid.
inline Layout layout(IntTuple shape, IntTuple stride) {
  return Layout::make(std::move(shape), std::move(stride)).value();
}

/// The handler tables of a Context holding only the core families (the dim ops).
inline const OpHandlers& core_handlers() {
  static const Context* context = new Context();
  return context->handlers();
}

}  // namespace tf::test
