// Delta reduction of a failing tfir file (`tf reduce`; docs/fuzzing.md): smaller and simpler
// texts are tried, and each one the oracle still calls interesting (the same failure persists)
// is kept, until no pass makes progress or the time budget is spent.
//
// Design note. tfir is line-oriented (a binding, statement or declaration per line), so the
// passes work on lines, with the reader and verifiers as the filter: a candidate that does not
// read or verify fails differently and is rejected by the oracle, never kept. The passes, in
// rounds until a round changes nothing:
//   lines     ddmin over the program's lines (comments, blank lines and the `tfir 1` header
//             stay): chunks of n/2, n/4, ... 1 lines removed while the failure persists
//             (dead bindings, whole functions, declarations, case lines that do not matter).
//             Inside a prim_func only `let` bindings go (the verifier keeps the used ones):
//             without a statement, a kernel can gain undefined behaviour of its own (a dropped
//             `sync` is a race, a dropped copy leaves an output unwritten), which the bug under
//             reduction may mask, so that the reduced file would fail without the bug too
//             (C-Reduce's undefined-behaviour trap). HIR has no undefined behaviour: any of its
//             lines may go. Where the oracle itself runs a reference that reports undefined
//             behaviour (ReduceOptions::kernel_statements: a case at level cuda-emu or cuda-gpu
//             runs the kernel on the machine model first, and a race or an uninitialized read
//             there is another failure than the backend's divergence), every statement may go.
//   blocks    with kernel_statements: a prim_func's `with` or `for` block dropped whole, else
//             unwrapped (its body kept in place of the block)
//   operands  a binding `x = op(a, b, attr=v)` becomes `x = a` or `x = b` (an operand that is
//             a name): the op drops out and everything that only fed it goes with the next
//             lines pass
//   inputs    an input literal's codes `bits{...}` all become 0x0, or the first or second
//             half of them do; not in a file whose cases expect a literal value (computed from
//             the inputs as they were: with other inputs the case would fail without the bug
//             too, where the failure under reduction is one that ignores the value, such as a
//             UB report)
// Size is measured in code lines (neither blank nor a comment).
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace tf::fuzz {

/// What a reduction did.
struct ReduceResult {
  std::string text;                 ///< the smallest interesting text found
  std::string failure;              ///< what kept failing (the caller's name for it)
  std::size_t lines_before = 0, lines_after = 0;  ///< code lines
  int tests = 0;                    ///< oracle calls
  int accepted = 0;                 ///< candidates kept
  double seconds = 0;
  bool out_of_time = false;         ///< the budget ended the reduction
};

/// How freely a reduction may edit kernels (header comment).
struct ReduceOptions {
  /// Every statement of a prim_func may go, and its blocks be dropped or unwrapped: only for an
  /// oracle that rejects a candidate the machine model finds undefined behaviour in.
  bool kernel_statements = false;
};

/// Reduces `text`, which `interesting` accepts, within `budget_seconds` (header comment).
ReduceResult reduce_text(const std::string& text, const std::function<bool(const std::string&)>& interesting,
                         double budget_seconds, ReduceOptions options = {});

/// The number of code lines of `text` (neither blank nor a comment).
std::size_t code_lines(const std::string& text);

}  // namespace tf::fuzz
