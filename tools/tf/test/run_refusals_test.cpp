// tf eval and tf run refuse what a run cannot do at its place in the file (issue 34): a loop with
// more trips than the step budget has left, a kernel allocation over the memory budget, a trap of
// a lowered func under the emulation, and a --fn that names no function.
#include <gtest/gtest.h>

#include "tools/tf/test/eval_request.h"
#include "tools/tf/test/temp_file.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "driver/report.h"
#include "tools/tf/eval_command.h"

namespace tf::cli {
namespace {

struct Ran {
  int code = 0;
  std::string out, err;
};

Ran run(EvalRequest r) {
  std::ostringstream out, err;
  const int code = run_eval(r, out, err);
  return {code, out.str(), err.str()};
}

// A kernel whose loop runs `range` (the bound of N reaches INT64_MAX).
std::string loop_program(const std::string& range) {
  return R"(tfir 1
dim N = DimVar("N", 0, 9223372036854775807)
prim_func k(x: Tensor[(N,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    let acc = alloc_tensor(tensor_type=Tensor[(2,), f32, storage=rmem])
    fill(acc, 0.0)
    for i in )" + range + R"( {
        fill(acc, 1.0)
    }
    copy(acc, out)
}

prim_func h(x: Tensor[(N,), f32], out: Tensor[(2,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, x, out)
}
)";
}

// F1: the machine model ran a loop of 2^63 - 1 trips for minutes; it is refused at the `for`
// before its first trip, with the HIR evaluator's form, its trip count computed without overflow.
TEST(TfEvalRefusals, ALoopOverTheStepsLeftIsRefusedBeforeItsFirstTrip) {
  for (const auto& [range, trips] :
       {std::pair<std::string, std::string>{"range(0, 9223372036854775807, 1)", "9223372036854775807"},
        {"range(-9223372036854775808, 9223372036854775807, 1)", "18446744073709551615"},
        {"range(-9223372036854775808, 9223372036854775807, 4611686018427387904)", "4"}}) {
    const std::string path = write_temp("refuse_loop.tfir", loop_program(range));
    EvalRequest r = request(path, "h", {"x=Tensor[(0,), f32]{}"});
    r.limits.max_steps = 6;  // launch, let, fill and for leave 2
    const Ran ran = run(r);
    EXPECT_EQ(ran.code, kExitBadInput) << range;
    EXPECT_EQ(ran.err, path + ":6:5: error[eval]: the loop " + range + " runs " + trips +
                           " trips, more than the 2 steps left of the budget of 6 statements (--max-steps)\n")
        << range;
  }
  // A loop within what is left runs.
  const std::string path = write_temp("refuse_loop.tfir", loop_program("range(0, 3, 1)"));
  EvalRequest r = request(path, "h", {"x=Tensor[(0,), f32]{}"});
  r.limits.max_steps = 100;
  const Ran ran = run(r);
  EXPECT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_EQ(ran.out, "output = Tensor[(2,), f32]{1, 1}\n");
}

// F5: a kernel's allocation over --max-memory blamed the entry's result, unplaced; it is placed
// at the alloc_tensor and names the tensor.
TEST(TfEvalRefusals, AKernelAllocationOverTheMemoryBudgetIsPlacedAtItsLet) {
  const std::string gmem = write_temp("refuse_gmem.tfir", R"(tfir 1
prim_func k(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    let y = alloc_tensor(tensor_type=Tensor[(1073741824, 4), f32, storage=gmem])
    fill(y, 1.0)
    copy(x, out)
}

prim_func h(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, x, out)
}
)");
  EvalRequest r = request(gmem, "h", {"x=Tensor[(2,), f32]{1, 2}"});
  r.limits.max_memory = "1M";
  Ran ran = run(r);
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind(gmem + ":3:5: error[eval]: alloc_tensor of y: its result needs 17179869184 bytes with ", 0), 0u)
      << ran.err;
  EXPECT_NE(ran.err.find(" live; the memory budget is 1048576 bytes (--max-memory)\n"), std::string::npos) << ran.err;

  const std::string rmem = write_temp("refuse_rmem.tfir", R"(tfir 1
dim N = DimVar("N", 0, 9223372036854775807)
prim_func k(x: Tensor[(N,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    let y = alloc_tensor(tensor_type=Tensor[(N, N, N, N), f32, storage=rmem])
    fill(out, 1.0)
}

prim_func h(x: Tensor[(N,), f32], out: Tensor[(2,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, x, out)
}
)");
  r = request(rmem, "h", {"x=Tensor[(200,), f32] splat(1.0)"});
  r.limits.max_memory = "1M";
  ran = run(r);
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind(rmem + ":4:5: error[eval]: alloc_tensor of y: its result needs 6400000000 bytes with ", 0), 0u)
      << ran.err;
  r.inputs = {"x=Tensor[(2000000,), f32] splat(1.0)"};  // N^4 * 4 bytes leave int64
  r.limits.max_memory = "1G";
  ran = run(r);
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind(rmem + ":4:5: error[eval]: alloc_tensor of y: its result needs more than 2^63 bytes with ", 0), 0u)
      << ran.err;
}

// F4: a lowered func's trap under the emulation had no place; it is placed at the func.
TEST(TfEvalRefusals, ALoweredFuncsEmulationErrorIsPlacedAtTheFunc) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  const std::string path = write_temp("refuse_div.tfir", R"(tfir 1
func fd(x: Tensor[(4,), i32], y: Tensor[(4,), i32]) -> Tensor[(4,), i32] {
    z = floor_div(x, y)
    return z
}
)");
  EvalRequest r = request(path, "fd", {"x=Tensor[(4,), i32]{1, 1, 1, 1}", "y=Tensor[(4,), i32]{0, 1, 1, 1}"});
  r.backend = "emu";
  r.no_check = true;  // the emulation's own trap (the machine model's error comes first otherwise)
  const Ran ran = run(r);
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err.rfind(path + ":2:1: error[eval]: under the emulation: ", 0), 0u) << ran.err;
  EXPECT_NE(ran.err.find("integer division by zero"), std::string::npos) << ran.err;
}

// F6: a --fn naming no function got a stale "the TIR evaluator is not built yet"; it gets
// Module::lookup's diagnostic, as tf emit and tf lower print it, from tf eval and tf run alike.
TEST(TfEvalRefusals, AnUnknownFunctionIsNamedWithTheModulesFunctions) {
  const std::string path = write_temp("refuse_fn.tfir", R"(tfir 1
prim_func k(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    copy(x, out)
}

prim_func h(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, x, out)
}
)");
  for (const std::string backend : {"", "emu"}) {
    EvalRequest r = request(path, "nosuch", {});
    r.backend = backend;
    Ran ran = run(r);
    EXPECT_EQ(ran.code, kExitBadInput) << backend;
    EXPECT_EQ(ran.err, "tf: error[TIR.2.1.SYMREF.resolution-unique]: no function of module '' is named 'nosuch'\n"
                       "note: the module's functions: @k @h\n")
        << backend;
    r.function = "H";
    ran = run(r);
    EXPECT_EQ(ran.code, kExitBadInput) << backend;
    EXPECT_EQ(ran.err, "tf: error[TIR.2.1.SYMREF.name-canonical]: no function is named 'H'; names are exact, and 'h' differs in case\n"
                       "note: the module's functions: @k @h\n")
        << backend;
  }
}

}  // namespace
}  // namespace tf::cli
