#include "cuda/cublas/event_timer.h"

#include <chrono>

#include "cuda/cublas/cuda_status.h"

namespace tf::cublas {

namespace {

// Two events destroyed with the object.
struct EventPair {
  cudaEvent_t start = nullptr, stop = nullptr;
  ~EventPair() {
    if (start != nullptr) cudaEventDestroy(start);
    if (stop != nullptr) cudaEventDestroy(stop);
  }
};

}  // namespace

Result<GemmTiming> time_launches(const std::function<Result<bool>()>& launch, int repeats) {
  GemmTiming t;
  if (repeats < 1) return t;
  Result<bool> warm = launch();
  TF_TRY(warm);
  EventPair events;
  TF_CUDA_TRY(cudaEventCreate(&events.start));
  TF_CUDA_TRY(cudaEventCreate(&events.stop));
  TF_CUDA_TRY(cudaDeviceSynchronize());
  const auto wall_start = std::chrono::steady_clock::now();
  TF_CUDA_TRY(cudaEventRecord(events.start, nullptr));
  for (int i = 0; i < repeats; ++i) {  // each launch waited for, as the emitted entry's are
    Result<bool> ran = launch();
    TF_TRY(ran);
    TF_CUDA_TRY(cudaDeviceSynchronize());
  }
  TF_CUDA_TRY(cudaEventRecord(events.stop, nullptr));
  TF_CUDA_TRY(cudaEventSynchronize(events.stop));
  const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall_start).count();
  float ms = 0;
  TF_CUDA_TRY(cudaEventElapsedTime(&ms, events.start, events.stop));
  t.repeats = repeats;
  t.milliseconds = static_cast<double>(ms) / repeats;
  t.wall_milliseconds = wall / repeats;
  return t;
}

}  // namespace tf::cublas
