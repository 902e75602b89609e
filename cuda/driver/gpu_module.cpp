#include "cuda/driver/gpu_module.h"

#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <cstdlib>
#include <string_view>

#include "cuda/driver/compile_inputs.h"
#include "cuda/emit/cpp_text.h"

namespace tf::cuda {

namespace {

// The architecture TF_CUDA_ARCH names, as nvcc's `compute_`/`sm_` suffix ("90", "120a"), or ""
// when it is unset or empty; nullopt when it names none (digits, then at most one of `a`, `f`).
std::optional<std::string> requested_arch() {
  const char* env = std::getenv("TF_CUDA_ARCH");
  if (env == nullptr || *env == '\0') return std::string();
  std::string_view v(env);
  if (v.starts_with("sm_")) v.remove_prefix(3);
  std::size_t digits = 0;
  while (digits < v.size() && std::isdigit(static_cast<unsigned char>(v[digits])) != 0) ++digits;
  const bool suffix_ok = v.size() == digits || (v.size() == digits + 1 && (v.back() == 'a' || v.back() == 'f'));
  if (digits < 2 || digits > 3 || !suffix_ok) return std::nullopt;
  return std::string(v);
}

// The -gencode flags of the architectures (gpu_module.h). A TF_CUDA_ARCH that names none gives a
// flag nvcc refuses (never its text, which would reach a shell); compile() refuses it first with
// a clear message.
std::string gencode_flags() {
  const std::optional<std::string> arch = requested_arch();
  if (!arch) return "-arch=TF_CUDA_ARCH-names-no-architecture";
  if (arch->empty()) return "-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]";
  return fmt::format("-gencode arch=compute_{0},code=[sm_{0},compute_{0}]", *arch);
}

std::string nvcc_command(const std::string& nvcc, const std::string& src, const std::string& lib) {
  return fmt::format("'{}' -std=c++20 -O2 -fmad=false {} -Xcompiler -fPIC -shared -I'{}' '{}' -o '{}'", nvcc, gencode_flags(), TF_SOURCE_ROOT,
                     src, lib);
}

}  // namespace

Result<std::string> GpuModule::arch_flags() {
  if (!requested_arch())
    return category_error(DiagCategory::Usage,
                          fmt::format("TF_CUDA_ARCH={} names no GPU architecture (write it as nvcc does: sm_90, 90, sm_120a)",
                                      std::getenv("TF_CUDA_ARCH")));
  return gencode_flags();
}

Toolchain GpuModule::toolchain(const std::string& nvcc) {
  Toolchain t;
  t.name = "nvcc";
  t.extension = "cu";
  t.command = [nvcc](const std::string& src, const std::string& lib) { return nvcc_command(nvcc, src, lib); };
  t.inputs = [nvcc] { return compile_inputs(nvcc_command(nvcc, "<src>", "<lib>"), {nvcc, "g++"}); };  // g++: nvcc's host compiler
  return t;
}

Result<std::unique_ptr<GpuModule>> GpuModule::compile(const std::string& source, const std::string& nvcc, bool keep) {
  BuildOptions options;
  options.keep = keep;
  return compile(source, nvcc, options);
}

Result<std::unique_ptr<GpuModule>> GpuModule::compile(const std::string& source, const std::string& nvcc, const BuildOptions& options) {
  Result<std::string> arch = arch_flags();
  TF_TRY(arch);
  Result<std::shared_ptr<LoadedLibrary>> l = LoadedLibrary::build(source, toolchain(nvcc), options);
  TF_TRY(l);
  return in_library(std::move(l).value(), "");
}

std::unique_ptr<GpuModule> GpuModule::in_library(std::shared_ptr<const LoadedLibrary> library, std::string prefix) {
  return std::unique_ptr<GpuModule>(new GpuModule(std::move(library), std::move(prefix)));
}

void* GpuModule::entry_symbol(const std::string& entry) const { return library_->entry(prefix_, entry); }

bool GpuModule::has_entry(const std::string& entry) const { return entry_symbol(entry) != nullptr; }

int GpuModule::devices() const {
  auto* count = symbol<int (*)()>("tf_gpu_devices");
  return count == nullptr ? 0 : count();
}

Result<bool> GpuModule::run(const std::string& entry, const std::vector<void*>& buffers, const std::vector<std::size_t>& bytes,
                            const std::vector<std::vector<std::int64_t>>& shapes) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = reinterpret_cast<Entry>(entry_symbol(entry));
  auto* alloc = symbol<void* (*)(std::size_t)>("tf_gpu_alloc");
  auto* release = symbol<void (*)(void*)>("tf_gpu_free");
  auto* copy = symbol<int (*)(void*, const void*, std::size_t, int)>("tf_gpu_copy");
  if (f == nullptr) return category_error(DiagCategory::Usage, fmt::format("the emitted module has no host entry `{}`", entry));
  if (alloc == nullptr || release == nullptr || copy == nullptr)
    return category_error(DiagCategory::Internal, "the module lacks the device-memory helpers of cuda/runtime/gpu_memory.h");
  if (devices() == 0)
    return category_error(DiagCategory::Eval, "no CUDA device is visible (--backend emu runs the same source on the CPU)");
  std::vector<void*> device(buffers.size(), nullptr);
  auto free_all = [&] {
    for (void* p : device)
      if (p != nullptr) release(p);
  };
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    device[i] = alloc(bytes[i]);
    if (device[i] == nullptr || copy(device[i], buffers[i], bytes[i], 1) == 0) {
      free_all();
      return category_error(DiagCategory::Eval, fmt::format("cannot place buffer {} ({} bytes) on the device", i, bytes[i]));
    }
  }
  std::vector<const std::int64_t*> extents;
  for (const std::vector<std::int64_t>& s : shapes) extents.push_back(s.data());
  if (const char* failure = f(device.data(), extents.data())) {
    free_all();
    return category_error(DiagCategory::Eval, fmt::format("on the GPU: {}", failure));
  }
  for (std::size_t i = 0; i < buffers.size(); ++i)
    if (copy(buffers[i], device[i], bytes[i], 0) == 0) {
      free_all();
      return category_error(DiagCategory::Eval, fmt::format("cannot copy buffer {} back from the device", i));
    }
  free_all();
  return true;
}

}  // namespace tf::cuda
