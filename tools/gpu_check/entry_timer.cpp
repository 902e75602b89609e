#include "tools/gpu_check/entry_timer.h"

#include <fmt/format.h>

#include <chrono>

#include "cuda/emit/cpp_text.h"

namespace tf::gpu_check {

Result<double> time_gpu_entry(const cuda::LoadedLibrary& library, const std::string& entry,
                              const std::vector<eval::Tensor>& buffers, int repeats) {
  using Entry = const char* (*)(void* const*, const std::int64_t* const*);
  auto* call = reinterpret_cast<Entry>(library.symbol(cuda::detail::function_symbols(entry).entry));
  auto* alloc = reinterpret_cast<void* (*)(std::size_t)>(library.symbol("tf_gpu_alloc"));
  auto* release = reinterpret_cast<void (*)(void*)>(library.symbol("tf_gpu_free"));
  auto* copy = reinterpret_cast<int (*)(void*, const void*, std::size_t, int)>(library.symbol("tf_gpu_copy"));
  auto* devices = reinterpret_cast<int (*)()>(library.symbol("tf_gpu_devices"));
  if (call == nullptr || alloc == nullptr || release == nullptr || copy == nullptr || devices == nullptr)
    return category_error(DiagCategory::Internal,
                          fmt::format("the module lacks host entry `{}` or the device-memory helpers", entry));
  if (devices() == 0) return category_error(DiagCategory::Eval, "no CUDA device is visible");
  std::vector<void*> device(buffers.size(), nullptr);
  std::vector<std::vector<std::int64_t>> shapes;
  auto free_all = [&] {
    for (void* p : device)
      if (p != nullptr) release(p);
  };
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const std::span<const std::uint8_t> bytes = buffers[i].bytes();
    device[i] = alloc(bytes.size());
    if (device[i] == nullptr || copy(device[i], bytes.data(), bytes.size(), 1) == 0) {
      free_all();
      return category_error(DiagCategory::Eval,
                            fmt::format("cannot place buffer {} ({} bytes) on the device", i, bytes.size()));
    }
    shapes.emplace_back(buffers[i].shape().begin(), buffers[i].shape().end());
  }
  std::vector<const std::int64_t*> extents;
  for (const std::vector<std::int64_t>& s : shapes) extents.push_back(s.data());
  const int timed = std::max(repeats, 1);
  std::chrono::steady_clock::time_point start;
  for (int i = 0; i <= timed; ++i) {
    if (i == 1) start = std::chrono::steady_clock::now();  // after the warm-up call
    if (const char* failure = call(device.data(), extents.data())) {
      free_all();
      return category_error(DiagCategory::Eval, fmt::format("on the GPU: {}", failure));
    }
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  free_all();
  return ms / timed;
}

}  // namespace tf::gpu_check
