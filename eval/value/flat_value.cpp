#include "eval/value/flat_value.h"

#include <fmt/format.h>

namespace tf::eval {
namespace {

void flatten(const Value& v, const std::string& selector, std::vector<std::pair<std::string, Tensor>>& out) {
  if (v.is_tensor()) {
    out.emplace_back(selector, v.tensor());
    return;
  }
  for (std::size_t i = 0; i < v.items().size(); ++i) flatten(v.items()[i], fmt::format("{}[{}]", selector, i), out);
}

}  // namespace

std::vector<std::pair<std::string, Tensor>> flatten_value(const Value& v, const std::string& name) {
  std::vector<std::pair<std::string, Tensor>> out;
  flatten(v, name, out);
  return out;
}

}  // namespace tf::eval
