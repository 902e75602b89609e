// `tf emit FILE`: the CUDA C++ translation unit of a module (cuda/emit/emitter.h), for a person
// to read or for nvcc; HIR functions are lowered first by the default pipeline (as `tf lower`).
// A file that does not read or verify, a lowering refusal, or a construct the emitter does not
// emit yet: diagnostics, exit 2.
#pragma once

#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace tf::cli {

struct EmitRequest {
  std::string file;
  std::string function;  ///< --fn: emit only this function (and what it calls / launches)
  std::string output;    ///< -o: write the source here instead of stdout
  bool json = false;
  std::string target = "sm_90";  ///< --target: the CUDA target the launches are checked against
};

/// Emits the request's file; the source to `out` (or the -o file), diagnostics to `err`.
int run_emit(const EmitRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `emit` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_emit_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
