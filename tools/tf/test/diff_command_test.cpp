// tf diff: one function at hir, tir, emu (and gpu where a device is visible) on the same inputs.
// Agreement; a planted bug at each level shown by its groups and first difference (the HIR
// evaluator's reduction, which the machine model's collective shares, so hir and tir agree with
// each other and not with emu; the lowering's softmax, whose row sums use that reduction, wrong at
// tir alone; the emitter's dropped __syncthreads wrong at emu alone; the lowering's forgotten
// tail predicate a race at tir); bad usage and input; gpu skipped without a device. Four distinct
// modules compile under the emulation (about a second each).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "eval/value/literal.h"
#include "eval/value/tensor.h"
#include "ir/support/plant.h"
#include "tools/tf/diff_command.h"
#include "tools/tf/run_arguments.h"
#include "tools/tf/test/temp_file.h"
#ifdef TF_HAVE_CUDA_EMU
#include "cuda/driver/backend_run.h"
#endif

namespace tf::cli {
namespace {

struct Diffed {
  int code = -1;
  std::string out, err;
};

Diffed diff(const DiffRequest& r) {
  std::ostringstream out, err;
  Diffed d;
  d.code = run_diff(r, out, err);
  d.out = out.str();
  d.err = err.str();
  return d;
}

DiffRequest request(const std::string& path, const std::string& fn, std::vector<std::string> levels,
                    std::vector<std::string> inputs = {}) {
  DiffRequest r;
  r.file = path;
  r.function = fn;
  r.levels = std::move(levels);
  r.inputs = std::move(inputs);
  return r;
}

// Activates a planted bug for one scope (plants are process-wide) and puts none back.
class PlantScope {
 public:
  explicit PlantScope(Plant p) { activate_plant(p); }
  ~PlantScope() { activate_plant(Plant::none); }
  PlantScope(const PlantScope&) = delete;
  PlantScope& operator=(const PlantScope&) = delete;
};

// What the report says of emu in this build.
std::string emu_line() {
#ifdef TF_HAVE_CUDA_EMU
  return "emu: ran\n";
#else
  return "emu: skipped: this build has no CUDA headers, so no CUDA backend\n";
#endif
}

// Why gpu cannot run here; empty when it can.
std::string gpu_unavailable() {
#ifdef TF_HAVE_CUDA_EMU
  return cuda::gpu_unavailable();
#else
  return "this build has no CUDA headers, so no CUDA backend";
#endif
}

const char* const kAdd = R"(tfir 1
func add2(a: Tensor[(2, 3), f32], b: Tensor[(2, 3), f32]) -> Tensor[(2, 3), f32] {
    c = add(a, b)
    return c
}
)";

TEST(TfDiff, LevelsThatComputeTheSameBitsAgree) {
  const std::string path = write_temp("diff_add.tfir", kAdd);
  // b is drawn from the default seed 1: `Tensor[(2, 3), f32] random(seed=2)`, its position being 1.
  Diffed d = diff(request(path, "add2", {"hir", "tir", "emu"}, {"a=Tensor[(2, 3), f32]{1, 2, 3, -0, inf, nan}"}));
  EXPECT_EQ(d.code, kExitOk) << d.out << d.err;
  EXPECT_EQ(d.err, "");
#ifdef TF_HAVE_CUDA_EMU
  const std::string agreeing = "hir, tir, emu", groups = R"([["hir","tir","emu"]])";
#else
  const std::string agreeing = "hir, tir", groups = R"([["hir","tir"]])";
#endif
  EXPECT_EQ(d.out,
            "@add2 at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n" +
                emu_line() + "output Tensor[(2, 3), f32]: " + agreeing + " agree bit for bit\n");
  DiffRequest r = request(path, "add2", {"hir", "tir", "emu"});
  r.json = true;
  d = diff(r);
  EXPECT_EQ(d.code, kExitOk) << d.out << d.err;
  const nlohmann::json j = nlohmann::json::parse(d.out);
  EXPECT_EQ(j["function"], "add2");
  EXPECT_EQ(j["reference"], "hir");
  EXPECT_EQ(j["levels"][0], nlohmann::json::parse(R"({"level":"hir","status":"ran"})"));
  EXPECT_EQ(j["outputs"],
            nlohmann::json::parse(R"([{"index":0,"name":"output","dtype":"f32","shape":[2,3],"agree":true,"groups":)" +
                                  groups + R"(,"outside":[]}])"));
}

// An input not given is `T random(seed=S + i)`, the fuzzers' rule; tf eval (no seed) needs every one.
TEST(TfDiff, AnInputNotGivenIsDrawnFromTheSeed) {
  CheckedFile checked = check_source(kAdd, "seeded.tfir");
  ASSERT_TRUE(checked.file);
  Result<RunTarget> target = pick_run_target(*checked.file->module, "add2");
  ASSERT_TRUE(target.ok());
  Result<std::vector<eval::Tensor>> seeded = read_input_arguments(*target, {"a=Tensor[(2, 3), f32] splat(1)"}, {}, 7);
  ASSERT_TRUE(seeded.ok()) << seeded.diagnostics().front().render();
  Result<eval::Tensor> b = eval::parse_literal("Tensor[(2, 3), f32] random(seed=8)", SourceLocation{"b", 1, 1}, {});
  ASSERT_TRUE(b.ok());
  ASSERT_EQ(seeded->size(), 2u);
  EXPECT_TRUE(eval::same_bits((*seeded)[1], *b));
  Result<std::vector<eval::Tensor>> unseeded = read_input_arguments(*target, {"a=Tensor[(2, 3), f32] splat(1)"}, {});
  ASSERT_FALSE(unseeded.ok());
  EXPECT_EQ(unseeded.diagnostics().front().render(),
            "error[usage]: @add2 needs --input b=VALUE (a .npy path or a literal such as Tensor[(2, 3), f32])");
}

// reduce-drops-last breaks the HIR evaluator's float reduction. The machine model computes the
// lowered CTA collective with that same kernel, so hir and tir agree and the reference is the
// wrong one: the emulation's own collective sums every row. The lowered softmax sums its rows with
// the kernel too, while the HIR softmax does not: there tir alone is wrong.
TEST(TfDiff, APlantedReductionBugShowsInTheGroups) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  if (!plants_built()) GTEST_SKIP() << "built without TF_PLANTS: no planted bug to show";
  const std::string path = write_temp("diff_reduce.tfir", R"(tfir 1
func sums_and_softmax(x: Tensor[(4, 2), f32]) -> Tuple[Tensor[(2,), f32], Tensor[(4, 2), f32]] {
    s = reduce(x, axes=(0,), keepdim=false, kind=sum)
    p = softmax(x, axis=1)
    return (s, p)
}
)");
  const DiffRequest r = request(path, "", {"hir", "tir", "emu"}, {"x=Tensor[(4, 2), f32]{1, 2, 3, 4, 5, 6, 7, 8}"});
  Diffed clean = diff(r);
  EXPECT_EQ(clean.code, kExitOk) << clean.out << clean.err;
  EXPECT_EQ(clean.out,
            "@sums_and_softmax at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "emu: ran\n"
            "output[0] Tensor[(2,), f32]: hir, tir, emu agree bit for bit\n"
            "output[1] Tensor[(4, 2), f32]: hir, tir, emu agree bit for bit\n");
  const PlantScope plant(Plant::reduce_drops_last);
  Diffed d = diff(r);
  EXPECT_EQ(d.code, kExitCheckFailed) << d.out << d.err;
  EXPECT_EQ(d.err, "");
  EXPECT_EQ(d.out,
            "@sums_and_softmax at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "emu: ran\n"
            "output[0] Tensor[(2,), f32]: the levels disagree; identical bits: {hir, tir} {emu}\n"
            "  first difference at [0]:\n"
            "    hir: 0x41100000 = 9; the reference\n"
            "    tir: 0x41100000 = 9; ulps: 0\n"
            "    emu: 0x41800000 = 16; ulps: 7340032; outside\n"
            "  bound: 0 ulps; outside it: emu\n"
            "output[1] Tensor[(4, 2), f32]: the levels disagree; identical bits: {hir, emu} {tir}\n"
            "  first difference at [0, 0]:\n"
            "    hir: 0x3e89b2b1 = 0.26894143; the reference\n"
            "    tir: 0x3f800000 = 1; ulps: 16141647; outside\n"
            "    emu: 0x3e89b2b1 = 0.26894143; ulps: 0\n"
            "  bound: 0 ulps; outside it: tir\n");
  DiffRequest json = r;
  json.json = true;
  d = diff(json);
  EXPECT_EQ(d.code, kExitCheckFailed);
  const nlohmann::json j = nlohmann::json::parse(d.out);
  EXPECT_EQ(j["outputs"][0]["groups"], nlohmann::json::parse(R"([["hir","tir"],["emu"]])"));
  EXPECT_EQ(
      j["outputs"][0]["first_difference"],
      nlohmann::json::parse(R"({"coordinate":[0],"values":{"hir":{"hex":"0x41100000","decimal":"9"},)"
                            R"("tir":{"hex":"0x41100000","decimal":"9"},"emu":{"hex":"0x41800000","decimal":"16"}},)"
                            R"("ulps":{"hir":0,"tir":0,"emu":7340032},"bound_ulps":0,"outside":["emu"]})"));
  EXPECT_EQ(j["outputs"][1]["groups"], nlohmann::json::parse(R"([["hir","emu"],["tir"]])"));
  EXPECT_EQ(j["outputs"][1]["first_difference"]["coordinate"], nlohmann::json::parse("[0, 0]"));
  EXPECT_EQ(j["outputs"][1]["outside"], nlohmann::json::parse(R"(["tir"])"));
}

