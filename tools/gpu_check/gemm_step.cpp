// Step 4: the emitted bf16 GEMM (prepared in the background, gemm_kernel.h) against cuBLAS and
// the HIR evaluator on the same inputs: each judged against its own bound from the exact result
// (three_way.h) on a sample of rows, and the emitted kernel's time against cuBLAS's.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include "cuda/cublas/matmul.h"
#include "cuda/driver/gpu_module.h"
#include "eval/hir/evaluator.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "ir/hir/function.h"
#include "tools/gpu_check/entry_timer.h"
#include "lower/mma_rule.h"
#include "tools/gpu_check/gemm_kernel.h"
#include "tools/gpu_check/steps.h"
#include "tools/gpu_check/three_way.h"

namespace tf::gpu_check {

namespace {

constexpr int kTimedRepeats = 20;
constexpr int kSampleRows = 48;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Rows of the first CTA tiles' warps (first and last rows), the middle and last rows, and seeded
// random others, each judged over all its columns.
std::vector<std::int64_t> sample_elements(std::int64_t m, std::int64_t n) {
  std::set<std::int64_t> rows;
  for (std::int64_t r : {0, 1, 7, 8, 15, 16, 31, 47, 63, 64, 127})
    if (r < m) rows.insert(r);
  rows.insert(m / 2);
  rows.insert(m - 1);
  std::mt19937_64 rng(37);
  while (static_cast<std::int64_t>(rows.size()) < std::min<std::int64_t>(kSampleRows, m))
    rows.insert(static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(m)));
  std::vector<std::int64_t> elements;
  for (std::int64_t r : rows)
    for (std::int64_t j = 0; j < n; ++j) elements.push_back(r * n + j);
  return elements;
}

// How many elements of `x` and `y` (same dtype and shape) differ, and the largest distance in
// steps of the dtype (eval::ulp_distance; NaN against a number counts as the largest).
std::pair<std::int64_t, std::uint64_t> differences(const eval::Tensor& x, const eval::Tensor& y) {
  std::int64_t n = 0;
  std::uint64_t worst = 0;
  for (std::int64_t i = 0; i < x.size(); ++i) {
    if (x.code(i) == y.code(i)) continue;
    ++n;
    worst = std::max(worst, eval::ulp_distance(x.code(i), y.code(i), x.dtype()).value_or(UINT64_MAX));
  }
  return {n, worst};
}

// The emitted kernel's result: the module run through the GPU driver (copies in and out).
Result<eval::Tensor> run_emitted(const GemmKernel& g, const eval::Tensor& a, const eval::Tensor& b) {
  eval::Tensor c = eval::Tensor::make(DType::bf16(), {g.m, g.n});
  const std::unique_ptr<cuda::GpuModule> module = cuda::GpuModule::in_library(g.library, "");
  std::vector<void*> buffers{const_cast<std::uint8_t*>(a.bytes().data()), const_cast<std::uint8_t*>(b.bytes().data()),
                             c.mutable_bytes().data()};
  const std::vector<std::size_t> bytes{a.bytes().size(), b.bytes().size(), c.bytes().size()};
  const std::vector<std::vector<std::int64_t>> shapes{{g.m, g.k}, {g.k, g.n}, {g.m, g.n}};
  Result<bool> ran = module->run("f", buffers, bytes, shapes);
  TF_TRY(ran);
  return c;
}

}  // namespace

