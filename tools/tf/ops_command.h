// `tf ops [--json]`: every op of the process-wide tables with every family registered
// (cli_context), in registration order, one line each:
//   NAME  FORM  SPELLING(OPERANDS, ATTRIBUTES) -> RESULT
// SPELLING is how a tfir body calls the op (OpSpec::surface; a func body resolves hir.* ops, a
// prim_func body tir.* ops);
// an operand is its name (`*name` when variadic); an attribute is `name: kind` when required,
// `name: kind = default` otherwise (default spelled as in tfir: `None`, `rz`, `"s"`, `(1, 2)`);
// FORM is `value` or `effect`, followed by `tuple-operands` when the op takes TupleType
// operands. RESULT is the op's result rule in one line (op_result_rule). With --json: one JSON
// array of objects {"name", "surface", "form", "tuple_operands", "operands": [{"name", "variadic"}],
// "attributes": [{"name", "kind", "required", "default"}], "result"}; "default" is the tfir
// spelling, or null when the attribute has none.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

#include "ir/core/op.h"

namespace CLI {
class App;
}

namespace tf::cli {

struct OpsRequest {
  bool json = false;
};

/// The result rule of `op` in one line: `Tensor[(), i64, storage=None]` for the dim ops
/// (TYPES.4.DIM.expr-type-i64), else the spec's result_rule when it has one, `Unit` for an
/// effect-form op, and for any other value-form op `inferred by its typeinfer handler`.
std::string op_result_rule(Op op);

/// The tfir spelling of an attribute's default value ("None" for an explicit None default; an
/// enum's bare spelling, a string quoted).
std::string attr_default_text(const ParamDef& param);

/// A parameter as the op line spells it: an operand's name (`*name` when variadic), an
/// attribute's `name: kind`, with ` = default` when it is optional.
std::string param_text(const ParamDef& param);

/// The op's tfir spelling with its parameters: `concat(*inputs, axis: int)`.
std::string op_spelling(Op op);

/// FORM of the op line: `value` or `effect`, with ` tuple-operands` when the op takes them.
std::string op_form_text(Op op);

/// The JSON object of one op (the header comment's --json schema).
nlohmann::ordered_json op_json(Op op);

/// Lists the ops to `out` (nothing to `err`); returns kExitOk.
int run_ops(const OpsRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `ops` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_ops_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
