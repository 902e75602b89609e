// The differential check of the backend on the host: HIR functions lowered to TIR, run by the
// TIR machine model (the oracle) and, emitted as CUDA C++ and compiled with g++ against the host
// emulation, by cuda/emu; the outputs must agree bit for bit (NaN as one class), on seeded random
// inputs. Each program exercises one shape of what the lowering emits: the serial rule, the grid
// rule with a tail, the sharded rule gathering through shared memory and through global memory
// with the grid barrier, loops with carries, narrow casts.
#include <gtest/gtest.h>

#include "cuda/driver/backend_run.h"
#include "cuda/driver/emu_module.h"
#include "cuda/driver/gpu_module.h"
#include "cuda/driver/nvcc.h"
#include "cuda/emit/emitter.h"
#include "eval/hir/eval_tables.h"
#include "eval/tir/lowered_run.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/gen/hir_program_gen.h"
#include "fuzz/gen/tir_program_gen.h"
#include "fuzz/props/backend_props.h"
#include "fuzz/test/batched_law.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/value/tensor_convert.h"
#include "ir/tir/prim_function.h"
#include "lower/host_entry.h"
#include "lower/pipeline.h"

#include <fstream>
#include <sstream>
#include "ir/hir/function.h"
#include "ir/text/file_reader.h"

