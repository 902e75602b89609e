#include "conformance/case_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>

#include "conformance/law_case.h"
#include "eval/tir/ub_kind.h"
#include "ir/layout/layout_law.h"
#include "ir/support/nearest_names.h"

namespace tf::conformance {

const std::vector<std::string>& case_levels() {
  static const std::vector<std::string> levels = {"hir", "tir", "lowered", "cuda-emu", "cuda-gpu"};
  return levels;
}

namespace {

std::string trim(std::string s) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

// The line without its comment (a '#' outside a string).
std::string strip_comment(const std::string& line) {
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && in_string) {
      ++i;
      continue;
    }
    if (line[i] == '"') in_string = !in_string;
    if (line[i] == '#' && !in_string) return line.substr(0, i);
  }
  return line;
}

// Opening minus closing brackets ((, [, {) outside string literals.
int bracket_balance(const std::string& s) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (in_string) {
      if (ch == '\\') ++i;
      else if (ch == '"') in_string = false;
      continue;
    }
    if (ch == '"') in_string = true;
    else if (ch == '(' || ch == '[' || ch == '{') ++depth;
    else if (ch == ')' || ch == ']' || ch == '}') --depth;
  }
  return depth;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

// A name of a case line: an identifier, or one between backquotes as the rest of the file writes
// a name that is a reserved word (`for`); "" when it is neither.
std::string case_name(const std::string& s) {
  if (s.size() > 2 && s.front() == '`' && s.back() == '`') return is_identifier(s.substr(1, s.size() - 2)) ? s.substr(1, s.size() - 2) : "";
  return is_identifier(s) ? s : "";
}

class CaseParser {
 public:
  CaseParser(const text::SkippedItem& item, const RuleCatalogue* rules) : item_(item), rules_(rules) {}

  Result<Case> parse() {
    c_.name = item_.name;
    c_.location = item_.begin;
    std::istringstream in(item_.text);
    std::string line;
    int n = 0;
    // A statement continues on the next lines while its brackets are open (a long literal).
    std::string pending;
    SourceLocation pending_at;
    int depth = 0;
    while (std::getline(in, line)) {
      const int line_no = item_.begin.line + n;
      ++n;
      if (n == 1) continue;  // case "name" {
      const std::string body = trim(strip_comment(line));
      if (pending.empty()) {
        if (body.empty() || body == "}") continue;
        const std::size_t indent = line.find_first_not_of(" \t");
        pending_at = SourceLocation{item_.begin.file, line_no, static_cast<int>(indent) + 1};
        pending = body;
      } else {
        pending += " " + body;
      }
      depth += bracket_balance(body);
      if (depth > 0) continue;
      statement(pending, pending_at);
      pending.clear();
      depth = 0;
    }
    if (!pending.empty()) error(pending_at, "this statement's brackets are not closed before the case ends");
    check_law_case();
    // Without an expect line a case asserts that its file (its `run` function) reads and
    // verifies; input and dim lines would be ignored, so they need an expect line.
    if (c_.expects.empty() && diags_.empty() && (!c_.inputs.empty() || !c_.dims.empty()))
      error(c_.location,
            fmt::format("case \"{}\" gives inputs or dims but nothing checks a run: add `expect "
                        "output ...` or `expect error ...` (a case without expect lines asserts "
                        "only that the file reads and verifies)",
                        c_.name));
    if (!diags_.empty()) return diags_;
    return c_;
  }

 private:
  void error(const SourceLocation& at, std::string message, std::string rule = "") {
    Diagnostic d = rule.empty() ? category_error(DiagCategory::Parse, std::move(message))
                                : rule_error(rule, std::move(message));
    d.location = at;
    diags_.push_back(std::move(d));
  }

  // A law case (`law NAME`) holds only covers, input and `expect holds` lines, and `expect holds`
  // belongs to a law case.
  void check_law_case() {
    const auto is_holds = [](const CaseExpect& e) { return e.kind == CaseExpect::Kind::Holds; };
    const bool holds = std::any_of(c_.expects.begin(), c_.expects.end(), is_holds);
    if (c_.law.empty()) {
      if (holds) error(c_.location, fmt::format("case \"{}\" expects a law to hold but names none: add `law NAME`", c_.name));
      return;
    }
    const bool others = !std::all_of(c_.expects.begin(), c_.expects.end(), is_holds);
    if (!holds || others || !c_.run.empty() || !c_.level.empty() || c_.schedule != 0 || !c_.dims.empty())
      error(c_.location, fmt::format("case \"{}\" is a law case (`law {}`): it holds `input` lines and `expect holds`, "
                                     "and no run, at, schedule, dim or other expect line",
                                     c_.name, c_.law));
  }

  void check_id(const std::string& id, const SourceLocation& at) {
    if (rules_ == nullptr || rules_->find(id) != nullptr) return;
    error(at, fmt::format("'{}' is not a rule id of the catalogue", id));
    std::vector<std::string> ids;
    for (const Rule& r : rules_->rules()) ids.push_back(r.id);
    suggest_nearest(diags_.back(), id, ids);
  }

