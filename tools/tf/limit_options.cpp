#include "tools/tf/limit_options.h"

#include <CLI/CLI.hpp>

#include <cstdint>

#include "tools/tf/cli_value.h"

namespace tf::cli {

void add_limit_options(CLI::App& cmd, LimitOptions& options) {
  cmd.add_option_function<std::string>(
      "--max-memory", [&options](const std::string& bytes) { options.max_memory = bytes; },
                 "the most bytes of tensor storage live at once (inputs included), e.g. 512M or "
                 "8G; a value that needs more is an eval error naming the op (default: half of "
                 "physical memory)");
  cmd.add_option("--max-steps", options.max_steps,
                 "the most op calls, function calls and loop trips one evaluation may take (default 10^9); a "
                 "loop with more trips than are left is refused before it starts")
      ->transform(integer_in(1, INT64_MAX));
}

}  // namespace tf::cli
