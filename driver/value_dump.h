// Dumping the values of a run (`tf eval --dump-values`, the Python module's dump_values;
// docs/hir-semantics.md "Seeing every value", docs/tir-semantics.md "Seeing the values of a
// run"): what run_function records when FunctionRunOptions::dump is set, through the
// evaluators' observers (eval/hir/binding_observer.h, eval/tir/allocation_recorder.h).
//  - hir: each named binding's value at each evaluation, in evaluation order (a tuple as its
//    elements, "r[0]", "r[1]"), where = the calls and iterations around it ("@g call 2, i=3");
//    after a successful run, each binding of the function or its callees that was never
//    evaluated (a loop of zero trips, a variant not selected, a function never called) without
//    a value;
//  - tir: the final contents of each tensor an alloc_tensor made, in allocation order, then
//    (a prim_func's run) each output; after a successful run of a prim_func, each alloc_tensor
//    that never ran without a value.
// A run that fails still gives what it recorded up to the failure (the values that led there).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "driver/binding_names.h"
#include "eval/hir/binding_observer.h"
#include "eval/value/dumped_value.h"
#include "ir/core/module.h"
#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf::cli {

/// What a run of `fn` of `module` at `level` can dump (dumpable_bindings; at tir, a func's
/// lowered program's: its alloc_tensor lets). Diagnostics: `fn` names no function, the lowering's
/// refusals.
Result<std::vector<BindingName>> dumpable_bindings_at(const Module& module, const std::string& fn, const std::string& level);

/// Nothing when every one of `names` is in `known`, else one Usage diagnostic per unknown name,
/// "OPTION: @FN has no binding 'x' (its bindings: a, b, c)" with the nearest names
/// (suggest_nearest).
std::vector<Diagnostic> check_dump_names(const std::vector<std::string>& names, const std::vector<BindingName>& known,
                                         std::string_view fn, std::string_view option);

/// The HIR observer that appends each evaluation of a binding named in `names` (empty: every
/// one) to `into` (header comment).
eval::BindingObserver binding_dumper(std::set<std::string> names, std::vector<eval::DumpedValue>& into);

/// Appends to `into`, with no value and `note`, each binding of `known` named in `names` (empty:
/// every one) that `into` has no value of (by name and place).
void add_missing(std::vector<eval::DumpedValue>& into, const std::vector<BindingName>& known,
                 const std::set<std::string>& names, const std::string& note);

}  // namespace tf::cli
