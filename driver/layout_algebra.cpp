#include "driver/layout_algebra.h"

#include <fmt/format.h>

#include <functional>
#include <map>

#include "ir/layout/coalesce.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/inverse.h"
#include "ir/layout/tiled_forms.h"
#include "ir/layout/tiler.h"
#include "ir/text/build_support.h"

namespace tf::cli {
namespace {

using text::SyntaxKind;
using text::SyntaxNode;

// The most leaf modes an algebra result may have.
constexpr std::size_t kMaxAlgebraModes = 4096;

// The operands of one call, evaluated on demand.
class Operands {
 public:
  Operands(const SyntaxNode& call, const text::LayoutEnvironment& env) : call_(call), env_(env) {}

  std::size_t count() const { return call_.items.size(); }
  const SyntaxNode& node(std::size_t i) const { return *call_.items[i]; }

  Result<Layout> layout(std::size_t i) const { return layout_of(node(i)); }

  // The tiler operand i (ir/layout/tiler.h), in any form CuTe takes: a layout expression (an
  // algebra call included), an integer n (the layout n:1), `_` or `None` (the mode kept), or a
  // parenthesised tuple of these, nested at will (so a Shape such as `(4, (2, 2))` is one).
  Result<Tiler> tiler(std::size_t i) const { return tiler_of(node(i)); }

 private:
  Result<Tiler> tiler_of(const SyntaxNode& n) const {
    if (n.kind == SyntaxKind::Tuple) {
      std::vector<Tiler> modes;
      for (const text::Syntax& item : n.items) {
        Result<Tiler> t = tiler_of(*item);
        TF_TRY(t);
        modes.push_back(*t);
      }
      if (modes.empty()) return text::error_at(n, "a tiler tuple holds at least one tiler");
      return Tiler::by_mode(std::move(modes));
    }
    if (text::is_name(n, "_") || text::is_name(n, "None")) return Tiler::keep();
    if (n.kind == SyntaxKind::Integer || n.kind == SyntaxKind::Negate) {
      Result<std::int64_t> extent = text::integer_value(n);
      TF_TRY(extent);
      Result<Tiler> t = Tiler::of_shape(IntTuple(*extent));
      if (!t.ok()) return text::located_at(t.diagnostics(), n);
      return t;
    }
    Result<Layout> l = layout_of(n);
    TF_TRY(l);
    return Tiler::whole(*l);
  }

  Result<Layout> layout_of(const SyntaxNode& n) const {
    if (std::optional<Result<Layout>> nested = evaluate_layout_algebra(n, env_)) return *nested;
    Result<text::LayoutValue> v = text::build_layout_value(n, env_);
    TF_TRY(v);
    if (const Layout* l = std::get_if<Layout>(&*v)) {
      if (const std::size_t modes = leaves(l->shape()).size(); modes > kMaxAlgebraModes)
        return text::error_at(n, fmt::format("{} has {} modes, more than tf layout computes with "
                                             "({})",
                                             text::to_string(n), modes, kMaxAlgebraModes));
      return *l;
    }
    return text::error_at(n, fmt::format("{} is a {}; the layout algebra takes plain Layouts",
                                         text::to_string(n), text::layout_value_kind(*v)));
  }

