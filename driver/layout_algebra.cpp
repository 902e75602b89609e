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

  // A by-mode tiler `(B0, B1, ...)`; nullopt when operand i is not a parenthesised tuple.
  std::optional<Result<std::vector<Layout>>> tiler(std::size_t i) const {
    const SyntaxNode& n = node(i);
    if (n.kind != SyntaxKind::Tuple) return std::nullopt;
    std::vector<Layout> out;
    for (const text::Syntax& item : n.items) {
      Result<Layout> l = layout_of(*item);
      if (!l.ok()) return Result<std::vector<Layout>>(l.diagnostics());
      out.push_back(*l);
    }
    if (out.empty()) return Result<std::vector<Layout>>(text::error_at(n, "a tiler holds at least one layout"));
    return Result<std::vector<Layout>>(std::move(out));
  }
  Result<std::vector<Layout>> required_tiler(std::size_t i, const std::string& op) const {
    if (std::optional<Result<std::vector<Layout>>> t = tiler(i)) return *t;
    return text::error_at(node(i), fmt::format("{} takes a by-mode tiler in parentheses, "
                                               "(B0, B1, ...) or (B,)",
                                               op));
  }

 private:
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

// An operation of a Layout and a by-mode tiler.
Rule by_mode(const char* name, Result<Layout> (*op)(const Layout&, const std::vector<Layout>&)) {
  return [name, op](const Operands& o) -> Result<Layout> {
    Result<Layout> a = o.layout(0);
    TF_TRY(a);
    Result<std::vector<Layout>> t = o.required_tiler(1, name);
    TF_TRY(t);
    return op(*a, *t);
  };
}

// logical_divide / logical_product: a whole layout B, or a by-mode tiler.
Rule either(Result<Layout> (*whole)(const Layout&, const Layout&),
            Result<Layout> (*modes)(const Layout&, const std::vector<Layout>&)) {
  return [whole, modes](const Operands& o) -> Result<Layout> {
    Result<Layout> a = o.layout(0);
    TF_TRY(a);
    if (std::optional<Result<std::vector<Layout>>> t = o.tiler(1)) {
      TF_TRY(*t);
      return modes(*a, **t);
    }
    Result<Layout> b = o.layout(1);
    TF_TRY(b);
    return whole(*a, *b);
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
      {"logical_divide",
       {2, 2,
        either(static_cast<Result<Layout> (*)(const Layout&, const Layout&)>(logical_divide),
               static_cast<Result<Layout> (*)(const Layout&, const std::vector<Layout>&)>(logical_divide))}},
      {"logical_product",
       {2, 2,
        either(static_cast<Result<Layout> (*)(const Layout&, const Layout&)>(logical_product),
               static_cast<Result<Layout> (*)(const Layout&, const std::vector<Layout>&)>(logical_product))}},
      {"zipped_divide", {2, 2, by_mode("zipped_divide", zipped_divide)}},
      {"tiled_divide", {2, 2, by_mode("tiled_divide", tiled_divide)}},
      {"flat_divide", {2, 2, by_mode("flat_divide", flat_divide)}},
      {"zipped_product", {2, 2, by_mode("zipped_product", zipped_product)}},
      {"tiled_product", {2, 2, by_mode("tiled_product", tiled_product)}},
      {"flat_product", {2, 2, by_mode("flat_product", flat_product)}},
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
