#include "conformance/law_case.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "conformance/law_case_arguments.h"
#include "ir/layout/layout_law.h"

namespace tf::conformance {
namespace {

// A failure of a malformed law case: `message` as a diagnostic of `category` placed at `at`.
std::string placed_failure(DiagCategory category, std::string message, const SourceLocation& at) {
  Diagnostic d = category_error(category, std::move(message));
  d.location = at;
  return d.render();
}

}  // namespace

std::string law_names() {
  std::string names;
  for (const Law* law : all_laws()) names += (names.empty() ? "" : ", ") + law->name;
  return names;
}

std::string law_case_failure(const Case& c) {
  const Law* law = find_law(c.law);
  if (law == nullptr)
    return fmt::format("no law is named '{}'; the laws are {}", c.law, law_names());
  std::vector<LawArgument> args;
  for (const LawParameter& p : law->parameters) {
    const auto it = std::find_if(c.inputs.begin(), c.inputs.end(),
                                 [&](const auto& in) { return in.first == p.name; });
    if (it == c.inputs.end())
      return placed_failure(
          DiagCategory::Parse,
          fmt::format("law {} takes the input {} ({}), which the case does not give", law->name,
                      p.name, law_argument_kind_name(p.kind)),
          c.location);
    const SourceLocation& at = c.input_locations[static_cast<std::size_t>(it - c.inputs.begin())];
    Result<LawArgument> arg = read_law_argument(it->second, p, at);
    if (!arg.ok()) return arg.diagnostics().front().render();
    if (std::string why = law_argument_refusal(p, *arg); !why.empty())
      return placed_failure(DiagCategory::Type, fmt::format("law {}: {}", law->name, why), at);
    args.push_back(*arg);
  }
  for (std::size_t i = 0; i < c.inputs.size(); ++i) {
    const std::string& name = c.inputs[i].first;
    if (std::none_of(law->parameters.begin(), law->parameters.end(),
                     [&](const LawParameter& p) { return p.name == name; }))
      return placed_failure(DiagCategory::Parse,
                            fmt::format("input {} names no parameter of law {}", name, law->name),
                            c.input_locations[i]);
  }
  // What the arguments fit, the law's own refusal may still turn down (law_arguments_refusal).
  if (std::string why = law_arguments_refusal(*law, args); !why.empty())
    return placed_failure(DiagCategory::Type, fmt::format("law {}: {}", law->name, why),
                          c.location);
  const LawVerdict v = judge_law(*law, args);
  if (v.holds()) return "";
  return law_violation_kind(*law, v) + (v.detail.empty() ? std::string() : ": " + v.detail);
}

}  // namespace tf::conformance
