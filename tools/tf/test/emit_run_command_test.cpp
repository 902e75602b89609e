// tf emit and tf run: the emitted source of a module, a refusal of what is not emitted yet, and
// `tf run --backend emu` printing what `tf eval` prints for the same function and inputs.
#include <gtest/gtest.h>

#include "tools/tf/test/eval_request.h"
#include "tools/tf/test/temp_file.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "tools/tf/emit_command.h"
#include "tools/tf/eval_command.h"
#include "ir/support/plant.h"
#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#include "cuda/driver/emu_module.h"
#endif

namespace tf::cli {
namespace {

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
  EvalRequest r = request(path, "scale", {"x=Tensor[(6,), f32]{1, -0, inf, nan, 1e38, 3}"});
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
  EXPECT_NE(err.str().find("error[TIR.2.3.LAUNCH.unsupported-config-rejected]: cluster=(16, 1, 1) has 16 blocks; sm_90 supports at most 8 "
                           "per cluster"),
            std::string::npos)
      << err.str();
}

// The launch's configuration is checked against the target `--target` names (the emitter calls
// the lowering's check_launch_for_target, issue 42 item 10): a cluster of 2, which sm_90
// launches, has no meaning on sm_80.
// covers: TIR.2.3.LAUNCH.unsupported-config-rejected
TEST(TfEmit, ALaunchIsCheckedAgainstTheTargetItIsEmittedFor) {
  const std::string path = write_temp("emit_target.tfir", std::string(kProgram) + R"(
prim_func small_clusters(x: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=host {
    launch(@k, 2, 1, 1, 1, 1, 1, x, out, cluster=(2, 1, 1))
}
)");
  std::ostringstream out, err;
  EXPECT_EQ(run_emit(EmitRequest{path, "small_clusters", "", false}, out, err), kExitOk) << err.str();
  std::ostringstream out80, err80;
  EmitRequest sm80{path, "small_clusters", "", false};
  sm80.target = "sm_80";
  EXPECT_EQ(run_emit(sm80, out80, err80), kExitBadInput);
  EXPECT_NE(err80.str().find(": error[TIR.2.3.LAUNCH.unsupported-config-rejected]: cluster=(2, 1, 1) needs thread-block clusters, "
                             "which sm_80 does not have"),
            std::string::npos)
      << err80.str();
  EXPECT_NE(err80.str().find(path + ":"), std::string::npos) << err80.str();  // placed at the launch
  std::ostringstream out_bad, err_bad;
  EmitRequest bad{path, "small_clusters", "", false};
  bad.target = "ampere";
  EXPECT_EQ(run_emit(bad, out_bad, err_bad), kExitBadInput);
  EXPECT_NE(err_bad.str().find("--target ampere: a CUDA target is spelled sm_XY"), std::string::npos) << err_bad.str();
}

// The launch geometry is the codegen's: the host entry passes the grid and block it derived as
// literals to the launch shim, which takes them as arguments; no table or attribute of the
// kernel carries them (seed 002 section 2.3). The lowered softmax of the tutorial: 1 CTA of 2
// threads.
// covers: TIR.2.3.LAUNCH.geometry-not-schema
TEST(TfEmit, TheLaunchGeometryIsDerivedInTheHostEntry) {
  std::ostringstream out, err;
  ASSERT_EQ(run_emit(EmitRequest{std::string(TF_SOURCE_ROOT) + "/docs/tutorial/softmax.tfir", "main", "", false}, out, err), kExitOk)
      << err.str();
  const std::string src = out.str();
  EXPECT_NE(src.find("extern \"C\" const char* tf_launch_main_kernel(tf_rt::Dim3 grid, tf_rt::Dim3 block, "), std::string::npos) << src;
  EXPECT_NE(src.find("if (const char* e = tf_launch_main_kernel(tf_rt::Dim3{std::int64_t{1}, std::int64_t{1}, std::int64_t{1}}, "
                     "tf_rt::Dim3{std::int64_t{2}, std::int64_t{1}, std::int64_t{1}}, "),
            std::string::npos)
      << src;
  // The kernel itself names no geometry: it reads its position from the runtime (mesh_position).
  const std::size_t kernel = src.find("TF_GLOBAL void tf_u_main_kernel(");
  const std::size_t shim = src.find("extern \"C\" const char* tf_launch_main_kernel(");
  ASSERT_NE(kernel, std::string::npos);
  ASSERT_LT(kernel, shim);
  EXPECT_EQ(src.substr(kernel, shim - kernel).find("Dim3"), std::string::npos);
}

// Abort in a host entry is a reported abort: the entry returns its message (quotes and
// backslashes escaped in the emitted literal), as the machine model stops with it.
TEST(TfRun, AHostAbortIsReportedWithItsMessage) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("abort.tfir", kProgram);
  EvalRequest r = request(path, "stops", {"x=Tensor[(4,), f32]{1, 2, 3, 4}"});
  r.backend = "emu";
  r.no_check = true;  // the emulation's own report (the machine model's comes first otherwise)
  std::ostringstream out, err;
  EXPECT_NE(run_eval(r, out, err), kExitOk);
  EXPECT_NE(err.str().find("under the emulation: abort: the \"second\" step\\"), std::string::npos) << err.str();
}

// Adversarial pass 2, F2: a TMPDIR that is not a folder aborted tf run (an uncaught
// filesystem_error, SIGABRT); it is a usage error naming TMPDIR.
TEST(TfRun, ATmpdirThatIsNotAFolderIsAUsageError) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  // A program of its own: a module compiled earlier in this process is not compiled again.
  const std::string path = write_temp("tmpdir.tfir", R"(tfir 1
func tmpdir_probe(x: Tensor[(3,), f32]) -> Tensor[(3,), f32] {
    y = mul(x, x)
    return y
}
)");
  const char* before = std::getenv("TMPDIR");
  const std::string previous = before != nullptr ? before : "";
  ::setenv("TMPDIR", "/dev/null", 1);
  EvalRequest r = request(path, "tmpdir_probe", {"x=Tensor[(3,), f32]{1, 2, 3}"});
  r.backend = "emu";
  r.no_check = true;
  std::ostringstream out, err;
  const int code = run_eval(r, out, err);
  if (previous.empty())
    ::unsetenv("TMPDIR");
  else
    ::setenv("TMPDIR", previous.c_str(), 1);
  EXPECT_EQ(code, kExitBadInput);
#ifdef TF_HAVE_CUDA_EMU
  const std::string compiler = cuda::EmuModule::toolchain(cuda::EmuOptimization::Run).name;
  EXPECT_NE(err.str().find("error[usage]: cannot make a temporary folder for " + compiler +
                           ": the temporary directory (TMPDIR, else /tmp) must be a folder this user can write; set TMPDIR to one"),
            std::string::npos)
      << err.str();
#endif
}

