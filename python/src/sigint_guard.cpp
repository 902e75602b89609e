#include "python/src/sigint_guard.h"

#include <csignal>
#include <mutex>

#include "eval/hir/evaluator.h"

namespace tf::python {
namespace {

std::mutex guard_mutex;
int guards = 0;                // guards alive (under guard_mutex)
bool installed = false;        // whether on_sigint is the handler now (under guard_mutex)
struct sigaction replaced {};  // the handler on_sigint replaced; read by on_sigint

// Whether `a` runs a function (Python's handler, or an embedding program's), rather than
// ignoring the signal or taking its default action.
bool runs_a_function(const struct sigaction& a) {
  if ((a.sa_flags & SA_SIGINFO) != 0) return a.sa_sigaction != nullptr;
  return a.sa_handler != SIG_DFL && a.sa_handler != SIG_IGN && a.sa_handler != nullptr;
}

// Async-signal-safe: an atomic store, then the replaced handler (itself a signal handler).
void on_sigint(int sig, siginfo_t* info, void* context) {
  eval::request_interrupt();
  if ((replaced.sa_flags & SA_SIGINFO) != 0)
    replaced.sa_sigaction(sig, info, context);
  else
    replaced.sa_handler(sig);
}

}  // namespace

SigintGuard::SigintGuard() {
  std::lock_guard<std::mutex> lock(guard_mutex);
  if (guards++ > 0) return;
  eval::clear_interrupt();
  struct sigaction current {};
  if (sigaction(SIGINT, nullptr, &current) != 0 || !runs_a_function(current)) return;
  replaced = current;
  struct sigaction mine {};
  mine.sa_sigaction = on_sigint;
  mine.sa_mask = current.sa_mask;
  mine.sa_flags = SA_SIGINFO | (current.sa_flags & SA_RESTART);
  installed = sigaction(SIGINT, &mine, nullptr) == 0;
}

SigintGuard::~SigintGuard() {
  std::lock_guard<std::mutex> lock(guard_mutex);
  if (--guards > 0 || !installed) return;
  installed = false;
  // Restore only what this guard put there: a handler installed meanwhile (signal.signal on the
  // main thread while another thread evaluates) stays.
  struct sigaction current {};
  if (sigaction(SIGINT, nullptr, &current) == 0 && (current.sa_flags & SA_SIGINFO) != 0 &&
      current.sa_sigaction == on_sigint)
    sigaction(SIGINT, &replaced, nullptr);
}

int SigintGuard::active() {
  std::lock_guard<std::mutex> lock(guard_mutex);
  return guards;
}

}  // namespace tf::python
