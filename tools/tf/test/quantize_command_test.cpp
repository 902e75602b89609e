#include "tools/tf/quantize_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "driver/report.h"

namespace tf::cli {
namespace {

struct QuantizeRun {
  int code;
  std::string out, err;
};

QuantizeRun quantize(QuantizeRequest r) {
  std::ostringstream out, err;
  int code = run_quantize(r, out, err);
  return {code, out.str(), err.str()};
}

TEST(TfQuantize, MxFp8OcpAndRceilVectors) {
  // docs/numerics.md "Test vectors", M1 (floor / ocp) and M2 (rceil).
  QuantizeRun ocp = quantize({.values = {"1.9", "0.5", "-0.03"}, .to = "MXFP8_E4M3", .json = true});
  ASSERT_EQ(ocp.code, kExitOk) << ocp.err;
  nlohmann::json j = nlohmann::json::parse(ocp.out);
  EXPECT_EQ(j["scale_method"], "ocp");
  EXPECT_EQ(j["padded"], 29);
  ASSERT_EQ(j["blocks"].size(), 1u);
  EXPECT_EQ(j["blocks"][0]["scale_code"], "0x77");
  EXPECT_EQ(j["blocks"][0]["elements"][0]["code"], "0x7e");
  EXPECT_EQ(j["blocks"][0]["elements"][0]["value"], 1.75);
  EXPECT_EQ(j["blocks"][0]["elements"][1]["code"], "0x70");
  EXPECT_EQ(j["blocks"][0]["elements"][2]["code"], "0xcf");
  EXPECT_EQ(j["blocks"][0]["elements"][2]["value"], -0.029296875);
  EXPECT_EQ(j["tensor_scale"], nullptr);

  QuantizeRun rceil = quantize(
      {.values = {"1.9", "0.5", "-0.03"}, .to = "MXFP8_E4M3", .scale_method = "rceil", .json = true});
  nlohmann::json k = nlohmann::json::parse(rceil.out);
  EXPECT_EQ(k["blocks"][0]["scale_code"], "0x78");
  EXPECT_EQ(k["blocks"][0]["elements"][0]["code"], "0x77");
  EXPECT_EQ(k["blocks"][0]["elements"][0]["value"], 1.875);
}

TEST(TfQuantize, TextShowsBlocksAndElements) {
  QuantizeRun r = quantize({.values = {"7", "1", "-0.75"}, .to = "MXFP4"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  // M10: ocp clips 7 to 6.
  EXPECT_EQ(r.out,
            "MXFP4 (ocp scale method), shape (32), padded with 29 zeros\n"
            "block 0: scale 0x7f = 1\n"
            "  [0] 7 -> 0x07 = 6\n"
            "  [1] 1 -> 0x02 = 1\n"
            "  [2] -0.75 -> 0x0a = -1\n");
}

TEST(TfQuantize, Nvfp4ShowsTheTensorScale) {
  // N1-N4's first block: global amax 10 gives s_global = 1/268.8 (f32 0x3b73d1fc).
  QuantizeRun r = quantize({.values = {"10", "-5", "1", "0.3"}, .to = "NVFP4", .json = true});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["scale_method"], "nvfp4");
  EXPECT_EQ(j["blocks"][0]["scale_code"], "0x7e");
  EXPECT_EQ(j["blocks"][0]["elements"][0]["code"], "0x07");
  EXPECT_EQ(j["blocks"][0]["elements"][1]["code"], "0x0d");
  EXPECT_EQ(j["blocks"][0]["elements"][2]["code"], "0x01");
  EXPECT_EQ(j["blocks"][0]["elements"][3]["code"], "0x00");
}

TEST(TfQuantize, ExplicitShapeMustHoldWholeBlocks) {
  QuantizeRun r = quantize({.values = {"1", "2", "3"}, .to = "MXFP4", .shape = {3}});
  EXPECT_EQ(r.code, kExitBadInput);
  EXPECT_NE(r.err.find("DTREP.LEVELEXTENT.int-cardinality"), std::string::npos) << r.err;
}

TEST(TfQuantize, BadInputsExitTwo) {
  EXPECT_EQ(quantize({.values = {"1"}, .to = "f32"}).code, kExitBadInput);
  EXPECT_EQ(quantize({.values = {"1"}, .to = "MXFP4", .scale_method = "best"}).code, kExitBadInput);
  EXPECT_EQ(quantize({.values = {"1"}, .to = "MXFP4", .scale_method = "nvfp4"}).code, kExitBadInput);
  EXPECT_EQ(quantize({.values = {"one"}, .to = "MXFP4"}).code, kExitBadInput);
}


TEST(TfQuantize, AnInfiniteValueGivesTheNaNScale) {
  // An infinity in an MX block makes its scale the NaN code 0xff (the values once entered as the
  // largest finite f32 instead, giving the finite scale 0xfc).
  QuantizeRun r = quantize({.values = {"-inf", "1"}, .to = "MXFP4", .json = true});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["blocks"][0]["scale_code"], "0xff");
}

}  // namespace
}  // namespace tf::cli