// Issue 34, finding 4: launches `tf eval` refuses, `tf run` refused too, with the same
// diagnostic (one validator, ir/tir/launch_check.h), instead of exiting 0 with all-zero outputs
// (grid 0, block 0, a grid of 2^32 wrapped to 0 by a cast to unsigned, a 32-thread mesh on a
// 16-thread block) or running for ever (a grid of 2^31 CTAs, or -1). Finding 5: placed at the
// launch, with the real values (-32, not 4294967264).
const char* const kLaunches = R"(tfir 1
mesh warp = Mesh((Topology("thread", 32),), Layout((32,), (1,)))
layout Lanes = ShardLayout(layout=Layout((32,), (1,)), attrs=(S(0),), mesh=warp)
mesh g = Mesh((Topology("cta", 5000),), Layout((5000,), (1,)))

prim_func k(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=cuda {
    with warp as w {
        let vx = tensor_view(x, layout=Lanes)
        let vo = tensor_view(out, layout=Lanes)
        copy(vx, vo)
    }
}

prim_func grid0(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 0, 1, 1, 32, 1, 1, x, out)
}

prim_func block0(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 0, 1, 1, x, out)
}

prim_func grid2p32(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 4294967296, 1, 1, 32, 1, 1, x, out)
}

prim_func grid2p31(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 2147483648, 1, 1, 32, 1, 1, x, out)
}

