// Step 3: which model of the MMA atom's arithmetic the device follows. The hand-written TIR
// kernels of conformance/cases/tir (`mma16816`: one warp, one atom; `gemm`: four warps, each
// output a chain of four atoms) run on the GPU on seeded random bf16 inputs and on the machine
// model in each MmaMode; a mode the device matches bit for bit on every tile is a model it follows.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <chrono>

#include "cuda/driver/backend_run.h"
#include "eval/hir/eval_tables.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/compare.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/prim_function.h"
#include "lower/mma_rule.h"
#include "tools/gpu_check/steps.h"
#include "tools/gpu_check/tir_programs.h"

namespace tf::gpu_check {

namespace {

using eval::tir::MmaMode;
constexpr std::array<MmaMode, 3> kModes{MmaMode::Exact, MmaMode::Sm80, MmaMode::Sm90};

// A kernel of the atom, and how many warp tiles (atom outputs of 16 x 8) one run computes.
struct AtomKernel {
  const char* file;
  const char* function;
  int warp_tiles;
  int runs;  ///< how many seeded runs make "a few hundred tiles"
};
constexpr std::array<AtomKernel, 2> kKernels{{{"conformance/cases/tir/mma.tfir", "mma16816", 1, 240},
                                              {"conformance/cases/tir/gemm_64x64x64.tfir", "gemm", 32, 12}}};

struct ModeTally {
  int runs_matched = 0;
  std::int64_t tiles_matched = 0;
  std::int64_t elements_differing = 0;
  std::string first_difference;
};

// One kernel's runs; false (with `why`) when the kernel cannot run at all.
struct KernelTally {
  int runs = 0;
  std::int64_t tiles = 0;
  std::array<ModeTally, 3> modes{};
};

bool run_kernel(const CheckContext& ctx, const AtomKernel& k, double deadline,
                const std::chrono::steady_clock::time_point& started, KernelTally& tally, std::string& why) {
  Result<text::ReadFile> file = read_program(ctx.root + "/" + k.file);
  if (!file.ok()) {
    why = file.diagnostics().front().render();
    return false;
  }
  const Module& module = *file->module;
  const auto* fn = function_as<tir::PrimFunction>(module.find(k.function));
  if (fn == nullptr) {
    why = fmt::format("{} has no prim_func {}", k.file, k.function);
    return false;
  }
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  for (int run = 0; run < k.runs && elapsed() < deadline; ++run) {
    const std::uint64_t seed = 1 + 2 * static_cast<std::uint64_t>(run);
    Result<std::vector<eval::Tensor>> inputs = random_prim_inputs(module, k.function, seed);
    if (!inputs.ok()) {
      why = inputs.diagnostics().front().render();
      return false;
    }
    std::array<std::vector<eval::Tensor>, 3> model;
    for (std::size_t m = 0; m < kModes.size(); ++m) {
      eval::tir::TirEvalOptions options;
      options.mma = kModes[m];
      Result<eval::tir::TirRun> r = eval::tir::evaluate_prim_function(module, *fn, *inputs, options);
      if (!r.ok()) {
        why = fmt::format("the machine model ({}): {}", eval::tir::mma_mode_name(kModes[m]),
                          r.diagnostics().front().render());
        return false;
      }
      model[m] = r->outputs;
    }
    std::vector<eval::Tensor> device_inputs = *inputs, outputs;
    for (const eval::Tensor& t : model[0]) outputs.push_back(eval::Tensor::make(t.dtype(), t.shape()));
    Result<bool> ran = cuda::run_on_gpu(module, k.function, eval::eval_context(), device_inputs, outputs);
    if (!ran.ok()) {
      why = "on the GPU: " + ran.diagnostics().front().render();
      return false;
    }
    ++tally.runs;
    tally.tiles += k.warp_tiles;
    for (std::size_t m = 0; m < kModes.size(); ++m) {
      const eval::Verdict v = eval::compare_tensors(outputs[0], model[m][0], eval::Comparator::exact());
      ModeTally& mt = tally.modes[m];
      if (v.passed) {
        ++mt.runs_matched;
        mt.tiles_matched += k.warp_tiles;
      } else {
        mt.elements_differing += v.mismatches;
        if (mt.first_difference.empty())
          mt.first_difference = fmt::format("{} seed {}: {}", k.function, seed, v.message.substr(0, 300));
      }
    }
  }
  return true;
}

}  // namespace

StepRecord mma_step(const CheckContext& ctx, double budget) {
  StepRecord r;
  r.name = "MMA atoms against the machine model";
  const auto started = std::chrono::steady_clock::now();
  const MmaMode expected = ctx.device.major >= 9 ? MmaMode::Sm90 : MmaMode::Sm80;
  r.data["expected_mode"] = eval::tir::mma_mode_name(expected);
  bool failed = false, out_of_time = false;
  std::vector<std::string> summaries;
  for (const tir::MmaOpSpec& spec : tir::mma_op_specs()) {
    if (spec.name != lower::kMmaRuleAtomName) {
      r.details.push_back(
          fmt::format("- {}: not run (the backend emits only the {} atom)", spec.name, lower::kMmaRuleAtomName));
      r.data["atoms"][spec.name] = {{"status", "not emitted"}};
      continue;
    }
    KernelTally total;
    std::vector<std::string> problems;
    for (std::size_t i = 0; i < kKernels.size(); ++i) {
      const double deadline = budget * static_cast<double>(i + 1) / static_cast<double>(kKernels.size());
      ctx.progress(fmt::format("MMA {}: {} on the GPU and the machine model", spec.name, kKernels[i].function));
      KernelTally t;
      std::string why;
      if (!run_kernel(ctx, kKernels[i], deadline, started, t, why))
        problems.push_back(fmt::format("{}: {}", kKernels[i].function, why));
      if (t.runs < kKernels[i].runs / 4) out_of_time = true;  // too few tiles to say which mode it follows
      total.runs += t.runs;
      total.tiles += t.tiles;
      for (std::size_t m = 0; m < kModes.size(); ++m) {
        total.modes[m].runs_matched += t.modes[m].runs_matched;
        total.modes[m].tiles_matched += t.modes[m].tiles_matched;
        total.modes[m].elements_differing += t.modes[m].elements_differing;
        if (total.modes[m].first_difference.empty()) total.modes[m].first_difference = t.modes[m].first_difference;
      }
    }
    std::vector<std::string> followed;
    nlohmann::ordered_json modes = nlohmann::ordered_json::object();
    r.details.push_back(fmt::format("- {}: {} runs, {} warp tiles", spec.name, total.runs, total.tiles));
    for (std::size_t m = 0; m < kModes.size(); ++m) {
      const ModeTally& mt = total.modes[m];
      const bool all = total.runs > 0 && mt.runs_matched == total.runs;
      if (all) followed.push_back(eval::tir::mma_mode_name(kModes[m]));
      r.details.push_back(fmt::format(
          "  - {}: {} of {} warp tiles bit for bit{}", eval::tir::mma_mode_name(kModes[m]), mt.tiles_matched,
          total.tiles,
          all ? "" : fmt::format(" ({} elements differ; first: {})", mt.elements_differing, mt.first_difference)));
      modes[eval::tir::mma_mode_name(kModes[m])] = {{"tiles_matched", mt.tiles_matched},
                                                    {"runs_matched", mt.runs_matched},
                                                    {"elements_differing", mt.elements_differing}};
    }
    for (const std::string& p : problems) r.details.push_back("  - " + p);
    std::string follows = followed.empty() ? "no mode" : fmt::format("{}", fmt::join(followed, " and "));
    r.data["atoms"][spec.name] = {
        {"runs", total.runs}, {"warp_tiles", total.tiles}, {"modes", modes}, {"follows", followed}};
    summaries.push_back(fmt::format("{} follows {}", spec.name, follows));
    const bool follows_expected =
        std::find(followed.begin(), followed.end(), eval::tir::mma_mode_name(expected)) != followed.end();
    if (!problems.empty() || (total.runs > 0 && !follows_expected)) failed = true;
  }
  r.summary = fmt::format("{} (the machine model's mode for {} is {})", fmt::join(summaries, "; "), ctx.device.arch(),
                          eval::tir::mma_mode_name(expected));
  r.status = failed ? StepStatus::Failed : out_of_time ? StepStatus::OutOfTime : StepStatus::Passed;
  return r;
}

}  // namespace tf::gpu_check
