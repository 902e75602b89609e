#include "conformance/law_case.h"

#include <fmt/format.h>

#include <algorithm>
#include <variant>
#include <vector>

#include "ir/layout/layout_law.h"
#include "ir/text/decimal.h"
#include "ir/text/expression_parser.h"
#include "ir/text/layout_builder.h"

namespace tf::conformance {
namespace {

// `d` placed in the case file: its position inside an input's value text (which the expression
// parser counts from line 1, column 1) moved to where that text starts, `at`.
Diagnostic placed(Diagnostic d, const SourceLocation& at) {
  const int column = d.location.line == 1 ? at.column + std::max(d.location.column, 1) - 1 : at.column;
  d.location = SourceLocation{at.file, at.line, column};
  return d;
}

// The argument for `p` from its input's value `text`, which starts at `at`.
Result<LawArgument> read_argument(const std::string& text, const LawParameter& p, const SourceLocation& at) {
  if (p.integer) {
    if (std::optional<std::int64_t> n = text::signed_integer(text)) return LawArgument(*n);
    return placed(
        category_error(DiagCategory::Parse, fmt::format("input {} takes an integer, found '{}'", p.name, text)), at);
  }
  Result<text::Syntax> syntax = text::parse_expression(text, at.file);
  if (!syntax.ok()) return placed(syntax.diagnostics().front(), at);
  Result<text::LayoutValue> value = text::build_layout_value(**syntax, text::LayoutEnvironment());
  if (!value.ok()) return placed(value.diagnostics().front(), at);
  if (const Layout* l = std::get_if<Layout>(&*value)) return LawArgument(*l);
  return placed(category_error(DiagCategory::Type, fmt::format("input {} takes a Layout(shape, strides), found a {}",
                                                               p.name, text::layout_value_kind(*value))),
                at);
}

}  // namespace

std::string law_names() {
  std::string names;
  for (const LayoutLaw& law : layout_laws()) names += (names.empty() ? "" : ", ") + law.name;
  return names;
}

std::string law_case_failure(const Case& c) {
  const LayoutLaw* law = find_layout_law(c.law);
  if (law == nullptr) return fmt::format("no law is named '{}'; the laws are {}", c.law, law_names());
  std::vector<LawArgument> args;
  for (const LawParameter& p : law->parameters) {
    const auto it = std::find_if(c.inputs.begin(), c.inputs.end(), [&](const auto& in) { return in.first == p.name; });
    if (it == c.inputs.end())
      return fmt::format("law {} takes the input {} ({}), which the case does not give", law->name, p.name,
                         p.integer ? "an integer" : "a layout");
    const SourceLocation& at = c.input_locations[static_cast<std::size_t>(it - c.inputs.begin())];
    Result<LawArgument> arg = read_argument(it->second, p, at);
    if (!arg.ok()) return arg.diagnostics().front().render();
    args.push_back(*arg);
  }
  for (const auto& input : c.inputs) {
    const std::string& name = input.first;
    if (std::none_of(law->parameters.begin(), law->parameters.end(),
                     [&](const LawParameter& p) { return p.name == name; }))
      return fmt::format("input {} names no parameter of law {}", name, law->name);
  }
  if (std::string why = law_arguments_refusal(*law, args); !why.empty())
    return fmt::format("law {}: {}", law->name, why);
  const LawVerdict v = check_layout_law(*law, args);
  if (v.holds()) return "";
  return law_violation_kind(*law, v) + (v.detail.empty() ? std::string() : ": " + v.detail);
}

}  // namespace tf::conformance
