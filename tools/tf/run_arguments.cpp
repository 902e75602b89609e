#include "tools/tf/run_arguments.h"

#include <fmt/format.h>

#include <map>

#include "driver/function_run.h"
#include "driver/ir_session.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/flat_value.h"
#include "eval/value/memory_budget.h"
#include "eval/value/npy.h"
#include "ir/support/nearest_names.h"
#include "ir/text/decimal.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::cli {
namespace {

Diagnostic usage(std::string message) {
  return category_error(DiagCategory::Usage, std::move(message));
}

Result<std::pair<std::string, std::string>> split_assignment(const std::string& s, const char* option) {
  const std::size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0) return usage(fmt::format("{} '{}': expected NAME=VALUE", option, s));
  return std::make_pair(s.substr(0, eq), s.substr(eq + 1));
}

Result<eval::Tensor> read_input(const std::string& name, const std::string& value, const Var& param,
                                const eval::LiteralContext& lc) {
  const DType dtype = param.type()->as<TensorType>()->dtype;
  if (value.size() > 4 && value.ends_with(".npy")) {
    Result<eval::NpyArray> a = eval::read_npy_file(value);
    TF_TRY(a);
    return input_from_npy(*a, param, fmt::format("input {} ({})", name, value));
  }
  eval::LiteralContext c = lc;
  c.npy_dtype = dtype;
  return eval::parse_literal(value, SourceLocation{fmt::format("--input {}", name), 1, 1}, c);
}

// The input of the parameter at `index` drawn from `seed` as the fuzzers draw theirs
// (fuzz/gen/eval_inputs.h: `T random(seed=seed + i)`); its diagnostics are placed in
// "--seed S (input NAME)".
Result<eval::Tensor> seeded_input(const Var& param, std::size_t index, std::uint64_t seed,
                                  const eval::LiteralContext& lc) {
  const std::string literal = fmt::format("{} random(seed={})", to_string(param.type()), seed + index);
  return eval::parse_literal(literal, SourceLocation{fmt::format("--seed {} (input {})", seed, param.name), 1, 1}, lc);
}

}  // namespace

Result<RunProgram> read_run_program(const std::string& path, const std::string& name) {
  RunProgram p{check_source_file(path), {}};
  std::vector<Diagnostic> diagnostics = p.checked.diagnostics();
  if (has_error(diagnostics) || !p.checked.file) return diagnostics;
  Result<RunTarget> target = pick_run_target(*p.file().module, name);
  TF_TRY(target);
  p.target = std::move(target).value();
  return p;
}

Result<RunTarget> pick_run_target(const Module& module, const std::string& name) {
  // A prim_func runs on the TIR machine model, a func on the HIR evaluator. A name that is no
  // function gets Module::lookup's diagnostic (the module's functions in a note).
  RunTarget target;
  Result<FunctionRef> named = eval::tir::function_to_run(module, name);
  TF_TRY(named);
  target.prim = (*named)->as<tf::tir::PrimFunction>();
  if (target.prim != nullptr) {
    target.name = target.prim->name();
    target.params = eval::tir::input_params(*target.prim);
    return target;
  }
  Result<const hir::Function*> picked = eval::find_function_to_run(module, name);
  TF_TRY(picked);
  target.func = *picked;
  target.name = target.func->name();
  target.params = target.func->params();
  return target;
}

Result<eval::DimValues> read_dim_arguments(const std::vector<std::string>& dims) {
  eval::DimValues values;
  for (const std::string& d : dims) {
    Result<std::pair<std::string, std::string>> kv = split_assignment(d, "--dim");
    TF_TRY(kv);
    std::optional<std::int64_t> v = text::signed_integer(kv->second);
    if (!v) return usage(fmt::format("--dim {}: '{}' is not an integer", kv->first, kv->second));
    values[kv->first] = *v;
  }
  return values;
}

Result<std::vector<eval::Tensor>> read_input_arguments(const RunTarget& target, const std::vector<std::string>& inputs,
                                                       const eval::LiteralContext& literals,
                                                       std::optional<std::uint64_t> seed) {
  std::map<std::string, std::string> given;
  for (const std::string& s : inputs) {
    Result<std::pair<std::string, std::string>> kv = split_assignment(s, "--input");
    TF_TRY(kv);
    if (!given.emplace(kv->first, kv->second).second) return usage(fmt::format("--input {} is given twice", kv->first));
  }
  std::vector<Diagnostic> errors;
  std::vector<eval::Tensor> tensors;
  for (std::size_t i = 0; i < target.params.size(); ++i) {
    const VarRef& p = target.params[i];
    auto it = given.find(p->name);
    if (it == given.end() && !seed) {
      errors.push_back(usage(fmt::format("@{} needs --input {}=VALUE (a .npy path or a literal such as {})",
                                         target.name, p->name, to_string(p->type()))));
      continue;
    }
    std::optional<std::string> value;
    if (it != given.end()) {
      value = it->second;
      given.erase(it);
    }
    Result<eval::Tensor> t = [&]() -> Result<eval::Tensor> {
      try {
        Result<eval::Tensor> read =
            value ? read_input(p->name, *value, *p, literals) : seeded_input(*p, i, *seed, literals);
        if (read.ok()) read = eval::convert_input(*read, *p);
        return read;
      } catch (const eval::MemoryBudgetExceeded& e) {
        return usage(eval::memory_budget_message("--input " + p->name, e));
      }
    }();
    if (!t.ok()) {
      errors.insert(errors.end(), t.diagnostics().begin(), t.diagnostics().end());
      continue;
    }
    tensors.push_back(*t);
  }
  std::vector<std::string> params;
  for (const VarRef& p : target.params) params.push_back(p->name);
  for (const auto& [name, value] : given) {
    Diagnostic d = usage(fmt::format("--input {}: @{} has no input parameter {}", name, target.name, name));
    errors.push_back(suggest_nearest(d, name, params));
  }
  if (!errors.empty()) return errors;
  return tensors;
}

std::vector<std::pair<std::string, eval::Tensor>> flatten_outputs(const eval::Value& result) {
  return eval::flatten_value(result, "output");
}

}  // namespace tf::cli
