// Ctrl-C during an evaluation from Python (docs/python.md, "Ctrl-C"). While the evaluator runs
// with the GIL released, Python's own SIGINT handler only records the signal: no Python code
// runs until the call returns, so without help a long evaluation ignores Ctrl-C. A SigintGuard
// installs, for as long as at least one guarded evaluation runs, a handler that asks the
// evaluators to stop (eval::request_interrupt, the flag `tf eval`'s handler sets) and then calls
// the handler it replaced, so Python still learns of the signal and raises KeyboardInterrupt
// (or runs the user's handler) when the call returns. The last guard to leave restores the
// previous handler exactly. Where SIGINT is ignored or left to its default action (Python's
// handler is not installed) nothing is changed: the user's choice stands.
#pragma once

namespace tf::python {

/// Installs the evaluation's SIGINT handler while alive (reference counted across threads; the
/// first guard clears the stop flag, the last restores the previous handler). Construct and
/// destroy it with the GIL held or not: it takes no Python state.
class SigintGuard {
 public:
  SigintGuard();
  ~SigintGuard();
  SigintGuard(const SigintGuard&) = delete;
  SigintGuard& operator=(const SigintGuard&) = delete;

  /// How many guards are alive now (the tests wait for an evaluation to be under way).
  static int active();
};

}  // namespace tf::python
