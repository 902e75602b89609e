// Running `tf eval` in process from a gtest: run_eval on a request, with its exit code and what it
// wrote to stdout and stderr.
#pragma once

#include <sstream>
#include <string>

#include "tools/tf/eval_command.h"

namespace tf::cli::test {

/// What one run_eval returned and printed.
struct Ran {
  int code;
  std::string out, err;
};

/// run_eval(r) with its streams captured.
inline Ran eval(const EvalRequest& r) {
  std::ostringstream out, err;
  const int code = run_eval(r, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace tf::cli::test
