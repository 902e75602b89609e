// The campaign report (fuzz/campaign/campaign_report.h, report_html.h, svg_chart.h): the JSON of a
// hand-built campaign has exactly its fields and values, the page escapes whatever the campaign
// names, links reproducers relative to itself and is the same text for the same report, and a
// campaign keeps a bounded, evenly thinned record of its progress.
#include "fuzz/campaign/campaign_report.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <string>

#include "fuzz/campaign/campaign.h"
#include "fuzz/campaign/report_html.h"
#include "fuzz/campaign/reproducer.h"
#include "fuzz/campaign/svg_chart.h"

namespace tf::fuzz {
namespace {

// A campaign of two properties: hir-eval ran 10 cases with one finding, tir-vs-gpu was skipped.
CampaignReport small_report() {
  CampaignReport r;
  r.tool = "TileFoundry-C++ test";
  r.seed = 7;
  r.shard = "1/4";
  r.time_budget = 30;
  PropertyReport p;
  CampaignResult& c = p.result;
  c.property = "hir-eval";
  c.cases = 10;
  c.passed = 9;
  c.failed = 1;
  c.seconds = 2.5;
  c.generate_seconds = 1;
  c.check_seconds = 1;
  c.shrink_seconds = 0.3;
  c.tags = {{"add", 6}, {"matmul", 4}};
  c.ops = {{"add", 6}};
  c.samples = {{0, 0, 0, 0, 0}, {1.25, 5, 0, 1, 1}, {2.5, 10, 1, 2, 1}};
  Finding f;
  f.origin = FindingOrigin{"hir-eval", 7, 41, "the evaluation differs"};
  f.description = "the evaluation differs: at element 3";
  f.reproducer = "tfir 1\n";
  f.shrink_steps = 3;
  f.found_after = 1.5;
  f.shrink_seconds = 0.3;
  f.lines_before = 12;
  f.lines_after = 6;
  f.lines_reduced = 4;
  f.reduce_seconds = 0.5;
  f.repeats = 2;
  c.findings = {f};
  p.reproducers = {"out/findings/hir-eval-seed-7-case-41.tfir"};
  PropertyReport skipped;
  skipped.result.property = "tir-vs-gpu";
  skipped.skipped = "no CUDA device is visible";
  r.properties = {p, skipped};
  return r;
}

TEST(CampaignReport, TheJsonHasExactlyTheCampaignsFieldsAndValues) {
  nlohmann::json want = nlohmann::json::parse(R"({
    "tool": "TileFoundry-C++ test", "seed": 7, "shard": "1/4", "time_budget": 30.0, "case_budget": null, "plant": null,
    "interrupted": false,
    "properties": [
      {"property": "hir-eval", "seed": 7, "shard": "1/4", "cases": 10, "passed": 9, "discarded": 0, "failed": 1,
       "seconds": 2.5, "generate_seconds": 1.0, "check_seconds": 1.0, "prefetch_seconds": 0.0, "shrink_seconds": 0.3,
       "reduce_seconds": 0.5, "stopped_by_time": false, "interrupted": false,
       "labels": {"add": 6, "matmul": 4}, "ops": {"add": 6},
       "findings": [
         {"property": "hir-eval", "seed": 7, "case": 41, "shard": "1/4", "kind": "the evaluation differs",
          "description": "the evaluation differs: at element 3", "reproducer": "out/findings/hir-eval-seed-7-case-41.tfir",
          "shrink_steps": 3, "shrink_seconds": 0.3, "lines_before": 12, "lines_after": 6, "lines_reduced": 4,
          "reduce_seconds": 0.5, "repeats": 2, "found_after": 1.5, "tool": "",
          "replay": "tf conform out/findings/hir-eval-seed-7-case-41.tfir",
          "rerun": "tf fuzz --property hir-eval --seed 7 --from 41 --cases 1"}],
       "samples": [{"seconds": 0.0, "cases": 0, "failed": 0, "labels": 0, "ops": 0},
                   {"seconds": 1.25, "cases": 5, "failed": 0, "labels": 1, "ops": 1},
                   {"seconds": 2.5, "cases": 10, "failed": 1, "labels": 2, "ops": 1}]},
      {"property": "tir-vs-gpu", "skipped": "no CUDA device is visible"}
    ]})");
  want["properties"][0]["findings"][0]["tool"] = tool_version();
  const CampaignReport r = small_report();
  EXPECT_EQ(report_json(r), want) << report_json(r).dump(1);
  // `tf fuzz --json` prints the same objects without the samples.
  nlohmann::json brief = want["properties"][0];
  brief.erase("samples");
  EXPECT_EQ(property_json(r.properties[0], 7, "1/4", /*samples=*/false), brief);
}

TEST(CampaignReport, ThePageShowsTheCampaignAndLinksTheReproducerRelativeToItself) {
  const CampaignReport r = small_report();
  const std::string html = report_html(r, "out");
  EXPECT_EQ(html, report_html(r, "out"));  // the same report, the same page
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">\n", 0), 0u);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  for (const char* piece :
       {"<p>TileFoundry-C++ test, seed 7, shard 1/4, at most 30 s per property.</p>\n",
        "<p>Properties run: 1, skipped: 1. Cases: 10, failed: 1. Findings: 1. The data: <a "
        "href=\"report.json\">report.json</a>.</p>\n",
        "<tr><td><a href=\"#p-hir-eval\">hir-eval</a></td><td>10</td><td>4.0</td><td "
        "class=\"failed\">1</td><td>1</td><td>3.0</td><td><svg ",
        "<tr class=\"skipped\"><td>tir-vs-gpu</td><td colspan=\"6\">skipped: no CUDA device is visible</td></tr>\n",
        "<section id=\"p-hir-eval\">\n<h2>hir-eval</h2>\n<p>10 cases (9 passed, 0 discarded, 1 failed) in 2.5 s, 4.0 "
        "cases/s.</p>\n",
        "<td>1.0 s (33%)</td><td>1.0 s (33%)</td><td>0.0 s (0%)</td><td>0.3 s (10%)</td><td>0.5 s (17%)</td><td>0.2 s "
        "(7%)</td>",
        "<p>Case 41 of seed 7, found after 1.5 s; shrunk in 3 steps (0.3 s), reproducer 12 &rarr; 6 code lines, "
        "reduced to 4 (0.5 s); 2 more "
        "cases failed the same way.</p>\n",
        "<p>Reproducer: <a "
        "href=\"findings/hir-eval-seed-7-case-41.tfir\">findings/hir-eval-seed-7-case-41.tfir</a></p>\n"
        "<p>Replay: <code>tf conform out/findings/hir-eval-seed-7-case-41.tfir</code></p>\n"
        "<p>Run the case again: <code>tf fuzz --property hir-eval --seed 7 --from 41 --cases 1</code></p>\n"
        "<pre>the evaluation differs: at element 3</pre>\n",
        "<title>add</title>", "60.0% (6)", "cases over time", "cases per second", "coverage over time"})
    EXPECT_NE(html.find(piece), std::string::npos) << piece << "\n---\n" << html;
}