prim_func gridm1(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, -1, 1, 1, 32, 1, 1, x, out)
}

prim_func blockm32(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, -32, 1, 1, x, out)
}

prim_func half(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 16, 1, 1, x, out)
}

prim_func smem(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 32, 1, 1, x, out, dynamic_smem=1099511627776)
}

prim_func coop(x: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=cuda {
    with g as c {
        sync(c)
    }
    copy(x, out)
}
)";

TEST(TfRun, RefusesTheLaunchesEvalRefusesWithTheSameDiagnostic) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("launches.tfir", kLaunches);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"grid0", ":15:5: error[eval]: launch of @k: extent 0 is 0; every grid and block extent is at least 1\n"},
      {"block0", ":19:5: error[eval]: launch of @k: extent 3 is 0; every grid and block extent is at least 1\n"},
      {"grid2p32", ":23:5: error[eval]: launch of @k: extent 0 is 4294967296; CUDA launches at most 2147483647 CTAs along gridDim.x\n"},
      {"grid2p31", ":27:5: error[eval]: launch of @k: extent 0 is 2147483648; CUDA launches at most 2147483647 CTAs along gridDim.x\n"},
      {"gridm1", ":31:5: error[eval]: launch of @k: extent 0 is -1; every grid and block extent is at least 1\n"},
      {"blockm32", ":35:5: error[eval]: launch of @k: extent 3 is -32; every grid and block extent is at least 1\n"},
      {"half", ":39:5: error[eval]: launch of @k: the mesh Mesh((Topology(\"thread\", 32),), Layout((32,), (1,))) has 32 thread "
               "positions, but the launch has 16: a mesh level cannot be larger than the launch it runs in\n"},
      {"smem", ":43:5: error[eval]: launch of @k: dynamic_smem is 1099511627776 bytes; a CTA may ask for at most 232448 bytes of "
               "dynamic shared memory\n"},
      {"coop", ":46:1: error[ub.grid-not-co-resident]: undefined behaviour: @coop has a grid barrier, but its 5000 CTAs of 1 threads "
               "do not fit on the device at once (132 SMs x 32 CTAs): the barrier would wait for CTAs that never start\n"},
  };
  for (const auto& [fn, expected] : cases) {
    EvalRequest r = request(path, fn, {"x=Tensor[(32,), f32] random(seed=1)"});
    std::ostringstream eval_out, eval_err, run_out, run_err;
    EXPECT_EQ(run_eval(r, eval_out, eval_err), kExitBadInput) << fn;
    r.backend = "emu";
    EXPECT_EQ(run_eval(r, run_out, run_err), kExitBadInput) << fn;
    EXPECT_EQ(run_err.str(), path + expected) << fn;
    EXPECT_EQ(run_err.str(), eval_err.str()) << fn;
    EXPECT_EQ(run_out.str(), "") << fn;
#ifdef TF_HAVE_CUDA_EMU
    if (!cuda::gpu_backend_built()) continue;
    r.backend = "gpu";  // refused before a device is looked for
    std::ostringstream gpu_out, gpu_err;
    EXPECT_EQ(run_eval(r, gpu_out, gpu_err), kExitBadInput) << fn;
    EXPECT_EQ(gpu_err.str(), eval_err.str()) << fn;
#endif
  }
}

