// The GPU check's report: one Markdown file for a reader and one JSON file for a program, written
// together into the report folder (build/gpu-check/ by default).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cuda/cublas/device.h"
#include "ir/support/diagnostic.h"
#include "tools/gpu_check/check_step.h"

namespace tf::gpu_check {

/// Everything a report says.
struct Report {
  std::string started;                        ///< UTC, ISO 8601
  double minutes = 0;                         ///< the time budget
  double seconds = 0;                         ///< how long the checks ran
  int exit_code = 0;                          ///< exit_codes.h
  std::string verdict;                        ///< one line: what the exit code means here
  std::string libraries;                      ///< cublas::library_versions()
  std::optional<cublas::DeviceFacts> device;  ///< none without a device
  std::vector<StepRecord> steps;              ///< in order
};

/// report.md: the verdict, the device, a table of the steps, each step's details, and the bounds
/// the GEMM step judges with.
std::string report_markdown(const Report& r);

/// report.json: {"tool", "started", "minutes", "seconds", "exit_code", "verdict", "libraries",
/// "device" (or null), "steps": [{"name", "status", "summary", "budget_seconds", "seconds",
/// "details", "data"}]}.
std::string report_json(const Report& r);

/// Writes report.md and report.json into `dir` (created if needed): nullopt, or the diagnostic of
/// the first file that could not be written.
std::optional<Diagnostic> write_report(const Report& r, const std::string& dir);

}  // namespace tf::gpu_check
