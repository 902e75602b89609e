#include "fuzz/props/support.h"

#include <rapidcheck.h>

#include "eval/hir/eval_tables.h"
#include "eval/value/tensor_text.h"
#include "ir/hir/function.h"
#include "ir/tir/prim_function.h"
#include "ir/verify/module_verify.h"

namespace tf::fuzz {

text::ReadFile read_generated(const std::string& text) {
  Result<text::ReadFile> f = text::read_file(text, "generated.tfir", eval::eval_context());
  if (!f.ok()) fail("a generated program does not read", f.diagnostics().front().render() + "\n" + text);
  const std::vector<Diagnostic> ds = verify_module(*f->module, eval::eval_context().handlers());
  if (has_error(ds)) fail("a generated program does not verify", ds.front().render() + "\n" + text);
  return std::move(f).value();
}

Witness function_witness(const std::string& program, const FunctionBase& fn, const std::string& level,
                         const std::vector<eval::Tensor>& inputs, const std::map<std::string, std::int64_t>& dims,
                         std::vector<std::string> expectations) {
  Witness w;
  w.program = program;
  w.function = fn.name();
  w.level = level;
  w.dims.assign(dims.begin(), dims.end());
  const auto* h = fn.as<hir::Function>();
  const auto* t = fn.as<tir::PrimFunction>();
  const std::vector<VarRef>& params = h != nullptr ? h->params() : t->params();
  for (std::size_t i = 0; i < inputs.size() && i < params.size(); ++i) w.inputs.emplace_back(params[i]->name, inputs[i]);
  w.expectations = std::move(expectations);
  return w;
}

std::string render_diagnostics(const std::vector<Diagnostic>& ds) {
  std::string s;
  for (const Diagnostic& d : ds) s += d.render() + "\n";
  return s;
}

std::vector<eval::Tensor> tensors_of(const std::vector<eval::Value>& values) {
  std::vector<eval::Tensor> out;
  out.reserve(values.size());
  for (const eval::Value& v : values) out.push_back(v.tensor());
  return out;
}

bool same_value(const eval::Value& a, const eval::Value& b) {
  if (a.is_tuple() != b.is_tuple()) return false;
  if (!a.is_tuple()) return eval::same_bits(a.tensor(), b.tensor());
  if (a.items().size() != b.items().size()) return false;
  for (std::size_t i = 0; i < a.items().size(); ++i)
    if (!same_value(a.items()[i], b.items()[i])) return false;
  return true;
}

namespace {

void add_exact(const eval::Value& v, const std::string& selector, std::vector<std::string>& out) {
  if (!v.is_tuple()) {
    out.push_back(selector + " = " + eval::tensor_literal(v.tensor(), eval::LiteralStyle::Bits));
    return;
  }
  for (std::size_t i = 0; i < v.items().size(); ++i) add_exact(v.items()[i], selector + "[" + std::to_string(i) + "]", out);
}

}  // namespace

std::vector<std::string> exact_expectations(const eval::Value& v) {
  std::vector<std::string> out;
  add_exact(v, "output", out);
  return out;
}

}  // namespace tf::fuzz