// Finding 4: a --dim that conflicts with the inputs' shapes is refused as tf eval refuses it.
TEST(TfRun, ADimThatConflictsWithTheInputsIsRefusedAsEvalRefusesIt) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("run_dim.tfir", R"(tfir 1
dim N = DimVar("N", 1, 9)
func scale(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}
)");
  EvalRequest r = request(path, "scale", {"x=Tensor[(4,), f32] splat(1)"});
  r.dims = {"N=5"};
  std::ostringstream eval_out, eval_err, run_out, run_err;
  EXPECT_EQ(run_eval(r, eval_out, eval_err), kExitBadInput);
  r.backend = "emu";
  EXPECT_EQ(run_eval(r, run_out, run_err), kExitBadInput);
  EXPECT_EQ(run_err.str(), "error[eval]: input x of @scale: axis 0 has extent 4 but N is already bound to 5\n");
  EXPECT_EQ(run_err.str(), eval_err.str());
  EXPECT_EQ(run_out.str(), "");
}

const char* const kBudgets = R"(tfir 1
mesh m = Mesh((Topology("thread", 2),), Layout((2,), (1,)))
layout T = ShardLayout(layout=Layout((2,), (1,)), attrs=(S(0),), mesh=m)

prim_func spin(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    with m as t {
        let src = tensor_view(x, layout=T)
        let o = tensor_view(out, layout=T)
        for i in range(0, 900, 1) {
            sync(t)
        }
        copy(src, o)
    }
}

prim_func spin_twice(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=host {
    launch(@spin, 1, 1, 1, 2, 1, 1, x, out)
    launch(@spin, 1, 1, 1, 2, 1, 1, x, out)
}

prim_func big_gmem(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    let g = alloc_tensor(tensor_type=Tensor[(1073741824,), f32, storage=gmem])
    copy(x, out)
}

prim_func spin_alone(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    let n = alloc_tensor(tensor_type=Tensor[(), i32, storage=rmem])
    fill(n, 1)
    while n {
        fill(n, 1)
    }
    copy(x, out)
}

prim_func count_alone(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    for i in range(0, 1000000000000, 1) {
        copy(x, out)
    }
}
)";

// Finding 2: --max-steps bounds the emulation (10^9 barrier trips ran for ever): the scheduler
// counts the barrier arrivals and thread resumptions, and the error is placed at the launch
// (the kernel itself for a device function run directly).
TEST(TfRun, MaxStepsBoundsTheEmulation) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("run_steps.tfir", kBudgets);
  const std::string spent =
      "error[eval]: under the emulation: CTA (0, 0, 0) thread (0, 0, 0): the step budget of 1000 steps is spent (--max-steps; the "
      "emulation counts thread starts and resumptions, barrier and warp-collective arrivals, and loop trips)\n";
  // Barrier trips (900 trips of two threads fit the budget as trips, not with their barrier
  // arrivals), the same twice in one entry, and a loop without barriers (one thread spinning in a
  // while), which ran for ever until every loop body took a step first (tf_rt::prim::loop_trip,
  // the emitter's first line of each loop body). A for of 10^12 trips is refused before its first
  // trip, as the machine model refuses it (tf_rt::prim::loop_begin).
  const std::string too_long =
      "error[eval]: under the emulation: CTA (0, 0, 0) thread (0, 0, 0): a loop of 1000000000000 trips, more than the 999 steps "
      "left (--max-steps)\n";
  for (const auto& [fn, place, message] : {std::tuple<std::string, std::string, std::string>{"spin", ":5:1: ", spent},
                                           {"spin_twice", ":17:5: ", spent},
                                           {"spin_alone", ":26:1: ", spent},
                                           {"count_alone", ":35:1: ", too_long}}) {
    EvalRequest r = request(path, fn, {"x=Tensor[(2,), f32]{1, 2}"});
    r.limits.max_steps = 1000;
    r.backend = "emu";
    r.no_check = true;  // the emulation's own budget (the machine model's refuses first otherwise)
    std::ostringstream out, err;
    EXPECT_EQ(run_eval(r, out, err), kExitBadInput) << fn;
    EXPECT_EQ(err.str(), path + place + message) << fn;
  }
}

