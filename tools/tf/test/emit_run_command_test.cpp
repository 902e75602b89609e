// tf emit and tf run: the emitted source of a module, a refusal of what is not emitted yet, and
// `tf run --backend emu` printing what `tf eval` prints for the same function and inputs.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tools/tf/emit_command.h"
#include "tools/tf/eval_command.h"
#include "tools/tf/report.h"

namespace tf::cli {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

const char* const kProgram = R"(tfir 1
dim N = DimVar("N", 1, 9)
func scale(x: Tensor[(6,), f32]) -> Tensor[(6,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}

prim_func not_yet(a: Tensor[(16, 16), bf16], b: Tensor[(16, 8), bf16], c: Tensor[(16, 8), f32]) outputs=1 target=cuda {
    let acc = alloc_tensor(tensor_type=Tensor[(16, 8), f32, storage=rmem])
    fill(acc, 0.0)
    mma(acc, a, b)
    copy(acc, c)
}

prim_func k(x: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(x, out)
}

prim_func to_f4(x: Tensor[(4,), f32], out: Tensor[(4,), f4e2m1]) outputs=1 target=cuda {
    unary(x, out, kind=cast)
}

prim_func big_clusters(x: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=host {
    launch(@k, 16, 1, 1, 1, 1, 1, x, out, cluster=(16, 1, 1))
}

prim_func stops(x: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, x, out)
    abort "the \"second\" step\\"
}
)";

TEST(TfEmit, WritesTheKernelItsShimAndTheHostEntry) {
  const std::string path = write_temp("emit.tfir", kProgram);
  std::ostringstream out, err;
  ASSERT_EQ(run_emit(EmitRequest{path, "scale", "", false}, out, err), kExitOk) << err.str();
  const std::string src = out.str();
  EXPECT_NE(src.find("#include \"cuda/runtime/tf_runtime.h\""), std::string::npos);
  EXPECT_NE(src.find("TF_GLOBAL void tf_u_scale_kernel(float* tf_u_x_ptr, float* tf_u_out_ptr, unsigned char* tf_gmem) {"), std::string::npos) << src;
  EXPECT_NE(src.find("    // let c = alloc_tensor(tensor_type=Tensor[(), f32, storage=rmem])\n"), std::string::npos) << src;
  EXPECT_NE(src.find("    // binary(x_main, c, y, kind=mul)\n    tf_rt::binary(tf_u_x_main, tf_u_c, tf_u_y, tf_rt::Mul{});\n"), std::string::npos) << src;
  EXPECT_NE(src.find("extern \"C\" const char* tf_entry_scale(void* const* buffers, const std::int64_t* const* shapes) {"),
            std::string::npos);
}

TEST(TfEmit, WhatIsNotEmittedYetIsRefusedWithExitTwo) {
  const std::string path = write_temp("emit_not_yet.tfir", kProgram);
  std::ostringstream out, err;
  EXPECT_EQ(run_emit(EmitRequest{path, "not_yet", "", false}, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("error[usage]: not emitted yet: an Mma without an atom (one thread's own tile product)"),
            std::string::npos)
      << err.str();
  EXPECT_EQ(out.str(), "");
}

TEST(TfRun, TheEmulatedBackendPrintsWhatEvalPrints) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("run.tfir", kProgram);
  EvalRequest r;
  r.file = path;
  r.function = "scale";
  r.inputs = {"x=Tensor[(6,), f32]{1, -0, inf, nan, 1e38, 3}"};
  std::ostringstream eval_out, eval_err, run_out, run_err;
  ASSERT_EQ(run_eval(r, eval_out, eval_err), kExitOk) << eval_err.str();
  r.backend = "emu";
  ASSERT_EQ(run_eval(r, run_out, run_err), kExitOk) << run_err.str();
  EXPECT_EQ(run_out.str(), "output = Tensor[(6,), f32]{2, -0, inf, nan, 2e+38, 6}\n");
  EXPECT_EQ(run_out.str(), eval_out.str());
  // The GPU backend: the same output where a device is visible, else an error saying so (this
  // machine has none; CI neither).
  r.backend = "gpu";
  std::ostringstream gpu_out, gpu_err;
  if (run_eval(r, gpu_out, gpu_err) == kExitOk) {
    EXPECT_EQ(gpu_out.str(), eval_out.str());
  } else {
    const std::string e = gpu_err.str();
    EXPECT_TRUE(e.find("no CUDA device is visible (--backend emu runs the same source on the CPU)") != std::string::npos ||
                e.find("this build found no nvcc") != std::string::npos)
        << e;
  }
}

// f4e2m1 has no Cast (seed 000): a kernel that computes into an f4 tensor is refused with the
// rule, as the machine model refuses to run it; copying f4 codes is emitted.
TEST(TfEmit, ComputingIntoF4IsRefusedWithItsRule) {
  const std::string path = write_temp("emit_f4.tfir", kProgram);
  std::ostringstream out, err;
  EXPECT_EQ(run_emit(EmitRequest{path, "to_f4", "", false}, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("error[TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported]: tir.arith.Unary computes into the f4e2m1 tensor `out`"),
            std::string::npos)
      << err.str();
}

// A launch configuration the CUDA target does not support is rejected in target lowering
// (TIR.2.3.LAUNCH.unsupported-config-rejected): a cluster of 16 CTAs needs an opt-in sm_90
// launches do not make.
TEST(TfEmit, AnUnsupportedClusterIsRejectedWithItsRule) {
  const std::string path = write_temp("emit_cluster.tfir", kProgram);
  std::ostringstream out, err;
  EXPECT_EQ(run_emit(EmitRequest{path, "big_clusters", "", false}, out, err), kExitBadInput);
  EXPECT_NE(err.str().find("error[TIR.2.3.LAUNCH.unsupported-config-rejected]: a cluster of 16 CTAs"), std::string::npos) << err.str();
}

// Abort in a host entry is a reported abort: the entry returns its message (quotes and
// backslashes escaped in the emitted literal), as the machine model stops with it.
TEST(TfRun, AHostAbortIsReportedWithItsMessage) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("abort.tfir", kProgram);
  EvalRequest r;
  r.file = path;
  r.function = "stops";
  r.inputs = {"x=Tensor[(4,), f32]{1, 2, 3, 4}"};
  r.backend = "emu";
  std::ostringstream out, err;
  EXPECT_NE(run_eval(r, out, err), kExitOk);
  EXPECT_NE(err.str().find("under the emulation: abort: the \"second\" step\\"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace tf::cli
