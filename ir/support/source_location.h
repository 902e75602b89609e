// A position in a tfir source file: what a diagnostic points at as file:line:col.
#pragma once

#include <string>

namespace tf {

/// 1-based line and column in `file`; line 0 means "no position known".
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  bool known() const { return line > 0; }
  /// "file:line:col", or just "file" (or "") when no line is known.
  std::string str() const;
};

}  // namespace tf
