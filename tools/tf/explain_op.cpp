#include "tools/tf/explain_op.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>

#include "driver/report.h"
#include "ir/support/json_text.h"
#include "ir/support/regular_file.h"
#include "ir/support/text_lines.h"
#include "tools/tf/ops_command.h"
#include "tools/tf/single_case.h"

namespace tf::cli {
namespace {

constexpr std::size_t kMaxShownLines = 14;

// The item of `lines` opening at index `first` (a func or a case block), up to its closing `}`
// at the start of a line, indented by two, at most kMaxShownLines lines.
std::string block_text(const std::vector<std::string_view>& lines, std::size_t first) {
  std::string out;
  std::size_t i = first;
  for (; i < lines.size() && i - first < kMaxShownLines; ++i) {
    out += fmt::format("  {}\n", lines[i]);
    if (i > first && lines[i].starts_with("}")) return out;
  }
  std::size_t end = i;
  while (end < lines.size() && !lines[end].starts_with("}")) ++end;
  if (end < lines.size()) out += fmt::format("  ... ({} more lines)\n", end + 1 - i);
  return out;
}

// The index of the line that defines function `name` (func, prim_func or a specialize ... as
// NAME(...) variant), if any.
std::optional<std::size_t> function_line(const std::vector<std::string_view>& lines,
                                         const std::string& name) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view l = lines[i];
    if (l.starts_with("func " + name + "(") || l.starts_with("prim_func " + name + "(") ||
        (l.starts_with("specialize ") && l.find(" as " + name + "(") != std::string_view::npos))
      return i;
  }
  return std::nullopt;
}

std::string operands_text(Op op) {
  std::string out;
  for (const ParamDef& p : op.params()) {
    if (p.kind != ParamKind::Operand) continue;
    out += (out.empty() ? "" : ", ") + param_text(p) + (p.variadic ? " (variadic)" : "");
  }
  return out.empty() ? "none" : out;
}

std::string attributes_text(Op op) {
  std::string out;
  for (const ParamDef& p : op.params()) {
    if (p.kind != ParamKind::Attribute) continue;
    out += (out.empty() ? "" : ", ") + param_text(p) + (p.required() ? " (required)" : "");
  }
  return out.empty() ? "none" : out;
}

}  // namespace

int explain_op(Op op, const std::string& kind, ExplainSources& s, bool run_example, bool json,
               std::ostream& out) {
  load_op_sources(s);
  const SemanticsPage page = semantics_page_of(op);
  const std::optional<DocParagraph> paragraph =
      op_paragraph(s.pages[page.path], op, page.evaluation_part);
  auto ex = s.examples.find(std::string(op.name()));
  const conformance::OpExample* example = ex == s.examples.end() ? nullptr : &ex->second;
  std::optional<conformance::CaseOutcome> outcome;
  if (example != nullptr && run_example)
    outcome = run_single_case((std::filesystem::path(s.root) / example->file).string(),
                              example->case_name, &s.rules, s.limits);
  const bool failed = outcome && (outcome->status == conformance::CaseOutcome::Status::Failed ||
                                  outcome->status == conformance::CaseOutcome::Status::Crashed);
  const int exit_code = failed ? kExitCheckFailed : kExitOk;
  if (json) {
    nlohmann::ordered_json j{{"explains", "op"}};
    const nlohmann::ordered_json fields = op_json(op);
    for (const auto& [key, value] : fields.items()) j[key] = value;
    j["spelling"] = op_spelling(op);
    j["kind_alias"] = kind.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(kind);
    j["semantics"] = nlohmann::ordered_json();
    if (paragraph)
      j["semantics"] = {{"file", paragraph->file},
                        {"line", paragraph->line},
                        {"section", paragraph->section},
                        {"text", paragraph->text}};
    j["example"] = nlohmann::ordered_json();
    if (example != nullptr) {
      j["example"] = {{"file", example->file},     {"line", example->location.line},
                      {"case", example->case_name}, {"run", example->run},
                      {"level", example->level}};
      if (outcome) {
        j["example"]["status"] = conformance::status_name(outcome->status);
        j["example"]["reason"] = outcome->reason;
      }
    }
    out << json_text(j, 2) << '\n';
    return exit_code;
  }
  out << fmt::format("op {} ({})\n", op.name(), op_form_text(op));
  if (!kind.empty())
    out << fmt::format("kind:        {0} (a func writes {1}(..., kind={0}) as {0}(...))\n", kind,
                       op.surface());
  out << fmt::format("spelling:    {}\n", op_spelling(op));
  out << fmt::format("operands:    {}\n", operands_text(op));
  out << fmt::format("attributes:  {}\n", attributes_text(op));
  out << fmt::format("result:      {}\n", op_result_rule(op));
  if (paragraph) {
    out << fmt::format("semantics:   {}:{} ({})\n", paragraph->file, paragraph->line,
                       paragraph->section);
    for (std::string_view line : text_lines(paragraph->text)) out << "  " << line << '\n';
  } else {
    out << fmt::format("semantics:   none: no paragraph of {} names it\n", page.path);
  }
  if (example == nullptr) {
    out << fmt::format("example:     none: no case under {} or {} calls it\n", kCasesPath,
                       kCorpusPath);
    return exit_code;
  }
  out << fmt::format("example:     {}:{}  case \"{}\" (runs {} at {})\n", example->file,
                     example->location.line, example->case_name, example->run, example->level);
  Result<std::string> source =
      read_regular_file((std::filesystem::path(s.root) / example->file).string());
  if (source.ok()) {
    const std::vector<std::string_view> lines = text_lines(*source);
    if (std::optional<std::size_t> fn = function_line(lines, example->run))
      out << block_text(lines, *fn);
    if (example->location.line >= 1)
      out << block_text(lines, static_cast<std::size_t>(example->location.line - 1));
  }
  if (outcome) out << "  -> " << outcome_verdict(*outcome) << '\n';
  return exit_code;
}

}  // namespace tf::cli
