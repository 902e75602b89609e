#include "driver/value_dump.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <tuple>

#include "driver/ir_session.h"
#include "eval/value/flat_value.h"
#include "ir/support/nearest_names.h"
#include "ir/tir/prim_function.h"
#include "lower/pipeline.h"

namespace tf::cli {

Result<std::vector<BindingName>> dumpable_bindings_at(const Module& module, const std::string& fn, const std::string& level) {
  const FunctionBase* f = module.find(fn);
  if (f == nullptr) return category_error(DiagCategory::Usage, fmt::format("the program has no function '{}'", fn));
  if (level != "tir" || f->kind() != FunctionKind::Hir) return dumpable_bindings(module, *f);
  Result<ModuleRef> lowered = lower::lower_function(module, fn, cli_context());
  TF_TRY(lowered);
  return dumpable_bindings(**lowered, *(*lowered)->find(fn));
}

std::vector<Diagnostic> check_dump_names(const std::vector<std::string>& names, const std::vector<BindingName>& known,
                                         std::string_view fn, std::string_view option) {
  std::vector<std::string> spelled;
  for (const BindingName& b : known)
    if (std::find(spelled.begin(), spelled.end(), b.name) == spelled.end()) spelled.push_back(b.name);
  std::vector<Diagnostic> out;
  for (const std::string& name : names) {
    if (std::find(spelled.begin(), spelled.end(), name) != spelled.end()) continue;
    Diagnostic d = category_error(
        DiagCategory::Usage,
        spelled.empty() ? fmt::format("{}: @{} has no binding '{}' (it has no bindings to dump)", option, fn, name)
                        : fmt::format("{}: @{} has no binding '{}' (its bindings: {})", option, fn, name,
                                      fmt::join(spelled, ", ")));
    out.push_back(suggest_nearest(d, name, spelled));
  }
  return out;
}

eval::BindingObserver binding_dumper(std::set<std::string> names, std::vector<eval::DumpedValue>& into) {
  return [names = std::move(names), &into](const eval::BoundValue& b) {
    if (!names.empty() && !names.contains(b.binding.name)) return;
    const std::string where = eval::where_text(b.where);
    for (auto& [name, t] : eval::flatten_value(b.value, b.binding.name))
      into.push_back(eval::DumpedValue{.name = name, .location = b.binding.location, .where = where, .value = t});
  };
}

void add_missing(std::vector<eval::DumpedValue>& into, const std::vector<BindingName>& known,
                 const std::set<std::string>& names, const std::string& note) {
  std::set<std::tuple<std::string, int, int>> have;
  for (const eval::DumpedValue& d : into) {
    const std::string base = d.name.substr(0, d.name.find('['));  // a tuple element: its binding
    have.emplace(base, d.location.line, d.location.column);
  }
  for (const BindingName& b : known) {
    if (!names.empty() && !names.contains(b.name)) continue;
    if (have.contains({b.name, b.location.line, b.location.column})) continue;
    into.push_back(eval::DumpedValue{.name = b.name, .location = b.location, .note = note});
  }
}

}  // namespace tf::cli