StepRecord gemm_step(const CheckContext& ctx, double budget) {
  StepRecord r;
  r.name = "bf16 GEMM against cuBLAS";
  const Clock::time_point started = Clock::now();
  auto fail = [&](StepStatus status, std::string what) {
    r.status = status;
    r.summary = std::move(what);
    return r;
  };
  if (ctx.gemm == nullptr) return fail(StepStatus::Failed, "no GEMM kernel was prepared");
  ctx.progress(fmt::format("GEMM: waiting for nvcc (K = {}, compiling since the check began)", ctx.gemm->k()));
  const Result<GemmKernel>* prepared = ctx.gemm->wait(budget * 0.6);
  if (prepared == nullptr)
    return fail(StepStatus::OutOfTime, fmt::format("nvcc had not compiled the K = {} GEMM within {:.0f} s of this step "
                                                   "(a smaller --gemm-k compiles faster; the disk cache keeps it)",
                                                   ctx.gemm->k(), budget * 0.6));
  if (!prepared->ok()) return fail(StepStatus::Failed, "the emitted GEMM: " + prepared->diagnostics().front().render());
  const GemmKernel& g = prepared->value();
  r.data["shape"] = {g.m, g.n, g.k};
  r.data["compile_seconds"] = g.compile_seconds;
  r.details.push_back(fmt::format(
      "- c = matmul(a, b), a ({}, {}) and b ({}, {}) bf16, seeded random in [-1, 1); lowered by the MMA rule (a K loop "
      "over {}-deep tiles staged in smem); fp8 waits for the tensor-core issue",
      g.m, g.k, g.k, g.n, lower::kMmaRuleKTile));
  const auto* fn = function_as<hir::Function>(g.program.module->find("f"));
  Result<std::vector<eval::Value>> values = fuzz::random_inputs(*fn, 1, {});
  if (!values.ok()) return fail(StepStatus::Failed, values.diagnostics().front().render());
  const eval::Tensor a = (*values)[0].tensor(), b = (*values)[1].tensor();

  // The emitted kernel on the GPU, then timed on device buffers.
  ctx.progress("GEMM: the emitted kernel");
  Result<eval::Tensor> emitted = run_emitted(g, a, b);
  if (!emitted.ok())
    return fail(StepStatus::Failed, "the emitted GEMM on the GPU: " + emitted.diagnostics().front().render());
  Result<double> emitted_ms = time_gpu_entry(*g.library, "f", {a, b, *emitted}, kTimedRepeats);
  if (!emitted_ms.ok())
    return fail(StepStatus::Failed, "timing the emitted GEMM: " + emitted_ms.diagnostics().front().render());

  // cuBLAS: pedantic (judged and timed), and its default math mode (timed).
  ctx.progress("GEMM: cuBLAS");
  cublas::GemmTiming pedantic_time, default_time;
  Result<eval::Tensor> by_cublas =
      cublas::cublas_matmul(a, b, {.pedantic = true, .timed_repeats = kTimedRepeats}, &pedantic_time);
  if (!by_cublas.ok()) return fail(StepStatus::Failed, "cuBLAS: " + by_cublas.diagnostics().front().render());
  Result<eval::Tensor> by_default =
      cublas::cublas_matmul(a, b, {.pedantic = false, .timed_repeats = kTimedRepeats}, &default_time);
  if (!by_default.ok())
    return fail(StepStatus::Failed, "cuBLAS (default math): " + by_default.diagnostics().front().render());
  const double ratio = *emitted_ms / default_time.wall_milliseconds;
  const double tflops = 2.0 * static_cast<double>(g.m * g.n * g.k) / (*emitted_ms * 1e-3) / 1e12;
  r.details.push_back(fmt::format(
      "- time per GEMM: emitted {:.3f} ms ({:.1f} TFLOP/s); cuBLAS {:.3f} ms (events {:.3f} ms), pedantic {:.3f} ms; "
      "emitted / cuBLAS = {:.2f} (host clock over {} calls after a warm-up, both; the emitted entry synchronizes "
      "after its launch)",
      *emitted_ms, tflops, default_time.wall_milliseconds, default_time.milliseconds, pedantic_time.wall_milliseconds,
      ratio, kTimedRepeats));
  r.data["emitted_ms"] = *emitted_ms;
  r.data["cublas_ms"] = default_time.wall_milliseconds;
  r.data["cublas_event_ms"] = default_time.milliseconds;
  r.data["cublas_pedantic_ms"] = pedantic_time.wall_milliseconds;
  r.data["time_ratio_emitted_over_cublas"] = ratio;
  if (seconds_since(started) > budget)
    return fail(StepStatus::OutOfTime, "the budget ended before the HIR evaluator ran");

  // The HIR evaluator, on the whole product.
  ctx.progress("GEMM: the HIR evaluator");
  const Clock::time_point eval_start = Clock::now();
  Result<eval::Value> by_evaluator = eval::evaluate_function(*g.program.module, *fn, *values, {});
  if (!by_evaluator.ok())
    return fail(StepStatus::Failed, "the HIR evaluator: " + by_evaluator.diagnostics().front().render());
  const eval::Tensor& evaluated = by_evaluator->tensor();
  const double eval_seconds = seconds_since(eval_start);
  r.data["evaluator_seconds"] = eval_seconds;
  const auto [emitted_diff, emitted_ulps] = differences(*emitted, evaluated);
  r.details.push_back(fmt::format(
      "- the evaluator ({:.1f} s) and the emitted kernel differ in {} of {} bf16 elements (at most {} steps of bf16)",
      eval_seconds, emitted_diff, g.m * g.n, emitted_ulps));
  r.data["emitted_vs_evaluator"] = {{"differing", emitted_diff}, {"max_ulps", emitted_ulps}};

  // The three judged against their bounds on a sample of rows.
  ctx.progress("GEMM: judging the three against the exact result");
  const std::vector<std::int64_t> sample = sample_elements(g.m, g.n);
  const std::vector<Candidate> candidates{{evaluator_model(DType::bf16()), &evaluated},
                                          {emitted_model(true, DType::bf16()), &*emitted},
                                          {cublas_model(DType::f32()), &*by_cublas}};
  Result<ThreeWayVerdict> verdict = judge_implementations(a, b, candidates, sample);
  if (!verdict.ok()) return fail(StepStatus::Failed, verdict.diagnostics().front().render());
  nlohmann::ordered_json judged = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const ImplementationVerdict& v = verdict->implementations[i];
    r.details.push_back(fmt::format("- {} ({}): {} of {} judged elements outside; largest error / bound {:.3g}{}",
                                    v.name, candidates[i].model.text(), v.outside, verdict->elements, v.worst_ratio,
                                    v.outside ? "; first: " + v.first : ""));
    judged.push_back({{"name", v.name},
                      {"model", candidates[i].model.text()},
                      {"outside", v.outside},
                      {"worst_ratio", v.worst_ratio},
                      {"first", v.first}});
  }
  r.data["judged_elements"] = verdict->elements;
  r.data["implementations"] = judged;
  const std::vector<std::string> outside = verdict->outside();
  if (!outside.empty()) return fail(StepStatus::Failed, fmt::format("outside its bound: {}", fmt::join(outside, ", ")));
  r.summary = fmt::format(
      "{} x {} x {}: evaluator, emitted kernel and cuBLAS all within their bounds on {} elements; emitted / cuBLAS "
      "time {:.2f}",
      g.m, g.n, g.k, verdict->elements, ratio);
  return r;
}

}  // namespace tf::gpu_check
