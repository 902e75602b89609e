// The cases that show an op at work: calls through helpers and kernels, and the ranking.
#include "conformance/op_examples.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"

namespace tf::conformance {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHirFile = R"(tfir 1

func helper(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = neg(x)
    return y
}

func main(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = @helper(x)
    z = add(y, x)
    return z
}

case "reads-only" {
    run helper
}

case "through-a-helper" {
    run main
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{0, 0}
}
)";

constexpr const char* kTirFile = R"(tfir 1

prim_func fills(out: Tensor[(1,), i64]) target=cuda {
    let a = tensor_view(out, layout=Layout((1,), (1,)))
    fill(a, 7)
}

case "fills" {
    run fills
    expect output = Tensor[(1,), i64]{7}
}
)";

class OpExamples : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tf_op_examples_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / "a.tfir") << kHirFile;
    std::ofstream(dir_ / "b.tfir") << kTirFile;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const char* name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(OpExamples, AFunctionCallsTheOpsOfTheFunctionsItCalls) {
  Result<text::ReadFile> f = text::read_file(kHirFile, "a.tfir", text::standard_context());
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  EXPECT_EQ(ops_called(*f->module, "main"),
            (std::set<std::string>{"hir.math.Binary", "hir.math.Unary"}));
  EXPECT_EQ(ops_called(*f->module, "helper"), (std::set<std::string>{"hir.math.Unary"}));
  EXPECT_TRUE(ops_called(*f->module, "absent").empty());
}

TEST_F(OpExamples, ACaseThatStatesAnOutputIsPreferredThenFileOrder) {
  std::map<std::string, OpExample> ex =
      first_op_examples({path("a.tfir"), path("b.tfir")}, text::standard_context());
  ASSERT_EQ(ex.size(), 4u);
  // "reads-only" comes first but states no output: "through-a-helper" shows neg.
  EXPECT_EQ(ex.at("hir.math.Unary").case_name, "through-a-helper");
  EXPECT_EQ(ex.at("hir.math.Unary").run, "main");
  EXPECT_EQ(ex.at("hir.math.Unary").location.line, 18);
  EXPECT_EQ(ex.at("hir.math.Unary").level, "hir");
  EXPECT_EQ(ex.at("hir.math.Binary").file, path("a.tfir"));
  EXPECT_EQ(ex.at("tir.memory.Fill").case_name, "fills");
  EXPECT_EQ(ex.at("tir.memory.Fill").level, "tir");
  EXPECT_TRUE(ex.at("tir.memory.Fill").states_output);
  EXPECT_EQ(ex.at("tir.memory.TensorView").rank(), 0);
}

TEST(OpExampleRank, OutputsFirstBackendsLast) {
  EXPECT_EQ((OpExample{"f", "c", {}, "k", "hir", true}).rank(), 0);
  EXPECT_EQ((OpExample{"f", "c", {}, "k", "tir", false}).rank(), 1);
  EXPECT_EQ((OpExample{"f", "c", {}, "k", "cuda-emu", true}).rank(), 2);
  EXPECT_EQ((OpExample{"f", "c", {}, "k", "cuda-gpu", false}).rank(), 3);
}

}  // namespace
}  // namespace tf::conformance
