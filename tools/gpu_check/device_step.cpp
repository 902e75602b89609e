#include <fmt/format.h>

#include "tools/gpu_check/steps.h"

namespace tf::gpu_check {

StepRecord device_step(std::optional<cublas::DeviceFacts>& facts) {
  StepRecord r;
  r.name = "device";
  r.data["libraries"] = cublas::library_versions();
  if (!cublas::device_unavailable().empty()) {
    r.status = StepStatus::Skipped;
    r.summary = cublas::device_unavailable();
    r.details.push_back(fmt::format("- linked: {}", cublas::library_versions()));
    return r;
  }
  Result<cublas::DeviceFacts> f = cublas::device_facts();
  if (!f.ok()) {
    r.status = StepStatus::Failed;
    r.summary = f.diagnostics().front().message;
    return r;
  }
  facts = *f;
  const auto version = [](int v) { return fmt::format("{}.{}", v / 1000, v % 1000 / 10); };
  r.summary = fmt::format("{} ({}, {} SMs, {:.1f} GiB)", f->name, f->arch(), f->multiprocessors,
                          static_cast<double>(f->memory_bytes) / (1 << 30));
  r.details = {fmt::format("- compute capability {}.{} ({})", f->major, f->minor, f->arch()),
               fmt::format("- driver {} (CUDA {}), runtime {}", f->driver_version, version(f->driver_version),
                           version(f->runtime_version)),
               fmt::format("- linked: {}", cublas::library_versions())};
  r.data["name"] = f->name;
  r.data["compute_capability"] = fmt::format("{}.{}", f->major, f->minor);
  r.data["arch"] = f->arch();
  r.data["multiprocessors"] = f->multiprocessors;
  r.data["memory_bytes"] = f->memory_bytes;
  r.data["driver_version"] = f->driver_version;
  r.data["runtime_version"] = f->runtime_version;
  r.data["cublas_version"] = f->cublas_version;
  return r;
}

}  // namespace tf::gpu_check
