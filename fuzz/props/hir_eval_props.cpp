#include "fuzz/props/hir_eval_props.h"

#include <rapidcheck.h>

#include <map>
#include <string>
#include <vector>

#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/props/support.h"
#include "ir/hir/function.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {
namespace {

struct Evaluated {
  std::vector<eval::Value> inputs;
  std::map<std::string, std::int64_t> dims;
  Result<eval::Value> value;
};

// Every non-variant func of `file`, by name, evaluated on seeded inputs with every DimVar bound.
std::map<std::string, Evaluated> evaluate_all(const text::ReadFile& file, std::uint64_t seed) {
  std::map<std::string, Evaluated> out;
  eval::HirEvalOptions options;
  options.handlers = &eval::eval_context().handlers();
  for (const FunctionRef& g : file.module->functions()) {
    if (g->kind() != FunctionKind::Hir) continue;
    const auto& fn = static_cast<const hir::Function&>(*g);
    if (fn.is_variant() || fn.is_prototype()) continue;
    options.dims = dims_for(fn, seed);
    Result<std::vector<eval::Value>> inputs = random_inputs(fn, seed, options.dims);
    if (!inputs.ok()) fail("the inputs of a generated function do not build", fn.name() + ": " + inputs.diagnostics().front().render());
    Result<eval::Value> v = eval::evaluate_function(*file.module, fn, *inputs, options);
    out.emplace(fn.name(), Evaluated{std::move(inputs).value(), options.dims, std::move(v)});
  }
  return out;
}

}  // namespace

int check_evaluated_text(const std::string& program, std::uint64_t seed) {
  const text::ReadFile file = read_generated(program);
  Witness generated;  // replaced by each function's below; marks the end of generating
  generated.program = program;
  record_witness(std::move(generated));
  const auto first = evaluate_all(file, seed);
  const auto again = evaluate_all(file, seed);
  const text::ReadFile printed = read_generated(text::print_file(file));
  const auto reprinted = evaluate_all(printed, seed);
  int failures = 0;
  for (const auto& [name, e] : first) {
    const std::vector<std::string> expected = e.value.ok() ? exact_expectations(*e.value) : std::vector<std::string>{};
    record_witness(function_witness(program, *file.module->find(name), "hir", tensors_of(e.inputs), e.dims, expected));
    if (!e.value.ok()) {
      ++failures;
      for (const Diagnostic& d : e.value.diagnostics())
        if (d.category != DiagCategory::Eval && d.rule_id.empty()) fail("an evaluation fails with an error that is not an evaluation's", d.render());
      if (again.at(name).value.ok()) fail("an evaluation fails once and succeeds the second time", "@" + name);
      if (reprinted.at(name).value.ok()) fail("an evaluation fails but the printed program's succeeds", "@" + name);
      continue;
    }
    if (!again.at(name).value.ok() || !same_value(*e.value, *again.at(name).value))
      fail("a second evaluation gives another value", "@" + name);
    if (!reprinted.at(name).value.ok() || !same_value(*e.value, *reprinted.at(name).value))
      fail("the printed program evaluates to another value", "@" + name);
  }
  return failures;
}

void check_evaluated_program(const HirProgram& p) {
  const std::uint64_t seed = *rc::gen::inRange<std::uint64_t>(0, 1000);
  const int failures = check_evaluated_text(p.text(), seed);
  RC_CLASSIFY(failures > 0, "some function fails at run time");
  const std::string text = p.text();
  RC_CLASSIFY(text.find("dtype=MX") != std::string::npos || text.find("dtype=NVFP4") != std::string::npos,
              "with a block-scaled cast");
}

void hir_eval_case() {
  HirGenOptions opts{.max_bindings = one_in(4) ? 30 : 12, .every_op = true};
  if (one_in(2)) opts.nested_loops = opts.free_loop_bodies = opts.keyword_names = true;
  check_evaluated_program(*gen_hir_program(opts));
}

}  // namespace tf::fuzz
