#include "driver/layout_svg.h"

#include <fmt/format.h>

#include "ir/support/xml_escape.h"

namespace tf::cli {

std::string layout_svg(const LayoutTable& t, const std::string& title) {
  constexpr int kCell = 36, kMargin = 28, kTitle = 24;
  const int width = static_cast<int>(t.columns) * kCell + 2 * kMargin;
  const int height = static_cast<int>(t.rows) * kCell + 2 * kMargin + kTitle;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "font-family=\"monospace\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text>\n",
      std::max(width, kMargin * 2 + static_cast<int>(title.size()) * 8), height, kMargin,
      kTitle - 6, xml_escape(title));
  const int top = kMargin + kTitle;
  for (std::int64_t c = 0; c < t.columns; ++c)  // column indices
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#666\">{}</text>\n",
                       kMargin + c * kCell + kCell / 2, top - 6, c);
  for (std::int64_t r = 0; r < t.rows; ++r)
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#666\">{}</text>\n",
                       kMargin - 6, top + r * kCell + kCell / 2 + 4, r);
  // Colour by owner for a shard layout (the picture CuTe users know from print_latex's thread
  // colouring), by offset otherwise.
  const std::vector<std::int64_t>& colour = t.owners.empty() ? t.offsets : t.owners;
  std::int64_t top_value = 0;
  for (std::int64_t v : colour) top_value = std::max(top_value, v + 1);
  const double span = top_value > 0 ? static_cast<double>(top_value) : 1.0;
  for (std::int64_t c = 0; c < t.columns; ++c) {
    for (std::int64_t r = 0; r < t.rows; ++r) {
      const std::int64_t off = t.offsets[r + t.rows * c];
      const double hue = 300.0 * static_cast<double>(colour[r + t.rows * c]) / span;
      svg += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"hsl({:.0f},70%,80%)\" "
          "stroke=\"black\"/>\n<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
          kMargin + c * kCell, top + r * kCell, kCell, kCell, hue, kMargin + c * kCell + kCell / 2,
          top + r * kCell + kCell / 2 + (t.owners.empty() ? 4 : 0), off);
      if (!t.owners.empty())  // the owning thread under the offset
        svg += fmt::format(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\" fill=\"#333\">t{}</text>\n",
            kMargin + c * kCell + kCell / 2, top + r * kCell + kCell - 5, t.owners[r + t.rows * c]);
    }
  }
  return svg + "</svg>\n";
}

}  // namespace tf::cli