// emitter-drops-syncthreads: the emitted kernel skips its block barrier, so under the emulation
// (each thread runs to its next barrier in turn) thread 0 reads its neighbour's shared-memory slot
// before the neighbour wrote it: emu alone is wrong. a is drawn from seed 1.
TEST(TfDiff, APlantedEmitterBugIsWrongAtEmuAlone) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  if (!plants_built()) GTEST_SKIP() << "built without TF_PLANTS: no planted bug to show";
  const std::string path = write_temp("diff_sync.tfir", R"(tfir 1
mesh m = Mesh((Topology("thread", 64),), Layout((64,), (1,)))
layout T = ShardLayout(layout=Layout((64,), (1,)), attrs=(S(0),), mesh=m)

# out[t] = a[(t + 1) % 64], through shared memory: each thread stages a in s[t] and s[t + 64]
prim_func rotate(a: Tensor[(64,), f32], out: Tensor[(64,), f32]) outputs=1 target=cuda {
    with m as t {
        let s = alloc_tensor(tensor_type=Tensor[(128,), f32, storage=smem])
        let lo = tensor_view(s, layout=Layout((64,), (1,)))
        let hi = tensor_view(s, layout=ComposedLayout(inner=None, offset=64, outer=Layout((64,), (1,))))
        let next = tensor_view(s, layout=ComposedLayout(inner=None, offset=1, outer=Layout((64,), (1,))))
        let src = tensor_view(a, layout=T)
        let mine = tensor_view(lo, layout=T)
        let mine2 = tensor_view(hi, layout=T)
        copy(src, mine)
        copy(src, mine2)
        sync(t)
        let theirs = tensor_view(next, layout=T)
        let o = tensor_view(out, layout=T)
        copy(theirs, o)
    }
}
)");
  const PlantScope plant(Plant::emitter_drops_syncthreads);
  Diffed d = diff(request(path, "rotate", {"hir", "tir", "emu"}));
  EXPECT_EQ(d.code, kExitCheckFailed) << d.out << d.err;
  EXPECT_EQ(d.out,
            "@rotate at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "emu: ran\n"
            "output Tensor[(64,), f32]: the levels disagree; identical bits: {hir, tir} {emu}\n"
            "  first difference at [0]:\n"
            "    hir: 0xbf3a28db = -0.7271859; the reference\n"
            "    tir: 0xbf3a28db = -0.7271859; ulps: 0\n"
            "    emu: 0x00000000 = 0; ulps: 1060776155; outside\n"
            "  bound: 0 ulps; outside it: emu\n");
}