  void statement(const std::string& s, const SourceLocation& at) {
    const std::size_t space = s.find_first_of(" \t");
    const std::string word = s.substr(0, space);
    const std::string rest = space == std::string::npos ? "" : trim(s.substr(space));
    if (word == "covers") {
      std::istringstream ids(rest);
      std::string id;
      while (std::getline(ids, id, ',')) {
        id = trim(id);
        if (id.empty()) continue;
        check_id(id, at);
        c_.covers.push_back(id);
      }
      if (c_.covers.empty()) error(at, "covers needs at least one rule id");
    } else if (word == "run") {
      if (case_name(rest).empty()) return error(at, fmt::format("run names a function, found '{}'", rest));
      c_.run = case_name(rest);
    } else if (word == "law") {
      if (find_layout_law(rest) == nullptr)
        return error(at, fmt::format("no law is named '{}'; the laws are {}", rest, law_names()));
      c_.law = rest;
    } else if (word == "at") {
      const auto& levels = case_levels();
      if (std::find(levels.begin(), levels.end(), rest) == levels.end())
        return error(at, fmt::format("unknown level '{}'; the levels are hir, tir, lowered, cuda-emu, cuda-gpu", rest));
      c_.level = rest;
    } else if (word == "schedule") {
      std::uint64_t seed = 0;
      const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), seed);
      if (rest.empty() || ec != std::errc() || end != rest.data() + rest.size())
        return error(at, fmt::format("schedule takes a thread-order seed (an unsigned integer), found '{}'", rest));
      c_.schedule = seed;
    } else if (word == "dim" || word == "input") {
      const std::size_t eq = rest.find('=');
      const std::string name = case_name(trim(rest.substr(0, eq)));
      if (eq == std::string::npos || name.empty()) return error(at, fmt::format("expected `{} NAME = value`", word));
      (word == "dim" ? c_.dims : c_.inputs).emplace_back(name, trim(rest.substr(eq + 1)));
      if (word == "input") {
        // The value's own position, so that a literal's diagnostics point into this line.
        const std::size_t rest_at = s.find_first_not_of(" \t", space);
        const std::size_t value_at = s.find_first_not_of(" \t", rest_at + eq + 1);
        c_.input_locations.push_back(SourceLocation{
            at.file, at.line, at.column + static_cast<int>(value_at == std::string::npos ? s.size() : value_at)});
      }
    } else if (word == "expect") {
      const std::size_t rest_at = s.find_first_not_of(" \t", space);
      expect(rest, at, SourceLocation{at.file, at.line, at.column + static_cast<int>(rest_at)});
    } else {
      error(at, fmt::format("unknown case statement '{}'; a case holds covers, run, at, schedule, dim, "
                            "input and expect lines (a law case: law, input and expect holds)",
                            word));
    }
  }

  void expect(const std::string& rest, const SourceLocation& at, const SourceLocation& text_at) {
    CaseExpect e;
    e.location = at;
    e.text_location = text_at;
    if (rest.rfind("error", 0) == 0 && (rest.size() == 5 || std::isspace(static_cast<unsigned char>(rest[5])))) {
      const std::string what = trim(rest.substr(5));
      const std::size_t space = what.find_first_of(" \t");
      const std::string head = what.substr(0, space);
      if (head == "eval" || head == "type" || head == "parse") {
        const std::string q = space == std::string::npos ? "" : trim(what.substr(space));
        if (q.size() < 2 || q.front() != '"' || q.back() != '"')
          return error(at, fmt::format("expected `expect error {} \"substring\"`", head));
        e.kind = head == "eval" ? CaseExpect::Kind::EvalError : CaseExpect::Kind::CategoryError;
        e.category = head;
        e.substring = q.substr(1, q.size() - 2);
      } else {
        if (what.empty() || what.find_first_of(" \t") != std::string::npos)
          return error(at, "expected `expect error RULE.ID` or `expect error eval|type|parse \"substring\"`");
        if (!eval::tir::ub_kind_from_id(what)) check_id(what, at);
        e.kind = CaseExpect::Kind::Error;
        e.rule_id = what;
      }
    } else if (rest == "roundtrip") {
      e.kind = CaseExpect::Kind::RoundTrip;
    } else if (rest == "runs") {
      e.kind = CaseExpect::Kind::Runs;
    } else if (rest == "holds") {
      e.kind = CaseExpect::Kind::Holds;
    } else if (rest.rfind("output", 0) == 0) {
      e.kind = CaseExpect::Kind::Output;
      e.text = rest;
    } else {
      return error(at,
                   "expected `expect output ...`, `expect error ...`, `expect runs`, `expect roundtrip` or `expect holds`");
    }
    c_.expects.push_back(std::move(e));
  }

  const text::SkippedItem& item_;
  const RuleCatalogue* rules_;
  Case c_;
  std::vector<Diagnostic> diags_;
};

}  // namespace

Result<std::vector<Case>> read_cases(const text::ParsedFile& file, const RuleCatalogue* rules) {
  std::vector<Case> cases;
  std::vector<Diagnostic> diags;
  for (const text::SkippedItem& item : file.items) {
    if (item.kind != text::ItemKind::Case) continue;
    Result<Case> c = CaseParser(item, rules).parse();
    if (c.ok()) cases.push_back(std::move(*c));
    else diags.insert(diags.end(), c.diagnostics().begin(), c.diagnostics().end());
  }
  if (!diags.empty()) return diags;
  return cases;
}

}  // namespace tf::conformance
