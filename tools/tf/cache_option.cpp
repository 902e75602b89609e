#include "tools/tf/cache_option.h"

#include <CLI/CLI.hpp>

namespace tf::cli {

void add_cache_option(CLI::App& cmd, std::string& dir) {
  cmd.add_option("--cache", dir,
                 "the disk cache of compiled modules (default: $TF_CACHE_DIR, else ~/.cache/tilefoundry; `off`: none); a module "
                 "found there is not compiled again")
      ->check([](const std::string& v) { return v.empty() ? std::string("--cache needs a folder, or `off`") : std::string(); });
}

}  // namespace tf::cli