  const SyntaxNode& call_;
  const text::LayoutEnvironment& env_;
};

using Rule = std::function<Result<Layout>(const Operands&)>;

// An operation of one Layout.
Rule unary(Result<Layout> (*op)(const Layout&)) {
  return [op](const Operands& o) -> Result<Layout> {
    Result<Layout> a = o.layout(0);
    TF_TRY(a);
    return op(*a);
  };
}

// An operation of two Layouts.
Rule binary(Result<Layout> (*op)(const Layout&, const Layout&)) {
  return [op](const Operands& o) -> Result<Layout> {
    Result<Layout> a = o.layout(0);
    TF_TRY(a);
    Result<Layout> b = o.layout(1);
    TF_TRY(b);
    return op(*a, *b);
  };
}

// An operation of a Layout and a tiler in any form (logical_divide, zipped_product, ...).
Rule tiled(Result<Layout> (*op)(const Layout&, const Tiler&)) {
  return [op](const Operands& o) -> Result<Layout> {
    Result<Layout> a = o.layout(0);
    TF_TRY(a);
    Result<Tiler> t = o.tiler(1);
    TF_TRY(t);
    return op(*a, *t);
  };
}

struct Entry {
  std::size_t min_operands;
  std::size_t max_operands;
  Rule rule;
};

const std::map<std::string, Entry>& table() {
  static const std::map<std::string, Entry> kTable = {
      {"composition", {2, 2, binary(static_cast<Result<Layout> (*)(const Layout&, const Layout&)>(composition))}},
      {"complement",
       {1, 2,
        [](const Operands& o) -> Result<Layout> {
          Result<Layout> a = o.layout(0);
          TF_TRY(a);
          if (o.count() == 1) return complement(*a);
          Result<std::int64_t> m = text::integer_value(o.node(1));
          TF_TRY(m);
          return complement(*a, *m);
        }}},
      {"right_inverse", {1, 1, unary(right_inverse)}},
      {"left_inverse", {1, 1, unary(left_inverse)}},
      {"coalesce", {1, 1, unary(static_cast<Result<Layout> (*)(const Layout&)>(coalesce))}},
      {"filter", {1, 1, unary(filter)}},
      {"logical_divide", {2, 2, tiled(logical_divide)}},
      {"logical_product", {2, 2, tiled(logical_product)}},
      {"zipped_divide", {2, 2, tiled(zipped_divide)}},
      {"tiled_divide", {2, 2, tiled(tiled_divide)}},
      {"flat_divide", {2, 2, tiled(flat_divide)}},
      {"zipped_product", {2, 2, tiled(zipped_product)}},
      {"tiled_product", {2, 2, tiled(tiled_product)}},
      {"flat_product", {2, 2, tiled(flat_product)}},
      {"blocked_product", {2, 2, binary(blocked_product)}},
      {"raked_product", {2, 2, binary(raked_product)}},
  };
  return kTable;
}

}  // namespace

const std::vector<std::string>& layout_algebra_names() {
  static const std::vector<std::string> kNames = {
      "composition",   "complement",     "right_inverse",  "left_inverse",  "coalesce",
      "filter",        "logical_divide", "logical_product", "zipped_divide", "tiled_divide",
      "flat_divide",   "zipped_product", "tiled_product",  "flat_product",  "blocked_product",
      "raked_product"};
  return kNames;
}

std::optional<Result<Layout>> evaluate_layout_algebra(const SyntaxNode& node,
                                                      const text::LayoutEnvironment& env) {
  if (node.kind != SyntaxKind::Call || !node.callee || node.callee->kind != SyntaxKind::Name)
    return std::nullopt;
  auto it = table().find(node.callee->text);
  if (it == table().end()) return std::nullopt;
  const Entry& e = it->second;
  const std::string& name = it->first;
  if (!node.keywords.empty())
    return Result<Layout>(text::error_at(node, fmt::format("{} takes no keyword arguments", name)));
  if (node.items.size() < e.min_operands || node.items.size() > e.max_operands)
    return Result<Layout>(text::error_at(
        node, fmt::format("{} takes {} operand{}, got {}", name,
                          e.min_operands == e.max_operands
                              ? fmt::format("{}", e.min_operands)
                              : fmt::format("{} or {}", e.min_operands, e.max_operands),
                          e.max_operands == 1 ? "" : "s", node.items.size())));
  Result<Layout> r = e.rule(Operands(node, env));
  if (!r.ok()) return Result<Layout>(text::located_at(r.diagnostics(), node));
  // A limit of tf layout: products and divides multiply modes, so a chain of definitions that
  // each square the one before (A2 = logical_product(A1, A1), ...) doubles them per step.
  if (const std::size_t modes = leaves(r->shape()).size(); modes > kMaxAlgebraModes)
    return Result<Layout>(text::error_at(
        node, fmt::format("{} gives a layout of {} modes, more than tf layout computes with ({})",
                          name, modes, kMaxAlgebraModes)));
  return r;
}

}  // namespace tf::cli