// lowering-forgets-tail-predicate: every thread runs the grid rule's tail, a write-write race the
// machine model reports at tir (its diagnostic as tf eval prints it); hir and emu (whose threads
// write the same values) still agree, and a level failing where others ran is a finding.
TEST(TfDiff, ALevelThatFailsIsReportedWithItsDiagnostic) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#endif
  if (!plants_built()) GTEST_SKIP() << "built without TF_PLANTS: no planted bug to show";
  const std::string path = write_temp("diff_tail.tfir", R"(tfir 1
func twice(x: Tensor[(70,), f32]) -> Tensor[(70,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}
)");
  const PlantScope plant(Plant::lowering_forgets_tail_predicate);
  Diffed d = diff(request(path, "twice", {"hir", "tir", "emu"}));
  EXPECT_EQ(d.code, kExitCheckFailed) << d.out << d.err;
  EXPECT_EQ(d.out,
            "@twice at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: failed\n"
            "error[ub.race]: undefined behaviour: write-write race on gmem `out` element 64 (byte 256): CTA 0 thread 0 "
            "(warp 0, lane 0) wrote it, CTA 0 thread 1 (warp 0, lane 1) writes it, and no barrier orders the two\n"
            "note: CTA 0 thread 0 (warp 0, lane 0) wrote it here\n"
            "emu: ran\n"
            "output Tensor[(70,), f32]: hir, emu agree bit for bit\n");
  DiffRequest json = request(path, "twice", {"hir", "tir", "emu"});
  json.json = true;
  d = diff(json);
  const nlohmann::json j = nlohmann::json::parse(d.out);
  EXPECT_EQ(j["levels"][1]["status"], "failed");
  EXPECT_EQ(j["levels"][1]["diagnostic"]["rule"], "ub.race");
  EXPECT_EQ(j["outputs"][0]["groups"], nlohmann::json::parse(R"([["hir","emu"]])"));
}

