#include "tools/gpu_check/report.h"

#include <fmt/format.h>

#include <filesystem>

#include "driver/report.h"
#include "ir/support/json_text.h"
#include "tools/gpu_check/three_way.h"

namespace tf::gpu_check {

namespace {

// A table cell: no line break or `|` to end it early.
std::string cell(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '|') c = ' ';
  return text;
}

}  // namespace

std::string report_markdown(const Report& r) {
  std::string md = "# GPU check\n\n";
  md += fmt::format("- **verdict**: {} (exit {})\n", r.verdict, r.exit_code);
  md += fmt::format("- started {} with a budget of {:g} minutes; the checks ran {:.0f} s\n", r.started, r.minutes,
                    r.seconds);
  md +=
      r.device ? fmt::format("- device: {} ({})\n", r.device->name, r.device->arch()) : std::string("- device: none\n");
  md += fmt::format("- linked: {}\n\n", r.libraries);
  md += "| # | step | status | time / budget | summary |\n|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    const StepRecord& s = r.steps[i];
    md += fmt::format("| {} | {} | {} | {:.0f} s / {:.0f} s | {} |\n", i + 1, s.name, status_name(s.status), s.seconds,
                      s.budget_seconds, cell(s.summary));
  }
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    const StepRecord& s = r.steps[i];
    md += fmt::format("\n## {}. {}: {}\n\n{}\n", i + 1, s.name, status_name(s.status), s.summary);
    if (!s.details.empty()) md += "\n";
    for (const std::string& line : s.details) md += line + "\n";
  }
  md +=
      "\n## The bounds of the GEMM step\n\n"
      "Each output element s is the exact sum of its K products (T: the sum of their magnitudes); an "
      "implementation's result c passes when |c - s| is within the bound of how it sums "
      "(tools/gpu_check/three_way.h, conformance/error_bound.h):\n\n";
  for (const ErrorModel& m :
       {evaluator_model(DType::bf16()), emitted_model(true, DType::bf16()), cublas_model(DType::f32())})
    md += fmt::format("- {}: {}\n", m.name, m.text());
  return md;
}

std::string report_json(const Report& r) {
  nlohmann::ordered_json steps = nlohmann::ordered_json::array();
  for (const StepRecord& s : r.steps)
    steps.push_back({{"name", s.name},
                     {"status", status_name(s.status)},
                     {"summary", s.summary},
                     {"budget_seconds", s.budget_seconds},
                     {"seconds", s.seconds},
                     {"details", s.details},
                     {"data", s.data}});
  nlohmann::ordered_json device = nullptr;
  if (r.device)
    device = {{"name", r.device->name},
              {"arch", r.device->arch()},
              {"driver_version", r.device->driver_version},
              {"runtime_version", r.device->runtime_version},
              {"cublas_version", r.device->cublas_version}};
  return json_text(nlohmann::ordered_json{{"tool", "tf-gpu-check"},
                                          {"started", r.started},
                                          {"minutes", r.minutes},
                                          {"seconds", r.seconds},
                                          {"exit_code", r.exit_code},
                                          {"verdict", r.verdict},
                                          {"libraries", r.libraries},
                                          {"device", device},
                                          {"steps", steps}},
                   2) +
         "\n";
}

std::optional<Diagnostic> write_report(const Report& r, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return category_error(DiagCategory::Usage,
                          fmt::format("cannot create the report folder '{}': {}", dir, ec.message()));
  if (std::optional<Diagnostic> d = cli::write_file(dir + "/report.md", report_markdown(r))) return d;
  return cli::write_file(dir + "/report.json", report_json(r));
}

}  // namespace tf::gpu_check
