#include "tools/gpu_check/tir_programs.h"

#include <fmt/format.h>

#include "driver/ir_session.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/literal.h"
#include "ir/tir/prim_function.h"
#include "ir/type/type_print.h"

namespace tf::gpu_check {

Result<text::ReadFile> read_program(const std::string& path) {
  CheckedFile checked = cli::check_source_file(path);
  std::vector<Diagnostic> ds = checked.diagnostics();
  if (has_error(ds) || !checked.file)
    return ds.empty() ? std::vector<Diagnostic>{category_error(DiagCategory::Usage, path)} : ds;
  return std::move(*checked.file);
}

Result<std::vector<std::string>> random_prim_input_texts(const Module& module, const std::string& function,
                                                         std::uint64_t seed) {
  const auto* fn = function_as<tir::PrimFunction>(module.find(function));
  if (fn == nullptr) return category_error(DiagCategory::Usage, fmt::format("no prim_func `{}`", function));
  std::vector<std::string> texts;
  for (const VarRef& p : eval::tir::input_params(*fn))
    texts.push_back(fmt::format("{} random(seed={})", to_string(p->type()), seed + texts.size()));
  return texts;
}

Result<std::vector<eval::Tensor>> random_prim_inputs(const Module& module, const std::string& function,
                                                     std::uint64_t seed) {
  Result<std::vector<std::string>> texts = random_prim_input_texts(module, function, seed);
  TF_TRY(texts);
  std::vector<eval::Tensor> inputs;
  for (const std::string& text : *texts) {
    Result<eval::Tensor> t = eval::parse_literal(text, SourceLocation{"input", 1, 1}, {});
    TF_TRY(t);
    inputs.push_back(*t);
  }
  return inputs;
}

}  // namespace tf::gpu_check