// The emulation's side of conformance/cases/emu/loop_steps.tfir's error cases (a case expecting
// an error judges the machine model's): a step that is not positive traps with the model's
// reason, and a loop of 2^64 - 1 trips is refused before its first trip.
TEST(TfRun, LoopRefusalsAreTheModels) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = std::string(TF_SOURCE_ROOT) + "/conformance/cases/emu/loop_steps.tfir";
  for (const auto& [fn, input, reason] :
       {std::tuple<std::string, std::string, std::string>{"run_by_extent", "x=Tensor[(0,), f32]{}", "a TIR loop counts up by a positive step"},
        {"run_long_loop", "x=Tensor[(2,), f32]{1, 2}", "18446744073709551615 trips, more than the"}}) {
    for (const std::string backend : {"", "emu"}) {
      EvalRequest r = request(path, fn, {input});
      r.backend = backend;
      r.no_check = !backend.empty();  // the emulation's own refusal, not the model's before it
      std::ostringstream out, err;
      EXPECT_EQ(run_eval(r, out, err), kExitBadInput) << fn << " " << backend;
      EXPECT_NE(err.str().find(reason), std::string::npos) << fn << " " << backend << ": " << err.str();
      EXPECT_EQ(out.str(), "");
    }
  }
}

// Finding 3: --max-memory bounds the kernel's device memory (a 4 GiB gmem allocation ran at
// 4.2 GB RSS under --max-memory 1G): refused before it is allocated.
TEST(TfRun, MaxMemoryBoundsTheKernelsDeviceMemory) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("run_memory.tfir", kBudgets);
  EvalRequest r = request(path, "big_gmem", {"x=Tensor[(2,), f32]{1, 2}"});
  r.limits.max_memory = "1G";
  r.backend = "emu";
  r.no_check = true;  // the emulation's own budget (the machine model's refuses first otherwise)
  std::ostringstream out, err;
  EXPECT_EQ(run_eval(r, out, err), kExitBadInput);
  const std::string e = err.str();
  EXPECT_EQ(e.rfind(path + ":21:1: error[eval]: under the emulation: the launch's global workspace of 4294967296 bytes: 4294967296 "
                           "bytes requested with ",
                    0),
            0u)
      << e;
  EXPECT_NE(e.find(" live, over the memory budget of 1073741824 bytes (--max-memory)\n"), std::string::npos) << e;
}

// Issue 35, item 7: no unchecked run. The machine model runs first: a racy kernel is its ub.race
// (exit 2) and no value is printed, where the emulation alone printed numbers with exit 0;
// --no-check prints the emulation's values and says they are unchecked; a backend that differs
// from the model (the planted MMA row swap of the emulation) is exit 1 with the first differing
// element.
TEST(TfRun, TheMachineModelRunsFirst) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string cases = std::string(TF_SOURCE_ROOT) + "/conformance/cases/tir/";
  EvalRequest racy = request(cases + "smem_exchange.tfir", "rotate_unsynced", {"a=Tensor[(128,), f32] random(seed=3)"});
  racy.backend = "emu";
  std::ostringstream out, err;
  EXPECT_EQ(run_eval(racy, out, err), kExitBadInput);
  EXPECT_EQ(out.str(), "");
  EXPECT_NE(err.str().find("error[ub.race]"), std::string::npos) << err.str();

  racy.no_check = true;
  std::ostringstream out2, err2;
  EXPECT_EQ(run_eval(racy, out2, err2), kExitOk) << err2.str();
  EXPECT_EQ(out2.str().rfind("output = Tensor[(128,), f32]{", 0), 0u) << out2.str();
  EXPECT_EQ(err2.str(), "note: --no-check: the TIR machine model did not run, so these values are unchecked (a racy or "
                        "deadlocking kernel prints numbers too)\n");

  if (!plants_built()) GTEST_SKIP() << "built without TF_PLANTS: no planted emulation bug to detect";
  activate_plant(Plant::mma_fragment_row_swap);
  EvalRequest mma = request(cases + "mma.tfir", "mma16816",
                            {"a=Tensor[(16, 16), bf16] random(seed=1)", "b=Tensor[(16, 8), bf16] random(seed=2)"});
  mma.backend = "emu";
  std::ostringstream out3, err3;
  const int code = run_eval(mma, out3, err3);
  activate_plant(Plant::none);
  EXPECT_EQ(code, kExitCheckFailed);
  EXPECT_EQ(out3.str(), "");
  EXPECT_NE(err3.str().find("error[run.backend-differs-from-model]: the emulated CUDA result of @mma16816 differs from the TIR "
                            "machine model's on the same inputs (a bug of the backend or of the model, not of the program): "),
            std::string::npos)
      << err3.str();
  EXPECT_NE(err3.str().find("first at ["), std::string::npos) << err3.str();
}

