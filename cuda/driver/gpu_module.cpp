#include "cuda/driver/gpu_module.h"

#include <fmt/format.h>

#include "cuda/driver/compile_inputs.h"
#include "cuda/emit/cpp_text.h"

namespace tf::cuda {

namespace {

std::string nvcc_command(const std::string& nvcc, const std::string& src, const std::string& lib) {
  return fmt::format(
      "'{}' -std=c++20 -O2 -fmad=false -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90] "
      "-Xcompiler -fPIC -shared -I'{}' '{}' -o '{}'",
      nvcc, TF_SOURCE_ROOT, src, lib);
}

}  // namespace

Result<std::unique_ptr<GpuModule>> GpuModule::compile(const std::string& source, const std::string& nvcc, bool keep) {
  BuildOptions options;
  options.keep = keep;
  return compile(source, nvcc, options);
}

Result<std::unique_ptr<GpuModule>> GpuModule::compile(const std::string& source, const std::string& nvcc, const BuildOptions& options) {
  Toolchain t;
  t.name = "nvcc";
  t.extension = "cu";
  t.command = [nvcc](const std::string& src, const std::string& lib) { return nvcc_command(nvcc, src, lib); };
  t.inputs = [nvcc] { return compile_inputs(nvcc_command(nvcc, "<src>", "<lib>"), {nvcc, "g++"}); };  // g++: nvcc's host compiler
  Result<std::shared_ptr<LoadedLibrary>> l = LoadedLibrary::build(source, t, options);
  TF_TRY(l);
  return std::unique_ptr<GpuModule>(new GpuModule(std::move(l).value()));
}

int GpuModule::devices() const {
  auto* count = symbol<int (*)()>("tf_gpu_devices");
  return count == nullptr ? 0 : count();
}

Result<bool> GpuModule::run(const std::string& entry, const std::vector<void*>& buffers, const std::vector<std::size_t>& bytes,
                            const std::vector<std::vector<std::int64_t>>& shapes) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = symbol<Entry>(detail::function_symbols(entry).entry.c_str());
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
