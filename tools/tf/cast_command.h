// `tf cast VALUE... --to DTYPE [--rounding rn|rz|rp] [--no-saturate] [--from f64|f32] [--json]`:
// what each value becomes in DTYPE (code, decoded value, mode), by the exact conversions of
// ir/numerics (docs/decisions.md D4).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tf::cli {

struct CastRequest {
  std::vector<std::string> values;
  std::string to;
  std::optional<std::string> rounding;  ///< "rn" | "rz" | "rp"; the dtype's default when absent
  bool no_saturate = false;
  std::string from = "f64";  ///< "f64": convert the parsed value; "f32": round it to f32 first
  bool json = false;
};

/// Runs the request, writing results to `out` and diagnostics to `err`; returns the exit code.
int run_cast(const CastRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `cast` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_cast_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
