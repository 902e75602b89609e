#include "eval/hir/op_attrs.h"

#include <variant>

#include "ir/hir/tensor_typeinfer_util.h"

namespace tf::eval {

std::int64_t int_attr(const OpEvalArgs& a, std::string_view name) {
  return hir::int_attr(a.attr(name));
}

const std::vector<std::int64_t>& ints_attr(const OpEvalArgs& a, std::string_view name) {
  return hir::int_tuple_attr(a.attr(name));
}

double float_attr(const OpEvalArgs& a, std::string_view name) {
  const AttrValue& v = a.attr(name);
  if (std::holds_alternative<std::int64_t>(v)) return static_cast<double>(std::get<std::int64_t>(v));
  TF_CHECK(std::holds_alternative<double>(v), "attribute {} is not a float", name);
  return std::get<double>(v);
}

bool bool_attr(const OpEvalArgs& a, std::string_view name) {
  return hir::bool_attr(a.attr(name));
}

DType dtype_attr(const OpEvalArgs& a, std::string_view name) {
  const AttrValue& v = a.attr(name);
  TF_CHECK(std::holds_alternative<DType>(v), "attribute {} is not a dtype", name);
  return std::get<DType>(v);
}

}  // namespace tf::eval
