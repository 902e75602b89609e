#include "ir/verify/hir_dispatch_verify.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/structural.h"
#include "ir/type/type_print.h"
#include "ir/verify/hir_verify.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message, std::string path) {
  Diagnostic d = category_error(DiagCategory::Type, std::move(message));
  d.ir_path = std::move(path);
  return d;
}

std::string envelope(const DimVar& v) {
  return fmt::format("the envelope [{}, {}) of DimVar '{}'", v.lo, v.hi, v.name);
}

std::string param_types(const hir::Function& f) {
  std::string s = "(";
  for (std::size_t i = 0; i < f.params().size(); ++i)
    s += (i ? ", " : "") + to_string(f.params()[i]->type());
  return s + ")";
}

// One variant's range, for the partition check.
struct Range {
  const DimVarRangePat* pat;
  const Pattern* pattern;
  const hir::Function* variant;
};

std::string range_text(const Range& r) {
  return fmt::format("{} ({})", r.variant->name(), to_string(*r.pattern));
}

// Item 4.3: the ranges name one DimVar of the prototype's parameters and tile its envelope.
void check_partition(const hir::Function& f, std::vector<Diagnostic>& diags) {
  std::vector<Range> ranges;
  for (const hir::HirFunctionRef& v : f.variants())
    for (const Pattern& p : v->specializations())
      if (const DimVarRangePat* r = p->as<DimVarRangePat>()) ranges.push_back({r, &p, v.get()});
  if (ranges.empty()) return;
  for (const Range& r : ranges)
    if (r.pat->dim_var != ranges[0].pat->dim_var) {
      diags.push_back(type_error(
          fmt::format(
              "prototype {}: its variants dispatch on DimVar '{}' ({}) and DimVar '{}' ({}); "
              "all of a prototype's variants name one DimVar",
              f.name(), ranges[0].pat->dim_var, range_text(ranges[0]), r.pat->dim_var,
              range_text(r)),
          f.name()));
      return;
    }
  const std::string& dim = ranges[0].pat->dim_var;
  std::optional<hir::DimLocation> at = hir::locate_dim_var(f.params(), dim);
  if (!at) {
    diags.push_back(type_error(
        fmt::format(
            "prototype {}: its variants dispatch on DimVar '{}', which is not a shape entry of any "
            "of its parameters {}",
            f.name(), dim, param_types(f)),
        f.name()));
    return;
  }
  const DimVar& env = *at->var;
  std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) {
    return std::tie(a.pat->lo, a.pat->hi) < std::tie(b.pat->lo, b.pat->hi);
  });
  const std::string head =
      fmt::format("prototype {}: its variants do not partition {}", f.name(), envelope(env));
  if (ranges.front().pat->lo > env.lo)
    diags.push_back(
        type_error(fmt::format("{}: they start at {} ({}), so [{}, {}) is covered by no variant",
                               head, ranges.front().pat->lo, range_text(ranges.front()), env.lo,
                               ranges.front().pat->lo),
                   f.name()));
  const Range* reach = &ranges.front();  // the range that covers furthest so far
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    const Range& r = ranges[i];
    const std::int64_t covered = reach->pat->hi;
    if (r.pat->lo > covered)
      diags.push_back(type_error(fmt::format("{}: gap [{}, {}) between {} and {}", head, covered,
                                             r.pat->lo, range_text(*reach), range_text(r)),
                                 f.name()));
    else if (r.pat->lo < covered)
      diags.push_back(
          type_error(fmt::format("{}: overlap [{}, {}) of {} and {}", head, r.pat->lo,
                                 std::min(covered, r.pat->hi), range_text(*reach), range_text(r)),
                     f.name()));
    if (r.pat->hi > covered) reach = &r;
  }
  if (reach->pat->hi < env.hi)
    diags.push_back(
        type_error(fmt::format("{}: they end at {} ({}), so [{}, {}) is covered by no variant",
                               head, reach->pat->hi, range_text(*reach), reach->pat->hi, env.hi),
                   f.name()));
}

}  // namespace