// Names, labels, kinds and descriptions come from the campaign (and a description from a
// diagnostic quoting user text): each is escaped where the page writes it.
TEST(CampaignReport, ThePageEscapesEveryNameAndMessage) {
  CampaignReport r = small_report();
  r.properties[0].result.property = "<script>alert(1)</script>";
  r.properties[0].result.tags = {{"<script>label", 3}};
  r.properties[0].result.findings[0].origin.kind = "kind <script>";
  r.properties[0].result.findings[0].description = "x = \"<script>\" & more";
  r.properties[0].reproducers = {"out/<script>.tfir"};
  r.properties[1].skipped = "<script>why";
  r.plant = "<script>plant";
  const std::string html = report_html(r, "out");
  EXPECT_EQ(html.find("<script"), std::string::npos) << html;
  EXPECT_NE(html.find("<svg "), std::string::npos);
  for (const char* piece :
       {"<h2>&lt;script&gt;alert(1)&lt;/script&gt;</h2>", "<section id=\"p-&lt;script&gt;alert(1)&lt;/script&gt;\">",
        "<title>&lt;script&gt;label</title>", "<b>kind &lt;script&gt;</b>",
        "<pre>x = &quot;&lt;script&gt;&quot; &amp; more</pre>", "<a href=\"&lt;script&gt;.tfir\">",
        "skipped: &lt;script&gt;why", "planted bug &lt;script&gt;plant active"})
    EXPECT_NE(html.find(piece), std::string::npos) << piece;
}

