// tf eval and tf conform in-process: outputs, files written, reports, and the exit codes of
// bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "eval/value/npy.h"
#include "tools/tf/conform_command.h"
#include "tools/tf/eval_command.h"
#include "tools/tf/test/eval_call.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;
using test::eval;
using test::Ran;

std::string temp_file(const std::string& name, const std::string& text) {
  fs::path dir = fs::temp_directory_path() / "tf_eval_conform_test";
  fs::create_directories(dir);
  fs::path p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

constexpr const char* kProgram = R"(tfir 1
dim N = DimVar("N", 1, 9)
func scale_add(x: Tensor[(N,), f32], y: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    two = 2.0
    t = mul(x, two)
    s = add(t, y)
    return s
}
func pair(x: Tensor[(2,), i32]) -> Tuple[Tensor[(2,), i32], Tensor[(2,), i32]] {
    return (x, x)
}
)";

TEST(TfEval, PrintsOutputsAsExpectationLines) {
  std::string file = temp_file("prog.tfir", kProgram);
  Ran r = eval({.file = file, .function = "scale_add",
                .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}", "y=Tensor[(3,), f32]{0.5, -0, inf}"}});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "output = Tensor[(3,), f32]{2.5, 4, inf}\n");
}

TEST(TfEval, TupleOutputsGoToOneNpyEach) {
  std::string file = temp_file("prog.tfir", kProgram);
  fs::path dir = fs::temp_directory_path() / "tf_eval_conform_test" / "out";
  fs::remove_all(dir);
  Ran r = eval({.file = file, .inputs = {"x=Tensor[(2,), i32]{7, -7}"}, .out_dir = dir.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  // --out without --print writes files only, and says each (report.h's say_wrote).
  EXPECT_EQ(r.out, "wrote " + (dir / "out0.npy").string() + " (output[0] Tensor[(2,), i32])\n" + "wrote " +
                       (dir / "out1.npy").string() + " (output[1] Tensor[(2,), i32])\n");
  for (const char* name : {"out0.npy", "out1.npy"}) {
    Result<eval::NpyArray> a = eval::read_npy_file((dir / name).string());
    ASSERT_TRUE(a.ok()) << name;
    EXPECT_EQ(a->type, eval::NpyType::I32);
    EXPECT_EQ(a->shape, std::vector<std::int64_t>{2});
    std::int32_t v[2];
    std::memcpy(v, a->data.data(), 8);
    EXPECT_EQ(v[0], 7);
    EXPECT_EQ(v[1], -7);
  }
}

TEST(TfEval, BadInputIsExitTwoWithAPlacedDiagnostic) {
  std::string file = temp_file("prog.tfir", kProgram);
  Ran missing = eval({.file = file, .function = "scale_add", .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}"}});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("needs --input y=VALUE"), std::string::npos) << missing.err;
  Ran disagree = eval({.file = file, .function = "scale_add",
                       .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}", "y=Tensor[(2,), f32]{1, 2}"}});
  EXPECT_EQ(disagree.code, 2);
  EXPECT_NE(disagree.err.find("already bound to 3"), std::string::npos) << disagree.err;
  Ran unknown = eval({.file = file, .function = "nosuch"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_EQ(unknown.err, "tf: error[TIR.2.1.SYMREF.resolution-unique]: no function of module '' is named 'nosuch'\n"
                        "note: the module's functions: @scale_add @pair\n");
  Ran bad_literal = eval({.file = file, .function = "scale_add",
                          .inputs = {"x=Tensor[(3,), f32]{1, 2}", "y=Tensor[(3,), f32]{1, 2, 3}"}});
  EXPECT_EQ(bad_literal.code, 2);
  EXPECT_NE(bad_literal.err.find("--input x:1:"), std::string::npos) << bad_literal.err;
  Ran no_file = eval({.file = "/nonexistent/prog.tfir"});
  EXPECT_EQ(no_file.code, 2);
}

constexpr const char* kBodyDims = R"(tfir 1
dim N = DimVar("N", 1, 9)
dim M = DimVar("M", 1, 9)
func f(x: Tensor[(N,), f32]) -> Tensor[(M,), f32] {
    z = zeros(type=Tensor[(M,), f32])
    return z
}
func g(x: Tensor[(4,), f32], i: Tensor[(2,), i64]) -> Tensor[(2,), f32] {
    s = index_select(x, i, dim=0)
    return s
}
)";

TEST(TfEval, ADimOnlyTheBodyUsesComesFromDim) {
  std::string file = temp_file("dims.tfir", kBodyDims);
  Ran unbound = eval({.file = file, .function = "f", .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}"}});
  EXPECT_EQ(unbound.code, 2);
  EXPECT_NE(unbound.err.find("hir.tensor.Zeros: DimVar M [1, 9) is not bound"), std::string::npos) << unbound.err;
  EXPECT_NE(unbound.err.find("at: f.z"), std::string::npos) << unbound.err;
  Ran bound = eval({.file = file, .function = "f", .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}"}, .dims = {"M=2"}});
  EXPECT_EQ(bound.code, 0) << bound.err;
  EXPECT_EQ(bound.out, "output = Tensor[(2,), f32]{0, 0}\n");
  Ran outside = eval({.file = file, .function = "f", .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}"}, .dims = {"M=12"}});
  EXPECT_EQ(outside.code, 2);
  EXPECT_NE(outside.err.find("error[TYPES.4.DIM.dimvar-half-open]: --dim M"), std::string::npos) << outside.err;
}

TEST(TfEval, InputsConvertOnlyWithinTheirKind) {
  std::string file = temp_file("dims.tfir", kBodyDims);
  Ran r = eval({.file = file, .function = "g",
                .inputs = {"x=Tensor[(4,), i32]{1, 2, 3, 4}", "i=Tensor[(2,), i64]{0, 1}"}});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("input x is i32, the parameter is f32"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("no parameter"), std::string::npos) << r.err;  // one diagnostic per problem
  Ran narrow = eval({.file = file, .function = "g",
                     .inputs = {"x=Tensor[(4,), bf16]{1, 2, 3, 4}", "i=Tensor[(2,), i32]{3, 0}"}});
  EXPECT_EQ(narrow.code, 0) << narrow.err;
  EXPECT_EQ(narrow.out, "output = Tensor[(2,), f32]{4, 1}\n");
}

TEST(TfEval, JsonOutputsAndErrors) {
  std::string file = temp_file("dims.tfir", kBodyDims);
  Ran ok = eval({.file = file, .function = "g",
                 .inputs = {"x=Tensor[(4,), f32]{1, 2, 3, 4}", "i=Tensor[(2,), i64]{0, 1}"}, .json = true});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(ok.out,
            "{\"function\":\"g\",\"outputs\":[{\"name\":\"output\",\"bits\":[\"0x3f800000\",\"0x40000000\"],"
            "\"dtype\":\"f32\",\"shape\":[2],\"values\":[1.0,2.0]}]}\n");
  Ran bad = eval({.file = file, .function = "g",
                  .inputs = {"x=Tensor[(4,), f32]{1, 2, 3, 4}", "i=Tensor[(2,), i64]{0, 9}"}, .json = true});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("\"ir_path\":\"g.s\""), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("\"line\":9"), std::string::npos) << bad.err;  // the binding of s
  EXPECT_NE(bad.err.find("\"column\":5"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("index entry 1 is 9, out of range [0, 4)"), std::string::npos) << bad.err;
  std::string junk = temp_file("junk.npy", "not numpy");
  Ran npy = eval({.file = file, .function = "g", .inputs = {"x=" + junk, "i=Tensor[(2,), i64]{0, 1}"}});
  EXPECT_EQ(npy.code, 2);
  EXPECT_NE(npy.err.find("not a .npy file"), std::string::npos) << npy.err;
}

constexpr const char* kCases = R"(tfir 1
func inc(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    one = 1.0
    y = add(x, one)
    return y
}
case "inc/passes" {
    input x = Tensor[(2,), f32]{1, nan}
    expect output = Tensor[(2,), f32]{2, nan}
}
case "inc/fails" {
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 4}
}
case "inc/tir-level" {
    at tir
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 3}
}
case "inc/needs-an-eval-error" {
    input x = Tensor[(2,), f32]{1, 2}
    expect error eval "out of range"
}
case "inc/gpu-level" {
    at cuda-gpu
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 3}
}
)";

TEST(TfConform, RunsCasesThroughTheEvaluatorAndWritesReports) {
  std::string file = temp_file("cases.tfir", kCases);
  fs::path junit = fs::temp_directory_path() / "tf_eval_conform_test" / "report.xml";
  ConformRequest req{.paths = {file}, .rules = TF_SOURCE_ROOT "/conformance/rules.tsv", .junit = junit.string()};
  std::ostringstream out, err;
  int code = run_conform(req, out, err);
  EXPECT_EQ(code, 1) << err.str();
  const std::string o = out.str();
  EXPECT_NE(o.find("PASS inc/passes\n"), std::string::npos) << o;
  EXPECT_NE(o.find("FAIL inc/fails: "), std::string::npos) << o;
  EXPECT_NE(o.find("PASS inc/tir-level\n"), std::string::npos) << o;  // a func at tir runs lowered
  EXPECT_NE(o.find("SKIP inc/gpu-level: "), std::string::npos) << o;
  EXPECT_NE(o.find("FAIL inc/needs-an-eval-error: expected an evaluation error containing \"out of range\"; the evaluation succeeded"), std::string::npos) << o;
  EXPECT_TRUE(o.ends_with("2 passed, 2 failed, 1 skipped\n")) << o;
  std::ifstream x(junit);
  std::string xml((std::istreambuf_iterator<char>(x)), {});
  EXPECT_NE(xml.find("tests=\"5\" failures=\"2\" skipped=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testcase name=\"inc/passes\""), std::string::npos) << xml;
}

// Without --rules the catalogue is found above the case file (a run from another folder), and
// when there is none the message says what to give.
TEST(TfConform, FindsTheCatalogueAboveTheCasesOrSaysWhatToGive) {
  const std::string inside = std::string(TF_SOURCE_ROOT) + "/conformance/cases/verify/tir/sync_valid.tfir";
  const fs::path cwd = fs::current_path();
  fs::current_path(fs::temp_directory_path());  // no conformance/ folder here
  std::ostringstream out, err;
  const int found = run_conform(ConformRequest{.paths = {inside}}, out, err);
  std::ostringstream out2, err2;
  const std::string outside = temp_file("lonely.tfir", kCases);
  const int missing = run_conform(ConformRequest{.paths = {outside}}, out2, err2);
  fs::current_path(cwd);
  EXPECT_EQ(found, 0) << err.str();
  EXPECT_NE(out.str().find("2 passed, 0 failed, 0 skipped"), std::string::npos) << out.str();
  EXPECT_EQ(missing, 2);
  EXPECT_NE(err2.str().find("no rule catalogue: conformance/rules.tsv is neither in the current "
                            "folder nor above '" + outside + "'; give --rules FILE"),
            std::string::npos)
      << err2.str();
}

// Adversarial pass 2, M1: a folder without cases or a --filter that matches none said "0 passed,
// 0 failed, 0 skipped" and exited 0, so a typo read as a passing run. It is a usage error.
TEST(TfConform, NothingToRunIsAnErrorNotAPass) {
  const fs::path empty = fs::temp_directory_path() / "tf_conform_empty";
  fs::remove_all(empty);
  fs::create_directories(empty);
  std::ostringstream out, err;
  EXPECT_EQ(run_conform(ConformRequest{.paths = {empty.string()}, .rules = TF_SOURCE_ROOT "/conformance/rules.tsv"}, out, err), 2);
  EXPECT_NE(err.str().find("error[usage]: no case to run: the paths hold no case block"), std::string::npos) << err.str();
  std::ostringstream out2, err2;
  const std::string file = temp_file("filtered.tfir", kCases);
  EXPECT_EQ(run_conform(ConformRequest{.paths = {file}, .filter = "^nosuch$", .rules = TF_SOURCE_ROOT "/conformance/rules.tsv"}, out2, err2),
            2);
  EXPECT_NE(err2.str().find("error[usage]: no case to run: --filter '^nosuch$' matches none"), std::string::npos) << err2.str();
  fs::remove_all(empty);
}

// --max-memory: a byte count with an optional power-of-1024 suffix; anything else is refused.
TEST(TfEval, MaxMemoryTakesAByteCountWithASuffix) {
  EXPECT_EQ(parse_byte_count("4096"), 4096);
  EXPECT_EQ(parse_byte_count("512M"), std::int64_t{512} << 20);
  EXPECT_EQ(parse_byte_count("8G"), std::int64_t{8} << 30);
  EXPECT_EQ(parse_byte_count("2T"), std::int64_t{2} << 40);
  for (const char* bad : {"", "0", "-1", "1Q", "M", "1.5G", "9999999999T", "99999999999999999999"})
    EXPECT_FALSE(parse_byte_count(bad).has_value()) << bad;
}

// tf conform takes the same limits: a case over them fails (exit 1, the next case still runs),
// and a --max-memory that is not a byte count is bad usage (exit 2).
TEST(TfConform, RunsEachCaseUnderTheLimits) {
  const std::string file = temp_file("limited.tfir", R"(tfir 1
func two_ops(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = add(x, x)
    z = mul(y, y)
    return z
}
func one_op(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    y = add(x, x)
    return y
}
case "two-ops" {
    run two_ops
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{4, 16}
}
case "one-op" {
    run one_op
    input x = Tensor[(2,), f32]{1, 2}
    expect output = Tensor[(2,), f32]{2, 4}
}
)");
  ConformRequest req{.paths = {file}, .rules = TF_SOURCE_ROOT "/conformance/rules.tsv"};
  req.limits.max_steps = 1;
  std::ostringstream out, err;
  EXPECT_EQ(run_conform(req, out, err), 1) << err.str();
  EXPECT_NE(out.str().find("FAIL two-ops: the evaluation failed: "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("the evaluation took more than 1 steps"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("PASS one-op\n"), std::string::npos) << out.str();
  req.limits.max_memory = "12Q";
  std::ostringstream out2, err2;
  EXPECT_EQ(run_conform(req, out2, err2), 2);
  EXPECT_NE(err2.str().find("--max-memory '12Q' is not a positive byte count"), std::string::npos) << err2.str();
  // Adversarial pass 2, minor: `--max-memory ''` silently meant the default.
  req.limits.max_memory = "";
  std::ostringstream out3, err3;
  EXPECT_EQ(run_conform(req, out3, err3), 2);
  EXPECT_NE(err3.str().find("--max-memory '' is not a positive byte count"), std::string::npos) << err3.str();
}

}  // namespace
}  // namespace tf::cli

namespace tf::cli {
namespace {

// `--at lowered` runs every HIR conformance case through the lowering: each either passes (the
// lowered program computes what the HIR evaluator computes, and the expectations hold) or is
// refused by name. A case that computes another value, reports undefined behaviour or crashes
// would be a bug of the lowering (the issue's "lowered TIR of every case free of UB reports").
TEST(TfConform, EveryHirCaseAtLevelLoweredPassesOrIsRefusedByName) {
  ConformRequest req{.paths = {TF_SOURCE_ROOT "/conformance/cases/hir"}, .rules = TF_SOURCE_ROOT "/conformance/rules.tsv",
                     .quiet = true, .at = "lowered"};
  std::ostringstream out, err;
  run_conform(req, out, err);
  std::istringstream lines(out.str());
  int refused = 0;
  std::string line, last;
  while (std::getline(lines, line)) {
    last = line;
    if (line.rfind("FAIL ", 0) != 0 && line.rfind("CRASH ", 0) != 0) continue;
    EXPECT_NE(line.find("cannot lower "), std::string::npos) << line;
    ++refused;
  }
  EXPECT_GT(refused, 0);
  // At least the 433 cases that lower today (2026-12-07) keep passing.
  const int passed = std::stoi(last.substr(0, last.find(' ')));
  EXPECT_GE(passed, 433) << last;
}

// `--at cuda-emu` runs every HIR conformance case through the lowering, the emitter and the
// emulation: each passes (the emulated CUDA gives the HIR evaluator's bits) or is refused by name,
// by the lowering or by the emitter. About 10 s: the modules compile in batches.
TEST(TfConform, EveryHirCaseAtLevelCudaEmuPassesOrIsRefusedByName) {
#ifndef TF_HAVE_CUDA_EMU
  GTEST_SKIP() << "built without the CUDA headers: no emulated backend";
#else
  ConformRequest req{.paths = {TF_SOURCE_ROOT "/conformance/cases/hir"}, .rules = TF_SOURCE_ROOT "/conformance/rules.tsv",
                     .quiet = true, .at = "cuda-emu"};
  std::ostringstream out, err;
  run_conform(req, out, err);
  std::istringstream lines(out.str());
  std::string line, last;
  while (std::getline(lines, line)) {
    last = line;
    if (line.rfind("FAIL ", 0) != 0 && line.rfind("CRASH ", 0) != 0) continue;
    EXPECT_TRUE(line.find("cannot lower ") != std::string::npos || line.find("not emitted yet") != std::string::npos) << line;
  }
  // At least the 433 cases that pass today (2026-12-07) keep passing.
  const int passed = std::stoi(last.substr(0, last.find(' ')));
  EXPECT_GE(passed, 433) << last;
#endif
}

}  // namespace
}  // namespace tf::cli
