#include "conformance/coverage.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "ir/support/regular_file.h"
#include "ir/support/text_lines.h"

namespace tf::conformance {
namespace {

bool is_id_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-';
}

constexpr std::string_view kCompileTime = "// covers (compile-time):";

// Returns the column (0-based) just after the annotation keyword, or npos; `compile_time` says
// which form it is.
std::size_t annotation_start(std::string_view line, bool& compile_time) {
  compile_time = false;
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  std::string_view rest = line.substr(i);
  if (rest.starts_with("covers ")) return i + 7;               // tfir case metadata
  std::size_t c = line.find("// covers:");                      // C++ annotation
  if (c != std::string_view::npos) return c + 10;
  c = line.find(kCompileTime);
  if (c != std::string_view::npos) {
    compile_time = true;
    return c + kCompileTime.size();
  }
  return std::string_view::npos;
}

}  // namespace

void scan_annotations(std::string_view text, const std::string& file, const RuleCatalogue& rules,
                      CoverageReport& report) {
  int line_no = 0;
  for (std::string_view line : text_lines(text)) {
    ++line_no;
    bool compile_time = false;
    std::size_t i = annotation_start(line, compile_time);
    while (i != std::string_view::npos && i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == ',' || line[i] == '\t')) ++i;
      if (i >= line.size() || line[i] == '#') break;
      std::size_t j = i;
      while (j < line.size() && is_id_char(line[j])) ++j;
      std::string id(line.substr(i, j - i));
      if (!looks_like_rule_id(id)) break;  // prose after the list ends it
      SourceLocation loc{file, line_no, static_cast<int>(i) + 1};
      if (rules.find(id)) {
        (compile_time ? report.compile_time : report.covered)[id].push_back(loc);
      } else {
        Diagnostic d = category_error(DiagCategory::Usage,
                                      fmt::format("covers names '{}', which is not in the rule "
                                                  "catalogue conformance/rules.tsv",
                                                  id));
        d.location = loc;
        report.errors.push_back(std::move(d));
      }
      i = j;
    }
  }
}

CoverageReport scan_tree(const std::filesystem::path& root, const RuleCatalogue& rules) {
  namespace fs = std::filesystem;
  CoverageReport report;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    report.errors.push_back(category_error(
        DiagCategory::Usage, fmt::format("cannot scan '{}': {}", root.string(), ec.message())));
    return report;
  }
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& p = it->path();
    std::string name = p.filename().string();
    std::error_code entry_ec;  // a dangling or looping symlink is neither, and is skipped
    if (it->is_directory(entry_ec)) {
      // The fuzz seed corpus holds copies of cases (inputs of the fuzz targets), not coverage.
      if (name.starts_with(".") || name.starts_with("build") || fs::relative(p, root, entry_ec).generic_string() == "fuzz/corpus")
        it.disable_recursion_pending();
      continue;
    }
    std::string ext = p.extension().string();
    if (ext != ".cpp" && ext != ".h" && ext != ".tfir") continue;
    Result<std::string> text = read_regular_file(p.string());
    if (!text.ok()) {
      append(report.errors, text.diagnostics());
      continue;
    }
    ++report.files_scanned;
    scan_annotations(*text, fs::relative(p, root, entry_ec).generic_string(), rules, report);
  }
  if (ec)
    report.errors.push_back(category_error(
        DiagCategory::Usage, fmt::format("cannot walk '{}': {}", root.string(), ec.message())));
  return report;
}

namespace {

// Counts `r` in its kind's entry and in "all" of `kinds`.
void count_rule(const CoverageReport& report, const Rule& r,
                std::map<std::string, CoverageCount>& kinds) {
  const bool hit = report.covered.count(r.id) > 0;
  const bool only_compile_time = !hit && report.compile_time.count(r.id) > 0;
  for (const std::string& kind : {std::string(rule_kind_name(r.kind)), std::string("all")}) {
    CoverageCount& c = kinds[kind];
    ++c.total;
    c.covered += hit ? 1 : 0;
    c.compile_time += only_compile_time ? 1 : 0;
  }
}

}  // namespace

std::map<std::string, std::map<std::string, CoverageCount>> count_by_document_and_kind(
    const CoverageReport& report, const RuleCatalogue& rules) {
  std::map<std::string, std::map<std::string, CoverageCount>> out;
  for (const Rule& r : rules.rules()) {
    count_rule(report, r, out[std::string(r.document())]);
    count_rule(report, r, out["all"]);
  }
  return out;
}

std::map<std::string, CoverageCount> count_by_kind(const CoverageReport& report,
                                                   const RuleCatalogue& rules,
                                                   std::string_view prefix) {
  std::map<std::string, CoverageCount> out;
  for (const Rule& r : rules.rules())
    if (r.id.starts_with(prefix)) count_rule(report, r, out);
  return out;
}

}  // namespace tf::conformance
