#include "tools/tf/ops_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <type_traits>
#include <variant>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/dim/dim_ops.h"
#include "ir/support/json_text.h"

namespace tf::cli {

std::string param_text(const ParamDef& p) {
  if (p.kind == ParamKind::Operand) return p.variadic ? "*" + p.name : p.name;
  std::string out = fmt::format("{}: {}", p.name, attr_kind_name(p.attr_kind));
  if (!p.required()) out += " = " + attr_default_text(p);
  return out;
}

std::string op_spelling(Op op) {
  std::vector<std::string> parts;
  for (const ParamDef& p : op.params()) parts.push_back(param_text(p));
  return fmt::format("{}({})", op.surface(), fmt::join(parts, ", "));
}

std::string op_form_text(Op op) {
  std::string form(op_form_name(op.form()));
  return op.tuple_operands() ? form + " tuple-operands" : form;
}

nlohmann::ordered_json op_json(Op op) {
  nlohmann::ordered_json operands = nlohmann::ordered_json::array();
  nlohmann::ordered_json attributes = nlohmann::ordered_json::array();
  for (const ParamDef& p : op.params()) {
    if (p.kind == ParamKind::Operand) {
      operands.push_back({{"name", p.name}, {"variadic", p.variadic}});
    } else {
      attributes.push_back(
          {{"name", p.name},
           {"kind", std::string(attr_kind_name(p.attr_kind))},
           {"required", p.required()},
           {"default", p.required() ? nlohmann::ordered_json() : nlohmann::ordered_json(attr_default_text(p))}});
    }
  }
  return {{"name", std::string(op.name())},
          {"surface", std::string(op.surface())},
          {"form", std::string(op_form_name(op.form()))},
          {"tuple_operands", op.tuple_operands()},
          {"operands", operands},
          {"attributes", attributes},
          {"result", op_result_rule(op)}};
}

std::string op_result_rule(Op op) {
  // docs/tfir.md section 3 spells the shape-element scalar with its storage, as here.
  if (dim_op_kind(op)) return "Tensor[(), i64, storage=None]";
  if (!op.result_rule().empty()) return std::string(op.result_rule());
  if (op.form() == OpForm::Effect) return "Unit";
  return "inferred by its typeinfer handler";
}

std::string attr_default_text(const ParamDef& param) {
  // An optional attribute without a default accepts None, which is then its value.
  if (!param.default_value) return "None";
  return attr_value_text(param.attr_kind, attr_value_of(*param.default_value));
}

int run_ops(const OpsRequest& r, std::ostream& out, std::ostream& /*err*/) {
  const OpRegistry& registry = cli_context().registry();
  std::vector<Op> ops;
  for (std::size_t i = 0; i < registry.size(); ++i) ops.push_back(registry.at(i));
  if (r.json) {
    nlohmann::ordered_json all = nlohmann::ordered_json::array();
    for (Op op : ops) all.push_back(op_json(op));
    out << json_text(all) << '\n';
    return kExitOk;
  }
  std::size_t name_width = 0;
  std::size_t form_width = 0;
  for (Op op : ops) {
    name_width = std::max(name_width, op.name().size());
    form_width = std::max(form_width, op_form_text(op).size());
  }
  for (Op op : ops)
    out << fmt::format("{:<{}}  {:<{}}  {} -> {}\n", op.name(), name_width, op_form_text(op),
                       form_width, op_spelling(op), op_result_rule(op));
  return kExitOk;
}

void add_ops_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<OpsRequest>();
  CLI::App* cmd = app.add_subcommand(
      "ops",
      "List every registered op: its name, form, tfir spelling with operands and attributes\n"
      "(kind, default), and its result rule. A func body spells hir.* ops, a prim_func tir.* ops.\n"
      "Example: tf ops   (dim.DimAdd  value  (a, b) -> Tensor[(), i64, storage=None])");
  cmd->add_flag("--json", req->json, "one JSON array of op objects");
  cmd->callback([req, &exit_code] { exit_code = run_ops(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
