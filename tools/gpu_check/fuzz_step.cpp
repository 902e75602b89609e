// Step 5: the GPU properties of `tf fuzz` for the rest of the time, one process each
// (fuzz_properties: any properties, which the tests run without a device).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>

#include "driver/report.h"
#include "tools/gpu_check/child_process.h"
#include "tools/gpu_check/steps.h"

namespace tf::gpu_check {

namespace {

// The property names `tf fuzz --list` prints (the first word of each line).
std::vector<std::string> listed_properties(const CheckContext& ctx, std::string& error) {
  const std::vector<ChildRun> list = run_children({{ctx.tf, "fuzz", "--list"}}, 60, 70);
  if (list[0].exit_code != 0) {
    error = fmt::format("`tf fuzz --list` failed ({}): {}", list[0].exit_code,
                        list[0].start_error + list[0].err.substr(0, 300));
    return {};
  }
  std::vector<std::string> names;
  std::istringstream lines(list[0].out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name;
    if (words >> name) names.push_back(name);
  }
  return names;
}

// One property's campaign, run for `seconds`.
struct PropertyRun {
  std::int64_t cases = 0, passed = 0, discarded = 0, failed = 0;
  std::vector<std::string> findings;  ///< each finding's kind and reproducer
  std::vector<std::string> problems;  ///< no summary, or the property skipped
  bool broken = false;                ///< the campaign ended by itself without a summary
  bool stopped = false;
};

PropertyRun run_property(const CheckContext& ctx, const std::string& property, double seconds) {
  const std::string out_dir = ctx.out + "/fuzz/" + property;
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  // One process: its prefetch compiles the next cases' nvcc batches side by side, one per core
  // (cuda/driver/prefetch.h); a process per core would start cores x cores compilers, each taking
  // up to a GiB.
  const int time = std::max(1, static_cast<int>(seconds * 0.75));  // the rest: shrinking a finding, the summary
  const std::vector<std::string> command = {ctx.tf,      "fuzz",         "--property", property,       "--time",
                                            std::to_string(time), "--json", "--no-progress", "--out", out_dir,
                                            "--shrink-time", std::to_string(std::max(5, time / 10)), "--reduce-time",
                                            "0",         "--max-findings", "3"};
  // SIGTERM a little before the end (the campaign then prints what it found), SIGKILL at the end.
  const double soft = seconds - std::min(15.0, seconds / 10);
  const ChildRun c = run_children({command}, std::max(1.0, soft), std::max(2.0, seconds)).front();
  PropertyRun run;
  (void)cli::write_file(out_dir + "/fuzz.log", c.out + "\n--- stderr ---\n" + c.err);
  run.stopped = c.stopped;
  const nlohmann::json doc = nlohmann::json::parse(c.out, nullptr, false);
  if (doc.is_discarded() || !doc.is_array() || doc.empty()) {
    run.problems.push_back(
        fmt::format("no summary (exit {}): {}", c.exit_code, (c.start_error + c.err).substr(0, 300)));
    run.broken = !c.stopped;
    return run;
  }
  for (const nlohmann::json& p : doc) {
    if (p.contains("skipped")) {
      run.problems.push_back(fmt::format("skipped ({})", p["skipped"].get<std::string>()));
      continue;
    }
    run.cases += p.value("cases", std::int64_t{0});
    run.passed += p.value("passed", std::int64_t{0});
    run.discarded += p.value("discarded", std::int64_t{0});
    run.failed += p.value("failed", std::int64_t{0});
    if (p.contains("findings"))
      for (const nlohmann::json& f : p["findings"]) run.findings.push_back(f.dump().substr(0, 400));
  }
  return run;
}

}  // namespace

StepRecord fuzz_step(const CheckContext& ctx, double budget) {
  StepRecord r = fuzz_properties(ctx, budget, {"tir-vs-gpu", "hir-vs-gpu"});
  r.name = "fuzzing against the GPU";
  return r;
}

StepRecord fuzz_properties(const CheckContext& ctx, double budget, const std::vector<std::string>& wanted) {
  StepRecord r;
  r.name = "fuzzing";
  std::string error;
  const std::vector<std::string> listed = listed_properties(ctx, error);
  if (!error.empty()) {
    r.status = StepStatus::Failed;
    r.summary = error;
    return r;
  }
  std::vector<std::string> properties;
  for (const std::string& name : wanted) {
    if (std::find(listed.begin(), listed.end(), name) != listed.end())
      properties.push_back(name);
    else
      r.details.push_back(fmt::format("- {}: skipped (property not built)", name));
  }
  if (properties.empty()) {
    r.status = StepStatus::Skipped;
    r.summary = "none of the properties is built";
    return r;
  }
  const auto started = std::chrono::steady_clock::now();
  bool failed = false, incomplete = false;
  std::vector<std::string> summaries;
  for (std::size_t i = 0; i < properties.size(); ++i) {
    const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double seconds = (budget - used) / static_cast<double>(properties.size() - i);
    ctx.progress(fmt::format("fuzz {}: {:.0f} s", properties[i], seconds));
    const PropertyRun p = run_property(ctx, properties[i], seconds);
    r.details.push_back(fmt::format("- {}: {} cases, {} passed, {} discarded, {} failed (findings under fuzz/{}/)",
                                    properties[i], p.cases, p.passed, p.discarded, p.failed, properties[i]));
    for (const std::string& f : p.findings) r.details.push_back("  - finding: " + f);
    for (const std::string& q : p.problems) r.details.push_back("  - " + q);
    r.data[properties[i]] = {{"cases", p.cases},   {"passed", p.passed},     {"discarded", p.discarded},
                             {"failed", p.failed}, {"findings", p.findings}, {"problems", p.problems}};
    failed = failed || p.failed > 0 || p.broken;
    incomplete = incomplete || (p.cases == 0 && p.failed == 0) || !p.problems.empty();
    summaries.push_back(fmt::format("{} {} cases, {} failed", properties[i], p.cases, p.failed));
  }
  r.summary = fmt::format("{}", fmt::join(summaries, "; "));
  r.status = failed ? StepStatus::Failed : incomplete ? StepStatus::OutOfTime : StepStatus::Passed;
  return r;
}

}  // namespace tf::gpu_check
