#include "ir/tir/hidden_shape_params.h"

#include <algorithm>
#include <cctype>

#include "ir/type/tensor_type.h"

namespace tf::tir {

std::optional<std::pair<std::string, std::int64_t>> hidden_shape_name(const std::string& name) {
  const std::size_t at = name.rfind("_shape_");
  if (at == std::string::npos || at == 0) return std::nullopt;
  const std::string digits = name.substr(at + 7);
  if (digits.empty() || digits.size() > 9 ||
      !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
    return std::nullopt;
  return std::pair{name.substr(0, at), std::stoll(digits)};
}

bool is_rank0_integer_type(const IRType& type) {
  const TensorType* t = type->as<TensorType>();
  return t != nullptr && t->rank() == 0 && t->dtype.is_integer();
}

std::vector<std::optional<HiddenShapeSource>> hidden_shape_params(const PrimFunction& fn) {
  std::vector<std::optional<HiddenShapeSource>> hidden;
  for (const VarRef& p : fn.params()) {
    std::optional<HiddenShapeSource> source;
    if (auto key = hidden_shape_name(p->name); key && is_rank0_integer_type(p->type())) {
      for (std::size_t i = 0; i < fn.params().size(); ++i) {
        const VarRef& q = fn.params()[i];
        const TensorType* t = q->type()->as<TensorType>();
        if (q->name == key->first && t != nullptr && key->second < t->rank())
          source = HiddenShapeSource{i, key->second};
      }
    }
    hidden.push_back(source);
  }
  return hidden;
}

}  // namespace tf::tir
