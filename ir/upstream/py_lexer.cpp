#include "ir/upstream/py_lexer.h"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <cstdint>
#include <string>

namespace tf::upstream {
namespace {

Diagnostic error_at(const std::string& file, int line, int column, std::string message) {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = SourceLocation{file, line, column};
  return d;
}

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// `source` with Python's universal newlines: each "\r\n" and each lone "\r" becomes "\n", so a
// file saved with CR-only or CRLF line endings has the lines (and line numbers) Python sees.
std::string universal_newlines(std::string_view source) {
  std::string out;
  out.reserve(source.size());
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (source[i] != '\r') out += source[i];
    else if (i + 1 >= source.size() || source[i + 1] != '\n') out += '\n';
  }
  return out;
}

// The character at the start of `s` as a message names it: "U+00E9 'é'" for a whole UTF-8
// character (the code point alone for a control character), "the byte 0xE9 (not UTF-8)" for a
// byte that starts none.
std::string character_name(std::string_view s) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(0);
  const std::size_t n = b0 < 0x80 ? 1 : (b0 & 0xE0) == 0xC0 ? 2 : (b0 & 0xF0) == 0xE0 ? 3 : (b0 & 0xF8) == 0xF0 ? 4 : 0;
  bool valid = n != 0 && n <= s.size();
  char32_t cp = n == 1 ? b0 : n == 2 ? b0 & 0x1Fu : n == 3 ? b0 & 0x0Fu : b0 & 0x07u;
  for (std::size_t k = 1; valid && k < n; ++k) {
    valid = (byte(k) & 0xC0) == 0x80;
    cp = cp << 6 | (byte(k) & 0x3Fu);
  }
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8 either.
  static constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  if (!valid || cp < kLeast[n] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
    return fmt::format("the byte 0x{:02X} (not UTF-8)", b0);
  const bool control = cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || cp == 0x2028 || cp == 0x2029;
  if (control) return fmt::format("the character U+{:04X}", static_cast<std::uint32_t>(cp));
  return fmt::format("the character U+{:04X} '{}'", static_cast<std::uint32_t>(cp), s.substr(0, n));
}

// Punctuation of the subset, longest first.
constexpr std::array<std::string_view, 25> kPuncts = {"->", "//", "**", "==", "!=", "<=", ">=", "(", ")", "[", "]", "{", "}",
                                                      ",", ":", ".", "=", "@", "+", "-", "*", "/", "%", "<", ">"};

}  // namespace

