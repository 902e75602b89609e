// Level cuda-gpu (label `gpu`): the hand-written TIR cases, the lowered ones and the backend's own
// run on a CUDA device and compared with the machine model (its MMA in the Hopper model). Without
// a device (or without nvcc) the test reports a skip, so CI, which has none, stays green.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "cuda/driver/backend_run.h"
#include "tools/tf/test/backend_sweep.h"

namespace tf::cli {
namespace {

TEST(TfConform, EveryCaseAtCudaGpuPassesOrIsNotEmittedYet) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no CUDA backend";
#else
  if (!cuda::gpu_backend_built()) GTEST_SKIP() << "built without nvcc: no GPU backend";
  if (cuda::gpu_devices() == 0) GTEST_SKIP() << "no CUDA device is visible";
  conformance::SuiteOptions options = backend_sweep_options("cuda-gpu");
  options.gpu = [](const Module& tir, const std::string& entry, std::vector<eval::Tensor>& inputs, std::vector<eval::Tensor>& outputs) {
    return cuda::run_on_gpu(tir, entry, eval::eval_context(), inputs, outputs);
  };
  const conformance::SuiteRun run = conformance::run_suite(options);
  expect_passed_or_not_emitted(run);
  std::cout << run.tally.passed << " cases passed on the GPU\n";
#endif
}

}  // namespace
}  // namespace tf::cli
