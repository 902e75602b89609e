// Text laid out by line and column: the importer places the tfir of each Python statement at
// that statement's line and column (importer.h's design note), edits a placed piece later (a
// constant whose dtype its first use decides), and renders the whole with the gaps padded.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace tf::upstream {

class LineLayout {
 public:
  /// A placed piece, for edit().
  struct Handle {
    int line = 0;
    std::size_t index = 0;
  };

  /// Places `text` on `line` at `column` (1-based), after what the line already holds: padded
  /// with spaces to the column, or one space after a longer earlier piece.
  Handle put(int line, int column, std::string text);
  /// Appends `text` to the end of `line`, one space after what it holds.
  Handle append(int line, std::string text);
  /// Replaces a placed piece's text.
  void edit(const Handle& h, std::string text);
  /// Every line from 1 to the last one holding a piece (at least `min_lines`), each ending in
  /// a newline.
  std::string render(int min_lines = 0) const;

 private:
  struct Piece {
    int column = 0;  ///< 0: right after the previous piece
    std::string text;
  };
  std::map<int, std::vector<Piece>> lines_;
};

}  // namespace tf::upstream
