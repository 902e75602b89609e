#include "tools/tf/cover_place.h"

#include <cctype>
#include <string_view>

#include "ir/support/regular_file.h"
#include "ir/support/text_lines.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;

// The name of `case "NAME" {`, or "" when `line` does not open a case.
std::string case_name_of(std::string_view line) {
  if (!line.starts_with("case \"")) return {};
  const std::size_t close = line.find('"', 6);
  return close == std::string_view::npos ? std::string() : std::string(line.substr(6, close - 6));
}

// `Suite.Name` of a gtest macro line (`TEST(Suite, Name) {`), or "".
std::string test_name_of(std::string_view line) {
  line = trim(line);
  for (std::string_view macro : {"TEST(", "TEST_F(", "TEST_P(", "TYPED_TEST(", "RC_GTEST_PROP("}) {
    if (!line.starts_with(macro)) continue;
    std::string_view args = line.substr(macro.size());
    const std::size_t comma = args.find(',');
    const std::size_t close = args.find_first_of(",)", comma + 1);
    if (comma == std::string_view::npos || close == std::string_view::npos) return {};
    return std::string(trim(args.substr(0, comma))) + "." +
           std::string(trim(args.substr(comma + 1, close - comma - 1)));
  }
  return {};
}

bool is_comment_or_blank(std::string_view line) {
  line = trim(line);
  return line.empty() || line.starts_with("//");
}

bool under_test_folder(const std::string& file) {
  for (const auto& part : fs::path(file))
    if (part == "test" || part == "testing") return true;
  return false;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The call that opens last before offset `at` of `text` among `tf_add_test(`,
// `add_executable(`, `target_sources(` and `set(`, and the name after it ("" when none).
struct OpeningCall {
  std::string_view call;
  std::string name;
};
OpeningCall call_before(const std::string& text, std::size_t at) {
  std::size_t best = std::string::npos;
  std::size_t name_at = 0;
  OpeningCall out;
  for (std::string_view call : {"tf_add_test(", "add_executable(", "target_sources(", "set("}) {
    std::size_t p = text.rfind(call, at);
    while (p != std::string::npos && p > 0 && is_name_char(text[p - 1]))  // `unset(` is not `set(`
      p = p == 0 ? std::string::npos : text.rfind(call, p - 1);
    if (p != std::string::npos && (best == std::string::npos || p > best)) {
      best = p;
      name_at = p + call.size();
      out.call = call;
    }
  }
  if (best == std::string::npos) return {};
  while (name_at < text.size() && std::isspace(static_cast<unsigned char>(text[name_at]))) ++name_at;
  std::size_t end = name_at;
  while (end < text.size() && is_name_char(text[end])) ++end;
  out.name = text.substr(name_at, end - name_at);
  return out;
}

// The offset of `name` in `text` as a whole path token (preceded by a space, `(` or a line
// start, followed by a space, `)` or a line end), or npos.
std::size_t find_token(const std::string& text, const std::string& name) {
  for (std::size_t p = text.find(name); p != std::string::npos; p = text.find(name, p + 1)) {
    const char before = p == 0 ? '\n' : text[p - 1];
    const std::size_t e = p + name.size();
    const char after = e == text.size() ? '\n' : text[e];
    if ((std::isspace(static_cast<unsigned char>(before)) || before == '(') &&
        (std::isspace(static_cast<unsigned char>(after)) || after == ')'))
      return p;
  }
  return std::string::npos;
}

}  // namespace

const char* cover_place_kind_name(CoverPlace::Kind kind) {
  switch (kind) {
    case CoverPlace::Kind::Case: return "case";
    case CoverPlace::Kind::Gtest: return "gtest";
    case CoverPlace::Kind::Other: return "other";
  }
  return "other";
}

const std::vector<std::string>& CoverPlaceFinder::lines_of(const fs::path& path) {
  auto [it, fresh] = lines_.try_emplace(path.string());
  if (fresh) {
    Result<std::string> text = read_regular_file(path.string());
    if (text.ok())
      for (std::string_view line : text_lines(*text)) it->second.emplace_back(line);
  }
  return it->second;
}

std::string CoverPlaceFinder::binary_of(const std::string& file) {
  const fs::path rel(file);
  for (fs::path dir = rel.parent_path();; dir = dir.parent_path()) {
    const std::vector<std::string>& lines = lines_of(root_ / dir / "CMakeLists.txt");
    if (!lines.empty()) {
      std::string text;
      for (const std::string& l : lines) text += l + "\n";
      std::size_t at = find_token(text, rel.lexically_relative(dir).generic_string());
      if (at != std::string::npos) {
        OpeningCall c = call_before(text, at);
        // A file listed in `set(VAR ...)` belongs to the target whose sources name ${VAR}.
        for (int hops = 0; hops < 4 && c.call == "set("; ++hops) {
          at = find_token(text, "${" + c.name + "}");
          if (at == std::string::npos) return {};
          c = call_before(text, at);
        }
        return c.call == "set(" ? std::string() : c.name;
      }
    }
    if (dir.empty()) return {};
  }
}

CoverPlace CoverPlaceFinder::classify(const SourceLocation& location) {
  CoverPlace place;
  place.location = location;
  const std::vector<std::string>& lines = lines_of(root_ / location.file);
  const int at = std::min<int>(location.line, static_cast<int>(lines.size()));
  const std::string ext = fs::path(location.file).extension().string();
  if (ext == ".tfir") {
    for (int i = at; i >= 1; --i) {
      place.case_name = case_name_of(lines[i - 1]);
      if (!place.case_name.empty()) {
        place.kind = CoverPlace::Kind::Case;
        break;
      }
    }
    return place;
  }
  if ((ext != ".cpp" && ext != ".h") || !under_test_folder(location.file)) return place;
  place.kind = CoverPlace::Kind::Gtest;
  place.binary = binary_of(location.file);
  int next = at + 1;  // the test right after the annotation, comments between allowed
  while (next <= static_cast<int>(lines.size()) && is_comment_or_blank(lines[next - 1])) ++next;
  if (next <= static_cast<int>(lines.size())) place.test = test_name_of(lines[next - 1]);
  for (int i = at; place.test.empty() && i >= 1; --i) place.test = test_name_of(lines[i - 1]);
  return place;
}

}  // namespace tf::cli
