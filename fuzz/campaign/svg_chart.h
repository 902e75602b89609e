// The pictures of a campaign report (report_html.h): line charts over time, bar histograms and a
// stacked bar, each an inline <svg> element drawn as text (no script, no external resource).
//
// Design note. A chart is a pure function of its data: its axes run from 0 in at most four steps
// of a round size (1, 2 or 5 times a power of ten) past the largest value, coordinates are written with
// one decimal, and every text (a title, a series, a label) goes through xml_escape, so that the
// same data gives the same bytes and no label can open an element. A bar's full label is also its
// <title> (shown on hover), since a long one is cut to fit its column.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tf::fuzz {

/// One line of a chart: its name in the legend, its colour (CSS) and its points (x, y) in order of x.
struct ChartSeries {
  std::string name;
  std::string colour;
  std::vector<std::pair<double, double>> points;
};

/// A line chart of `series` as an <svg> element `width` x `height` pixels: `title` above, the
/// axes labelled `x_label` and `y_label` with a tick at each step, a legend (of two series or
/// more). Empty series draw empty axes.
std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::string& y_label,
                           const std::vector<ChartSeries>& series, int width = 340, int height = 200);

/// One bar of a histogram: its label, its value (the bar's length) and the text after the bar.
struct ChartBar {
  std::string label;
  double value = 0;
  std::string note;
};

/// A horizontal bar histogram as an <svg> element `width` pixels wide: `title` above, one row per
/// bar in the given order, lengths scaled to the largest value.
std::string svg_bar_chart(const std::string& title, const std::vector<ChartBar>& bars, int width = 640);

/// One part of a stacked bar: its name (its <title>), its value and its colour (CSS).
struct ChartPart {
  std::string name;
  double value = 0;
  std::string colour;
};

/// `parts` side by side in one bar `width` x `height` pixels, each as wide as its share of their
/// sum (an empty bar when the sum is 0).
std::string svg_stacked_bar(const std::vector<ChartPart>& parts, int width = 160, int height = 12);

/// The smallest 1, 2 or 5 times a power of ten at or above `v` (1 for v <= 0).
double round_up_nicely(double v);

/// `v` in at most about four characters for an axis tick: 0, 7, 2.5, 120, 15k, 1.5M.
std::string tick_text(double v);

}  // namespace tf::fuzz
