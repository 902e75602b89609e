// The tfir spelling of a string literal (TFIR.md section 1): double quotes, with '"' and '\'
// escaped by a backslash. Every printer that writes a string uses this, so names that contain
// either character survive print -> read.
#pragma once

#include <string>
#include <string_view>

namespace tf {

/// `"text"` with '"' and '\' escaped.
inline std::string tfir_quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace tf
