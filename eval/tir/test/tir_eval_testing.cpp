#include "eval/tir/test/tir_eval_testing.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "eval/hir/eval_tables.h"
#include "ir/text/file_reader.h"
#include "ir/verify/module_verify.h"

namespace tf::eval::tir::testing {

Result<TirRun> run_tir(std::string_view source, std::string_view fn, std::vector<Tensor> inputs,
                       TirEvalOptions options) {
  std::string whole(source);
  if (whole.find("tfir 1") == std::string::npos) whole = "tfir 1\n" + whole;
  Result<text::ReadFile> f = text::read_file(whole, "test.tfir", eval_context());
  TF_TRY(f);
  std::vector<Diagnostic> ds = verify_module(*f->module, eval_context().handlers());
  if (has_error(ds)) return ds;
  Result<FunctionRef> g = f->module->lookup(fn);
  TF_TRY(g);
  const auto* p = (*g)->as<tf::tir::PrimFunction>();
  if (p == nullptr) return category_error(DiagCategory::Usage, fmt::format("{} is not a prim_func", fn));
  // The module must outlive the run: keep the file alive for the call.
  return evaluate_prim_function(*f->module, *p, std::move(inputs), options);
}

std::string repository_file(std::string_view path) {
  std::ifstream in(std::string(TF_SOURCE_ROOT) + "/" + std::string(path));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string outcome(const Result<TirRun>& r) {
  if (r.ok()) return "ok";
  const Diagnostic& d = r.diagnostics().front();
  return d.rule_id.empty() ? std::string("error: ") + d.render() : d.rule_id;
}

}  // namespace tf::eval::tir::testing
