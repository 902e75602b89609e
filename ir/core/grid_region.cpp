#include "ir/core/grid_region.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, "GridRegionExpr: " + std::move(message));
}

void check_bound(const char* what, const ShapeDim& d, bool positive,
                 std::vector<Diagnostic>& diags) {
  if (!d.is_static()) return;
  if (positive ? d.value() <= 0 : d.value() < 0)
    diags.push_back(type_error(fmt::format("{} must be {}, got {}", what,
                                           positive ? "positive" : "non-negative", d.value())));
}

// Checks that `values[k]` (an init or a yield) has the type of carried Var k.
void check_against_phis(const char* what, const std::vector<Expr>& values,
                        const std::vector<VarRef>& carried, std::vector<Diagnostic>& diags) {
  for (std::size_t k = 0; k < values.size() && k < carried.size(); ++k) {
    if (!values[k] || !carried[k]) continue;
    if (!structural_equal(values[k]->type(), carried[k]->type()))
      diags.push_back(type_error(fmt::format(
          "{} {} has type {}, but the carried Var '{}' has type {}", what, k,
          short_text(values[k]->type()), carried[k]->name, short_text(carried[k]->type()))));
  }
}

}  // namespace

Result<GridRegionRef> GridRegionExpr::make(GridRegionParts p) {
  std::vector<Diagnostic> diags;
  if (!p.induction_var) {
    diags.push_back(type_error("the induction variable is null"));
  } else {
    const TensorType* t = p.induction_var->type()->as<TensorType>();
    if (t == nullptr || t->rank() != 0 || (t->dtype != DType::i32() && t->dtype != DType::i64()))
      diags.push_back(type_error(fmt::format(
          "the induction variable '{}' has type {}; it must be a rank-0 i32 or i64 tensor",
          p.induction_var->name, short_text(p.induction_var->type()))));
  }
  check_bound("start", p.start, false, diags);
  check_bound("stop", p.stop, false, diags);
  check_bound("step", p.step, true, diags);
  if (p.inits.size() != p.carried.size() || p.yields.size() != p.carried.size())
    diags.push_back(type_error(fmt::format(
        "{} carried Vars, {} inits and {} yields; each carried Var needs one init and one yield",
        p.carried.size(), p.inits.size(), p.yields.size())));
  for (std::size_t k = 0; k < p.carried.size(); ++k) {
    if (!p.carried[k]) {
      diags.push_back(type_error(fmt::format("carried Var {} is null", k)));
      continue;
    }
    bool repeated = p.carried[k].same_as(p.induction_var);
    for (std::size_t j = 0; j < k; ++j) repeated = repeated || p.carried[j].same_as(p.carried[k]);
    if (repeated)
      diags.push_back(type_error(
          fmt::format("carried Var '{}' is bound twice in one region", p.carried[k]->name)));
  }
  for (const Expr& e : p.inits)
    if (!e) diags.push_back(type_error("an init is null"));
  for (const Expr& e : p.yields)
    if (!e) diags.push_back(type_error("a yield is null"));
  check_against_phis("init", p.inits, p.carried, diags);
  check_against_phis("yield", p.yields, p.carried, diags);
  if (!p.body) diags.push_back(type_error("the body is null"));
  if (!diags.empty()) return diags;
  IRType type;
  if (p.carried.empty()) {
    type = p.body->type();
  } else if (p.carried.size() == 1) {
    type = p.carried[0]->type();
  } else {
    std::vector<IRType> fields;
    for (const VarRef& c : p.carried) fields.push_back(c->type());
    Result<Ref<const TupleType>> tuple = TupleType::make(std::move(fields));
    TF_TRY(tuple);
    type = *tuple;
  }
  return GridRegionRef(new GridRegionExpr(std::move(p), std::move(type)));
}

std::string to_string(const GridRegionExpr& g) {
  std::string s = fmt::format("for {} in range({}, {}, {}) ", g.induction_var()->name,
                              to_string(g.start()), to_string(g.stop()), to_string(g.step()));
  if (!g.carried().empty()) {
    s += "carry (";
    for (std::size_t k = 0; k < g.carried().size(); ++k)
      s += fmt::format("{}{} = {}", k ? ", " : "", g.carried()[k]->name, to_string(g.inits()[k]));
    s += ") ";
  }
  s += "{ " + to_string(g.body());
  if (!g.carried().empty()) {
    s += "; yield (";
    for (std::size_t k = 0; k < g.yields().size(); ++k)
      s += (k ? ", " : "") + to_string(g.yields()[k]);
    s += g.yields().size() == 1 ? ",)" : ")";
  }
  return s + " }";
}

}  // namespace tf
