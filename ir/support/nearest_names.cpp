#include "ir/support/nearest_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <utility>

namespace tf {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), lower);
  return out;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // One row of the Wagner-Fischer table at a time.
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) != lower(b[j - 1]))});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::vector<std::string> nearest_names(std::string_view name, const std::vector<std::string>& known,
                                       std::size_t count) {
  if (name.size() > kLongestNearName) return {};
  const std::string needle = lowered(name);
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  // (distance, position) for each candidate kept.
  std::vector<std::pair<std::size_t, std::size_t>> kept;
  for (std::size_t i = 0; i < known.size(); ++i) {
    const bool contains = needle.size() >= 3 && lowered(known[i]).find(needle) != std::string::npos;
    const std::size_t gap = std::max(name.size(), known[i].size()) - std::min(name.size(), known[i].size());
    if (!contains && gap > limit) continue;  // the distance is at least the difference in length
    const std::size_t d = edit_distance(name, known[i]);
    if (contains || (d <= limit && d < name.size())) kept.emplace_back(d, i);
  }
  std::sort(kept.begin(), kept.end());
  std::vector<std::string> out;
  for (const auto& [d, i] : kept) {
    if (out.size() == count) break;
    if (std::find(out.begin(), out.end(), known[i]) == out.end()) out.push_back(known[i]);
  }
  return out;
}

Diagnostic& suggest_nearest(Diagnostic& d, std::string_view name, const std::vector<std::string>& known,
                            std::string_view sigil) {
  const std::vector<std::string> near = nearest_names(name, known);
  if (near.empty()) return d;
  std::string note = "did you mean: ";
  for (std::size_t i = 0; i < near.size(); ++i) note += fmt::format("{}{}{}", i ? ", " : "", sigil, near[i]);
  d.notes.push_back(std::move(note));
  return d;
}

}  // namespace tf