std::vector<Diagnostic> verify_specializations(const hir::Function& f) {
  std::vector<Diagnostic> diags;
  for (std::size_t i = 0; i < f.specializations().size(); ++i) {
    const DimVarRangePat* r = f.specializations()[i]->as<DimVarRangePat>();
    if (r == nullptr) continue;  // item 3 checks range patterns only
    const std::string path = fmt::format("{}.specializations[{}]", f.name(), i);
    const std::string pat = to_string(f.specializations()[i]);
    std::optional<hir::DimLocation> at = hir::locate_dim_var(f.params(), r->dim_var);
    if (!at) {
      Diagnostic d = type_error(fmt::format("variant {}: {} names DimVar '{}', which is not a "
                                            "shape entry of any of its parameters {}",
                                            f.name(), pat, r->dim_var, param_types(f)),
                                path);
      d.notes.push_back(
          "a dispatch subject is a bare DimVar entry of a parameter shape, not one only in the "
          "return type "
          "or inside dim arithmetic");
      diags.push_back(std::move(d));
    } else if (!r->within(*at->var)) {
      diags.push_back(type_error(
          fmt::format("variant {}: {} is not inside {} (parameter '{}', axis {})", f.name(), pat,
                      envelope(*at->var), f.params()[at->param]->name, at->axis),
          path));
    }
  }
  return diags;
}

std::vector<Diagnostic> verify_variants(const hir::Function& f, const Module* module,
                                        const OpHandlers& handlers) {
  std::vector<Diagnostic> diags;
  std::map<std::string, const hir::Function*> signatures;
  for (std::size_t i = 0; i < f.variants().size(); ++i) {
    const hir::Function& v = *f.variants()[i];
    const std::string path = fmt::format("{}.variants[{}]", f.name(), i);
    // No variants of its own, one specialization and a body: make_variant's guarantees.
    if (v.base_name() != f.name())
      diags.push_back(type_error(fmt::format("variant {} of prototype {} names '{}' as its base",
                                             v.name(), f.name(), v.base_name()),
                                 path));
    const auto& want = f.callable_type()->parameters;
    const auto& have = v.callable_type()->parameters;
    bool same = want.size() == have.size();
    for (std::size_t k = 0; same && k < want.size(); ++k) same = structural_equal(want[k], have[k]);
    if (!same)
      diags.push_back(type_error(fmt::format("variant {} of prototype {} takes {}, but its base "
                                             "takes {}; a variant specializes the "
                                             "body only",
                                             v.name(), f.name(), param_types(v), param_types(f)),
                                 path));
    if (!structural_equal(v.return_type(), f.return_type()))
      diags.push_back(type_error(
          fmt::format("variant {} of prototype {} returns {}, but its base returns {}", v.name(),
                      f.name(), short_text(v.return_type()), short_text(f.return_type())),
          path));
    const std::string sig = hir::specialization_signature(v);
    if (auto [it, fresh] = signatures.emplace(sig, &v); !fresh)
      diags.push_back(
          type_error(fmt::format("variants {} and {} of prototype {} have the same specialization "
                                 "signature {}",
                                 it->second->name(), v.name(), f.name(), sig),
                     path));
  }
  check_partition(f, diags);
  for (const hir::HirFunctionRef& v : f.variants())
    append(diags, verify_function(*v, module, handlers));
  return diags;
}

std::vector<Diagnostic> verify_top_level_dispatch(const hir::Function& f, const Module& module,
                                                  const OpHandlers& handlers) {
  std::vector<Diagnostic> diags;
  if (f.is_prototype() && f.variants().empty())
    diags.push_back(
        type_error(fmt::format("function {} has neither a body nor variants; a prototype needs "
                               "at least one `specialize {}(...) as NAME(...)`",
                               f.name(), f.name()),
                   f.name()));
  if (f.is_prototype())
    for (const hir::HirFunctionRef& v : f.variants())
      if (module.find(v->name()) != static_cast<const FunctionBase*>(v.get()))
        diags.push_back(
            type_error(fmt::format("variant {} of prototype {} is not the module's function @{}, "
                                   "so a call @{}(...) does not reach it",
                                   v->name(), f.name(), v->name(), v->name()),
                       f.name()));
  if (!f.is_variant()) return diags;
  for (const FunctionRef& g : module.functions()) {
    const auto* base = g->as<hir::Function>();
    if (base == nullptr) continue;
    for (const hir::HirFunctionRef& v : base->variants())
      if (v.get() == &f) return diags;  // verified through its base
  }
  diags.push_back(
      type_error(fmt::format("variant {} (of '{}') is a top-level function that no prototype of "
                             "the module holds; variants live inside their base",
                             f.name(), f.base_name()),
                 f.name()));
  append(diags, verify_function(f, &module, handlers));
  return diags;
}

}  // namespace tf
