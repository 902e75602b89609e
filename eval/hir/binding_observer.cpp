#include "eval/hir/binding_observer.h"

#include <fmt/format.h>

#include "ir/hir/function.h"

namespace tf::eval {

std::string where_text(std::span<const EvalPlace> where) {
  std::string out;
  for (std::size_t k = 1; k < where.size(); ++k) {
    const EvalPlace& p = where[k];
    if (!out.empty()) out += ", ";
    out += p.kind == EvalPlace::Kind::Call ? fmt::format("@{} call {}", p.function->name(), p.call)
                                           : fmt::format("{}={}", p.induction->name, p.index);
  }
  return out;
}

}  // namespace tf::eval
