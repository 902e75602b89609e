#include "tools/layering/layering.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace tf::layering {
namespace fs = std::filesystem;

const LayerTable::Place* LayerTable::find(const std::string& folder) const {
  for (const auto& [name, place] : folders)
    if (name == folder) return &place;
  return nullptr;
}

LayerTable parse_layer_table(const std::string& markdown) {
  const std::string begin = "<!-- layers:begin -->", end = "<!-- layers:end -->";
  const std::size_t b = markdown.find(begin), e = markdown.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b)
    throw std::runtime_error("docs/architecture.md has no layers:begin / layers:end block");
  std::istringstream block(markdown.substr(b + begin.size(), e - b - begin.size()));
  LayerTable table;
  int line_no = 0;
  for (std::string line; std::getline(block, line);) {
    if (line.empty() || line.starts_with("```")) continue;
    int group = 0;
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w == "|") {
        ++group;
        continue;
      }
      if (table.find(w) != nullptr) throw std::runtime_error("layer table lists " + w + " twice");
      table.folders.push_back({w, {line_no, group}});
    }
    ++line_no;
  }
  return table;
}

std::string folder_of(const std::string& path) {
  const fs::path p(path);
  std::string folder;
  for (const fs::path& part : p.parent_path()) {
    if (part == "test" || part == "testing") break;
    folder += folder.empty() ? part.string() : "/" + part.string();
  }
  return folder;
}