namespace tf::cuda {
namespace {

struct Program {
  const char* name;
  const char* function;
  const char* source;
  const char* ptx = "";  ///< an instruction the sm_90 PTX must hold ("" for none)
};

const Program kPrograms[] = {
    {"grid-rule-with-a-tail-and-casts", "f", R"(tfir 1
func f(x: Tensor[(3, 7), f32], s: Tensor[(), f32]) -> Tuple[Tensor[(3, 7), f32], Tensor[(3, 7), bf16], Tensor[(3, 7), fp8e4m3]] {
    t = mul(x, s)
    r = relu(t)
    b = cast(r, dtype=bf16)
    e = cast(t, dtype=fp8e4m3)
    return (t, b, e)
}
)", "cvt.rn.satfinite.e4m3x2.f32"},
    {"collective-over-256-threads", "total_and_negated", R"(tfir 1
func total_and_negated(x: Tensor[(1024,), f32]) -> Tuple[Tensor[(1024,), f32], Tensor[(), f32]] {
    n = neg(x)
    s = reduce(x, axes=(0,), keepdim=false, kind=sum)
    return (n, s)
}
)", "bar.sync \t0;"},
    {"serial-integers-wrap-and-compare", "g", R"(tfir 1
func g(a: Tensor[(5,), i32], b: Tensor[(5,), i32]) -> Tuple[Tensor[(5,), i32], Tensor[(5,), bool], Tensor[(5,), i64]] {
    m = mul(a, b)
    s = add(m, a)
    c = lt(a, b)
    w = cast(s, dtype=i64)
    return (s, c, w)
}
)"},
    {"sharded-gather-through-smem", "scale_rows", R"(tfir 1
mesh t4 = Mesh((Topology("thread", 4),), Layout((4,), (1,)))
layout Rows = ShardLayout(layout=Layout((8, 2), (2, 1)), attrs=(S(0),), mesh=t4)
func scale_rows(x: Tensor[(8, 2), f32, layout=Rows], y: Tensor[(8, 2), f32]) -> Tuple[Tensor[(8, 2), f32, layout=Rows], Tensor[(8, 2), f32, layout=Rows, storage=smem], Tensor[(2,), f32, storage=smem]] {
    a = mul(x, y)
    n = unary(a, kind=neg)
    r = reshard(n, layout=Rows, storage=smem)
    e = unary(r, kind=exp)
    s = reduce(r, axes=(0,), keepdim=false, kind=sum)
    return (a, e, s)
}
)", "bar.warp.sync"},
    {"sharded-over-ctas-and-threads", "grid", R"(tfir 1
mesh c2t4 = Mesh((Topology("cta", 2), Topology("thread", 4)), Layout((2, 4), (4, 1)))
layout G = ShardLayout(layout=Layout((4, 8), (8, 1)), attrs=(S(0), S(1)), mesh=c2t4)
layout T = ShardLayout(layout=Layout((4, 8), (8, 1)), attrs=(B(), S(0)), mesh=c2t4)
func grid(x: Tensor[(4, 8), i32, layout=G], y: Tensor[(4, 8), i32, layout=G]) -> Tuple[Tensor[(4, 8), i32], Tensor[(4, 8), i32, layout=G]] {
    a = add(x, y)
    t = reshard(a, layout=T)
    d = sub(t, x)
    return (d, a)
}
)"},
    {"sharded-loop-gathers-in-every-iteration", "carried", R"(tfir 1
mesh t4 = Mesh((Topology("thread", 4),), Layout((4,), (1,)))
layout Rows = ShardLayout(layout=Layout((8, 2), (2, 1)), attrs=(S(0),), mesh=t4)
func carried(x: Tensor[(8, 2), f32, layout=Rows]) -> Tuple[Tensor[(8, 2), f32, layout=Rows], Tensor[(2,), f32]] {
    r = for i in range(0, 3) carry (acc = x) {
        n = mul(acc, x)
        yield n
    }
    s = reduce(r, axes=(0,), keepdim=false, kind=max)
    return (r, s)
}
)"},
    {"loop-with-carries", "loop", R"(tfir 1
func loop(x: Tensor[(6,), f32]) -> Tensor[(6,), f32] {
    r = for i in range(0, 4) carry (acc = x) {
        n = mul(acc, x)
        yield n
    }
    return r
}
)"},
};

class EmitEmu : public ::testing::TestWithParam<Program> {};

// The source emitted for `p`'s function lowered by the default pipeline.
std::string lowered_source(const Program& p, ModuleRef& module) {
  const Context& ctx = eval::eval_context();
  Result<text::ReadFile> file = text::read_file(p.source, std::string(p.name) + ".tfir", ctx);
  EXPECT_TRUE(file.ok()) << file.diagnostics().front().render();
  if (!file.ok()) return "";
  module = file->module;
  Result<ModuleRef> lowered = lower::lower_function(*file->module, p.function, ctx);
  EXPECT_TRUE(lowered.ok()) << lowered.diagnostics().front().render();
  if (!lowered.ok()) return "";
  Result<std::string> source = emit_module(**lowered);
  EXPECT_TRUE(source.ok()) << source.diagnostics().front().render();
  return source.ok() ? *source : "";
}

TEST_P(EmitEmu, TheEmulatedKernelsComputeWhatTheMachineModelComputes) {
  const Program& p = GetParam();
  const Context& ctx = eval::eval_context();
  ModuleRef module;
  const std::string source = lowered_source(p, module);
  ASSERT_FALSE(source.empty());
  const auto* fn = function_as<hir::Function>(module->find(p.function));
  ASSERT_NE(fn, nullptr);
  Result<std::unique_ptr<EmuModule>> emu = EmuModule::compile(source);
  ASSERT_TRUE(emu.ok()) << emu.diagnostics().front().render() << "\n" << emu.diagnostics().front().notes.front();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Result<std::vector<eval::Value>> inputs = fuzz::random_inputs(*fn, seed, {});
    ASSERT_TRUE(inputs.ok());
    std::vector<eval::Tensor> tensors;
    for (const eval::Value& v : *inputs) tensors.push_back(v.tensor());
    Result<eval::tir::TirRun> oracle = eval::tir::evaluate_lowered(*module, p.function, tensors, {}, ctx);
    ASSERT_TRUE(oracle.ok()) << oracle.diagnostics().front().render();
    std::vector<eval::Tensor> outputs;
    for (const eval::Tensor& t : oracle->outputs) outputs.push_back(eval::Tensor::make(t.dtype(), t.shape()));
    std::vector<void*> buffers;
    std::vector<std::vector<std::int64_t>> shapes;
    for (std::vector<eval::Tensor>* group : {&tensors, &outputs})
      for (eval::Tensor& t : *group) {
        buffers.push_back(t.mutable_bytes().data());
        shapes.emplace_back(t.shape().begin(), t.shape().end());
      }
    Result<bool> ran = (*emu)->run(p.function, buffers, shapes);
    ASSERT_TRUE(ran.ok()) << ran.diagnostics().front().render() << "\n" << source;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      const eval::Verdict v = eval::compare_tensors(outputs[i], oracle->outputs[i], eval::Comparator{});
      EXPECT_TRUE(v.passed) << p.name << " seed " << seed << " output " << i << ": " << v.message;
    }
  }
}

