// The arguments of one function run on the command line, read alike by `tf eval`, `tf run` and
// `tf diff`: --fn (which function), --dim N=V, --input NAME=VALUE (a .npy path or a tensor literal,
// converted to the parameter's dtype at the boundary, D4) or, for `tf diff`, an input drawn from a
// seed; and the run's outputs flattened in tuple order with the names --print gives them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eval/value/literal.h"
#include "eval/value/value.h"
#include "ir/core/module.h"
#include "ir/core/var.h"
#include "ir/hir/function.h"
#include "ir/support/result.h"
#include "ir/tir/prim_function.h"
#include "ir/verify/read_and_verify.h"

namespace tf::cli {

/// The function a run names and the parameters that take its inputs.
struct RunTarget {
  const tf::tir::PrimFunction* prim = nullptr;  ///< a prim_func (it runs on the TIR machine model), or null
  const hir::Function* func = nullptr;          ///< a func (it runs on the HIR evaluator), or null
  std::string name;
  std::vector<VarRef> params;  ///< the input parameters, in order
};

/// A program file read and verified, and the function a run picks in it.
struct RunProgram {
  CheckedFile checked;  ///< its file is there (the program read and verified without an error)
  RunTarget target;
  const text::ReadFile& file() const { return *checked.file; }
};

/// The file at `path` read and verified (driver/ir_session.h) and its function `name` picked
/// (pick_run_target): where tf eval, tf run and tf diff start. Diagnostics: the file's, when one
/// is an error or it did not read; else pick_run_target's.
Result<RunProgram> read_run_program(const std::string& path, const std::string& name);

/// The function `name` of `module` (empty: the module's entry, else its last func; a prim_func
/// when the name or the entry is one), as tf eval picks it. Diagnostics: Module::lookup's for a
/// name that is no function (the module's functions in a note), find_function_to_run's when no
/// func can be picked.
Result<RunTarget> pick_run_target(const Module& module, const std::string& name);

/// The DimVar values of `--dim N=V` arguments, by name. Diagnostic (Usage): an argument that is not
/// NAME=VALUE, or a value that is not an integer.
Result<eval::DimValues> read_dim_arguments(const std::vector<std::string>& dims);

/// One tensor per parameter of `target`, converted to the parameter's dtype (eval::convert_input):
/// the value of its `--input NAME=VALUE` in `inputs`, read with `literals` (a .npy path as
/// input_from_npy reads it, else a literal, whose diagnostics are placed in "--input NAME"). A
/// parameter without one is an error ("@f needs --input x=VALUE") or, with `seed`, drawn as
/// `T random(seed=*seed + i)` for T its type and i its position, the rule of the fuzzers' inputs
/// (fuzz/gen/eval_inputs.h; a DimVar in T needs its --dim). Every bad input is reported, not only
/// the first: a malformed or repeated --input, one that names no parameter, a value that does not
/// read or convert, an input over the memory budget.
Result<std::vector<eval::Tensor>> read_input_arguments(const RunTarget& target, const std::vector<std::string>& inputs,
                                                       const eval::LiteralContext& literals,
                                                       std::optional<std::uint64_t> seed = std::nullopt);

/// The outputs of a run's result in tuple order, nested tuples flattened, with their names:
/// "output" for a lone tensor, else "output[1]", "output[1][0]", ... (what --print shows; --out
/// writes the k-th as out<k>.npy).
std::vector<std::pair<std::string, eval::Tensor>> flatten_outputs(const eval::Value& result);

}  // namespace tf::cli
