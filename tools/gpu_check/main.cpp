// tf-gpu-check: the one-shot GPU check (docs/cuda-backend.md, "The one-shot GPU check"), which
// tools/gpu-check builds and runs. Runs its checks in order within a time budget, each with its
// own share, and writes report.md and report.json; progress lines go to stderr.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <iostream>
#include <thread>

#include "cuda/cublas/device.h"
#include "ir/support/check.h"
#include "tools/gpu_check/exit_codes.h"
#include "lower/mma_rule.h"
#include "tools/gpu_check/gemm_kernel.h"
#include "tools/gpu_check/report.h"
#include "tools/gpu_check/steps.h"

namespace tf::gpu_check {

namespace {

constexpr std::int64_t kGemmM = 4096, kGemmN = 4096;

constexpr const char* kHelp =
    "tf-gpu-check: the one-shot GPU check. In order, within --minutes: the device's facts; the\n"
    "conformance cases at cuda-gpu (those that pass at cuda-emu); every MMA atom against the machine\n"
    "model's exact and device modes; the emitted bf16 GEMM against cuBLAS and the HIR evaluator,\n"
    "each within its error bound from the exact result, and their time ratio; `tf fuzz` of the GPU\n"
    "properties for the time left. Writes OUT/report.md and OUT/report.json.\n"
    "Exit codes: 0 every check passed; 1 a check failed or did not finish in its time; 2 bad usage;\n"
    "3 no CUDA device is visible (the report says so; no check ran). tools/gpu-check builds this\n"
    "program and tf first (4 there: the build failed).";

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// `tf` beside this program, else the one this build made.
std::string default_tf() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec && std::filesystem::exists(self.parent_path() / "tf")) return (self.parent_path() / "tf").string();
  return TF_DEFAULT_TF_BINARY;
}

void progress(std::string_view line) {
  std::cerr << "gpu-check: " << line << std::endl;
}

struct Options {
  double minutes = 8;
  std::string out = "build/gpu-check";
  std::string tf;
  std::string root = TF_SOURCE_ROOT;
  int jobs = 0;
  std::int64_t gemm_k = kDefaultGemmK;
};

// A step of the plan: its name (for a step that never ran), its weight in the time shares, and
// how it runs.
struct PlannedStep {
  const char* name;
  double weight;
  std::function<StepRecord(const CheckContext&, double)> run;
};

