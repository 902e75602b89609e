// tf lower: the lowered module's text, refusals placed at their binding, pipeline and dump
// options, exit codes.
#include "tools/tf/lower_command.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tools/tf/ir_session.h"
#include "tools/tf/report.h"

namespace tf::cli {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

struct Outcome {
  int code;
  std::string out, err;
};

Outcome lower(LowerRequest r) {
  std::ostringstream out, err;
  const int code = run_lower(r, out, err);
  return {code, out.str(), err.str()};
}

const char* const kProgram = R"(tfir 1
func scale(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}

func pick(p: Tensor[(2, 2), bool], a: Tensor[(2, 2), f32], b: Tensor[(2, 2), f32]) -> Tensor[(2, 2), f32] {
    c = where(p, a, b)
    return c
}
)";

const char* const kScaleLowered = R"(tfir 1
mesh lower_grid_1x2 = Mesh((Topology("cta", 1), Topology("thread", 2)), Layout((1, 2), (2, 1)), names=("c", "t"))
layout lower_grid_1x2_1 = ShardLayout(layout=Layout((1, 2, 1), (0, 0, 1)), attrs=(S(0), S(1)), mesh=lower_grid_1x2)

prim_func scale_kernel(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    with lower_grid_1x2 as p {
        let x_main = tensor_view(x, layout=lower_grid_1x2_1)
        let c = alloc_tensor(tensor_type=Tensor[(), f32, storage=rmem])
        fill(c, 2.0)
        let y = alloc_tensor(tensor_type=Tensor[(1, 2, 1), f32, layout=lower_grid_1x2_1, storage=rmem])
        binary(x_main, c, y, kind=mul)
        let out_main = tensor_view(out, layout=lower_grid_1x2_1)
        copy(y, out_main)
    }
}

prim_func scale(x: Tensor[(2,), f32], out: Tensor[(2,), f32]) outputs=1 target=host {
    launch(@scale_kernel, 1, 1, 1, 2, 1, 1, x, out)
}
)";

TEST(TfLower, PrintsTheKernelAndItsHostEntryWhichReadAndVerify) {
  const std::string file = write_temp("lower_ok.tfir", kProgram);
  Outcome o = lower({.file = file, .function = "scale"});
  ASSERT_EQ(o.code, kExitOk) << o.err;
  EXPECT_EQ(o.out, kScaleLowered);
  EXPECT_EQ(o.err, "");
  const CheckedFile again = check_source(o.out, "lowered.tfir");
  EXPECT_TRUE(again.file && again.diagnostics().empty());
}

TEST(TfLower, AnOpWithoutARuleIsRefusedAtItsBinding) {
  const std::string file = write_temp("lower_mm.tfir", kProgram);
  Outcome o = lower({.file = file});
  EXPECT_EQ(o.code, kExitBadInput);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, file + ":9:5: error[usage]: cannot lower hir.tensor.Where (binding `c`) in @pick to TIR: TIR has no "
                   "elementwise choice to lower it to (seed 002's ops have no select)\n");
}

TEST(TfLower, WritesTheFileItIsGivenAndDumpsAfterAPass) {
  const std::string file = write_temp("lower_dump.tfir", kProgram);
  const std::string output = testing::TempDir() + "lower_dump.out.tfir";
  Outcome o = lower({.file = file, .function = "scale", .output = output, .dump_after = {"hir-to-tir", "host-entry"}});
  ASSERT_EQ(o.code, kExitOk) << o.err;
  EXPECT_EQ(o.out, "");
  // After hir-to-tir the kernel alone; host-entry adds the entry with the function's name.
  const std::string scale = kScaleLowered;
  const std::string kernel_only = scale.substr(0, scale.find("\nprim_func scale("));
  EXPECT_EQ(o.err, "// ----- after hir-to-tir -----\n" + kernel_only + "// ----- after host-entry -----\n" + scale);
  std::ifstream in(output);
  std::stringstream written;
  written << in.rdbuf();
  EXPECT_EQ(written.str(), kScaleLowered);
}

TEST(TfLower, BadPipelinesFunctionsAndFilesExitTwo) {
  const std::string file = write_temp("lower_bad.tfir", kProgram);
  Outcome unknown_pass = lower({.file = file, .pipeline = {"hir-to-tir", "nope"}});
  EXPECT_EQ(unknown_pass.code, kExitBadInput);
  EXPECT_EQ(unknown_pass.err, "tf: error[usage]: no pass is named `nope`; the passes are: canonicalize, hir-to-tir, hir-to-tir-mma, reduce-workspaces, host-entry, named-barriers\n");
  Outcome twice = lower({.file = file, .pipeline = {"hir-to-tir", "hir-to-tir"}});
  EXPECT_EQ(twice.code, kExitBadInput);
  EXPECT_EQ(twice.err, "tf: error[usage]: the pipeline already has the pass `hir-to-tir`\n");
  Outcome no_fn = lower({.file = file, .function = "absent"});
  EXPECT_EQ(no_fn.code, kExitBadInput);
  EXPECT_NE(no_fn.err.find("absent"), std::string::npos) << no_fn.err;
  Outcome ill_typed = lower({.file = write_temp("lower_ill.tfir", "tfir 1\nfunc f(x: Tensor[(2,), f32]) -> Tensor[(3,), f32] {\n    return x\n}\n")});
  EXPECT_EQ(ill_typed.code, kExitBadInput);
  EXPECT_NE(ill_typed.err.find("lower_ill.tfir:"), std::string::npos) << ill_typed.err;
  Outcome missing = lower({.file = "no/such/file.tfir"});
  EXPECT_EQ(missing.code, kExitBadInput);
}

}  // namespace
}  // namespace tf::cli
