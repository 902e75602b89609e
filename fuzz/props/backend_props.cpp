#include "fuzz/props/backend_props.h"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <exception>
#include <string>

#include "cuda/driver/backend_run.h"
#include "cuda/driver/prefetch.h"
#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "eval/tir/lowered_run.h"
#include "eval/tir/planned_outputs.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/gen/hir_program_gen.h"
#include "fuzz/gen/race_free_kernel_gen.h"
#include "fuzz/props/support.h"
#include "ir/hir/function.h"
#include "ir/support/testing/pick.h"
#include "ir/tir/prim_function.h"
#include "lower/pipeline.h"

namespace tf::fuzz {
namespace {

// The backend's run of `function` of `module`: its outputs, or why it did not run (an exception
// of the compiler driver becomes an internal diagnostic).
Result<bool> run_backend(bool gpu, const Module& module, const std::string& function, std::vector<eval::Tensor>& inputs,
                         std::vector<eval::Tensor>& outputs) {
  try {
    return gpu ? cuda::run_on_gpu(module, function, eval::eval_context(), inputs, outputs)
               : cuda::run_emulated(module, function, eval::eval_context(), inputs, outputs);
  } catch (const std::exception& e) {
    return category_error(DiagCategory::Internal, std::string("the backend threw: ") + e.what());
  }
}

// The kind of an emitter gap, for the statistics: the message past "not emitted yet: " up to the
// first name it quotes, each number written N (a register tensor of 1048576 bytes and one of 4096
// are one kind), at most 60 characters.
std::string gap_kind(const std::string& message) {
  std::string out;
  for (std::size_t i = 17; i < message.size() && out.size() < 60; ++i) {
    const char ch = message[i];
    if (ch == '`' || (ch == '(' && i + 1 < message.size() && message[i + 1] == '`')) break;
    if (ch >= '0' && ch <= '9') {
      if (out.empty() || out.back() != 'N') out += 'N';
      continue;
    }
    out += ch;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The backend's outputs against the oracle's; "not emitted yet" is counted, not failed.
void compare(bool gpu, const Module& module, const std::string& function, std::vector<eval::Tensor> inputs,
             const std::vector<eval::Tensor>& oracle, const std::string& reference = "the machine model") {
  std::vector<eval::Tensor> outputs;
  for (const eval::Tensor& t : oracle) outputs.push_back(eval::Tensor::make(t.dtype(), t.shape()));
  const Result<bool> ran = run_backend(gpu, module, function, inputs, outputs);
  const char* backend = gpu ? "the GPU" : "the emulation";
  if (!ran.ok() && cuda::is_collected(ran.diagnostics().front())) return;  // a prefetch's pass (cuda/driver/prefetch.h)
  if (!ran.ok() && ran.diagnostics().front().message.rfind("not emitted yet", 0) == 0) {
    RC_CLASSIFY(true, "not emitted yet: " + gap_kind(ran.diagnostics().front().message));
    return;
  }
  if (!ran.ok()) fail(std::string("the program fails on ") + backend, ran.diagnostics().front().render());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const eval::Verdict v = eval::compare_tensors(outputs[i], oracle[i], eval::Comparator{});
    if (!v.passed) fail(std::string("the program on ") + backend + " differs from " + reference, "output " + std::to_string(i) + ": " + v.message);
  }
  RC_CLASSIFY(true, "compared");
}

// The machine model's outputs of `fn` on `inputs`; in a prefetch's collection pass only their
// dtypes and shapes, since nothing is compared there (cuda/driver/prefetch.h).
Result<std::vector<eval::Tensor>> oracle_outputs(const Module& module, const tir::PrimFunction& fn, const std::vector<eval::Tensor>& inputs,
                                                 const eval::tir::TirEvalOptions& options) {
  if (cuda::collecting()) return eval::tir::planned_outputs(module, fn, inputs, options);
  Result<eval::tir::TirRun> run = eval::tir::evaluate_prim_function(module, fn, inputs, options);
  TF_TRY(run);
  return std::move(run->outputs);
}

// One generated function of the lowerable subset (half of them with a sharded epilogue), its
// inputs and its lowering, as the lowered cases of both kinds of property take them.
struct LoweredCase {
  HirProgram program;
  text::ReadFile file;
  const hir::Function* fn = nullptr;  // the last function: it may call the others
  std::map<std::string, std::int64_t> dims;
  std::vector<eval::Value> values;
  std::vector<eval::Tensor> inputs;
  bool sharded = false;
};

LoweredCase gen_lowered_case() {
  LoweredCase c;
  c.sharded = one_in(2);
  c.program = *gen_hir_program(HirGenOptions{.lowerable_only = true, .sharded = c.sharded});
  const std::uint64_t seed = *rc::gen::inRange<std::uint64_t>(0, 1000);
  c.file = read_generated(c.program.text());
  for (const FunctionRef& f : c.file.module->functions())
    if (const auto* h = f->as<hir::Function>(); h != nullptr && !h->is_prototype()) c.fn = h;
  if (c.fn == nullptr) fail("a generated program has no function", "");
  c.dims = dims_for(*c.fn, seed);
  Result<std::vector<eval::Value>> values = random_inputs(*c.fn, seed, c.dims);
  if (!values.ok()) fail("the inputs of a generated function do not build", values.diagnostics().front().render());
  c.values = std::move(values).value();
  c.inputs = tensors_of(c.values);
  return c;
}

}  // namespace

void tir_vs_backend_kernel_case(bool gpu) {
  const RaceFreeKernel k = *gen_race_free_kernel({.group_exchanges = false});
  const std::vector<eval::Tensor> inputs = race_free_inputs(k.rows, k.cols, *rc::gen::arbitrary<std::uint32_t>());
  const text::ReadFile file = read_generated(k.program.text());
  const auto* fn = function_as<tir::PrimFunction>(file.module->find("kernel"));
  if (fn == nullptr) fail("a generated kernel is missing", "no prim_func `kernel`");
  record_witness(function_witness(k.program.text(), *fn, gpu ? "cuda-gpu" : "cuda-emu", inputs, {}, {"output = reference"}));
  Result<std::vector<eval::Tensor>> oracle = oracle_outputs(*file.module, *fn, inputs, {});
  if (!oracle.ok()) fail("the machine model fails on a race-free kernel", oracle.diagnostics().front().render());
  RC_CLASSIFY(!k.needed_syncs.empty(), "a kernel with a shared-memory exchange");
  compare(gpu, *file.module, "kernel", inputs, *oracle);
}

void tir_vs_backend_lowered_case(bool gpu) {
  const LoweredCase c = gen_lowered_case();
  record_witness(function_witness(c.program.text(), *c.fn, gpu ? "cuda-gpu" : "cuda-emu", c.inputs, c.dims, {"output = reference"}));
  Result<ModuleRef> lowered = lower::lower_function(*c.file.module, c.fn->name(), eval::eval_context());
  if (!lowered.ok()) {  // what HIR cannot evaluate either (hir-vs-tir checks that)
    RC_CLASSIFY(true, "refused by the lowering");
    return;
  }
  const auto* entry = function_as<tir::PrimFunction>((*lowered)->find(c.fn->name()));
  if (entry == nullptr) fail("the lowered program has no entry", c.fn->name());
  eval::tir::TirEvalOptions options;
  options.dims = c.dims;
  Result<std::vector<eval::Tensor>> oracle = oracle_outputs(**lowered, *entry, c.inputs, options);
  if (!oracle.ok()) {  // an evaluation error (an integer division by zero): nothing to compare
    RC_CLASSIFY(true, "the machine model reports an error");
    return;
  }
  RC_CLASSIFY(c.sharded, "a lowered program with a sharded epilogue");
  compare(gpu, **lowered, c.fn->name(), c.inputs, *oracle);
}

void hir_vs_backend_case(bool gpu) {
  const LoweredCase c = gen_lowered_case();
  const std::string level = gpu ? "cuda-gpu" : "cuda-emu";
  const Context& ctx = eval::eval_context();
  Result<ModuleRef> lowered = lower::lower_function(*c.file.module, c.fn->name(), ctx);
  if (!lowered.ok()) {  // what HIR cannot evaluate either (hir-vs-tir checks that)
    RC_CLASSIFY(true, "refused by the lowering");
    return;
  }
  const auto* entry = function_as<tir::PrimFunction>((*lowered)->find(c.fn->name()));
  if (entry == nullptr) fail("the lowered program has no entry", c.fn->name());
  std::vector<eval::Tensor> want;
  if (cuda::collecting()) {  // only the compile is wanted (cuda/driver/prefetch.h): the outputs' shapes
    eval::tir::TirEvalOptions options;
    options.dims = c.dims;
    Result<std::vector<eval::Tensor>> planned = eval::tir::planned_outputs(**lowered, *entry, c.inputs, options);
    if (!planned.ok()) return;
    want = std::move(planned).value();
  } else {
    eval::HirEvalOptions options;
    options.handlers = &ctx.handlers();
    options.dims = c.dims;
    Result<eval::Value> hir = eval::evaluate_function(*c.file.module, *c.fn, c.values, options);
    if (!hir.ok()) {  // an evaluation error: hir-vs-tir checks that the lowered program fails too
      RC_CLASSIFY(true, "the HIR evaluation reports an error");
      return;
    }
    // The reproducer holds the HIR's bits: at level cuda-emu it fails when the backend's
    // result differs from them (or from the machine model's).
    record_witness(function_witness(c.program.text(), *c.fn, level, c.inputs, c.dims, exact_expectations(*hir)));
    for (const eval::Value& v : hir->is_tuple() ? hir->items() : std::vector<eval::Value>{*hir}) want.push_back(v.tensor());
  }
  RC_CLASSIFY(c.sharded, "a lowered program with a sharded epilogue");
  compare(gpu, **lowered, c.fn->name(), c.inputs, want, "the HIR evaluation");
}

void tir_vs_backend_mma_case(bool gpu) {
  const std::int64_t m = 64 * pick<std::int64_t>(1, 3), n = 64 * pick<std::int64_t>(1, 3), k = 32 * pick<std::int64_t>(1, 5);
  const std::uint64_t seed = *rc::gen::inRange<std::uint64_t>(0, 1000);
  const std::string source = fmt::format(
      "tfir 1\nfunc f(a: Tensor[({0}, {2}), bf16], b: Tensor[({2}, {1}), bf16]) -> Tensor[({0}, {1}), bf16] {{\n"
      "    c = matmul(a, b)\n    return c\n}}\n", m, n, k);
  RC_TAG(fmt::format("an MMA tile of {}x{}x{}", m, n, k));
  const text::ReadFile file = read_generated(source);
  const auto* fn = function_as<hir::Function>(file.module->find("f"));
  if (fn == nullptr) fail("a generated program has no func", "f");
  Result<std::vector<eval::Value>> values = random_inputs(*fn, seed, {});
  if (!values.ok()) fail("the inputs of a generated function do not build", values.diagnostics().front().render());
  const std::vector<eval::Tensor> inputs = tensors_of(*values);
  Result<std::unique_ptr<lower::PassManager>> pm =
      lower::make_pipeline({"hir-to-tir-mma", "reduce-workspaces", "host-entry", "named-barriers"}, {});
  if (!pm.ok()) fail("the MMA pipeline does not build", pm.diagnostics().front().render());
  Result<ModuleRef> lowered = (*pm)->run(file.module, eval::eval_context());
  if (!lowered.ok()) fail("a matmul does not lower by the MMA rule", lowered.diagnostics().front().render());
  const auto* entry = function_as<tir::PrimFunction>((*lowered)->find("f"));
  if (entry == nullptr) fail("the lowered program has no entry", "f");
  record_witness(function_witness(text::print_derived_module(file, **lowered), *entry, gpu ? "cuda-gpu" : "cuda-emu", inputs, {},
                                  {"output = reference"}));
  eval::tir::TirEvalOptions options;  // the atom summed exactly, as the emulation sums it
  options.mma = gpu ? eval::tir::MmaMode::Sm90 : eval::tir::MmaMode::Exact;
  Result<std::vector<eval::Tensor>> oracle = oracle_outputs(**lowered, *entry, inputs, options);
  if (!oracle.ok()) fail("the machine model fails on an MMA program", oracle.diagnostics().front().render());
  compare(gpu, **lowered, "f", inputs, *oracle);
}

namespace {

// One case of tir-vs-emu or tir-vs-gpu: a lowered program (4 in 8), a race-free kernel (3 in 8)
// or an MMA tile (1 in 8).
void tir_vs_backend_case(bool gpu) {
  const int kind = pick(0, 8);
  if (kind < 4) return tir_vs_backend_lowered_case(gpu);
  if (kind < 7) return tir_vs_backend_kernel_case(gpu);
  tir_vs_backend_mma_case(gpu);
}

}  // namespace

void tir_vs_emu_case() { tir_vs_backend_case(false); }
void tir_vs_gpu_case() { tir_vs_backend_case(true); }
void hir_vs_emu_case() { hir_vs_backend_case(false); }
void hir_vs_gpu_case() { hir_vs_backend_case(true); }

}  // namespace tf::fuzz
