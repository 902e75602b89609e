// What every fuzz target (fuzz/libfuzzer/*_fuzzer.cpp) treats as a finding, and how it reports
// one: a message on stderr, then abort(), which libFuzzer and the standalone replay driver
// (replay_main.cpp) both catch and report with the input. Besides these, a finding is anything
// that kills the process: a crash, a sanitizer report, an uncaught exception (InternalError
// included), a hang past the timeout, or memory past the RSS limit.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ir/support/diagnostic.h"

namespace tf::fuzz {

/// Reports `what` as a finding of `target` and aborts.
[[noreturn]] inline void finding(const char* target, const std::string& what) {
  std::fprintf(stderr, "%s: finding: %s\n", target, what.c_str());
  std::abort();
}

/// A finding unless every diagnostic of `diags` has a place (a source location, or an IR path
/// when `ir_path_will_do`) and none is an internal error.
inline void require_placed(const char* target, const std::vector<Diagnostic>& diags,
                           bool ir_path_will_do = false) {
  for (const Diagnostic& d : diags) {
    if (d.category == DiagCategory::Internal) finding(target, "an internal error:\n" + d.render());
    if (!d.location.known() && !(ir_path_will_do && !d.ir_path.empty()))
      finding(target, "a diagnostic without a place:\n" + d.render());
  }
}

}  // namespace tf::fuzz