namespace {

bool is_testing(const std::string& path) {
  return path.find("/testing/") != std::string::npos;
}

bool is_test_code(const std::string& path) {
  return path.find("/test/") != std::string::npos || is_testing(path) || path.starts_with("fuzz/");
}

bool is_source(const fs::path& p) {
  static const std::set<std::string> kExt = {".h", ".cpp", ".inc", ".def", ".cu", ".cuh"};
  return kExt.count(p.extension().string()) > 0;
}

// Calls `visit(path, repository-relative name)` for each C++ source of root's source folders.
template <typename Visit>
void for_each_source(const fs::path& root, Visit visit) {
  for (const char* top : {"ir", "eval", "lower", "cuda", "fuzz", "conformance", "driver", "tools",
                          "bench", "python"}) {
    if (!fs::is_directory(root / top)) continue;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root / top))
      if (entry.is_regular_file() && is_source(entry.path()))
        visit(entry.path(), fs::relative(entry.path(), root).generic_string());
  }
}

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// `text` with every comment and (unless `keep_literals`) every string or character literal
// blanked to spaces; newlines stay, so a line keeps its number. A `'` after a letter or digit is
// a digit separator or a literal's prefix, not a literal's start.
std::string code_only(const std::string& text, bool keep_literals = false) {
  std::string out = text;
  const std::size_t n = text.size();
  auto blank_to = [&](std::size_t from, std::size_t to) {
    to = std::min(to, n);
    for (std::size_t k = from; k < to; ++k)
      if (out[k] != '\n') out[k] = ' ';
    return to;
  };
  for (std::size_t i = 0; i < n;) {
    const char c = text[i];
    const char next = i + 1 < n ? text[i + 1] : '\0';
    if (c == '/' && next == '/') {
      i = blank_to(i, text.find('\n', i));
    } else if (c == '/' && next == '*') {
      const std::size_t end = text.find("*/", i + 2);
      i = blank_to(i, end == std::string::npos ? n : end + 2);
    } else if (c == '"' && i > 0 && text[i - 1] == 'R') {  // R"delim( ... )delim"
      const std::size_t open = text.find('(', i);
      const std::string close =
          open == std::string::npos ? std::string() : ")" + text.substr(i + 1, open - i - 1) + "\"";
      const std::size_t end = close.empty() ? std::string::npos : text.find(close, open);
      const std::size_t stop = end == std::string::npos ? n : end + close.size();
      i = keep_literals ? stop : blank_to(i, stop);
    } else if (c == '"' || (c == '\'' && (i == 0 || !is_identifier_char(text[i - 1])))) {
      std::size_t end = i + 1;  // the closing quote, past escapes; a line's end closes a bad one
      while (end < n && text[end] != c && text[end] != '\n') end += text[end] == '\\' ? 2 : 1;
      i = keep_literals ? end + 1 : blank_to(i, end + 1);
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace

std::vector<Violation> check_includes(const fs::path& root, const LayerTable& table) {
  static const std::regex kInclude(R"(^\s*#\s*include\s+"([^"]+)\")");
  std::vector<Violation> out;
  std::set<std::string> unlisted;
  for_each_source(root, [&](const fs::path& path, const std::string& file) {
    const std::string from = folder_of(file);
    const LayerTable::Place* from_place = table.find(from);
    if (from_place == nullptr) {
      if (unlisted.insert(from).second)
        out.push_back({file, 0, fmt::format("folder {} is not in the layer order of "
                                            "docs/architecture.md",
                                            from)});
      return;
    }
    std::ifstream in(path);
    int line_no = 0;
    for (std::string line; std::getline(in, line);) {
      ++line_no;
      std::smatch m;
      if (!std::regex_search(line, m, kInclude)) continue;
      const std::string target = m[1];
      if (!fs::exists(root / target)) continue;  // a system or generated header
      const std::string to = folder_of(target);
      const LayerTable::Place* to_place = table.find(to);
      std::string why;
      if (is_testing(target) && !is_test_code(file))
        why = fmt::format("{} is test support; only test code may include it", target);
      else if (to == from)
        continue;
      else if (to_place == nullptr)
        why = fmt::format("{} is not in the layer order", to);
      else if (to_place->line > from_place->line)
        why = fmt::format("{} is a higher layer than {}", to, from);
      else if (to_place->line == from_place->line && to_place->group != from_place->group)
        why = fmt::format("{} and {} are peers", to, from);
      if (!why.empty())
        out.push_back({file, line_no, fmt::format("includes {}: {}", target, why)});
    }
  });
  return out;
}

std::vector<Violation> check_no_dynamic_cast(const fs::path& root) {
  const std::string word = "dynamic_cast";
  std::vector<Violation> out;
  for_each_source(root, [&](const fs::path& path, const std::string& file) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::istringstream code(code_only(text.str()));
    int line_no = 0;
    for (std::string line; std::getline(code, line);) {
      ++line_no;
      for (std::size_t at = line.find(word); at != std::string::npos;
           at = line.find(word, at + 1)) {
        const std::size_t after = line.find_first_not_of(" \t", at + word.size());
        if ((at > 0 && is_identifier_char(line[at - 1])) || after == std::string::npos ||
            line[after] != '<')
          continue;
        out.push_back({file, line_no,
                       "dynamic_cast: tell functions apart by FunctionBase::as<T>() / is<T>() "
                       "(ir/core/function_base.h), IR nodes by their as<T>()"});
        break;  // one per line
      }
    }
  });
  return out;
}

namespace {

// Every spelling `"..."` in the kind records (ir/core/*_kinds.def).
std::set<std::string> kind_spellings(const fs::path& root) {
  static const std::regex kSpelling(R"re(^TF_[A-Z]+_KIND\(\w+, "([a-z_0-9]+)")re");
  std::set<std::string> out;
  for (const char* def : {"binary_kinds.def", "unary_kinds.def", "reduce_kinds.def"}) {
    std::ifstream in(root / "ir" / "core" / def);
    std::smatch m;
    for (std::string line; std::getline(in, line);)
      if (std::regex_search(line, m, kSpelling)) out.insert(m[1]);
  }
  return out;
}

}  // namespace

std::vector<Violation> check_no_op_names(const fs::path& root) {
  static const std::regex kOpName(R"re("(hir|tir)\.[A-Za-z_]+(\.[A-Za-z_]+)*")re");
  static const std::regex kNameCompare(R"re(name\(\)\s*[!=]=\s*")re");
  static const std::regex kLiteralCompare(R"re([!=]=\s*"([a-z_0-9]+)")re");
  const std::set<std::string> kinds = kind_spellings(root);
  std::vector<Violation> out;
  for_each_source(root, [&](const fs::path& path, const std::string& file) {
    const std::string top = file.substr(0, file.find('/'));
    if ((top != "lower" && top != "eval" && top != "cuda" && top != "fuzz") ||
        file.find("/test/") != std::string::npos || is_testing(file))
      return;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::istringstream code(code_only(text.str(), true));
    int line_no = 0;
    for (std::string line; std::getline(code, line);) {
      ++line_no;
      std::smatch m;
      std::string why;
      if (std::regex_search(line, m, kOpName))
        why = fmt::format("the op name {}: name an op by its typed identity (tir::tir_op, "
                          "hir::math_op, tensor_op_kind, ...)", m[0].str());
      else if (std::regex_search(line, kNameCompare))
        why = "a name() compared with a string: compare typed identities";
      else if (std::regex_search(line, m, kLiteralCompare) && kinds.count(m[1]) != 0)
        why = fmt::format("the kind spelling \"{}\" compared: parse the kind to its enum "
                          "(ir/core/math_kinds.h, reduce_kind.h) and compare enums", m[1].str());
      if (!why.empty()) out.push_back({file, line_no, why});
    }
  });
  return out;
}

}  // namespace tf::layering
