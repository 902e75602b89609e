// The JSON form of diagnostics that `tf ... --json` prints, and the one voice of a refusal and of
// a file written.
#include "driver/report.h"

#include <gtest/gtest.h>

#include <sstream>

namespace tf::cli {
namespace {

TEST(DiagnosticJson, RelatedLocationsAreListedWithTheirPositions) {
  Diagnostic d = rule_error("TIR.1.3.VERIFY.fresh-var-let", "LetStmt binds the Var 'v' twice");
  d.location = {"r.tfir", 4, 9};
  d.related.push_back({{"r.tfir", 3, 5}, "the LetStmt that bound 'v' first"});
  d.related.push_back({{}, "somewhere without a position"});
  const nlohmann::json j = diagnostic_json(d);
  EXPECT_EQ(j["line"], 4);
  ASSERT_EQ(j["related"].size(), 2u);
  EXPECT_EQ(j["related"][0]["message"], "the LetStmt that bound 'v' first");
  EXPECT_EQ(j["related"][0]["file"], "r.tfir");
  EXPECT_EQ(j["related"][0]["line"], 3);
  EXPECT_EQ(j["related"][0]["column"], 5);
  EXPECT_FALSE(j["related"][1].contains("line"));
  EXPECT_FALSE(diagnostic_json(rule_error("X", "y")).contains("related"));
}

// Issue 42: every subcommand refuses with "tf: " and says a written file with "wrote PATH".
TEST(OneVoice, ARefusalStartsWithTfAndAFileWrittenIsSaid) {
  Diagnostic d = category_error(DiagCategory::Parse, "no op is spelled 'softmaxx'");
  d.location = {"t.tfir", 3, 9};
  d.notes.push_back("did you mean: softmax");
  std::ostringstream err;
  EXPECT_EQ(report_pipeline_failure({d}, err, /*json=*/false), kExitBadInput);
  EXPECT_EQ(report_bad_input({category_error(DiagCategory::Usage, "--levels is required")}, err, /*json=*/false),
            kExitBadInput);
  EXPECT_EQ(err.str(),
            "tf: t.tfir:3:9: error[parse]: no op is spelled 'softmaxx'\nnote: did you mean: softmax\n"
            "tf: error[usage]: --levels is required\n");
  std::ostringstream json;
  write_refusal(d, json, /*json=*/true);
  EXPECT_EQ(json.str().substr(0, 2), "{\"");  // JSON lines carry no prefix
  std::ostringstream out;
  say_wrote(out, "m.cu");
  say_wrote(out, "o/out0.npy", "output Tensor[(2,), f32]");
  EXPECT_EQ(out.str(), "wrote m.cu\nwrote o/out0.npy (output Tensor[(2,), f32])\n");
}

}  // namespace
}  // namespace tf::cli
