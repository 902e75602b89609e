// The request the tf command tests run a function with.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/tf/eval_command.h"

namespace tf::cli {

/// A request to run `fn` of `path` on `inputs` (NAME=LITERAL), at the evaluators.
inline EvalRequest request(const std::string& path, const std::string& fn, std::vector<std::string> inputs) {
  EvalRequest r;
  r.file = path;
  r.function = fn;
  r.inputs = std::move(inputs);
  return r;
}

}  // namespace tf::cli
