// tf lower: the lowered module's text, refusals placed at their binding, pipeline and dump
// options, exit codes.
#include "tools/tf/lower_command.h"

#include <gtest/gtest.h>

#include "tools/tf/test/temp_file.h"

#include <fstream>
#include <sstream>

#include "driver/ir_session.h"
#include "driver/report.h"

namespace tf::cli {
namespace {

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
)";

// scale, and pick: an op the lowering refuses (local, whose value no TIR tensor of its type holds).
const char* const kRefusedProgram = R"(tfir 1
mesh cta4 = Mesh((Topology("cta", 4),), Layout((4,), (1,)))
layout L = ShardLayout(layout=Layout((8, 2), (2, 1)), attrs=(S(0),), mesh=cta4)
func scale(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}

func pick(x: Tensor[(8, 2), f32, layout=L]) -> Tensor[(2, 2), f32, layout=Layout((2, 2), (2, 1))] {
    c = local(x)
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

// --explain: each function's strategy, why the earlier ones did not apply, the geometry and the
// register tensors of one thread, in place of the module; a refusal still exits 2 after it.
TEST(TfLower, ExplainSaysWhichStrategyEachFunctionGotAndWhy) {
  const std::string file = write_temp("lower_explain.tfir", R"(tfir 1
func scale(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}

func mm(a: Tensor[(16, 16), f32], b: Tensor[(16, 16), f32]) -> Tensor[(16, 16), f32] {
    c = matmul(a, b)
    return c
}
)");
  Outcome o = lower({.file = file, .explain = true});
  ASSERT_EQ(o.code, kExitOk) << o.err;
  // scale's thread holds the constant 2.0 (4 bytes) and its element of y (4 bytes); mm's one
  // thread the 16 x 16 x 16 products (16 KiB) and the result (1 KiB).
  EXPECT_EQ(o.out,
            "scale: grid (1 CTA x 2 threads, 1 row each)\n"
            "  not sharded: no value carries a ShardLayout\n"
            "  registers: at most 8 bytes of tensors in one thread of @scale_kernel\n"
            "mm: serial (1 CTA x 1 thread)\n"
            "  not sharded: no value carries a ShardLayout\n"
            "  not grid: not row-wise over the leading axes (16, 16): a matmul of at most 65536 products is materialized by one thread\n"
            "  not mma: the SM80 atom lowers only in the hir-to-tir-mma pass (not in the default pipeline)\n"
            "  registers: at most 17408 bytes of tensors in one thread of @mm_kernel\n"
            "  warning: more than a thread's 255 registers (1020 bytes); the compiled kernel spills to local memory\n");
  EXPECT_EQ(o.err, "");
  Outcome refused = lower({.file = write_temp("lower_explain_refused.tfir", kRefusedProgram), .explain = true});
  EXPECT_EQ(refused.code, kExitBadInput);
  EXPECT_NE(refused.out.find("pick: sharded (the mesh"), std::string::npos) << refused.out;
  EXPECT_NE(refused.err.find("hir.sharding.Local"), std::string::npos) << refused.err;
}

TEST(TfLower, ARefusedOpIsRefusedAtItsBindingWithItsReason) {
  const std::string file = write_temp("lower_mm.tfir", kRefusedProgram);
  Outcome o = lower({.file = file});
  EXPECT_EQ(o.code, kExitBadInput);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "tf: " + file + ":11:5: error[usage]: cannot lower hir.sharding.Local (binding `c`) in @pick to TIR: its value "
                   "is its operand's full logical value while its type is one participant's part (docs/hir-semantics.md): no TIR "
                   "tensor of that type holds it\n");
}

TEST(TfLower, WritesTheFileItIsGivenAndDumpsAfterAPass) {
  const std::string file = write_temp("lower_dump.tfir", kProgram);
  const std::string output = testing::TempDir() + "lower_dump.out.tfir";
  Outcome o = lower({.file = file, .function = "scale", .output = output, .dump_after = {"hir-to-tir", "host-entry"}});
  ASSERT_EQ(o.code, kExitOk) << o.err;
  EXPECT_EQ(o.out, "wrote " + output + "\n");  // every file written is said (report.h)
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

// Finding 7 of issue 34: an unknown --dump-after name was accepted and dumped nothing.
TEST(TfLower, DumpAfterAPassThatDoesNotRunIsRefused) {
  const std::string file = write_temp("lower_dump_bad.tfir", kProgram);
  Outcome unknown = lower({.file = file, .function = "scale", .dump_after = {"NOSUCHPASS"}});
  EXPECT_EQ(unknown.code, kExitBadInput);
  EXPECT_EQ(unknown.out, "");
  EXPECT_EQ(unknown.err, "tf: error[usage]: --dump-after: no pass is named `NOSUCHPASS`; the passes are: canonicalize, "
                         "hir-to-tir, hir-to-tir-mma, reduce-workspaces, host-entry, named-barriers, or all\n");
  Outcome absent = lower({.file = file, .function = "scale", .dump_after = {"hir-to-tir-mma"}});
  EXPECT_EQ(absent.code, kExitBadInput);
  EXPECT_EQ(absent.err, "tf: error[usage]: --dump-after: the pass `hir-to-tir-mma` is not in the pipeline (canonicalize, "
                        "hir-to-tir, reduce-workspaces, host-entry, named-barriers), so nothing would be dumped after "
                        "it\n");
  Outcome all = lower({.file = file, .function = "scale", .dump_after = {"all"}});
  EXPECT_EQ(all.code, kExitOk) << all.err;
}

// Finding 3 of issue 34: a func calling itself passed `tf check` and crashed `tf lower`
// (unbounded inlining). HIR keeps it legal; the lowering refuses it at the call, exit 2.
TEST(TfLower, RecursionIsRefusedAtTheCallNamingTheCycle) {
  const std::string file = write_temp("lower_recursive.tfir", R"(tfir 1
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    y = @g(x)
    return y
}

func g(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    y = @f(x)
    return y
}
)");
  EXPECT_TRUE(check_source_file(file).diagnostics().empty());
  Outcome o = lower({.file = file});
  EXPECT_EQ(o.code, kExitBadInput);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "tf: " + file + ":8:5: error[usage]: cannot lower the call of @f (binding `y`) in @g to TIR: it closes the "
                          "call cycle f -> g -> f, and the lowering inlines every call: a recursive one would be "
                          "inlined without end (HIR keeps recursion legal; its evaluator stops it at 200 nested calls)\n");
}

