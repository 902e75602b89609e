// Value: what an HIR expression evaluates to, a Tensor or a tuple of Values (TupleType).
#pragma once

#include <memory>
#include <variant>
#include <vector>

#include "eval/value/tensor.h"

namespace tf::eval {

/// A tensor or a tuple of values.
class Value {
 public:
  Value() = default;
  Value(Tensor t) : v_(std::move(t)) {}  // NOLINT: a tensor is a value
  /// A tuple of `items`.
  static Value tuple(std::vector<Value> items) {
    Value v;
    v.v_ = std::make_shared<const std::vector<Value>>(std::move(items));
    return v;
  }

  bool is_tensor() const { return v_.index() == 0; }
  bool is_tuple() const { return v_.index() == 1; }
  /// Precondition (TF_CHECK): is_tensor().
  const Tensor& tensor() const {
    TF_CHECK(is_tensor(), "tensor() of a tuple value");
    return std::get<0>(v_);
  }
  /// Precondition (TF_CHECK): is_tuple().
  const std::vector<Value>& items() const {
    TF_CHECK(is_tuple(), "items() of a tensor value");
    return *std::get<1>(v_);
  }

 private:
  std::variant<Tensor, std::shared_ptr<const std::vector<Value>>> v_;
};

}  // namespace tf::eval
