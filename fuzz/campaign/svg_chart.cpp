#include "fuzz/campaign/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ir/support/xml_escape.h"

namespace tf::fuzz {
namespace {

constexpr int kLeft = 46, kRight = 12, kTop = 28, kBottom = 34;  // the line chart's margins
constexpr int kTicks = 4;                                        // the most steps per axis
constexpr int kRow = 18, kLabelWidth = 230, kNoteWidth = 120;    // the bar chart's rows and columns
constexpr std::size_t kLabelChars = 34;                          // a bar label's characters shown

std::string svg_open(int width, int height) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n",
      width, height, width, height);
}

// `s` cut to `n` characters (bytes of a UTF-8 sequence kept together), with "..." when cut.
std::string cut(const std::string& s, std::size_t n) {
  if (s.size() <= n) return s;
  std::size_t end = n;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return s.substr(0, end) + "...";
}

// An axis that shows values from 0 up to some maximum: a whole number of steps (1 to kTicks) of a
// round size (round_up_nicely), so that 30 ends at 30 (three steps of 10), not at 50.
struct Axis {
  double step;
  int steps;
  explicit Axis(double max)
      : step(round_up_nicely(max / kTicks)), steps(static_cast<int>(std::max(1.0, std::ceil(max / step - 1e-9)))) {}
  double end() const { return step * steps; }
};

}  // namespace

double round_up_nicely(double v) {
  if (!(v > 0) || !std::isfinite(v)) return 1;
  const double power = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= v * (1 - 1e-12)) return m * power;
  return 10 * power;
}

std::string tick_text(double v) {
  const auto compact = [](double x, const char* suffix) {
    return std::abs(x - std::round(x)) < 1e-9 ? fmt::format("{:.0f}{}", x, suffix) : fmt::format("{:.1f}{}", x, suffix);
  };
  if (std::abs(v) >= 1e6) return compact(v / 1e6, "M");
  if (std::abs(v) >= 1e4) return compact(v / 1e3, "k");
  if (std::abs(v) >= 100 || std::abs(v - std::round(v)) < 1e-9) return fmt::format("{:.0f}", v);
  return std::abs(v) >= 1 ? fmt::format("{:.1f}", v) : fmt::format("{:.2f}", v);
}

std::string svg_line_chart(const std::string& title, const std::string& x_label, const std::string& y_label,
                           const std::vector<ChartSeries>& series, int width, int height) {
  double x_max = 0, y_max = 0;
  for (const ChartSeries& s : series)
    for (const auto& [x, y] : s.points) {
      if (std::isfinite(x)) x_max = std::max(x_max, x);
      if (std::isfinite(y)) y_max = std::max(y_max, y);
    }
  const Axis x_axis(x_max), y_axis(y_max);
  x_max = x_axis.end();
  y_max = y_axis.end();
  const double plot_w = width - kLeft - kRight, plot_h = height - kTop - kBottom;
  const auto px = [&](double x) { return kLeft + plot_w * x / x_max; };
  const auto py = [&](double y) { return kTop + plot_h * (1 - y / y_max); };
  std::string svg = svg_open(width, height);
  svg += fmt::format("<text x=\"{}\" y=\"14\" font-weight=\"bold\">{}</text>\n", kLeft, xml_escape(title));
  // The grid, the ticks and the axes.
  for (int i = 0; i <= y_axis.steps; ++i) {
    const double y = y_axis.step * i;
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e4e4e4\"/>\n", px(0),
                       py(y), px(x_max), py(y));
    svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" fill=\"#555\">{}</text>\n", kLeft - 4,
                       py(y) + 4, tick_text(y));
  }
  for (int i = 0; i <= x_axis.steps; ++i) {
    const double x = x_axis.step * i;
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">{}</text>\n", px(x),
                       height - kBottom + 14, tick_text(x));
  }
  svg += fmt::format("<polyline points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"none\" stroke=\"#333\"/>\n",
                     px(0), py(y_max), px(0), py(0), px(x_max), py(0));
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" fill=\"#333\">{}</text>\n", px(x_max / 2),
                     height - 4, xml_escape(x_label));
  svg += fmt::format(
      "<text x=\"12\" y=\"{:.1f}\" text-anchor=\"middle\" fill=\"#333\" transform=\"rotate(-90 12 "
      "{:.1f})\">{}</text>\n",
      py(y_max / 2), py(y_max / 2), xml_escape(y_label));
  // The series and their legend, right-aligned above the plot.
  int legend_y = 14;
  for (const ChartSeries& s : series) {
    std::string points;
    for (const auto& [x, y] : s.points)
      if (std::isfinite(x) && std::isfinite(y))
        points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", px(x), py(y));
    if (!points.empty())
      svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n", points,
                         xml_escape(s.colour));
    if (series.size() > 1) {
      svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{}\">{}</text>\n", width - kRight,
                         legend_y, xml_escape(s.colour), xml_escape(s.name));
      legend_y += 12;
    }
  }
  return svg + "</svg>\n";
}

std::string svg_bar_chart(const std::string& title, const std::vector<ChartBar>& bars, int width) {
  const int height = 22 + kRow * static_cast<int>(bars.size()) + 4;
  double max = 0;
  for (const ChartBar& b : bars) max = std::max(max, std::isfinite(b.value) ? b.value : 0.0);
  const double bar_w = std::max(20, width - kLabelWidth - kNoteWidth);
  std::string svg = svg_open(width, height);
  svg += fmt::format("<text x=\"0\" y=\"14\" font-weight=\"bold\">{}</text>\n", xml_escape(title));
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const ChartBar& b = bars[i];
    const int y = 22 + kRow * static_cast<int>(i);
    const double w = max > 0 && std::isfinite(b.value) ? bar_w * std::max(0.0, b.value) / max : 0;
    svg += fmt::format("<g><title>{}</title>\n", xml_escape(b.label));
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLabelWidth - 6, y + 12,
                       xml_escape(cut(b.label, kLabelChars)));
    svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"#4e79a7\"/>\n", kLabelWidth,
                       y + 2, w, kRow - 5);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" fill=\"#333\">{}</text>\n</g>\n", kLabelWidth + w + 4, y + 12,
                       xml_escape(b.note));
  }
  return svg + "</svg>\n";
}

std::string svg_stacked_bar(const std::vector<ChartPart>& parts, int width, int height) {
  double sum = 0;
  for (const ChartPart& p : parts) sum += std::isfinite(p.value) ? std::max(0.0, p.value) : 0.0;
  std::string svg = svg_open(width, height);
  svg += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#f4f4f4\"/>\n", width, height);
  double x = 0;
  for (const ChartPart& p : parts) {
    const double v = std::isfinite(p.value) ? std::max(0.0, p.value) : 0.0;
    if (sum <= 0 || v <= 0) continue;
    const double w = width * v / sum;
    svg +=
        fmt::format("<rect x=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{} {:.0f}%</title></rect>\n",
                    x, w, height, xml_escape(p.colour), xml_escape(p.name), 100 * v / sum);
    x += w;
  }
  return svg + "</svg>\n";
}

}  // namespace tf::fuzz
