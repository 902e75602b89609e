// What the in-process GPU steps prepare on the CPU: the MMA kernels of conformance/cases/tir read
// with seeded random inputs that `tf run --input` reproduces from their literal text, the machine
// model running them in every MMA mode, and the GEMM of step 4 lowered by the MMA rule and emitted
// at the default K (and refused at a K the rule does not take).
#include <gtest/gtest.h>

#include "eval/tir/tir_evaluator.h"
#include "eval/value/tensor.h"
#include "ir/tir/prim_function.h"
#include "tools/gpu_check/gemm_kernel.h"
#include "tools/gpu_check/tir_programs.h"

namespace tf::gpu_check {
namespace {

std::string case_file(const char* name) {
  std::string path = TF_SOURCE_ROOT;
  path.append("/conformance/cases/tir/").append(name);
  return path;
}

TEST(GpuCheckPrograms, SeededRandomInputsOfAPrimFunc) {
  Result<text::ReadFile> file = read_program(case_file("mma.tfir"));
  ASSERT_TRUE(file.ok()) << file.diagnostics().front().render();
  Result<std::vector<std::string>> texts = random_prim_input_texts(*file->module, "mma16816", 5);
  ASSERT_TRUE(texts.ok());
  EXPECT_EQ(*texts, (std::vector<std::string>{"Tensor[(16, 16), bf16] random(seed=5)",
                                              "Tensor[(16, 8), bf16] random(seed=6)"}));
  Result<std::vector<eval::Tensor>> a = random_prim_inputs(*file->module, "mma16816", 5);
  Result<std::vector<eval::Tensor>> b = random_prim_inputs(*file->module, "mma16816", 5);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->size(), 2u);
  EXPECT_EQ((*a)[0].shape(), (eval::Shape{16, 16}));
  EXPECT_TRUE(eval::same_bits((*a)[0], (*b)[0]));
  EXPECT_FALSE(random_prim_inputs(*file->module, "no_such_kernel", 1).ok());
}

TEST(GpuCheckPrograms, TheMachineModelRunsTheAtomKernelsInEveryMode) {
  for (const char* name : {"mma.tfir", "gemm_64x64x64.tfir"}) {
    Result<text::ReadFile> file = read_program(case_file(name));
    ASSERT_TRUE(file.ok()) << name;
    const std::string fn_name = std::string(name) == "mma.tfir" ? "mma16816" : "gemm";
    const auto* fn = function_as<tir::PrimFunction>(file->module->find(fn_name));
    ASSERT_NE(fn, nullptr);
    Result<std::vector<eval::Tensor>> inputs = random_prim_inputs(*file->module, fn_name, 1);
    ASSERT_TRUE(inputs.ok());
    std::vector<eval::Tensor> outputs;
    for (eval::tir::MmaMode mode : {eval::tir::MmaMode::Exact, eval::tir::MmaMode::Sm80, eval::tir::MmaMode::Sm90}) {
      eval::tir::TirEvalOptions options;
      options.mma = mode;
      Result<eval::tir::TirRun> r = eval::tir::evaluate_prim_function(*file->module, *fn, *inputs, options);
      ASSERT_TRUE(r.ok()) << r.diagnostics().front().render();
      outputs.push_back(r->outputs[0]);
    }
    // Random bf16 tiles tell the modes apart: the device's answer says which it follows.
    EXPECT_FALSE(eval::same_bits(outputs[0], outputs[2])) << name << ": exact and sm90 agree";
  }
}

TEST(GpuCheckPrograms, TheGemmOfStepFourLowersAndEmits) {
  Result<GemmKernel> g = emit_gemm_kernel(4096, 4096, kDefaultGemmK);
  ASSERT_TRUE(g.ok()) << g.diagnostics().front().render();
  EXPECT_NE(g->source.find("tf_entry_f"), std::string::npos);
  EXPECT_EQ(g->library, nullptr);
  Result<GemmKernel> refused = emit_gemm_kernel(4096, 4096, 48);
  ASSERT_FALSE(refused.ok());
}

}  // namespace
}  // namespace tf::gpu_check
