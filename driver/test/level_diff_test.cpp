// Comparing one function's runs at several levels (level_diff.h): groups of identical bits, the
// first difference with hex, decimal and ulps, the bound, gpu judged against tir-sm90, outputs of
// another type, and the exit codes.
#include "driver/level_diff.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "driver/report.h"
#include "ir/support/json_text.h"

namespace tf::cli {
namespace {

eval::Tensor codes(DType dtype, std::vector<std::uint64_t> values, eval::Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<std::int64_t>(values.size())};
  eval::Tensor t = eval::Tensor::make(dtype, shape);
  for (std::size_t i = 0; i < values.size(); ++i) t.set_code(static_cast<std::int64_t>(i), values[i]);
  return t;
}

eval::Tensor f32(std::vector<std::uint64_t> values) {
  return codes(DType::f32(), std::move(values));
}

// A level that ran and gave `outputs` (one: "output"; several: "output[k]").
LevelRun ran(std::string level, std::vector<eval::Tensor> outputs) {
  LevelRun r;
  r.level = std::move(level);
  for (std::size_t k = 0; k < outputs.size(); ++k)
    r.outputs.emplace_back(outputs.size() == 1 ? std::string("output") : "output[" + std::to_string(k) + "]",
                           outputs[k]);
  return r;
}

LevelRun failed(std::string level, Diagnostic d) {
  LevelRun r;
  r.level = std::move(level);
  r.status = LevelStatus::Failed;
  r.diagnostics.push_back(std::move(d));
  return r;
}

LevelRun skipped(std::string level, std::string why) {
  LevelRun r;
  r.level = std::move(level);
  r.status = LevelStatus::Skipped;
  r.skip_reason = std::move(why);
  return r;
}

constexpr std::uint64_t kOne = 0x3f800000, kOneAndHalf = 0x3fc00000, kTwo = 0x40000000, kThree = 0x40400000,
                        kFour = 0x40800000;

TEST(LevelDiff, LevelsWithTheSameBitsAgree) {
  const LevelDiff d = diff_levels("f", {ran("hir", {f32({kOne, 0x7fc00000})}), ran("tir", {f32({kOne, 0xffc00001})}),
                                        ran("emu", {f32({kOne, 0x7fc00000})})});
  ASSERT_EQ(d.outputs.size(), 1u);
  EXPECT_TRUE(d.outputs[0].agree);  // NaN codes are one class (the exact comparison)
  EXPECT_EQ(d.outputs[0].groups, (std::vector<std::vector<std::string>>{{"hir", "tir", "emu"}}));
  EXPECT_FALSE(d.outputs[0].first_difference);
  EXPECT_EQ(level_diff_exit_code(d), kExitOk);
  EXPECT_EQ(level_diff_text(d),
            "@f at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "emu: ran\n"
            "output Tensor[(2,), f32]: hir, tir, emu agree bit for bit\n");
}

// The reference may be the wrong level: the groups say hir and tir agree, emu stands alone.
TEST(LevelDiff, TheFirstDifferenceNamesEveryLevelsBitsAndUlps) {
  const LevelDiff d =
      diff_levels("f", {ran("hir", {f32({kOne, kTwo, kThree})}), ran("tir", {f32({kOne, kTwo, kThree})}),
                        ran("emu", {f32({kOne, kTwo, kFour})})});
  EXPECT_EQ(level_diff_exit_code(d), kExitCheckFailed);
  EXPECT_EQ(level_diff_text(d),
            "@f at hir, tir, emu; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "emu: ran\n"
            "output Tensor[(3,), f32]: the levels disagree; identical bits: {hir, tir} {emu}\n"
            "  first difference at [2]:\n"
            "    hir: 0x40400000 = 3; the reference\n"
            "    tir: 0x40400000 = 3; ulps: 0\n"
            "    emu: 0x40800000 = 4; ulps: 4194304; outside\n"
            "  bound: 0 ulps; outside it: emu\n");
  EXPECT_EQ(
      json_text(level_diff_json(d)),
      R"({"function":"f","reference":"hir","levels":[{"level":"hir","status":"ran"},{"level":"tir","status":"ran"},)"
      R"({"level":"emu","status":"ran"}],"outputs":[{"index":0,"name":"output","dtype":"f32","shape":[3],"agree":false,)"
      R"("groups":[["hir","tir"],["emu"]],"outside":["emu"],"first_difference":{"coordinate":[2],"values":{"hir":)"
      R"({"hex":"0x40400000","decimal":"3"},"tir":{"hex":"0x40400000","decimal":"3"},"emu":{"hex":"0x40800000",)"
      R"("decimal":"4"}},"ulps":{"hir":0,"tir":0,"emu":4194304},"bound_ulps":0,"outside":["emu"]}}]})");
}

// NaN against a number is "nan" ulps, an infinity against another value "inf"; -0 and +0 are 0
// steps apart but not the same bits, so outside a bound of 0 ulps; integers count the difference.
TEST(LevelDiff, UlpsOfSpecialValuesAndIntegers) {
  const LevelDiff d =
      diff_levels("f", {ran("hir", {f32({kOne, 0x7f800000, 0x00000000}), codes(DType::i32(), {5}, {1, 1})}),
                        ran("tir", {f32({0x7fc00000, kOne, 0x80000000}), codes(DType::i32(), {0xfffffffd}, {1, 1})})});
  ASSERT_EQ(d.outputs.size(), 2u);
  const FirstDifference& nan = *d.outputs[0].first_difference;
  EXPECT_EQ(nan.coordinate, std::vector<std::int64_t>{0});
  ASSERT_EQ(nan.elements.size(), 2u);
  EXPECT_EQ(nan.elements[1].decimal, "nan");
  EXPECT_FALSE(nan.elements[1].ulps);
  EXPECT_EQ(nan.elements[1].incomparable, "nan");
  EXPECT_EQ(level_diff_text(d),
            "@f at hir, tir; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "output[0] Tensor[(3,), f32]: the levels disagree; identical bits: {hir} {tir}\n"
            "  first difference at [0]:\n"
            "    hir: 0x3f800000 = 1; the reference\n"
            "    tir: 0x7fc00000 = nan; ulps: nan; outside\n"
            "  bound: 0 ulps; outside it: tir\n"
            "output[1] Tensor[(1, 1), i32]: the levels disagree; identical bits: {hir} {tir}\n"
            "  first difference at [0, 0]:\n"
            "    hir: 0x00000005 = 5; the reference\n"
            "    tir: 0xfffffffd = -3; ulps: 8; outside\n"
            "  bound: 0 ulps; outside it: tir\n");
  const LevelDiff inf = diff_levels("f", {ran("hir", {f32({0x7f800000})}), ran("tir", {f32({kOne})})});
  EXPECT_EQ(inf.outputs[0].first_difference->elements[1].incomparable, "inf");
  const LevelDiff zero = diff_levels("f", {ran("hir", {f32({0x00000000})}), ran("tir", {f32({0x80000000})})});
  const LevelElement& minus_zero = zero.outputs[0].first_difference->elements[1];
  EXPECT_EQ(minus_zero.decimal, "-0");
  EXPECT_EQ(minus_zero.ulps, std::optional<std::uint64_t>(0));
  EXPECT_TRUE(minus_zero.outside);
  EXPECT_EQ(level_diff_exit_code(zero), kExitCheckFailed);
}

// gpu is judged against the machine model in its sm90 Mma arithmetic, which is not under test: a
// difference from hir that the model shares is no finding.
TEST(LevelDiff, GpuIsJudgedAgainstTheSm90Model) {
  LevelRun gpu = ran("gpu", {f32({kOneAndHalf})});
  gpu.judged_against = kGpuModelLevel;
  LevelRun model = ran(kGpuModelLevel, {f32({kOneAndHalf})});
  model.under_test = false;
  const LevelDiff d = diff_levels("f", {ran("hir", {f32({kOne})}), gpu, model});
  EXPECT_EQ(level_diff_exit_code(d), kExitOk);
  EXPECT_EQ(level_diff_text(d),
            "@f at hir, gpu, tir-sm90; reference: hir\n"
            "hir: ran\n"
            "gpu: ran, judged against tir-sm90\n"
            "tir-sm90: ran, not under test\n"
            "output Tensor[(1,), f32]: the levels disagree; identical bits: {hir} {gpu, tir-sm90}\n"
            "  first difference at [0]:\n"
            "    hir: 0x3f800000 = 1; the reference\n"
            "    gpu: 0x3fc00000 = 1.5; ulps from tir-sm90: 0\n"
            "    tir-sm90: 0x3fc00000 = 1.5; ulps: 4194304\n"
            "  bound: 0 ulps; outside it: none\n");
  LevelRun wrong_gpu = ran("gpu", {f32({kOne})});
  wrong_gpu.judged_against = kGpuModelLevel;
  const LevelDiff found = diff_levels("f", {ran("hir", {f32({kOne})}), wrong_gpu, model});
  EXPECT_EQ(found.outputs[0].outside, std::vector<std::string>{"gpu"});
  EXPECT_EQ(level_diff_exit_code(found), kExitCheckFailed);
}

TEST(LevelDiff, AnOutputOfAnotherTypeOrMissingIsOutsideTheBound) {
  const LevelDiff d =
      diff_levels("f", {ran("hir", {f32({kOne, kTwo}), f32({kOne})}), ran("tir", {f32({kOne, kTwo, kThree})})});
  EXPECT_EQ(level_diff_exit_code(d), kExitCheckFailed);
  EXPECT_EQ(level_diff_text(d),
            "@f at hir, tir; reference: hir\n"
            "hir: ran\n"
            "tir: ran\n"
            "output[0] Tensor[(2,), f32]: the levels disagree; identical bits: {hir} {tir}\n"
            "  tir: Tensor[(3,), f32], not Tensor[(2,), f32]\n"
            "  bound: 0 ulps; outside it: tir\n"
            "output[1] Tensor[(1,), f32]: the levels disagree; identical bits: {hir}\n"
            "  tir: no output[1]\n"
            "  bound: 0 ulps; outside it: tir\n");
}

TEST(LevelDiff, FailedAndSkippedLevels) {
  Diagnostic race = rule_error("ub.race", "undefined behaviour: a race");
  race.location = {"p.tfir", 3, 5};
  const LevelDiff one_failed =
      diff_levels("f", {ran("hir", {f32({kOne})}), failed("tir", race), ran("emu", {f32({kOne})}),
                        skipped("gpu", "no CUDA device is visible")});
  EXPECT_EQ(level_diff_exit_code(one_failed), kExitCheckFailed);  // a level failed where others ran
  EXPECT_EQ(level_diff_text(one_failed),
            "@f at hir, tir, emu, gpu; reference: hir\n"
            "hir: ran\n"
            "tir: failed\n"
            "p.tfir:3:5: error[ub.race]: undefined behaviour: a race\n"
            "emu: ran\n"
            "gpu: skipped: no CUDA device is visible\n"
            "output Tensor[(1,), f32]: hir, emu agree bit for bit\n");
  const nlohmann::ordered_json j = level_diff_json(one_failed);
  EXPECT_EQ(j["levels"][1]["status"], "failed");
  EXPECT_EQ(j["levels"][1]["diagnostic"]["rule"], "ub.race");
  EXPECT_EQ(j["levels"][1]["diagnostic"]["line"], 3);
  EXPECT_EQ(j["levels"][3]["reason"], "no CUDA device is visible");

  const LevelDiff only_one = diff_levels("f", {ran("hir", {f32({kOne})}), skipped("gpu", "no CUDA device is visible")});
  EXPECT_EQ(level_diff_exit_code(only_one), kExitOk);
  EXPECT_TRUE(only_one.outputs.empty());
  EXPECT_EQ(level_diff_text(only_one),
            "@f at hir, gpu; reference: hir\n"
            "hir: ran\n"
            "gpu: skipped: no CUDA device is visible\n"
            "nothing to compare: only hir ran\n");

  const LevelDiff none = diff_levels("f", {failed("hir", race), failed("tir", race)});
  EXPECT_EQ(level_diff_exit_code(none), kExitBadInput);  // the program's diagnostic at every level
  EXPECT_EQ(none.reference, "");
  EXPECT_EQ(level_diff_json(none)["reference"], nullptr);

  const LevelDiff internal = diff_levels(
      "f", {ran("hir", {f32({kOne})}), failed("emu", category_error(DiagCategory::Internal, "g++ refused"))});
  EXPECT_EQ(level_diff_exit_code(internal), kExitInternalError);
}

}  // namespace
}  // namespace tf::cli
