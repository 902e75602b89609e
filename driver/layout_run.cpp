#include "driver/layout_run.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

#include "driver/layout_algebra.h"
#include "driver/layout_svg.h"
#include "driver/layout_table.h"
#include "driver/report.h"
#include "ir/layout/barrier.h"
#include "ir/layout/print.h"
#include "ir/support/json_text.h"
#include "ir/text/expression_parser.h"
#include "ir/text/layout_builder.h"

namespace tf::cli {
namespace {

using nlohmann::ordered_json;

// What an expression denotes; for a layout-algebra call (layout_algebra.h) also the call as
// written, canonically spaced.
struct Evaluated {
  text::LayoutValue value;
  std::optional<std::string> call;
};

Result<Evaluated> evaluate(const std::string& source, const std::string& origin,
                           const text::LayoutEnvironment& env) {
  Result<text::Syntax> syntax = text::parse_expression(source, origin);
  if (!syntax) return syntax.diagnostics();
  if (std::optional<Result<Layout>> algebra = evaluate_layout_algebra(**syntax, env)) {
    TF_TRY(*algebra);
    return Evaluated{**algebra, text::to_string(**syntax)};
  }
  Result<text::LayoutValue> v = text::build_layout_value(**syntax, env);
  TF_TRY(v);
  return Evaluated{*v, std::nullopt};
}

Result<text::LayoutEnvironment> environment(const std::vector<std::string>& defs) {
  text::LayoutEnvironment env;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    const std::string& d = defs[i];
    std::size_t eq = d.find('=');
    std::string name = eq == std::string::npos ? "" : d.substr(0, eq);
    bool valid_name = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_') &&
                      std::all_of(name.begin(), name.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                      });
    if (!valid_name)
      return category_error(DiagCategory::Usage,
                            fmt::format("--def '{}' is not NAME=EXPR (e.g. --def cta1='Mesh(...)')", d));
    Result<Evaluated> v = evaluate(d.substr(eq + 1), fmt::format("--def {}", name), env);
    if (!v) return v.diagnostics();
    env.declare(name, v->value);
  }
  return env;
}

// "not injective: the coordinates (2, 0) and (0, 1) both map to offset 2", in tf check's words
// (a mesh: "the mesh coordinates ... both map to device index N").
std::string not_injective(const LayoutTable& t, bool mesh) {
  if (!t.collision) return "not injective";
  return fmt::format("not injective: the {}coordinates {} and {} both map to {} {}", mesh ? "mesh " : "",
                     to_string(t.collision->first), to_string(t.collision->second),
                     mesh ? "device index" : "offset", t.collision->image);
}

void print_grid(const LayoutTable& t, const std::vector<std::int64_t>& values, std::ostream& out) {
  std::size_t width = 1;
  for (std::int64_t o : values) width = std::max(width, fmt::format("{}", o).size());
  out << fmt::format("{:>{}}", "", 4);
  for (std::int64_t c = 0; c < t.columns; ++c) out << fmt::format(" {:>{}}", c, width);
  out << '\n';
  for (std::int64_t r = 0; r < t.rows; ++r) {
    out << fmt::format("{:>3}:", r);
    for (std::int64_t c = 0; c < t.columns; ++c)
      out << fmt::format(" {:>{}}", values[r + t.rows * c], width);
    out << '\n';
  }
}

}  // namespace

int run_layout(const LayoutRequest& r, std::ostream& out, std::ostream& err) {
  Result<text::LayoutEnvironment> env = environment(r.definitions);
  if (!env) return report_bad_input(env.diagnostics(), err, r.json);
  Result<Evaluated> evaluated = evaluate(r.expression, "EXPR", *env);
  if (!evaluated) return report_bad_input(evaluated.diagnostics(), err, r.json);
  const text::LayoutValue* value = &evaluated->value;
  const std::optional<std::string>& call = evaluated->call;
  Result<LayoutTable> table = layout_table(*value);
  if (!table) return report_bad_input(table.diagnostics(), err, r.json);

  const Mesh* mesh = std::get_if<Mesh>(&*value);
  std::vector<std::int64_t> participants;
  std::optional<Result<BarrierClass>> barrier;
  if (mesh) {
    participants = table->offsets;
    std::sort(participants.begin(), participants.end());
    barrier = classify_barrier(*mesh);
  }
  const std::string spelling = text::to_string(*value);

  if (!r.svg_path.empty()) {
    if (std::optional<Diagnostic> failed = write_file(r.svg_path, layout_svg(*table, spelling)))
      return report_bad_input({*failed}, err, r.json);
  }

  if (r.json) {
    ordered_json j = {{"kind", text::layout_value_kind(*value)}};
    if (call) j["call"] = *call;
    j.update(ordered_json{{"expr", spelling},
                      {"size", table->size},
                      {"cosize", table->cosize},
                      {"injective", table->injective},
                      {"offsets", table->offsets}});
    if (!table->owners.empty()) j["owners"] = table->owners;
    if (mesh) {
      j["participants"] = participants;
      if (*barrier && barrier->ok()) {
        const BarrierClass& b = barrier->value();
        j["barrier"] = {{"kind", barrier_kind_name(b.kind)},
                        {"base", b.base},
                        {"count", b.count},
                        {"mask", fmt::format("0x{:08x}", b.mask)}};
      } else {
        j["barrier"] = nullptr;
        j["barrier_error"] = diagnostic_json(barrier->diagnostics().front());
      }
    }
    out << json_text(j) << '\n';
    return kExitOk;
  }
  if (call) out << *call << " =\n";
  out << fmt::format("{}  ({})\n", spelling, text::layout_value_kind(*value));
  const bool shard = std::holds_alternative<ShardLayout>(*value);
  out << fmt::format("size {}, cosize {}, {}\n", table->size, table->cosize,
                     shard ? "injective per (mesh instance, local coordinate) -> (engine, offset) (D8)"
                     : table->injective ? "injective" : not_injective(*table, mesh != nullptr));
  out << (mesh ? "mesh coordinate -> device index\n" : "coordinate -> offset\n");
  print_grid(*table, table->offsets, out);
  if (!table->owners.empty()) {
    out << "coordinate -> owner (device index; replicated axes at 0)\n";
    print_grid(*table, table->owners, out);
  }
  if (mesh) {
    out << fmt::format("participants ({}): {}\n", participants.size(), fmt::join(participants, " "));
    if (barrier->ok())
      out << "barrier: " << barrier_spelling(barrier->value()) << '\n';
    else
      out << "barrier: none: " << barrier->diagnostics().front().render() << '\n';
  }
  if (!r.svg_path.empty()) say_wrote(out, r.svg_path);
  return kExitOk;
}

}  // namespace tf::cli