// Adversarial pass 2, F3: max, min, clamp and a max reduction with a NaN gave the first NaN's
// payload (or its sign) under the emulation and the quiet NaN 0x7fc00000 in the evaluators; the
// comparison's NaN class hid it. Both give 0x7fc00000 now (docs/hir-semantics.md).
TEST(TfRun, MaxMinAndTheMaxReductionGiveTheQuietNaN) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("nan_max.tfir", R"(tfir 1
func f(a: Tensor[(3,), f32], b: Tensor[(3,), f32]) -> Tuple[Tensor[(3,), f32], Tensor[(3,), f32], Tensor[(1,), f32], Tensor[(3,), f32]] {
    s = max(a, b)
    m = min(a, b)
    r = reduce(a, axes=(0,), keepdim=true, kind=max)
    c = clamp(a, min_val=0.0, max_val=1.0)
    return (s, m, r, c)
}
)");
  const std::string expected =
      R"({"function":"f","outputs":[{"name":"output[0]","bits":["0x7fc00000","0x7fc00000","0x40000000"],"dtype":"f32","shape":[3],)"
      R"("values":["nan","nan",2.0]},{"name":"output[1]","bits":["0x7fc00000","0x7fc00000","0x3f800000"],"dtype":"f32","shape":[3],)"
      R"("values":["nan","nan",1.0]},{"name":"output[2]","bits":["0x7fc00000"],"dtype":"f32","shape":[1],"values":["nan"]},)"
      R"({"name":"output[3]","bits":["0x7fc00000","0x3f800000","0x3f800000"],"dtype":"f32","shape":[3],"values":["nan",1.0,1.0]}]})"
      "\n";
  for (const std::string backend : {"", "emu"}) {
    EvalRequest r = request(path, "f", {"a=Tensor[(3,), f32]{-nan, 1, 2}", "b=Tensor[(3,), f32]{1, -nan, 1}"});
    r.backend = backend;
    r.json = true;
    std::ostringstream out, err;
    EXPECT_EQ(run_eval(r, out, err), kExitOk) << backend << ": " << err.str();
    EXPECT_EQ(out.str(), expected) << backend;
  }
}

// Issue 35, item 7: --trace kept its timeline only for a run that ended well; a deadlock's is the
// one a reader needs. It comes before the diagnostic, up to the last arrival.
TEST(TfEval, TheTraceIsKeptWhenTheRunEndsInUndefinedBehaviour) {
  EvalRequest r = request(std::string(TF_SOURCE_ROOT) + "/conformance/cases/tir/barriers.tfir", "cyclic_wait",
                          {"a=Tensor[(128,), f32] random(seed=5)"});
  r.trace = "full";
  std::ostringstream out, err;
  EXPECT_EQ(run_eval(r, out, err), kExitBadInput);
  const std::string e = err.str();
  const std::size_t arrival = e.find("CTA 0 thread 127 (warp 3, lane 31) arrives at the named barrier 5");
  const std::size_t report = e.find("error[ub.deadlock]");
  EXPECT_NE(arrival, std::string::npos) << e;
  EXPECT_NE(report, std::string::npos) << e;
  EXPECT_LT(arrival, report) << e;
}