TEST(TfDiff, BadUsageAndInputAreExitTwo) {
  const std::string path = write_temp("diff_bad.tfir", kAdd);
  Diffed level = diff(request(path, "add2", {"hir", "emo"}));
  EXPECT_EQ(level.code, kExitBadInput);
  EXPECT_EQ(level.out, "");
  EXPECT_EQ(level.err,
            "tf: error[usage]: --levels: 'emo' is not a level; the levels are hir, tir, emu and gpu\n"
            "note: did you mean: emu\n");
  Diffed twice = diff(request(path, "add2", {"hir", "tir", "hir"}));
  EXPECT_EQ(twice.code, kExitBadInput);
  EXPECT_EQ(twice.err, "tf: error[usage]: --levels: 'hir' is given twice\n");
  Diffed fn = diff(request(path, "ad2", {"hir", "tir"}));
  EXPECT_EQ(fn.code, kExitBadInput);
  EXPECT_EQ(fn.out, "");
  EXPECT_EQ(fn.err,
            "tf: error[TIR.2.1.SYMREF.resolution-unique]: no function of module '' is named 'ad2'\n"
            "note: the module's functions: @add2\n"
            "note: did you mean: @add2\n");
  Diffed input = diff(request(path, "add2", {"hir", "tir"}, {"a=Tensor[(2, 3), f32]{1, 2}", "c=1.5"}));
  EXPECT_EQ(input.code, kExitBadInput);
  EXPECT_EQ(input.err,
            "tf: --input a:1:1: error[parse]: a literal of shape (2, 3) takes 6 values, found 2\n"
            "tf: error[usage]: --input c: @add2 has no input parameter c\n");
  const std::string broken = write_temp(
      "diff_broken.tfir", "tfir 1\nfunc broken(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    y = add(x,\n");
  Diffed unread = diff(request(broken, "", {"hir", "tir"}));
  EXPECT_EQ(unread.code, kExitBadInput);
  EXPECT_EQ(unread.out, "");
  EXPECT_EQ(unread.err,
            "tf: " + broken + ":3:12: error[parse]: '(' is never closed (in the func that starts at " + broken +
                ":2:1)\n");
}

// Without a device gpu is skipped with the reason and the other levels are still compared; with
// one it runs, judged against the machine model in its sm90 Mma arithmetic.
TEST(TfDiff, GpuWithoutADeviceIsSkipped) {
  const std::string path = write_temp("diff_gpu.tfir", kAdd);
  Diffed d = diff(request(path, "add2", {"hir", "tir", "emu", "gpu"}));
  EXPECT_EQ(d.code, kExitOk) << d.out << d.err;
  const std::string why = gpu_unavailable();
  const std::string head = "@add2 at hir, tir, emu, gpu";
  if (!why.empty()) {
#ifdef TF_HAVE_CUDA_EMU
    const std::string agreeing = "hir, tir, emu";
#else
    const std::string agreeing = "hir, tir";
#endif
    EXPECT_EQ(d.out, head + "; reference: hir\nhir: ran\ntir: ran\n" + emu_line() + "gpu: skipped: " + why +
                         "\noutput Tensor[(2, 3), f32]: " + agreeing + " agree bit for bit\n");
  } else {
    EXPECT_EQ(d.out, head +
                         ", tir-sm90; reference: hir\nhir: ran\ntir: ran\nemu: ran\ngpu: ran, judged against tir-sm90\n"
                         "tir-sm90: ran, not under test\n"
                         "output Tensor[(2, 3), f32]: hir, tir, emu, gpu, tir-sm90 agree bit for bit\n");
  }
}

}  // namespace
}  // namespace tf::cli
