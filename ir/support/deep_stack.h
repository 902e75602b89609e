// with_stack: run a computation on a thread of its own whose stack is as large as asked, and wait
// for it.
//
// Design note. A few passes recurse once per level of an input's nesting (the lowering's rules
// through operands and inlined calls). Each bounds the nesting (lower/lowering_limits.h), and the
// bound times the frames of one level must fit the stack. The 8 MB of a main thread held the
// bound in an optimized build but not in a sanitized one, whose frames are several times larger;
// so such a pass runs on a thread with a stack sized for its bound with room for sanitizers,
// as compilers do with their deepest recursions. The stack is reserved address space: only the
// pages a run touches are ever backed by memory.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <utility>

namespace tf {

/// Runs `body` on a new thread whose stack holds `bytes` and waits for it to end; an exception
/// `body` throws is rethrown here. Where no such thread can be made (the system refuses one),
/// `body` runs on the calling thread.
void run_with_stack(std::size_t bytes, const std::function<void()>& body);

/// What `f()` returns, computed by run_with_stack(bytes, ...).
template <class F>
auto with_stack(std::size_t bytes, F&& f) -> decltype(f()) {
  std::optional<decltype(f())> out;
  run_with_stack(bytes, [&] { out.emplace(f()); });
  return std::move(*out);
}

}  // namespace tf
