// Diagnostics: the one channel through which bad input is reported (docs/architecture.md).
//
// A Diagnostic names the spec rule it enforces (an id of conformance/rules.tsv) when one
// applies; otherwise its category says what kind of problem it is. Verifiers collect every
// diagnostic instead of stopping at the first. Rendering follows docs/tfir.md section 8:
//   file:line:col: error[RULE.ID]: message
//   note: ...
//   note: file:line:col: a related place
//   at: ir.path
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/support/source_location.h"

namespace tf {

enum class Severity { Error, Warning, Note };

/// What kind of problem a diagnostic without a rule id reports.
enum class DiagCategory { Rule, Parse, Type, Eval, Usage, Internal };

/// Another place a diagnostic concerns (the earlier binding of a name, the other statement of
/// a race), with what it is.
struct RelatedLocation {
  SourceLocation location;
  std::string message;  ///< e.g. "the earlier binding"
};

struct Diagnostic {
  Severity severity = Severity::Error;
  DiagCategory category = DiagCategory::Rule;
  std::string message;
  std::string rule_id;  ///< e.g. "TYPES.3.DTYPE.from-name-rejects-unknown"; empty if none applies
  std::string ir_path;  ///< e.g. "scale_add.body[2].args[0]"; empty outside the IR
  std::string function; ///< the function the diagnostic concerns (where ir_path starts), if any
  SourceLocation location;
  std::vector<std::string> notes;
  std::vector<RelatedLocation> related;  ///< rendered as `note: file:line:col: message`

  /// The bracketed tag: the rule id, or the category name ("parse", "usage", ...).
  std::string tag() const;
  /// Clang-style multi-line rendering (docs/tfir.md section 8), without a trailing newline.
  std::string render() const;
};

const char* severity_name(Severity s);
const char* category_name(DiagCategory c);

/// An error diagnostic that enforces spec rule `rule_id`.
Diagnostic rule_error(std::string rule_id, std::string message);
/// An error diagnostic of a category that has no rule id.
Diagnostic category_error(DiagCategory category, std::string message);

/// True when any diagnostic in `diags` is an error.
bool has_error(const std::vector<Diagnostic>& diags);

/// Moves every diagnostic of `from` to the end of `to`, in order.
void append(std::vector<Diagnostic>& to, std::vector<Diagnostic> from);

}  // namespace tf