// Issue 35, item 7: --trace=summary, one line per barrier instance and who took part (a
// 128-thread deadlock's full timeline has 192 arrival lines); the barriers still pending when
// the run ended say who arrived and who did not, in either form.
TEST(TfEval, TheSummaryTraceHasOneLinePerBarrierInstance) {
  const std::string path = std::string(TF_SOURCE_ROOT) + "/conformance/cases/tir/barriers.tfir";
  EvalRequest r = request(path, "cyclic_wait", {"a=Tensor[(128,), f32] random(seed=5)"});
  r.trace = "summary";
  std::ostringstream out, err;
  EXPECT_EQ(run_eval(r, out, err), kExitBadInput);
  const std::string e = err.str();
  const std::string timeline = "launch @cyclic_wait: 1 CTA x 128 threads\n" + path +
                               ":89:13  the named barrier 3 (bar.sync 3, 64) completes: CTA 0 threads 64-127\n" + path +
                               ":85:13  the named barrier 1 (bar.sync 1, 64) never completes: CTA 0 threads 32-63 arrived; CTA 0 "
                               "threads 64-95 did not\n" + path +
                               ":86:13  the named barrier 2 (bar.sync 2, 64) never completes: CTA 0 threads 0-31 arrived; CTA 0 "
                               "threads 32-63 did not\n" + path +
                               ":90:13  the named barrier 4 (bar.sync 4, 64) never completes: CTA 0 threads 64-95 arrived; CTA 0 "
                               "threads 32-63 did not\n" + path +
                               ":91:13  the named barrier 5 (bar.sync 5, 64) never completes: CTA 0 threads 96-127 arrived; CTA 0 "
                               "threads 64-95 did not\n" + path + ":86:13: error[ub.deadlock]";
  EXPECT_EQ(e.substr(0, timeline.size()), timeline) << e;
  r.trace = "full";
  std::ostringstream out2, full;
  EXPECT_EQ(run_eval(r, out2, full), kExitBadInput);
  EXPECT_NE(full.str().find("the named barrier 5 (bar.sync 5, 64) never completes: CTA 0 threads 96-127 arrived"), std::string::npos)
      << full.str();
}

#ifdef TF_HAVE_CUDA_EMU
int stop_asked = 0;
bool stop_from_the_third_ask() { return ++stop_asked >= 3; }  // after the compile, at the launch, then up
#endif

// Ctrl-C stops the emulation (it ignored SIGINT): the driver reads the evaluator's stop flag,
// here one that goes up while the first launch runs.
TEST(TfRun, TheStopFlagEndsTheEmulation) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#else
  const std::string path = write_temp("run_stop.tfir", kBudgets);
  CheckedFile checked = check_source_file(path);
  ASSERT_TRUE(checked.file && checked.verify_errors.empty());
  std::vector<eval::Tensor> inputs{eval::Tensor::make(DType::f32(), {2})}, outputs{eval::Tensor::make(DType::f32(), {2})};
  cuda::BackendOptions options;
  options.stop_requested = &stop_from_the_third_ask;
  stop_asked = 0;
  Result<bool> ran = cuda::run_emulated(*checked.file->module, "spin_twice", cli_context(), inputs, outputs, options);
  ASSERT_FALSE(ran.ok());
  EXPECT_EQ(ran.diagnostics().front().render(), path + ":17:5: error[eval]: under the emulation: interrupted (Ctrl-C)");
  EXPECT_EQ(stop_asked, 3);
  ran = cuda::run_emulated(*checked.file->module, "spin_twice", cli_context(), inputs, outputs, options);  // up from the start
  ASSERT_FALSE(ran.ok());
  EXPECT_EQ(ran.diagnostics().front().render(), "error[eval]: interrupted (Ctrl-C)");
