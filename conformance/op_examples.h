// Which conformance case shows an op at work: the cases whose program calls the op.
//
// A case calls an op when the function it runs (its `run` line, else the file's entry), or a
// function that one calls (`@f(x)` in a func, a launch or device call in a prim_func; a
// dispatch prototype's variants), has a Call of the op in its body. Ops in types (the dim ops
// of `Tensor[(N + 1,), f32]`) are not calls. Files that do not read into IR (cases that expect
// a parse or type error) call nothing.
//
// The example of an op is the first case in file order among the best ranked: a case with an
// `expect output` line (it computes a value the case states) before one that only runs or
// expects an error, and a case judged by the machine model or an evaluator before one at a
// backend level (cuda-emu, cuda-gpu: compiling the emitted CUDA takes seconds).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "ir/core/context.h"
#include "ir/core/module.h"
#include "ir/support/source_location.h"

namespace tf::conformance {

/// A case that calls an op.
struct OpExample {
  std::string file;          ///< the case file, as given
  std::string case_name;
  SourceLocation location;   ///< the `case` line
  std::string run;           ///< the function the case runs
  std::string level;         ///< the level it runs at (its `at` line, else by the function kind)
  bool states_output = false;  ///< it has an `expect output` line

  /// Lower is better (header comment): 0 states an output, +1 otherwise; +2 at a backend level.
  int rank() const;
};

/// The names of the ops that `function` of `module` calls, with the functions it calls
/// (header comment); empty when the module has no such function.
std::set<std::string> ops_called(const Module& module, const std::string& function);

/// The example of every op that some case of `files` calls, keyed by the op's name. Each file
/// is read in `context`; a file that does not read into IR is skipped.
std::map<std::string, OpExample> first_op_examples(const std::vector<std::string>& files,
                                                   const Context& context);

}  // namespace tf::conformance
