#include "conformance/decisions_doc.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "ir/support/regular_file.h"
#include "ir/support/text_lines.h"

namespace tf::conformance {
namespace {

Diagnostic error_at(const std::string& file, int line, std::string message) {
  Diagnostic d = category_error(DiagCategory::Usage, std::move(message));
  d.location = {file, line, 1};
  return d;
}

bool is_prefix_entry(std::string_view entry) { return entry.ends_with('*'); }

// An entry without its `*`; a prefix may end in the dot that closes its last component.
std::string_view entry_stem(std::string_view entry) {
  return is_prefix_entry(entry) ? entry.substr(0, entry.size() - 1) : entry;
}

bool well_formed_entry(std::string_view entry) {
  if (!is_prefix_entry(entry)) return looks_like_rule_id(entry);
  std::string_view stem = entry_stem(entry);
  if (stem.empty() || !std::isalpha(static_cast<unsigned char>(stem.front()))) return false;
  return std::all_of(stem.begin(), stem.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-';
  });
}

// Splits `Rules: A, `B`, C*` into its entries; appends a diagnostic for each malformed one.
std::vector<std::string> rule_entries(std::string_view list, const std::string& file, int line,
                                      std::vector<Diagnostic>& errors) {
  std::vector<std::string> entries;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string_view::npos) comma = list.size();
    std::string_view entry = trim(list.substr(start, comma - start));
    start = comma + 1;
    if (entry.size() >= 2 && entry.front() == '`' && entry.back() == '`')
      entry = trim(entry.substr(1, entry.size() - 2));
    if (comma == list.size() && entry.ends_with('.') && !entry.ends_with("*."))
      entry.remove_suffix(1);  // the sentence's full stop after the last entry
    if (entry.ends_with("*.")) entry.remove_suffix(1);
    if (entry.empty()) continue;
    std::string lower(entry);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "none") continue;
    if (!well_formed_entry(entry)) {
      errors.push_back(error_at(
          file, line,
          fmt::format("Rules entry '{}' is neither a rule id nor an id prefix ending in '*'",
                      entry)));
      continue;
    }
    entries.emplace_back(entry);
  }
  return entries;
}

// `## D<n>. <title>` -> n and the title; false when the heading is not of that form.
bool parse_heading(std::string_view heading, int& number, std::string& title) {
  std::size_t i = 1;  // after the `D`
  while (i < heading.size() && std::isdigit(static_cast<unsigned char>(heading[i]))) ++i;
  if (i == 1 || i + 1 >= heading.size() || heading[i] != '.' || heading[i + 1] != ' ') return false;
  number = std::stoi(std::string(heading.substr(1, i - 1)));
  title = std::string(trim(heading.substr(i + 2)));
  return !title.empty();
}

}  // namespace

bool Decision::touches(std::string_view rule_id) const {
  return std::any_of(rules.begin(), rules.end(), [&](const std::string& entry) {
    return is_prefix_entry(entry) ? rule_id.starts_with(entry_stem(entry)) : rule_id == entry;
  });
}

Result<std::vector<Decision>> parse_decisions(std::string_view text, const std::string& file) {
  std::vector<Decision> decisions;
  std::vector<Diagnostic> errors;
  std::map<std::string, int> first_line;  // decision id -> its heading's line
  bool in_decision = false;
  bool in_fence = false;
  int line_no = 0;
  for (std::string_view line : text_lines(text)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.starts_with("```")) in_fence = !in_fence;
    if (in_fence) continue;
    if (line.starts_with("## ")) {
      std::string_view heading = trim(line.substr(3));
      in_decision = heading.size() > 1 && heading[0] == 'D' &&
                    std::isdigit(static_cast<unsigned char>(heading[1]));
      if (!in_decision) continue;
      Decision d;
      int number = 0;
      if (!parse_heading(heading, number, d.title)) {
        errors.push_back(error_at(
            file, line_no, fmt::format("decision heading '{}' is not '## D<n>. <title>'", heading)));
        in_decision = false;
        continue;
      }
      d.id = fmt::format("D{}", number);
      d.location = {file, line_no, 1};
      if (auto [it, fresh] = first_line.emplace(d.id, line_no); !fresh)
        errors.push_back(error_at(file, line_no,
                                  fmt::format("{} is used twice (first at line {})", d.id, it->second)));
      decisions.push_back(std::move(d));
      continue;
    }
    if (line.starts_with("# ")) in_decision = false;  // a new top-level part
    std::string_view body = trim(line);
    if (!in_decision || !body.starts_with("Rules:")) continue;
    Decision& d = decisions.back();
    if (d.rules_location.known()) {
      errors.push_back(error_at(file, line_no,
                                fmt::format("{} has a second Rules line (the first is line {})",
                                            d.id, d.rules_location.line)));
      continue;
    }
    d.rules_location = {file, line_no, 1};
    d.rules = rule_entries(body.substr(6), file, line_no, errors);
  }
  if (!errors.empty()) return errors;
  return decisions;
}

Result<std::vector<Decision>> load_decisions(const std::string& path) {
  Result<std::string> text = read_regular_file(path);
  TF_TRY(text);
  return parse_decisions(*text, path);
}

std::vector<const Decision*> decisions_touching(const std::vector<Decision>& decisions,
                                                std::string_view rule_id) {
  std::vector<const Decision*> out;
  for (const Decision& d : decisions)
    if (d.touches(rule_id)) out.push_back(&d);
  return out;
}

std::vector<Diagnostic> entries_naming_no_rule(const std::vector<Decision>& decisions,
                                               const RuleCatalogue& rules) {
  std::vector<Diagnostic> out;
  for (const Decision& d : decisions) {
    for (const std::string& entry : d.rules) {
      const bool names_one =
          is_prefix_entry(entry)
              ? std::any_of(rules.rules().begin(), rules.rules().end(),
                            [&](const Rule& r) { return r.id.starts_with(entry_stem(entry)); })
              : rules.find(entry) != nullptr;
      if (names_one) continue;
      Diagnostic diag = category_error(
          DiagCategory::Usage,
          fmt::format("{} names '{}', which {} of conformance/rules.tsv", d.id, entry,
                      is_prefix_entry(entry) ? "is a prefix of no rule id" : "is no rule id"));
      diag.location = d.rules_location;
      out.push_back(std::move(diag));
    }
  }
  return out;
}

}  // namespace tf::conformance
