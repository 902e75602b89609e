// `--cache DIR` on the commands that compile emitted CUDA (`tf run`, `tf conform`, `tf fuzz`): the
// disk cache of compiled modules (cuda/driver/disk_cache.h). Without it, $TF_CACHE_DIR, else
// $XDG_CACHE_HOME/tilefoundry, else ~/.cache/tilefoundry; `--cache off` (or TF_CACHE_DIR=off)
// uses none. A module found there is loaded without its compiler, so a repeated run compiles
// nothing; the cache keeps at most 1 GiB, the least recently used entries going first.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace tf::cli {

/// Adds --cache DIR to `cmd`, writing the folder into `dir` ("" when not given: the default
/// folder above), as cuda::BackendOptions::cache_dir takes it.
void add_cache_option(CLI::App& cmd, std::string& dir);

}  // namespace tf::cli
