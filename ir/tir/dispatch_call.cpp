#include "ir/tir/dispatch_call.h"

#include <fmt/format.h>

namespace tf::tir {

Result<DispatchCallRef> DispatchCall::make(std::string callee_name, std::vector<Expr> subjects,
                                           std::vector<std::vector<Pattern>> case_patterns,
                                           std::vector<EvaluateRef> case_calls,
                                           SequentialRef fallback, Loc loc) {
  std::vector<Diagnostic> diags;
  auto type_error = [&](std::string message) {
    diags.push_back(category_error(DiagCategory::Type,
                                   fmt::format("dispatch \"{}\": {}", callee_name, message)));
  };
  for (std::size_t i = 0; i < subjects.size(); ++i)
    if (!subjects[i]) type_error(fmt::format("subject {} is null", i));
  for (std::size_t i = 0; i < case_patterns.size(); ++i)
    for (std::size_t j = 0; j < case_patterns[i].size(); ++j)
      if (!case_patterns[i][j]) type_error(fmt::format("pattern {} of case {} is null", j, i));
  for (std::size_t i = 0; i < case_calls.size(); ++i) {
    if (!case_calls[i]) {
      type_error(fmt::format("the call of case {} is null", i));
    } else if (case_calls[i]->is_op()) {
      diags.push_back(
          rule_error("TIR.1.6.DISPATCH.case-calls-evaluate-symbolref",
                     fmt::format("dispatch \"{}\": case {} calls the op {}; a case call is "
                                 "Evaluate(SymbolRef, args) of the case's specialized callee",
                                 callee_name, i, case_calls[i]->op().name())));
    }
  }
  if (!fallback) type_error("the fallback is null (a Sequential is needed)");
  if (!diags.empty()) return diags;
  return DispatchCallRef(new DispatchCall(std::move(callee_name), std::move(subjects),
                                          std::move(case_patterns), std::move(case_calls),
                                          std::move(fallback), std::move(loc)));
}

}  // namespace tf::tir
