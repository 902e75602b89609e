// `tf import FILE.py [-o OUT.tfir]`: upstream TileFoundry's printed HIR (the Python its canonical
// printer writes) read into IR through its tfir translation (ir/upstream/importer.h) and printed
// as canonical tfir on `out` or into OUT. A file that cannot be read or is outside the printer's
// subset writes its diagnostics, placed in the .py file, to `err` and exits 2.
#pragma once

#include <ostream>
#include <string>

namespace CLI {
class App;
}

namespace tf::cli {

struct ImportRequest {
  std::string file;
  std::string output;  ///< -o: where the tfir goes (empty: stdout)
  bool translation = false;  ///< --translation: the line-for-line translation instead of the canonical print
};

/// Imports the request's file; returns the exit code.
int run_import(const ImportRequest& request, std::ostream& out, std::ostream& err);

/// Adds the `import` subcommand to `app`; its callback stores the exit code in `exit_code`.
void add_import_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