int run_check(const Options& o) {
  const TimeBudget budget(o.minutes * 60);
  Report report;
  report.started = utc_now();
  report.minutes = o.minutes;
  report.libraries = cublas::library_versions();
  auto write = [&] {
    report.seconds = budget.elapsed();
    if (std::optional<Diagnostic> d = write_report(report, o.out)) {
      std::cerr << "gpu-check: " << d->render() << "\n";
      return false;
    }
    return true;
  };
  const std::array<PlannedStep, 4> plan{{{"conformance at cuda-gpu", 0.35, conformance_step},
                                         {"MMA atoms against the machine model", 0.10, mma_step},
                                         {"bf16 GEMM against cuBLAS", 0.20, gemm_step},
                                         {"fuzzing against the GPU", 0.35, fuzz_step}}};

  progress("step 1: the device");
  std::optional<cublas::DeviceFacts> facts;
  StepRecord device = device_step(facts);
  device.seconds = budget.elapsed();
  report.steps.push_back(device);
  if (!facts) {
    for (const PlannedStep& p : plan) report.steps.push_back(not_run(p.name, StepStatus::Skipped, "no CUDA device"));
    report.exit_code = device.status == StepStatus::Skipped ? kNoDevice : kCheckFailed;
    report.verdict = device.status == StepStatus::Skipped ? "no CUDA device is visible: no check ran"
                                                          : "the device's facts cannot be read";
    if (!write()) return kBadUsage;
    if (report.exit_code == kNoDevice)
      std::cerr << "gpu-check: " << cublas::device_unavailable()
                << "; everything was built and linked, including cuBLAS (" << report.libraries
                << "); no check ran. Report: " << o.out << "/report.md\n";
    else
      std::cerr << "gpu-check: " << device.summary << "\n";
    return report.exit_code;
  }
  report.device = facts;
  CheckContext ctx;
  ctx.root = o.root;
  ctx.tf = o.tf.empty() ? default_tf() : o.tf;
  ctx.out = o.out;
  ctx.nvcc = TF_NVCC;
  ctx.jobs = o.jobs > 0 ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  ctx.device = *facts;
  ctx.progress = progress;
  GemmPrefetch gemm(kGemmM, kGemmN, o.gemm_k, ctx.nvcc);  // nvcc works on it while the other steps run
  ctx.gemm = &gemm;
  // A GEMM compile still running is abandoned: exit without destroying statics under its thread.
  auto finish = [&](int code) {
    if (gemm.running()) {
      std::cerr.flush();
      std::fflush(nullptr);
      std::_Exit(code);
    }
    return code;
  };
  progress(fmt::format("{}; {:g} minutes; {} jobs; tf: {}", device.summary, o.minutes, ctx.jobs, ctx.tf));
  if (!write()) return finish(kBadUsage);
  double remaining_weight = 0;
  for (const PlannedStep& p : plan) remaining_weight += p.weight;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const PlannedStep& p = plan[i];
    const double share = budget.share(p.weight, remaining_weight);
    remaining_weight -= p.weight;
    StepRecord r;
    if (share < 5) {
      r = not_run(p.name, StepStatus::OutOfTime, "no time was left for it");
    } else {
      progress(fmt::format("step {}: {} ({:.0f} s)", i + 2, p.name, share));
      const double start = budget.elapsed();
      try {
        r = p.run(ctx, share);
      } catch (const std::exception& e) {  // a bug of the check or below it: this step fails, the others run
        r = not_run(p.name, StepStatus::Failed, std::string("internal error: ") + e.what());
      }
      r.seconds = budget.elapsed() - start;
    }
    r.budget_seconds = share;
    progress(fmt::format("step {}: {}: {}", i + 2, status_name(r.status), r.summary));
    report.steps.push_back(std::move(r));
    if (!write()) return finish(kBadUsage);
  }
  bool passed = true;
  for (const StepRecord& s : report.steps)
    passed = passed && (s.status == StepStatus::Passed || s.status == StepStatus::Skipped);
  report.exit_code = passed ? kAllPassed : kCheckFailed;
  report.verdict = passed ? "every check passed" : "a check failed or did not finish in its time";
  if (!write()) return finish(kBadUsage);
  progress(fmt::format("{}. Report: {}/report.md", report.verdict, o.out));
  return finish(report.exit_code);
}

}  // namespace

}  // namespace tf::gpu_check

int main(int argc, char** argv) {
  using namespace tf::gpu_check;
  Options o;
  CLI::App app{kHelp, "tf-gpu-check"};
  app.add_option("--minutes", o.minutes, "the time budget of the checks, in minutes (default 8)")
      ->check(CLI::PositiveNumber);
  app.add_option("--out", o.out, "the report folder (default build/gpu-check)");
  app.add_option("--tf", o.tf, "the tf binary the conformance and fuzz steps run (default: beside this program)");
  app.add_option("--root", o.root, "the repository root (conformance/cases; default: the one this was built from)");
  app.add_option("--jobs,-j", o.jobs, "processes at once (default: the cores)")->check(CLI::NonNegativeNumber);
  app.add_option("--gemm-k", o.gemm_k,
                 fmt::format("K of the 4096 x 4096 x K GEMM of step 4, a multiple of 32 up to {} (default {})",
                             kMaxGemmK, kDefaultGemmK))
      ->check(CLI::Range(std::int64_t{32}, kMaxGemmK) &
              CLI::Validator(
                  [](std::string& v) {
                    std::int64_t k = 0;
                    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), k);
                    return ec == std::errc() && end == v.data() + v.size() && k % 32 == 0 ? "" : "not a multiple of 32";
                  },
                  "MULTIPLE OF 32"));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "gpu-check: error[usage]: " << e.what() << "\n(run tf-gpu-check --help)\n";
    return kBadUsage;
  }
  try {
    return run_check(o);
  } catch (const std::exception& e) {
    std::cerr << "gpu-check: internal error: " << e.what() << "\n";
    return kCheckFailed;
  }
}
