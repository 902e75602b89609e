#include "lower/dispatcher.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/terminators.h"

namespace tf::lower {

namespace {

Diagnostic refusal(const hir::Function& proto, std::string_view reason) {
  return category_error(DiagCategory::Usage, fmt::format("cannot lower the dispatch prototype @{} to TIR: {}", proto.name(), reason));
}

}  // namespace

Result<Ref<const tir::PrimFunction>> lower_prototype(const hir::Function& proto,
                                                     const std::map<std::string, Ref<const tir::PrimFunction>>& entries) {
  if (proto.variants().empty()) return refusal(proto, "it has no variant");
  for (const hir::HirFunctionRef& v : proto.variants())
    if (entries.count(v->name()) == 0) return refusal(proto, fmt::format("its variant @{} is not in the module", v->name()));
  // The variants' ranges, all over one DimVar, pairwise disjoint.
  std::string dim;
  std::vector<const DimVarRangePat*> ranges;
  for (const hir::HirFunctionRef& v : proto.variants()) {
    const auto* pat = v->specializations().front()->as<DimVarRangePat>();
    if (pat == nullptr) return refusal(proto, fmt::format("the variant @{} is not selected by a DimVarRangePat", v->name()));
    if (dim.empty()) dim = pat->dim_var;
    if (pat->dim_var != dim)
      return refusal(proto, fmt::format("its variants test two DimVars ({} and {}); TIR's first-match dispatch "
                                        "agrees with HIR's one-match rule only over one", dim, pat->dim_var));
    for (const DimVarRangePat* r : ranges)
      if (pat->lo < r->hi && r->lo < pat->hi)
        return refusal(proto, fmt::format("the ranges [{}, {}) and [{}, {}) of its variants overlap; HIR refuses an "
                                          "extent both admit, TIR's dispatch would take the first", r->lo, r->hi, pat->lo, pat->hi));
    ranges.push_back(pat);
  }
  const std::optional<hir::DimLocation> at = hir::locate_dim_var(proto.params(), dim);
  if (!at) return refusal(proto, fmt::format("no parameter has the DimVar {} as an extent to dispatch on", dim));

  // The dispatcher's parameters: the first variant entry's, the inputs named as the prototype's.
  const tir::PrimFunction& first = *entries.at(proto.variants().front()->name());
  std::vector<VarRef> params;
  for (std::size_t i = 0; i < first.params().size(); ++i) {
    const VarRef& p = first.params()[i];
    Result<VarRef> v = Var::make(i < proto.params().size() ? proto.params()[i]->name : p->name, p->type());
    TF_TRY(v);
    params.push_back(*v);
  }
  Result<Ref<const ShapeOf>> subject = ShapeOf::make(params[at->param], static_cast<std::int64_t>(at->axis));
  TF_TRY(subject);
  std::vector<std::vector<Pattern>> rows;
  std::vector<tir::EvaluateRef> calls;
  std::vector<Expr> args(params.begin(), params.end());
  for (const hir::HirFunctionRef& v : proto.variants()) {
    const tir::PrimFunction& entry = *entries.at(v->name());
    if (entry.params().size() != params.size())
      return refusal(proto, fmt::format("the variant @{} takes {} parameters and outputs, the first variant {}", v->name(),
                                        entry.params().size(), params.size()));
    Result<Ref<const SymbolRef>> callee = SymbolRef::to(entry);
    TF_TRY(callee);
    Result<tir::EvaluateRef> call = tir::Evaluate::make_symbol(*callee, args);
    TF_TRY(call);
    rows.push_back({v->specializations().front()});
    calls.push_back(*call);
  }
  Result<Ref<const tir::Abort>> abort = tir::Abort::make(fmt::format("no variant of @{} matches its inputs", proto.name()));
  TF_TRY(abort);
  Result<tir::SequentialRef> fallback = tir::Sequential::make({*abort});
  TF_TRY(fallback);
  Result<Ref<const tir::DispatchCall>> dispatch =
      tir::DispatchCall::make(proto.name(), {Expr(*subject)}, std::move(rows), std::move(calls), *fallback);
  TF_TRY(dispatch);
  Result<tir::SequentialRef> body = tir::Sequential::make({*dispatch});
  TF_TRY(body);
  return tir::PrimFunction::make(proto.name(), params, *body, first.output_count(), tir::Target::Host);
}

}  // namespace tf::lower