#endif
}

// Class 7: a run leaves no folder behind (1,500 /tmp/tf-cuda-* after a day of tests); --keep
// keeps the one it compiled in and names it.
TEST(TfRun, NoRunLeavesAFolderUnlessKept) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  namespace fs = std::filesystem;
  const fs::path tmp = fs::path(testing::TempDir()) / "run_keep_tmp";
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  const char* old = std::getenv("TMPDIR");
  const std::string previous = old != nullptr ? old : "";
  ::setenv("TMPDIR", tmp.c_str(), 1);
  auto modules_in_tmp = [&] {
    int n = 0;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(tmp)) n += e.path().filename() == "module.cpp";
    return n;
  };
  // A program no other test compiles (a module is compiled once per process and source).
  const std::string path = write_temp("run_keep.tfir", R"(tfir 1
func thrice(x: Tensor[(3,), f32]) -> Tensor[(3,), f32] {
    three = 3.0
    y = mul(x, three)
    return y
}
)");
  EvalRequest r = request(path, "thrice", {"x=Tensor[(3,), f32]{1, 2, 3}"});
  r.backend = "emu";
  std::ostringstream out, err;
  EXPECT_EQ(run_eval(r, out, err), kExitOk) << err.str();
  EXPECT_EQ(out.str(), "output = Tensor[(3,), f32]{3, 6, 9}\n");
  EXPECT_EQ(modules_in_tmp(), 0);
  r.keep = true;
  std::ostringstream kept_out, kept_err;
  EXPECT_EQ(run_eval(r, kept_out, kept_err), kExitOk) << kept_err.str();
  EXPECT_EQ(modules_in_tmp(), 1);
  const std::string said = kept_err.str(), prefix = "kept the emitted source and the compiled module in ";
  ASSERT_EQ(said.rfind(prefix, 0), 0u) << said;
  const fs::path dir = said.substr(prefix.size(), said.size() - prefix.size() - 1);
  EXPECT_TRUE(fs::is_regular_file(dir / "module.cpp")) << dir;
  EXPECT_TRUE(fs::is_regular_file(dir / "module.so")) << dir;
  if (previous.empty())
    ::unsetenv("TMPDIR");
  else
    ::setenv("TMPDIR", previous.c_str(), 1);
  fs::remove_all(dir);  // not `tmp`: the process's precompiled runtime header may live there
}

// --cache DIR names the disk cache a run's compiled module is stored in (cache_option.h): the
// folder holds the module afterwards, which another process's run loads without compiling.
TEST(TfRun, TheCacheOptionNamesTheDiskCacheFolder) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "run_cache_dir";
  fs::remove_all(dir);
  // A program no other test compiles (a module is compiled once per process and source).
  const std::string path = write_temp("run_cache.tfir", R"(tfir 1
func quadruple(x: Tensor[(3,), f32]) -> Tensor[(3,), f32] {
    four = 4.0
    y = mul(x, four)
    return y
}
)");
  EvalRequest r = request(path, "quadruple", {"x=Tensor[(3,), f32]{1, 2, 3}"});
  r.backend = "emu";
  r.cache = dir.string();
  std::ostringstream out, err;
  EXPECT_EQ(run_eval(r, out, err), kExitOk) << err.str();
  EXPECT_EQ(out.str(), "output = Tensor[(3,), f32]{4, 8, 12}\n");
  int entries = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) entries += e.is_regular_file() ? 1 : 0;
  EXPECT_GE(entries, 1) << "the compiled module is stored under --cache";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf::cli