TEST(CampaignReport, AReproducerIsLinkedRelativeToThePageWhenItLiesUnderIt) {
  EXPECT_EQ(path_from("out/findings/a.tfir", "out"), "findings/a.tfir");
  EXPECT_EQ(path_from("out/findings/a.tfir", "out/"), "findings/a.tfir");
  EXPECT_EQ(path_from("./out/a.tfir", "out"), "a.tfir");
  EXPECT_EQ(path_from("/r/out/a.tfir", "/r/out"), "a.tfir");
  EXPECT_EQ(path_from("elsewhere/a.tfir", "out"), "elsewhere/a.tfir");  // not under it: as given
  EXPECT_EQ(path_from("/r/a.tfir", "out"), "/r/a.tfir");
}

TEST(CampaignReport, ChartsRunTheirAxesToRoundNumbersAndEscapeTheirTexts) {
  EXPECT_DOUBLE_EQ(round_up_nicely(0), 1);
  EXPECT_DOUBLE_EQ(round_up_nicely(3), 5);
  EXPECT_DOUBLE_EQ(round_up_nicely(10), 10);
  EXPECT_DOUBLE_EQ(round_up_nicely(11), 20);
  EXPECT_DOUBLE_EQ(round_up_nicely(0.3), 0.5);
  EXPECT_EQ(tick_text(0), "0");
  EXPECT_EQ(tick_text(2.5), "2.5");
  EXPECT_EQ(tick_text(0.25), "0.25");
  EXPECT_EQ(tick_text(250), "250");
  EXPECT_EQ(tick_text(15000), "15k");
  EXPECT_EQ(tick_text(1500000), "1.5M");
  const std::string line = svg_line_chart("a<b", "s", "n", {{"x&y", "#123456", {{0, 0}, {2, 8}}}});
  EXPECT_EQ(line.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(line.find(">a&lt;b</text>"), std::string::npos) << line;
  EXPECT_NE(line.find("<polyline points=\"46.0,166.0 328.0,28.0\" fill=\"none\" stroke=\"#123456\""), std::string::npos)
      << line;
  const std::string bars =
      svg_bar_chart("t", {{"a very long label that is cut to fit its column of the chart", 2, "2"}, {"b", 1, "1"}});
  EXPECT_NE(bars.find("<title>a very long label that is cut to fit its column of the chart</title>"),
            std::string::npos);
  EXPECT_NE(bars.find(">a very long label that is cut to f...</text>"), std::string::npos) << bars;
}

// A campaign samples its progress at most kMaxCampaignSamples times, from its start to its end,
// evenly over its cases.
TEST(CampaignReport, ACampaignKeepsABoundedRecordOfItsProgress) {
  const Property p{"draws", "draws one int", [] { (void)*rc::gen::arbitrary<int>(); }, [] { return std::string(); }, 1};
  CampaignOptions o;
  o.seconds = 0;
  o.cases = 5000;
  const CampaignResult r = run_campaign(p, o);
  ASSERT_GE(r.samples.size(), 2u);
  EXPECT_LE(r.samples.size(), kMaxCampaignSamples);
  EXPECT_GT(r.samples.size(), kMaxCampaignSamples / 4);
  EXPECT_EQ(r.samples.front().cases, 0);
  EXPECT_EQ(r.samples.back().cases, 5000);
  for (std::size_t i = 1; i < r.samples.size(); ++i) {
    EXPECT_GT(r.samples[i].cases, r.samples[i - 1].cases);
    EXPECT_GE(r.samples[i].seconds, r.samples[i - 1].seconds);
  }
  EXPECT_EQ(r.prefetch_seconds, 0);
  EXPECT_LE(r.generate_seconds + r.check_seconds, r.seconds);
}

}  // namespace
}  // namespace tf::fuzz
