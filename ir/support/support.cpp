#include <fmt/format.h>

#include "ir/support/check.h"
#include "ir/support/diagnostic.h"
#include "ir/support/source_location.h"

namespace tf {

std::string SourceLocation::str() const {
  if (!known()) return file;
  return fmt::format("{}:{}:{}", file.empty() ? "<input>" : file, line, column);
}

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

const char* category_name(DiagCategory c) {
  switch (c) {
    case DiagCategory::Rule: return "rule";
    case DiagCategory::Parse: return "parse";
    case DiagCategory::Type: return "type";
    case DiagCategory::Eval: return "eval";
    case DiagCategory::Usage: return "usage";
    case DiagCategory::Internal: return "internal";
  }
  return "internal";
}

std::string Diagnostic::tag() const {
  return rule_id.empty() ? category_name(category) : rule_id;
}

namespace {

// `text` with its control characters but the newline and the tab written `\xHH`: a diagnostic
// quotes what the user gave (a function name, an argument, a file name), and an escape sequence in
// it must not reach the terminal as one.
std::string shown(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) out += fmt::format("\\x{:02X}", static_cast<unsigned>(c));
    else out += ch;
  }
  return out;
}

}  // namespace

std::string Diagnostic::render() const {
  std::string out;
  std::string where = location.str();
  if (!where.empty()) out += shown(where) + ": ";
  out += fmt::format("{}[{}]: {}", severity_name(severity), tag(), shown(message));
  for (const auto& n : notes) out += "\nnote: " + shown(n);
  for (const RelatedLocation& r : related) {
    const std::string at = r.location.str();
    out += "\nnote: " + (at.empty() ? std::string() : shown(at) + ": ") + shown(r.message);
  }
  if (!ir_path.empty()) out += "\nat: " + shown(ir_path);
  return out;
}

Diagnostic rule_error(std::string rule_id, std::string message) {
  Diagnostic d;
  d.rule_id = std::move(rule_id);
  d.message = std::move(message);
  return d;
}

Diagnostic category_error(DiagCategory category, std::string message) {
  Diagnostic d;
  d.category = category;
  d.message = std::move(message);
  return d;
}

bool has_error(const std::vector<Diagnostic>& diags) {
  for (const auto& d : diags)
    if (d.severity == Severity::Error) return true;
  return false;
}

void append(std::vector<Diagnostic>& to, std::vector<Diagnostic> from) {
  for (Diagnostic& d : from) to.push_back(std::move(d));
}

namespace detail {
void check_failed(const char* condition, const char* file, int line, const std::string& message) {
  throw InternalError(fmt::format("internal error at {}:{}: check `{}` failed{}{}", file, line,
                                  condition, message.empty() ? "" : ": ", message));
}
}  // namespace detail

}  // namespace tf
