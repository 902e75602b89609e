// `tf fuzz --report DIR` (docs/fuzzing.md, "The report"): at the end of the run DIR holds
// index.html, a self-contained page without script, and report.json, its data; without --out the
// reproducers go under DIR/findings, and the page links them relative to itself.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "tools/tf/test/tf_binary.h"

namespace tf::cli::test {
namespace {

namespace fs = std::filesystem;

// A fresh empty folder under gtest's temporary folder (it does not exist: tf creates it).
std::string fresh_path(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  return dir.string();
}

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(FuzzReport, AReportIsAPageAndItsDataWithoutScript) {
  const std::string dir = fresh_path("tf_fuzz_report");
  const TfRun r = run_tf_binary("fuzz --property hir-eval --seed 1 --cases 20 --time 0 --no-progress --report " + dir);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(holds(r.out, "wrote " + dir + "/index.html (the data: " + dir + "/report.json)\n")) << r.out;
  const std::string html = file_text(fs::path(dir) / "index.html");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(holds(html, "<h2>hir-eval</h2>")) << html;
  EXPECT_TRUE(holds(html, "<svg "));
  EXPECT_FALSE(holds(html, "<script"));
  const nlohmann::json report = nlohmann::json::parse(file_text(fs::path(dir) / "report.json"));
  ASSERT_EQ(report["properties"].size(), 1u);
  const nlohmann::json& p = report["properties"][0];
  EXPECT_EQ(p["property"], "hir-eval");
  EXPECT_EQ(p["cases"], 20);
  EXPECT_EQ(p["samples"].front()["cases"], 0);
  EXPECT_EQ(p["samples"].back()["cases"], 20);
  EXPECT_FALSE(p["ops"].empty());  // the generated programs' ops
  fs::remove_all(dir);
}

// The planted crd2idx bug's finding: its law case under DIR/findings, linked from the page with
// the command that replays it, failing under the plant and passing without it.
TEST(FuzzReport, AFindingIsLinkedWithTheCommandThatReplaysIt) {
  if (holds(run_tf_binary("fuzz --list-plants").out, "this build has no plants"))
    GTEST_SKIP() << "a build without planted bugs";
  const std::string dir = fresh_path("tf_fuzz_report_finding");
  const TfRun r = run_tf_binary(
      "fuzz --plant crd2idx-nested-off-by-one --property layout-laws --seed 1 --cases 20 --time 0 "
      "--max-findings 1 --shrink-time 5 --reduce-time 5 --no-progress --report " +
      dir);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  const nlohmann::json report = nlohmann::json::parse(file_text(fs::path(dir) / "report.json"));
  const nlohmann::json& f = report["properties"][0]["findings"][0];
  ASSERT_TRUE(f["reproducer"].is_string()) << report.dump(1);
  const std::string file = f["reproducer"].get<std::string>();
  EXPECT_EQ(fs::path(file).parent_path(), fs::path(dir) / "findings");
  EXPECT_EQ(report["plant"], "crd2idx-nested-off-by-one");
  const std::string html = file_text(fs::path(dir) / "index.html");
  const std::string link = "findings/" + fs::path(file).filename().string();
  EXPECT_TRUE(holds(html, "<a href=\"" + link + "\">" + link + "</a>")) << html;
  EXPECT_TRUE(holds(html, "<code>TF_PLANT=crd2idx-nested-off-by-one tf conform " + file + "</code>")) << html;
  EXPECT_FALSE(holds(html, "<script"));
  const std::string rules = std::string(" --rules ") + TF_SOURCE_ROOT + "/conformance/rules.tsv ";
  const TfRun clean = run_tf_binary("conform" + rules + file);
  EXPECT_EQ(clean.exit_code, 0) << clean.out;
  setenv("TF_PLANT", "crd2idx-nested-off-by-one", 1);  // what the page's replay command sets
  const TfRun planted = run_tf_binary("conform" + rules + file);
  unsetenv("TF_PLANT");
  EXPECT_EQ(planted.exit_code, 1) << planted.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf::cli::test
