// CallGraph: a module's functions by name, and what the lowering refuses about its calls before
// it inlines any.
//
// Design note. The rules lower a call by inlining the callee's body into the caller's kernel
// (docs/lowering.md), so a function that reaches a cycle of calls (a func calling itself, or f
// calling g calling f) would inline forever. HIR itself keeps recursion legal: the HIR evaluator
// runs calls nested at most kMaxCallNesting deep and reports a deeper chain as an eval error. The
// lowering refuses, before any inlining, (1) every function that reaches a cycle, naming the
// cycle (`f -> g -> f`) at the call that closes it, and (2) every function whose calls nest
// deeper than the evaluator runs (the lowered program would compute a value where HIR has none),
// at its call that starts the deepest chain, and (3) every function whose inlined calls would
// lower more HIR values than kMaxKernelSteps (40 levels of doubled calls: 2^40 bodies), at the
// call where the count passes it. One iterative depth-first walk over the call graph
// (the calls each body's returned values reach, as the lowering meets them), linear in the
// functions and calls: a chain of thousands of calls neither recurses nor repeats work. Calls of
// prototypes and of non-HIR functions are no edges (the lowering refuses them by name). Callees
// are found through a name index: Module::find scans the functions, and a module of thousands of
// functions would make every call's lookup cost as much.
#pragma once

#include <deque>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "ir/core/module.h"
#include "ir/hir/function.h"
#include "ir/support/diagnostic.h"
#include "lower/lowering_limits.h"

namespace tf::lower {

/// The functions and call refusals of a module (design note). Holds pointers into `module`,
/// which must outlive it.
class CallGraph {
 public:
  explicit CallGraph(const Module& module);

  /// The function of the module named `name` (exactly), or null: Module::find in constant time.
  const FunctionBase* find(std::string_view name) const;
  /// Why `fn`'s calls cannot be inlined (category Usage, placed at a call, no rule id), or null.
  /// Every function reaching one cycle gets the same diagnostic (the same object).
  const Diagnostic* refusal(const hir::Function& fn) const;

 private:
  const Module& module_;
  std::unordered_map<std::string_view, const FunctionBase*> by_name_;
  std::deque<Diagnostic> diagnostics_;
  std::unordered_map<const hir::Function*, const Diagnostic*> refusals_;
};

}  // namespace tf::lower
