#include "cuda/driver/gpu_module.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "cuda/driver/command.h"

namespace tf::cuda {

namespace {

template <typename F>
F symbol(void* handle, const char* name) {
  return reinterpret_cast<F>(::dlsym(handle, name));
}

}  // namespace

Result<std::unique_ptr<GpuModule>> GpuModule::compile(const std::string& source, const std::string& nvcc) {
  std::unique_ptr<GpuModule> m(new GpuModule());
  m->dir_ = make_scratch_dir();
  if (m->dir_.empty()) return category_error(DiagCategory::Usage, "cannot make a temporary directory for nvcc");
  const std::string src = m->dir_ + "/module.cu", lib = m->dir_ + "/module.so";
  std::ofstream(src) << source;
  const std::string command = fmt::format(
      "'{}' -std=c++20 -O2 -fmad=false -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90] "
      "-Xcompiler -fPIC -shared -I'{}' '{}' -o '{}'",
      nvcc, TF_SOURCE_ROOT, src, lib);
  const auto [status, output] = run_command(command);
  if (status != 0) {
    Diagnostic d = category_error(DiagCategory::Internal, fmt::format("nvcc failed on the emitted source {} (kept for reading)", src));
    d.notes.push_back(first_lines(output, 12));
    m->dir_.clear();  // keep the files
    return d;
  }
  m->handle_ = ::dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (m->handle_ == nullptr) return category_error(DiagCategory::Internal, fmt::format("cannot load {}: {}", lib, ::dlerror()));
  return m;
}

GpuModule::~GpuModule() {
  if (handle_ != nullptr) ::dlclose(handle_);
  if (!dir_.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
}

int GpuModule::devices() const {
  auto* count = symbol<int (*)()>(handle_, "tf_gpu_devices");
  return count == nullptr ? 0 : count();
}

Result<bool> GpuModule::run(const std::string& entry, const std::vector<void*>& buffers, const std::vector<std::size_t>& bytes,
                            const std::vector<std::vector<std::int64_t>>& shapes) const {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* f = symbol<Entry>(handle_, ("tf_entry_" + entry).c_str());
  auto* alloc = symbol<void* (*)(std::size_t)>(handle_, "tf_gpu_alloc");
  auto* release = symbol<void (*)(void*)>(handle_, "tf_gpu_free");
  auto* copy = symbol<int (*)(void*, const void*, std::size_t, int)>(handle_, "tf_gpu_copy");
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