// The same source compiles with nvcc for sm_90 (compile only: no device needed), when the
// toolkit's nvcc is there; a skip otherwise.
TEST_P(EmitEmu, TheSameSourceCompilesWithNvcc) {
#ifndef TF_NVCC
  GTEST_SKIP() << "no nvcc found at configure time";
#else
  ModuleRef module;
  const std::string source = lowered_source(GetParam(), module);
  ASSERT_FALSE(source.empty());
  Result<std::string> compiled = compile_with_nvcc(source, TF_NVCC, "sm_90");
  ASSERT_TRUE(compiled.ok()) << compiled.diagnostics().front().render() << "\n" << compiled.diagnostics().front().notes.front();
  EXPECT_NE(compiled->find(GetParam().ptx), std::string::npos) << "the PTX has no " << GetParam().ptx;
#endif
}

INSTANTIATE_TEST_SUITE_P(Programs, EmitEmu, ::testing::ValuesIn(kPrograms),
                         [](const ::testing::TestParamInfo<Program>& info) {
                           std::string n = info.param.name;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

// Hand-written kernels of the conformance suite compiled by nvcc, each feature's instructions in
// the PTX: `halves` (conformance/cases/tir/barriers.tfir), whose two halves of a 128-thread block
// exchange through shared memory each over its own named barrier, shows `bar.sync 1, 64` and
// `bar.sync 2, 64`, the ids allocate_named_barriers gives, with their counts, under the
// participant predicate (TIR.1.5.BARRIER.participant-predicate); the SM80 atom shows its
// mma.sync, on sm_80 as on sm_90; the cp.async pipeline its 16-byte .cg form, its commit and its
// waits with their group counts; the dispatch of `f` (conformance/cases/tir/control.tfir),
// whose fallback Abort inside the kernel is the device's `trap;`.
struct HandWritten {
  const char* file;      ///< under conformance/cases/tir
  const char* function;  ///< the entry
  const char* arch;
  std::vector<const char*> ptx;  ///< instructions the PTX must hold
};

const HandWritten kHandWritten[] = {
    {"barriers.tfir", "halves", "sm_90", {"bar.sync 1, 64;", "bar.sync 2, 64;"}},
    {"mma.tfir", "mma16816", "sm_90", {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"}},
    {"mma.tfir", "mma16816", "sm_80", {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"}},
    {"gemm_64x64x64.tfir", "gemm", "sm_90", {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "bar.sync \t0;"}},
    {"cp_async.tfir", "pipeline", "sm_90",
     {"cp.async.cg.shared.global", "cp.async.ca.shared.global", "cp.async.commit_group;", "cp.async.wait_group 1;",
      "cp.async.wait_group 0;"}},
    {"cp_async.tfir", "pipeline", "sm_80", {"cp.async.cg.shared.global", "cp.async.commit_group;", "cp.async.wait_group 1;"}},
    {"control.tfir", "f", "sm_90", {"trap;"}},
};

class EmitNvcc : public ::testing::TestWithParam<HandWritten> {};

// covers: TIR.2.3.MMAVERIFY.ptx-dispatch-on-atom, TIR.1.7.ABORT.device-trap
TEST_P(EmitNvcc, TheKernelCompilesToItsFeaturesInstructions) {
#ifndef TF_NVCC
  GTEST_SKIP() << "no nvcc found at configure time";
#else
  const HandWritten& h = GetParam();
  std::ifstream in(std::string(TF_SOURCE_ROOT "/conformance/cases/tir/") + h.file);
  std::stringstream text;
  text << in.rdbuf();
  Result<text::ReadFile> file = text::read_file(text.str(), h.file, eval::eval_context());
  ASSERT_TRUE(file.ok()) << file.diagnostics().front().render();
  Result<ModuleRef> one = lower::with_callees(*file->module, h.function);
  ASSERT_TRUE(one.ok());
  Result<ModuleRef> with_entry = lower::HostEntryPass().run(*one, eval::eval_context());
  ASSERT_TRUE(with_entry.ok());
  Result<std::string> source = emit_module(**with_entry);
  ASSERT_TRUE(source.ok()) << source.diagnostics().front().render();
  Result<std::string> ptx = compile_with_nvcc(*source, TF_NVCC, h.arch);
  ASSERT_TRUE(ptx.ok()) << ptx.diagnostics().front().render();
  for (const char* instruction : h.ptx) EXPECT_NE(ptx->find(instruction), std::string::npos) << "the PTX has no " << instruction;
#endif
}

INSTANTIATE_TEST_SUITE_P(HandWritten, EmitNvcc, ::testing::ValuesIn(kHandWritten),
                         [](const ::testing::TestParamInfo<HandWritten>& info) {
                           std::string n = std::string(info.param.function) + "_" + info.param.arch;
                           return n;
                         });

// The GPU backend's module: the emitted source of a configured launch (clusters, dynamic shared
// memory, launch attributes: cudaLaunchKernelEx) compiles with nvcc into a loadable shared object
// with its device-memory helpers; without a device a run is refused with that reason, with one
// it gives the emulation's values.
TEST(GpuModule, TheEmittedSourceBuildsAndRunsWhereADeviceIs) {
#ifndef TF_NVCC
  GTEST_SKIP() << "no nvcc found at configure time";
#else
  std::ifstream in(TF_SOURCE_ROOT "/conformance/cases/emu/emitted.tfir");
  std::stringstream text;
  text << in.rdbuf();
  Result<text::ReadFile> file = text::read_file(text.str(), "emitted.tfir", eval::eval_context());
  ASSERT_TRUE(file.ok()) << file.diagnostics().front().render();
  Result<std::string> source = emitted_source(*file->module, "configured", eval::eval_context());
  ASSERT_TRUE(source.ok()) << source.diagnostics().front().render();
  EXPECT_NE(source->find("tf_rt::LaunchConfig{tf_rt::Dim3{2, 1, 1}, 4096, true, -1, false, 1, true}"), std::string::npos);
  Result<std::unique_ptr<GpuModule>> m = GpuModule::compile(*source, TF_NVCC);
  ASSERT_TRUE(m.ok()) << m.diagnostics().front().render();
  std::vector<float> a(24), out(24, -1.0f), emulated(24, -2.0f);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i) - 7.5f;
  const std::vector<std::vector<std::int64_t>> shapes{{8, 3}, {8, 3}};
  Result<bool> ran = (*m)->run("configured", {a.data(), out.data()}, {96, 96}, shapes);
  if ((*m)->devices() == 0) {
    ASSERT_FALSE(ran.ok());
    EXPECT_NE(ran.diagnostics().front().message.find("no CUDA device is visible"), std::string::npos);
    return;
  }
  ASSERT_TRUE(ran.ok()) << ran.diagnostics().front().render();
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(out[i], a[i] * a[i]) << i;
#endif
}

// The property `tir-vs-emu` (fuzz/props/backend_props.h) on generated race-free kernels (grids
// of 1-3 CTAs of 32-128 threads, each thread on its rows through a grid view and a block view of
// it, register arithmetic, loops, fills and neighbour exchanges through shared memory with a
// barrier). Each case compiles its kernel (batched: fuzz/test/batched_law.h), so the law runs a
// quarter of RC_PARAMS' count, at most 250: 50 in the unit run, 250 under label fuzz.
TEST(EmuLaws, RaceFreeKernelsComputeWhatTheMachineModelComputes) {
  fuzz::check_batched_law([] { fuzz::tir_vs_backend_kernel_case(false); }, 4, 250);
}

// The property on the lowering's output: generated HIR programs of the lowerable subset (half
// of them with a sharded epilogue), one function each, lowered, run on the machine model and as
// emitted CUDA under the emulation: the same bits, or the emitter refuses a construct by name
// (counted: what is not emitted yet). 25 cases in the unit run, 500 under label fuzz.
TEST(EmuLaws, LoweredProgramsComputeWhatTheMachineModelComputes) {
  fuzz::check_batched_law([] { fuzz::tir_vs_backend_lowered_case(false); }, 8, 500);
}

// The property `hir-vs-emu`: the same programs against the HIR evaluator directly, no machine
// model between them. 25 cases in the unit run, 500 under label fuzz.
TEST(EmuLaws, LoweredProgramsComputeTheHirEvaluatorsBits) {
  fuzz::check_batched_law([] { fuzz::hir_vs_backend_case(false); }, 8, 500);
}

}  // namespace
}  // namespace tf::cuda
