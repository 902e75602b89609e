// The page of a campaign report (`tf fuzz --report DIR` writes it as DIR/index.html beside
// report.json; docs/fuzzing.md): one self-contained HTML file, its style inline and its pictures
// inline SVG (svg_chart.h), with no script. It shows a table of the properties (cases, cases per
// second, findings, the time split), then per property its cases, cases per second and coverage
// (distinct labels and ops seen) over the run, its label and op histograms, and its findings with
// their reproducers (linked relative to the page) and the commands that replay them.
//
// Design note. The page is a pure function of the report (campaign_report.h) and the folder it
// is written to: no clock, no locale, numbers formatted with fixed precision, histograms ordered
// by count then name, so that a test compares exact parts of it. Every text that comes from the
// campaign (property names, labels, kinds, descriptions, paths, commands) goes through
// xml_escape, once, where it is written into the page.
#pragma once

#include <string>

#include "fuzz/campaign/campaign_report.h"

namespace tf::fuzz {

/// The histograms show at most this many bars each (the rest are counted below them).
inline constexpr std::size_t kMaxReportBars = 40;

/// The page of `r`, written to the folder `report_dir` (header comment).
std::string report_html(const CampaignReport& r, const std::string& report_dir);

/// `path` relative to `dir` when it lies inside `dir` (both taken as written, normalized), else
/// `path` as given: how the page links a reproducer.
std::string path_from(const std::string& path, const std::string& dir);

}  // namespace tf::fuzz
