#include "ir/upstream/line_layout.h"

#include <algorithm>

namespace tf::upstream {

LineLayout::Handle LineLayout::put(int line, int column, std::string text) {
  std::vector<Piece>& pieces = lines_[line];
  pieces.push_back(Piece{column, std::move(text)});
  return Handle{line, pieces.size() - 1};
}

LineLayout::Handle LineLayout::append(int line, std::string text) { return put(line, 0, std::move(text)); }

void LineLayout::edit(const Handle& h, std::string text) { lines_.at(h.line).at(h.index).text = std::move(text); }

std::string LineLayout::render(int min_lines) const {
  const int last = std::max(min_lines, lines_.empty() ? 0 : lines_.rbegin()->first);
  std::string out;
  for (int line = 1; line <= last; ++line) {
    std::string text;
    if (auto it = lines_.find(line); it != lines_.end())
      for (const Piece& p : it->second) {
        if (p.text.empty()) continue;
        const std::size_t want = p.column > 0 ? static_cast<std::size_t>(p.column - 1) : 0;
        if (text.size() < want) text.append(want - text.size(), ' ');
        else if (!text.empty() && text.back() != ' ') text += ' ';
        text += p.text;
      }
    out += text + "\n";
  }
  return out;
}

}  // namespace tf::upstream
