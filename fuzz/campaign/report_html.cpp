#include "fuzz/campaign/report_html.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "fuzz/campaign/reproducer.h"
#include "fuzz/campaign/svg_chart.h"
#include "ir/support/xml_escape.h"

namespace tf::fuzz {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kDescriptionChars = 2000;  // as much of a failure's description as the summary prints

const char* const kStyle =
    "body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1100px; }\n"
    "table { border-collapse: collapse; margin: 0.5em 0; }\n"
    "th, td { border-bottom: 1px solid #ddd; padding: 3px 10px; text-align: right; vertical-align: middle; }\n"
    "th:first-child, td:first-child { text-align: left; }\n"
    "tr.skipped td { color: #888; }\n"
    "code, pre { background: #f4f4f4; }\n"
    "pre { padding: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }\n"
    ".charts svg { margin-right: 10px; }\n"
    ".key span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }\n"
    ".failed { color: #b00020; }\n";

// One phase of a property's time: its name, seconds and colour.
struct Phase {
  const char* name;
  double seconds;
  const char* colour;
};

// How a property's time split: the campaign's phases, the reduction after it, and the rest.
std::vector<Phase> phases(const CampaignResult& r) {
  const double measured = r.generate_seconds + r.check_seconds + r.prefetch_seconds + r.shrink_seconds;
  return {
      {"generating", r.generate_seconds, "#4e79a7"},      {"checking", r.check_seconds, "#59a14f"},
      {"compiling ahead", r.prefetch_seconds, "#edc948"}, {"shrinking", r.shrink_seconds, "#e15759"},
      {"reducing", reduce_seconds(r), "#b07aa1"},         {"other", std::max(0.0, r.seconds - measured), "#bab0ac"}};
}

double rate(std::int64_t cases, double seconds) { return seconds > 0 ? static_cast<double>(cases) / seconds : 0; }

std::string anchor(const std::string& property) { return xml_escape("p-" + property); }

// The bars of a histogram of cases per key, most cases first (then by name), at most
// kMaxReportBars, each noted with its share of `cases`; `more` counts the keys left out.
std::vector<ChartBar> histogram(const std::map<std::string, std::int64_t>& counts, std::int64_t cases,
                                std::size_t& more) {
  std::vector<std::pair<std::int64_t, std::string>> order;
  for (const auto& [key, n] : counts) order.emplace_back(-n, key);
  std::sort(order.begin(), order.end());
  more = order.size() > kMaxReportBars ? order.size() - kMaxReportBars : 0;
  order.resize(std::min(order.size(), kMaxReportBars));
  std::vector<ChartBar> bars;
  for (const auto& [negative, key] : order) {
    const double share = cases > 0 ? 100.0 * static_cast<double>(-negative) / static_cast<double>(cases) : 0;
    bars.push_back({key, static_cast<double>(-negative), fmt::format("{:.1f}% ({})", share, -negative)});
  }
  return bars;
}

// A histogram of cases per `one` (`many` in the plural) under the heading `title`.
std::string histogram_section(const char* title, const char* one, const char* many,
                              const std::map<std::string, std::int64_t>& counts, std::int64_t cases) {
  std::string out = fmt::format("<h3>{}</h3>\n", title);
  if (counts.empty()) return out + fmt::format("<p>No {}.</p>\n", many);
  std::size_t more = 0;
  out += svg_bar_chart(fmt::format("share of cases per {}", one), histogram(counts, cases, more));
  if (more > 0)
    out += fmt::format("<p>And {} more {}, with fewer cases each (report.json lists them).</p>\n", more, many);
  return out;
}

std::string charts(const CampaignResult& r) {
  ChartSeries cases{"cases", "#4e79a7", {}}, per_second{"cases/s", "#f28e2b", {}};
  ChartSeries labels{"labels seen", "#59a14f", {}}, ops{"ops seen", "#b07aa1", {}};
  for (std::size_t i = 0; i < r.samples.size(); ++i) {
    const CampaignSample& s = r.samples[i];
    cases.points.emplace_back(s.seconds, static_cast<double>(s.cases));
    labels.points.emplace_back(s.seconds, static_cast<double>(s.labels));
    ops.points.emplace_back(s.seconds, static_cast<double>(s.ops));
    if (i == 0) continue;
    const CampaignSample& before = r.samples[i - 1];  // the rate over the interval up to this sample
    if (s.seconds > before.seconds)
      per_second.points.emplace_back(s.seconds, rate(s.cases - before.cases, s.seconds - before.seconds));
  }
  std::vector<ChartSeries> coverage{labels};
  if (!r.ops.empty()) coverage.push_back(ops);
  return "<div class=\"charts\">\n" + svg_line_chart("cases over time", "seconds", "cases", {cases}) +
         svg_line_chart("cases per second", "seconds", "cases/s", {per_second}) +
         svg_line_chart("coverage over time", "seconds", "distinct kinds seen", coverage) + "</div>\n";
}

std::string finding_item(const Finding& f, const std::string& path, const CampaignReport& report,
                         const std::string& report_dir) {
  const std::string plant_env = report.plant.empty() ? "" : "TF_PLANT=" + report.plant + " ";
  const std::string plant_option = report.plant.empty() ? "" : " --plant " + report.plant;
  std::string out = "<li>\n";
  out += fmt::format("<p class=\"failed\"><b>{}</b></p>\n", xml_escape(f.origin.kind));
  out += fmt::format(
      "<p>Case {} of seed {}, found after {:.1f} s; shrunk in {} steps ({:.1f} s), reproducer {} &rarr; {} code lines",
      f.origin.case_index, f.origin.seed, f.found_after, f.shrink_steps, f.shrink_seconds, f.lines_before,
      f.lines_after);
  if (f.reduce_seconds > 0) out += fmt::format(", reduced to {} ({:.1f} s)", f.lines_reduced, f.reduce_seconds);
  if (f.repeats > 0) out += fmt::format("; {} more cases failed the same way", f.repeats);
  out += ".</p>\n";
  if (!path.empty()) {
    const std::string link = path_from(path, report_dir);
    out += fmt::format("<p>Reproducer: <a href=\"{}\">{}</a></p>\n", xml_escape(link), xml_escape(link));
    out +=
        fmt::format("<p>Replay: <code>{}</code></p>\n", xml_escape(plant_env + replay_command(path, f.raw_reproducer)));
  } else {
    out += fmt::format("<p>No reproducer file{}.</p>\n",
                       f.reproducer.empty() ? " (the property records none)" : " was written");
  }
  out +=
      fmt::format("<p>Run the case again: <code>{}</code></p>\n", xml_escape(rerun_command(f.origin) + plant_option));
  out += fmt::format("<pre>{}</pre>\n", xml_escape(f.description.substr(0, kDescriptionChars)));
  if (path.empty() && !f.example.empty())
    out += fmt::format("<p>Counterexample:</p>\n<pre>{}</pre>\n", xml_escape(f.example));
  return out + "</li>\n";
}

std::string property_section(const PropertyReport& p, const CampaignReport& report, const std::string& report_dir) {
  const CampaignResult& r = p.result;
  std::string out = fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n", anchor(r.property), xml_escape(r.property));
  out += fmt::format("<p>{} cases ({} passed, {} discarded, {} failed) in {:.1f} s, {:.1f} cases/s{}.</p>\n", r.cases,
                     r.passed, r.discarded, r.failed, r.seconds, rate(r.cases, r.seconds),
                     r.interrupted       ? "; interrupted (Ctrl-C)"
                     : r.stopped_by_time ? "; stopped by the time budget"
                                         : "");
  std::string head, cells;
  const std::vector<Phase> split = phases(r);
  double total = 0;
  for (const Phase& ph : split) total += ph.seconds;
  for (const Phase& ph : split) {
    head += fmt::format("<th>{}</th>", ph.name);
    cells += fmt::format("<td>{:.1f} s ({:.0f}%)</td>", ph.seconds, total > 0 ? 100 * ph.seconds / total : 0);
  }
  out +=
      fmt::format("<table class=\"split\">\n<tr><th>time</th>{}</tr>\n<tr><td></td>{}</tr>\n</table>\n", head, cells);
  out += charts(r);
  out += histogram_section("Labels", "label", "labels", r.tags, r.cases);
  out += histogram_section("Ops and statements", "op or statement kind", "op or statement kinds", r.ops, r.cases);
  out += "<h3>Findings</h3>\n";
  if (r.findings.empty()) return out + "<p>No case failed.</p>\n</section>\n";
  out += "<ol>\n";
  for (std::size_t i = 0; i < r.findings.size(); ++i)
    out += finding_item(r.findings[i], i < p.reproducers.size() ? p.reproducers[i] : "", report, report_dir);
  return out + "</ol>\n</section>\n";
}

std::string overview(const CampaignReport& r) {
  std::string rows;
  std::int64_t cases = 0, failed = 0;
  std::size_t findings = 0, skipped = 0;
  for (const PropertyReport& p : r.properties) {
    const CampaignResult& c = p.result;
    if (!p.skipped.empty()) {
      ++skipped;
      rows += fmt::format("<tr class=\"skipped\"><td>{}</td><td colspan=\"6\">skipped: {}</td></tr>\n",
                          xml_escape(c.property), xml_escape(p.skipped));
      continue;
    }
    cases += c.cases;
    failed += c.failed;
    findings += c.findings.size();
    std::vector<ChartPart> parts;
    for (const Phase& ph : phases(c)) parts.push_back({ph.name, ph.seconds, ph.colour});
    rows += fmt::format(
        "<tr><td><a "
        "href=\"#{}\">{}</a></td><td>{}</td><td>{:.1f}</td><td{}>{}</td><td>{}</td><td>{:.1f}</td><td>{}</td></tr>\n",
        anchor(c.property), xml_escape(c.property), c.cases, rate(c.cases, c.seconds),
        c.failed > 0 ? " class=\"failed\"" : "", c.failed, c.findings.size(), c.seconds + reduce_seconds(c),
        svg_stacked_bar(parts));
  }
  std::string key;
  for (const Phase& ph : phases(CampaignResult{}))
    key += fmt::format("<span style=\"background: {}\"></span>{}", ph.colour, ph.name);
  std::string out = fmt::format(
      "<p>Properties run: {}, skipped: {}. Cases: {}, failed: {}. Findings: {}. The data: <a "
      "href=\"report.json\">report.json</a>.</p>\n",
      r.properties.size() - skipped, skipped, cases, failed, findings);
  out +=
      "<table>\n<tr><th>property</th><th>cases</th><th>cases/s</th><th>failed</th><th>findings</th><th>seconds</"
      "th><th>time split</th></tr>\n";
  return out + rows + "</table>\n<p class=\"key\">Time:" + key + "</p>\n";
}

}  // namespace

