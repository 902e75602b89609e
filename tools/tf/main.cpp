// tf: the TileFoundry-C++ command line (README.md, "Asking `tf`"); the commands are in tf_app.h.
#include <string>
#include <vector>

#include "eval/value/allocator_reuse.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/tf_app.h"

int main(int argc, char** argv) {
  tf::eval::keep_freed_memory_for_reuse();
  std::vector<std::string> args = tf::cli::value_arguments(argc, argv);
  args.erase(args.begin());
  return tf::cli::run_tf(std::move(args));
}
