#include "tools/tf/explain_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/core/math_kinds.h"
#include "ir/support/nearest_names.h"
#include "tools/tf/ctrl_c.h"
#include "tools/tf/explain_op.h"
#include "tools/tf/explain_rule.h"

namespace tf::cli {
namespace {

// What the argument names.
struct Subject {
  const conformance::Rule* rule = nullptr;
  std::optional<Op> op;
  std::string kind;                  ///< the math kind when the op was named by one
  bool prefix = false;
  std::vector<std::string> spellers; ///< the ops an ambiguous spelling names
};

std::vector<Op> all_ops() {
  const OpRegistry& registry = cli_context().registry();
  std::vector<Op> ops;
  for (std::size_t i = 0; i < registry.size(); ++i) ops.push_back(registry.at(i));
  return ops;
}

// The op `name` names: full name, a spelling of one op, or a math kind (header comment).
void resolve_op(const std::string& name, Subject& s) {
  const OpRegistry& registry = cli_context().registry();
  if (std::optional<Op> op = registry.find(name)) {
    s.op = op;
    return;
  }
  std::vector<Op> spelled;
  for (Op op : all_ops())
    if (op.surface() == name) spelled.push_back(op);
  if (spelled.size() == 1) s.op = spelled.front();
  for (Op op : spelled) s.spellers.emplace_back(op.name());
  if (!spelled.empty()) return;
  // As the reader does in a func body: a kind, or upstream's alias of one, used as the op name.
  const std::string kind(upstream_kind_alias(name).value_or(name));
  if (binary_kind_from_name(kind)) s.op = registry.find("hir.math.Binary");
  else if (unary_kind_from_name(kind)) s.op = registry.find("hir.math.Unary");
  if (s.op) s.kind = kind;
}

Subject resolve(const std::string& arg, const conformance::RuleCatalogue& rules) {
  Subject s;
  if (arg.empty()) return s;
  s.rule = rules.find(arg);
  if (s.rule != nullptr) return s;
  resolve_op(arg, s);
  if (s.op || !s.spellers.empty()) return s;
  s.prefix = std::any_of(rules.rules().begin(), rules.rules().end(),
                         [&](const conformance::Rule& r) { return r.id.starts_with(arg); });
  return s;
}

Diagnostic unknown_subject(const std::string& arg, const conformance::RuleCatalogue& rules) {
  std::vector<std::string> known;
  for (const conformance::Rule& r : rules.rules()) {
    if (std::find(known.begin(), known.end(), r.document()) == known.end())
      known.emplace_back(r.document());  // TYPES, TIR, DTREP: the widest prefixes
    known.push_back(r.id);
  }
  for (Op op : all_ops()) {
    known.emplace_back(op.name());
    known.emplace_back(op.surface());
  }
  Diagnostic d = category_error(
      DiagCategory::Usage,
      fmt::format("'{}' is neither a rule id of {}, an op (tf ops lists them) nor a prefix of a "
                  "rule id",
                  arg, kRulesPath));
  return suggest_nearest(d, arg, known);
}

// The longest argument looked up: every rule id and op name is under 64 characters, and a longer
// one would only make the nearest-name search slow (quadratic in its length) and the message long.
constexpr std::size_t kMaxSubjectBytes = 200;
// How much of a refused argument the message quotes.
constexpr std::size_t kQuotedSubjectBytes = 64;

Diagnostic too_long_subject(const std::string& arg) {
  return category_error(DiagCategory::Usage,
                        fmt::format("the argument '{}...' ({} bytes) is longer than any rule id, prefix or op name "
                                    "(at most {} bytes are looked up)",
                                    arg.substr(0, kQuotedSubjectBytes), arg.size(), kMaxSubjectBytes));
}

Diagnostic ambiguous_spelling(const std::string& arg, const std::vector<std::string>& ops) {
  Diagnostic d = category_error(
      DiagCategory::Usage,
      fmt::format("'{}' spells {} ops: {}; name one in full", arg, ops.size(), fmt::join(ops, ", ")));
  d.notes.push_back("a func body resolves hir.* ops, a prim_func body tir.* ops");
  return d;
}

}  // namespace

int run_explain(const ExplainRequest& r, ExplainSources& sources, std::ostream& out,
                std::ostream& err) {
  if (r.subject.size() > kMaxSubjectBytes) return report_bad_input({too_long_subject(r.subject)}, err, r.json);
  const Subject s = resolve(r.subject, sources.rules);
  if (s.rule != nullptr || s.op) {
    // A live run (--run, an op's example) stops at Ctrl-C: the cases cut short are not verdicts.
    const CtrlC ctrl_c;
    const int code = s.rule != nullptr ? explain_rule(*s.rule, sources, r.run, r.json, out)
                                       : explain_op(*s.op, s.kind, sources, r.run_example, r.json, out);
    if (!CtrlC::pressed()) return code;
    return report_bad_input({category_error(DiagCategory::Eval, "interrupted (Ctrl-C): the runs shown as failing were cut short")},
                            err, r.json);
  }
  if (!s.spellers.empty()) return report_bad_input({ambiguous_spelling(r.subject, s.spellers)}, err, r.json);
  if (s.prefix) return explain_prefix(r.subject, sources, r.json, out);
  return report_bad_input({unknown_subject(r.subject, sources.rules)}, err, r.json);
}

int run_explain(const ExplainRequest& r, std::ostream& out, std::ostream& err) {
  Result<eval::EvalLimits> limits = resolve_limits(r.limits);
  if (!limits.ok()) return report_bad_input(limits.diagnostics(), err, r.json);
  Result<ExplainSources> sources = load_explain_sources(r.root);
  if (!sources.ok()) return report_bad_input(sources.diagnostics(), err, r.json);
  ExplainSources loaded = std::move(sources).value();
  loaded.limits = limits.value();
  return run_explain(r, loaded, out, err);
}

void add_explain_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<ExplainRequest>();
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "Explain a spec rule, a family of rules or an op: what the spec says, what the project\n"
      "decided, what checks it, and (for an op) what it computes, with an example run live.\n"
      "  tf explain TYPES.3.DTYPE.from-name-rejects-unknown\n"
      "      a rule of conformance/rules.tsv: kind, seed section, rule and check text, the\n"
      "      decisions of docs/decisions.md that touch it, and every case and test that names\n"
      "      it (`covers`), as file:line\n"
      "  tf explain TIR.1.6.DISPATCH.first-match-wins --run\n"
      "      the same, and each covering case run as tf conform runs it, with its verdict\n"
      "      (gtests are named with the ctest that runs them, never run)\n"
      "  tf explain TYPES.3      an id prefix: each rule, its kind and how many places cover\n"
      "      it, and tf coverage's table for the prefix\n"
      "  tf explain hir.tensor.Concat     (or concat; add names the kind add of hir.math.Binary)\n"
      "      an op: spelling, operands, attributes and result rule as tf ops prints them, the\n"
      "      paragraph of docs/hir-semantics.md or docs/tir-semantics.md that says what it\n"
      "      computes, and the first conformance case that calls it, run live\n"
      "  tf explain hir.nn.SoftMax --json      one JSON object (schema: tools/tf/explain_command.h)\n"
      "Exit 0; 1 when a case that ran fails; 2 for an argument that is no rule, prefix or op\n"
      "(the diagnostic names the nearest ids and ops).");
  cmd->add_option("subject", req->subject, "a rule id, an id prefix, or an op (name or spelling)")
      ->required();
  cmd->add_flag("--run", req->run, "run the conformance cases that cover a rule");
  cmd->add_flag("--json", req->json, "print one JSON object");
  cmd->add_option("--root", req->root, "the project root to read (default: .)");
  add_limit_options(*cmd, req->limits);
  cmd->callback([req, &exit_code] { exit_code = run_explain(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