Result<std::vector<PyLine>> lex_python(std::string_view source, const std::string& file) {
  const std::string text = universal_newlines(source);
  const std::string_view s = text;
  std::vector<PyLine> lines;
  std::vector<char> brackets;
  PyLine current;
  int line = 1, column = 1;
  bool at_line_start = true;
  std::size_t i = 0;
  auto advance = [&](std::size_t n) {
    for (std::size_t k = 0; k < n; ++k, ++i) {
      if (s[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
  };
  while (i < s.size()) {
    const char c = s[i];
    if (at_line_start && brackets.empty()) {  // indentation of a new logical line
      int indent = 0;
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) {
        if (s[i] == '\t') return error_at(file, line, column, "a tab in indentation (the printer indents with spaces)");
        if (s[i] == ' ') ++indent;
        advance(1);
      }
      current.indent = indent;
      at_line_start = false;
      continue;
    }
    if (c == '\n') {
      if (brackets.empty() && !current.tokens.empty()) {
        lines.push_back(std::move(current));
        current = PyLine{};
      }
      advance(1);
      if (brackets.empty()) at_line_start = true;
      continue;
    }
    if (c == ' ' || c == '\r' || c == '\t') {
      advance(1);
      continue;
    }
    if (c == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {  // explicit line joining
      advance(2);
      continue;
    }
    if (c == '#') {
      while (i < s.size() && s[i] != '\n') advance(1);
      continue;
    }
    if (s.substr(i, 2) == "/*") {  // the printer writes a Dynamic shard attribute as `/* Dynamic */`
      const std::size_t close = s.find("*/", i + 2);
      std::string_view inside = close == std::string_view::npos ? std::string_view() : s.substr(i + 2, close - i - 2);
      while (!inside.empty() && inside.front() == ' ') inside.remove_prefix(1);
      while (!inside.empty() && inside.back() == ' ') inside.remove_suffix(1);
      if (inside != "Dynamic")
        return error_at(file, line, column, "a C comment (only `/* Dynamic */`, the printer's Dynamic shard attribute, is read)");
      for (const char* text : {"Dynamic", "(", ")"})
        current.tokens.push_back(PyToken{text[0] == 'D' ? PyTok::Name : PyTok::Punct, text, line, column});
      advance(close + 2 - i);
      continue;
    }
    PyToken t;
    t.line = line;
    t.column = column;
    if (name_start(c)) {
      std::size_t n = 0;
      while (i + n < s.size() && name_char(s[i + n])) ++n;
      t.kind = PyTok::Name;
      t.text = std::string(s.substr(i, n));
      advance(n);
    } else if (digit(c) || (c == '.' && i + 1 < s.size() && digit(s[i + 1]))) {
      std::size_t n = 0;
      bool is_float = false;
      while (i + n < s.size() && (digit(s[i + n]) || s[i + n] == '_')) ++n;
      if (i + n < s.size() && s[i + n] == '.') {
        is_float = true;
        ++n;
        while (i + n < s.size() && digit(s[i + n])) ++n;
      }
      if (i + n < s.size() && (s[i + n] == 'e' || s[i + n] == 'E')) {
        std::size_t m = n + 1;
        if (i + m < s.size() && (s[i + m] == '+' || s[i + m] == '-')) ++m;
        if (i + m < s.size() && digit(s[i + m])) {
          is_float = true;
          n = m;
          while (i + n < s.size() && digit(s[i + n])) ++n;
        }
      }
      if (i + n < s.size() && name_char(s[i + n]))
        return error_at(file, line, column, fmt::format("a number followed by '{}' (not in the printer's subset)", s[i + n]));
      t.kind = is_float ? PyTok::Float : PyTok::Int;
      t.text = std::string(s.substr(i, n));
      advance(n);
    } else if (c == '"' || c == '\'') {
      std::size_t n = 1;
      while (i + n < s.size() && s[i + n] != c && s[i + n] != '\n') ++n;
      if (i + n >= s.size() || s[i + n] != c) return error_at(file, line, column, "a string without its closing quote");
      t.kind = PyTok::String;
      t.text = std::string(s.substr(i + 1, n - 1));
      advance(n + 1);
    } else {
      std::string_view punct;
      for (std::string_view p : kPuncts)
        if (s.substr(i, p.size()) == p) {
          punct = p;
          break;
        }
      if (punct.empty())
        return error_at(file, line, column,
                        fmt::format("{} is not in the Python subset the canonical printer writes", character_name(s.substr(i))));
      if (punct == "(" || punct == "[" || punct == "{") brackets.push_back(punct[0]);
      if (punct == ")" || punct == "]" || punct == "}") {
        const char open = punct == ")" ? '(' : punct == "]" ? '[' : '{';
        if (brackets.empty() || brackets.back() != open)
          return error_at(file, line, column, fmt::format("a '{}' that closes no '{}'", punct, open));
        brackets.pop_back();
      }
      t.kind = PyTok::Punct;
      t.text = std::string(punct);
      advance(punct.size());
    }
    current.tokens.push_back(std::move(t));
  }
  if (!brackets.empty()) return error_at(file, line, column, fmt::format("the file ends inside a '{}'", brackets.back()));
  if (!current.tokens.empty()) lines.push_back(std::move(current));
  return lines;
}

}  // namespace tf::upstream
