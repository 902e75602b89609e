// Splitting a text into lines and trimming them: the one way every line-oriented reader here
// (docs, case files, annotations) does it.
#pragma once

#include <cctype>
#include <string_view>
#include <vector>

namespace tf {

/// The lines of `text`, split at each '\n' (not included); the text after the last '\n' is the
/// last line, so "a\n" gives {"a", ""} and "" gives {""}: line k + 1 of a file is element k.
/// The views point into `text`.
inline std::vector<std::string_view> text_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return lines;
}

/// `s` without its leading and trailing white space.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace tf
