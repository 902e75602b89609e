#include "conformance/rule_catalogue.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "ir/support/regular_file.h"

namespace tf::conformance {
namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

bool parse_kind(std::string_view s, RuleKind* out) {
  static constexpr std::pair<std::string_view, RuleKind> kKinds[] = {
      {"accept", RuleKind::Accept},
      {"reject", RuleKind::Reject},
      {"value", RuleKind::Value},
      {"structure", RuleKind::Structure}};
  for (auto [name, kind] : kKinds) {
    if (s == name) {
      *out = kind;
      return true;
    }
  }
  return false;
}

Diagnostic row_error(const std::string& file, int line, std::string message) {
  Diagnostic d = category_error(DiagCategory::Usage, std::move(message));
  d.location = {file, line, 1};
  return d;
}

}  // namespace

const char* rule_kind_name(RuleKind k) {
  switch (k) {
    case RuleKind::Accept: return "accept";
    case RuleKind::Reject: return "reject";
    case RuleKind::Value: return "value";
    case RuleKind::Structure: return "structure";
  }
  return "value";
}

std::string_view Rule::document() const {
  std::string_view v = id;
  return v.substr(0, v.find('.'));
}

bool looks_like_rule_id(std::string_view id) {
  if (id.empty() || id.find('.') == std::string_view::npos) return false;
  if (!std::isalpha(static_cast<unsigned char>(id.front()))) return false;
  for (char c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') return false;
  return id.back() != '.' && id.back() != '-';
}

Result<RuleCatalogue> RuleCatalogue::parse(std::string_view text, const std::string& file_name) {
  RuleCatalogue cat;
  std::vector<Diagnostic> errors;
  int line_no = 0;
  for (std::string_view line : split(text, '\n')) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line_no == 1 || line.empty()) continue;  // header
    auto cols = split(line, '\t');
    Rule r;
    if (cols.size() != 5) {
      errors.push_back(row_error(file_name, line_no,
                                 fmt::format("expected 5 tab-separated columns, found {}",
                                             cols.size())));
      continue;
    }
    r.id = cols[0];
    r.seed = cols[1];
    r.text = cols[3];
    r.check = cols[4];
    if (!looks_like_rule_id(r.id)) {
      errors.push_back(row_error(file_name, line_no, fmt::format("malformed rule id '{}'", r.id)));
      continue;
    }
    if (!parse_kind(cols[2], &r.kind)) {
      errors.push_back(row_error(
          file_name, line_no,
          fmt::format("unknown kind '{}' (accept, reject, value, structure)", cols[2])));
      continue;
    }
    if (cat.index_.count(r.id)) {
      errors.push_back(row_error(file_name, line_no, fmt::format("duplicate rule id '{}'", r.id)));
      continue;
    }
    cat.index_.emplace(r.id, cat.rules_.size());
    cat.rules_.push_back(std::move(r));
  }
  if (!errors.empty()) return errors;
  return cat;
}

Result<RuleCatalogue> RuleCatalogue::load(const std::string& path) {
  Result<std::string> text = read_regular_file(path);
  TF_TRY(text);
  return parse(*text, path);
}

const Rule* RuleCatalogue::find(std::string_view id) const {
  auto it = index_.find(id);
  return it == index_.end() ? nullptr : &rules_[it->second];
}

}  // namespace tf::conformance
