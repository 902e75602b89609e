#include "tools/tf/tf_app.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "driver/report.h"
#include "ir/support/check.h"
#include "ir/support/plant.h"
#include "tools/tf/cast_command.h"
#include "tools/tf/check_command.h"
#include "tools/tf/conform_command.h"
#include "tools/tf/coverage_command.h"
#include "tools/tf/diff_command.h"
#include "tools/tf/dtypes_command.h"
#include "tools/tf/eval_command.h"
#include "tools/tf/explain_command.h"
#include "tools/tf/fuzz_command.h"
#include "tools/tf/layout_command.h"
#include "tools/tf/ops_command.h"
#include "tools/tf/emit_command.h"
#include "tools/tf/lower_command.h"
#include "tools/tf/import_command.h"
#include "tools/tf/print_command.h"
#include "tools/tf/quantize_command.h"
#include "tools/tf/reduce_command.h"

namespace tf::cli {

int run_tf(std::vector<std::string> args) {
  CLI::App app{
      "tf: the TileFoundry-C++ reference tools. Start with docs/tutorial.md.\n"
      "Ask what a dtype is (tf dtypes), what a value becomes in one (tf cast), what a block-\n"
      "scaled format stores for a tensor (tf quantize), what a layout or mesh means (tf layout),\n"
      "how much of the spec the tests name (tf coverage), what a rule or an op means and what\n"
      "checks it (tf explain), whether a tfir file reads (tf check), its canonical form\n"
      "(tf print), which ops exist (tf ops), what a program computes (tf eval), what TIR a\n"
      "function lowers to (tf lower), the CUDA it becomes (tf emit) and what that computes\n"
      "under the host emulation or on a GPU (tf run), which levels disagree (tf diff), what\n"
      "upstream's printed Python form means as tfir (tf import), whether the conformance cases\n"
      "pass (tf conform), and what a fuzz campaign finds (tf fuzz) and how small its failure\n"
      "gets (tf reduce). Every subcommand has --help."};
  app.require_subcommand(1);
  int exit_code = kExitOk;
  // TF_PLANT=NAME activates a planted bug for any subcommand (ir/support/plant.h): how
  // `tf conform` replays a reproducer that `tf fuzz --plant NAME` wrote.
  if (const char* name = std::getenv("TF_PLANT"); name != nullptr && *name != '\0') {
    const PlantInfo* p = find_plant(name);
    if (p == nullptr || !plants_built()) {
      write_refusal(category_error(DiagCategory::Usage,
                                   std::string("TF_PLANT=") + name +
                                       (p == nullptr ? " names no planted bug (tf fuzz --list-plants)"
                                                     : ": this build has no planted bugs")),
                    std::cerr, /*json=*/false);
      return kExitBadInput;
    }
    activate_plant(p->plant);
  }
  add_dtypes_command(app, exit_code);
  add_cast_command(app, exit_code);
  add_quantize_command(app, exit_code);
  add_layout_command(app, exit_code);
  add_coverage_command(app, exit_code);
  add_explain_command(app, exit_code);
  add_check_command(app, exit_code);
  add_print_command(app, exit_code);
  add_import_command(app, exit_code);
  add_lower_command(app, exit_code);
  add_emit_command(app, exit_code);
  add_run_command(app, exit_code);
  add_diff_command(app, exit_code);
  add_ops_command(app, exit_code);
  add_eval_command(app, exit_code);
  add_conform_command(app, exit_code);
  add_fuzz_command(app, exit_code);
  add_reduce_command(app, exit_code);
  // CLI11 parses from the end of a vector of arguments (program name excluded), and then takes
  // no name from argv[0]: the usage lines say `tf`.
  app.name("tf");
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
  } catch (const InternalError& e) {
    std::cerr << "tf: internal error: " << e.what()
              << "\n(a bug in tf, not in the input: please report it with the command line)\n";
    return kExitInternalError;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "tf: error[usage]: " << e.what() << "\n(run tf --help, or tf SUBCOMMAND --help)\n";
    return kExitBadInput;
  }
  return exit_code;
}

}  // namespace tf::cli
