#include "tools/gpu_check/case_lines.h"

#include <cctype>

namespace tf::gpu_check {

std::optional<CaseLine> parse_case_line(std::string_view line) {
  static constexpr std::pair<std::string_view, CaseLine::Status> kPrefixes[] = {
      {"PASS ", CaseLine::Status::Passed},
      {"FAIL ", CaseLine::Status::Failed},
      {"SKIP ", CaseLine::Status::Skipped},
      {"CRASH ", CaseLine::Status::Crashed},
  };
  for (const auto& [prefix, status] : kPrefixes) {
    if (!line.starts_with(prefix)) continue;
    CaseLine c;
    c.status = status;
    std::string_view body = line.substr(prefix.size());
    if (status == CaseLine::Status::Passed) {
      c.name = std::string(body);
    } else {
      const std::size_t colon = body.find(": ");
      if (colon == std::string_view::npos) return std::nullopt;
      c.name = std::string(body.substr(0, colon));
      c.rest = std::string(body.substr(colon + 2));
    }
    if (c.name.empty()) return std::nullopt;
    return c;
  }
  return std::nullopt;
}

void CaseTally::add(std::string_view line) {
  const std::optional<CaseLine> c = parse_case_line(line);
  if (!c) return;
  switch (c->status) {
    case CaseLine::Status::Passed:
      ++passed;
      passed_names.push_back(c->name);
      return;
    case CaseLine::Status::Skipped:
      ++skipped;
      skips.emplace_back(line);
      return;
    case CaseLine::Status::Failed:
    case CaseLine::Status::Crashed:
      if (c->rest.find("interrupted (Ctrl-C)") != std::string::npos) {
        ++interrupted;
        return;
      }
      ++(c->status == CaseLine::Status::Failed ? failed : crashed);
      failures.emplace_back(line);
      return;
  }
}

std::string exact_names_filter(const std::vector<std::string>& names) {
  std::string f = "^(?:";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) f += "|";
    if (names[i].find("\\E") == std::string::npos) {
      f += "\\Q" + names[i] + "\\E";
      continue;
    }
    for (char c : names[i]) {  // RE2 takes a backslash before any punctuation as that character
      if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_' &&
          std::ispunct(static_cast<unsigned char>(c)) != 0)
        f += '\\';
      f += c;
    }
  }
  return f + ")$";
}

}  // namespace tf::gpu_check