std::string split_program(int parts) {
  return "tfir 1\nfunc f(x: Tensor[(" + std::to_string(parts) + ",), f32]) -> Tensor[(1,), f32] {\n    p = split(x, "
         "axis=0, num_splits=" + std::to_string(parts) + ")\n    a = tuple_get_item(p, index=1)\n    return a\n}\n";
}

// Finding 7 of issue 34: a 1,024-way split lowered (exit 0) to lets nested deeper than the reader
// read. The reader reads what the lowering makes; a split into 4,096 parts nests more lets than a
// TIR body may, and the lowering refuses it.
TEST(TfLower, WhatItPrintsReadsBack) {
  const std::string file = write_temp("lower_split4096.tfir", split_program(4096));
  Outcome refused = lower({.file = file});
  EXPECT_EQ(refused.code, kExitBadInput);
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(refused.err, "tf: " + file + ":3:5: error[usage]: cannot lower hir.tensor.Split (binding `p`) in @f to TIR: its kernel "
                                "would nest more than 1999 lets (each TIR binding's let holds the rest of its body); a TIR "
                                "body nests at most 2000 (the most the tfir reader reads back), and reduce-workspaces may add "
                                "one\n");
  Outcome o = lower({.file = write_temp("lower_split1024.tfir", split_program(1024))});
  ASSERT_EQ(o.code, kExitOk) << o.err;
  const CheckedFile again = check_source(o.out, "lowered.tfir");
  EXPECT_TRUE(again.file && again.diagnostics().empty())
      << (again.diagnostics().empty() ? "" : again.diagnostics()[0].render());
}

}  // namespace
}  // namespace tf::cli