std::string path_from(const std::string& path, const std::string& dir) {
  fs::path p = fs::path(path).lexically_normal(), d = fs::path(dir).lexically_normal();
  if (!d.empty() && d.filename().empty()) d = d.parent_path();  // "DIR/" is DIR
  if (p.is_absolute() != d.is_absolute()) return path;
  const fs::path rel = p.lexically_relative(d);
  if (rel.empty() || *rel.begin() == ".." || rel == ".") return path;
  return rel.generic_string();
}

std::string report_html(const CampaignReport& r, const std::string& report_dir) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>tf fuzz report</title>\n<style>\n";
  out += kStyle;
  out += "</style>\n</head>\n<body>\n<h1>tf fuzz report</h1>\n";
  std::string budget = r.time_budget > 0 ? fmt::format("at most {:g} s per property", r.time_budget) : "no time limit";
  if (r.case_budget >= 0) budget += fmt::format(", --cases {}", r.case_budget);
  out += fmt::format("<p>{}, seed {}, shard {}, {}{}.{}</p>\n", xml_escape(r.tool), r.seed, xml_escape(r.shard), budget,
                     r.plant.empty() ? "" : ", planted bug " + xml_escape(r.plant) + " active",
                     r.interrupted ? " Stopped early by Ctrl-C: what ran before it." : "");
  out += overview(r);
  for (const PropertyReport& p : r.properties)
    if (p.skipped.empty()) out += property_section(p, r, report_dir);
  return out + "</body>\n</html>\n";
}

}  // namespace tf::fuzz
