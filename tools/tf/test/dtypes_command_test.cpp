#include "tools/tf/dtypes_command.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace tf::cli {
namespace {

nlohmann::json dtypes_json() {
  std::ostringstream out;
  EXPECT_EQ(run_dtypes(true, out), 0);
  return nlohmann::json::parse(out.str());
}

const nlohmann::json& find(const nlohmann::json& all, const std::string& name) {
  for (const auto& d : all)
    if (d["name"] == name) return d;
  static const nlohmann::json kNone;
  ADD_FAILURE() << "no dtype " << name;
  return kNone;
}

TEST(TfDtypes, ListsAllThirteenSimpleAndSevenBlockScaledDtypes) {
  nlohmann::json all = dtypes_json();
  ASSERT_EQ(all.size(), 20u);
  std::vector<std::string> names;
  for (const auto& d : all) names.push_back(d["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{
                       "f32", "f16", "bf16", "fp8e4m3", "fp8e5m2", "f8e8m0", "f6e3m2", "f6e2m3",
                       "f4e2m1", "i8", "i32", "i64", "bool", "MXFP8_E4M3", "MXFP8_E5M2",
                       "MXFP6_E3M2", "MXFP6_E2M3", "MXFP4", "MXINT8", "NVFP4"}));
}

TEST(TfDtypes, Fp8E4M3Facts) {
  nlohmann::json all = dtypes_json();
  const nlohmann::json& d = find(all, "fp8e4m3");
  EXPECT_EQ(d["bits"], 8);
  EXPECT_EQ(d["bias"], 7);
  EXPECT_EQ(d["max_finite"], 448.0);
  EXPECT_EQ(d["max_finite_code"], "0x7e");
  EXPECT_EQ(d["min_normal"], 0.015625);
  EXPECT_EQ(d["min_subnormal"], 0.001953125);
  EXPECT_EQ(d["inf_codes"], nlohmann::json::array());
  EXPECT_EQ(d["nan_codes"], nlohmann::json({"0x7f", "0xff"}));
}

TEST(TfDtypes, E8M0AndE5M2Facts) {
  nlohmann::json all = dtypes_json();
  const nlohmann::json& e8 = find(all, "f8e8m0");
  EXPECT_EQ(e8["bias"], 127);
  EXPECT_EQ(e8["max_finite_code"], "0xfe");
  EXPECT_EQ(e8["min_subnormal"], nullptr);
  EXPECT_EQ(e8["nan_codes"], nlohmann::json({"0xff"}));
  const nlohmann::json& e5 = find(all, "fp8e5m2");
  EXPECT_EQ(e5["max_finite"], 57344.0);
  EXPECT_EQ(e5["inf_codes"], nlohmann::json({"0x7c", "0xfc"}));
  EXPECT_EQ(e5["nan_codes"], nlohmann::json({"0x7d", "0x7e", "0x7f", "0xfd", "0xfe", "0xff"}));
}

TEST(TfDtypes, IntegerAndCompoundFacts) {
  nlohmann::json all = dtypes_json();
  EXPECT_EQ(find(all, "i8")["min"], -128);
  EXPECT_EQ(find(all, "i8")["max"], 127);
  const nlohmann::json& mx = find(all, "MXFP4");
  EXPECT_EQ(mx["planes"], nlohmann::json({"f4e2m1", "f8e8m0"}));
  EXPECT_EQ(mx["bits_per_element"], 4.25);
  const nlohmann::json& nv = find(all, "NVFP4");
  EXPECT_EQ(nv["planes"], nlohmann::json({"f4e2m1", "fp8e4m3", "f32"}));
  EXPECT_EQ(nv["levels"], nlohmann::json::parse(
                              R"([{"scale": "fp8e4m3", "block": 16}, {"scale": "f32", "block": "Whole"}])"));
  EXPECT_EQ(nv["bits_per_element"], "4.5 + 32/n");
}

TEST(TfDtypes, TextListsFactsPerDtype) {
  std::ostringstream out;
  ASSERT_EQ(run_dtypes(false, out), 0);
  std::string s = out.str();
  EXPECT_NE(s.find("fp8e4m3   float, 8 bits (1 sign, 4 exponent, 3 mantissa), bias 7"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("max finite 448 (0x7e), min normal 0.015625 (2^-6), min subnormal "
                   "0.001953125 (2^-9)"),
            std::string::npos);
  EXPECT_NE(s.find("inf: none; nan: 0x7f, 0xff"), std::string::npos);
  EXPECT_NE(s.find("MXFP4"), std::string::npos);
}

}  // namespace
}  // namespace tf::cli
