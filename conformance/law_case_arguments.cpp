#include "conformance/law_case_arguments.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <variant>

#include "conformance/law_case_lists.h"
#include "ir/text/build_support.h"
#include "ir/text/decimal.h"
#include "ir/text/expression_parser.h"
#include "ir/text/layout_builder.h"

namespace tf::conformance {
namespace {

using text::Syntax;
using text::SyntaxNode;

// `d` placed in the case file: its position inside an input's value text (which the expression
// parser counts from line 1, column 1) moved to where that text starts, `at`.
Diagnostic placed(Diagnostic d, const SourceLocation& at) {
  const int column =
      d.location.line == 1 ? at.column + std::max(d.location.column, 1) - 1 : at.column;
  d.location = SourceLocation{at.file, at.line, column};
  return d;
}

// The argument an expression of p's kind denotes (a kind read as a tfir expression).
Result<LawArgument> expression_argument(const SyntaxNode& n, const LawParameter& p) {
  const auto wrap = [](auto r) -> Result<LawArgument> {
    if (!r.ok()) return r.diagnostics();
    return LawArgument(*r);
  };
  const auto of_kind = [&](const text::LayoutValue& v,
                           const char* spelling) -> Result<LawArgument> {
    // Unplaced: the caller places it at the value's start.
    return category_error(DiagCategory::Type, fmt::format("input {} takes a {}, found a {}", p.name,
                                                          spelling, text::layout_value_kind(v)));
  };
  switch (p.kind) {
    case LawArgumentKind::ShardParts:
      return wrap(text::build_shard_parts(n, text::LayoutEnvironment()));
    case LawArgumentKind::Shape:
      return wrap(text::build_int_tuple(n));
    case LawArgumentKind::ShardAttrs:
      return wrap(text::build_shard_attrs(n));
    default:
      break;
  }
  Result<text::LayoutValue> value = text::build_layout_value(n, text::LayoutEnvironment());
  if (!value.ok()) return value.diagnostics();
  switch (p.kind) {
    case LawArgumentKind::Layout:
      if (const Layout* l = std::get_if<Layout>(&*value)) return LawArgument(*l);
      return of_kind(*value, "Layout(shape, strides)");
    case LawArgumentKind::Mesh:
      if (const Mesh* m = std::get_if<Mesh>(&*value)) return LawArgument(*m);
      return of_kind(*value, "Mesh(topologies, layout)");
    case LawArgumentKind::ShardLayout:
      if (const ShardLayout* s = std::get_if<ShardLayout>(&*value)) return LawArgument(*s);
      return of_kind(*value, "ShardLayout(layout=..., attrs=..., mesh=...)");
    default:
      TF_UNREACHABLE("not a kind read as a layout expression");
  }
}

}  // namespace

Result<LawArgument> read_law_argument(const std::string& text, const LawParameter& p,
                                      const SourceLocation& at) {
  switch (p.kind) {
    case LawArgumentKind::Integer:
      if (std::optional<std::int64_t> n = text::signed_integer(text)) return LawArgument(*n);
      return placed(
          category_error(DiagCategory::Parse,
                         fmt::format("input {} takes an integer, found '{}'", p.name, text)),
          at);
    case LawArgumentKind::Bool:
      if (text == "true" || text == "false") return LawArgument(text == "true");
      return placed(
          category_error(DiagCategory::Parse,
                         fmt::format("input {} takes true or false, found '{}'", p.name, text)),
          at);
    case LawArgumentKind::SliceKey: {
      Result<std::vector<SliceKey>> key = read_slice_key(text, p.name, at);
      if (!key.ok()) return key.diagnostics();
      return LawArgument(*key);
    }
    case LawArgumentKind::BarrierSites: {
      Result<BarrierSites> sites = read_barrier_sites(text, p.name, at);
      if (!sites.ok()) return sites.diagnostics();
      return LawArgument(*sites);
    }
    default:
      break;
  }
  Result<Syntax> syntax = text::parse_expression(text, at.file);
  if (!syntax.ok()) return placed(syntax.diagnostics().front(), at);
  Result<LawArgument> arg = expression_argument(**syntax, p);
  if (!arg.ok()) return placed(arg.diagnostics().front(), at);
  return arg;
}

}  // namespace tf::conformance
