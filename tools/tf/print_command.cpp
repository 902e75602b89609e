#include "tools/tf/print_command.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/text/file_reader.h"
#include "ir/support/regular_file.h"

namespace tf::cli {
namespace {

int fail(const std::vector<Diagnostic>& diags, std::ostream& err) { return report_bad_input(diags, err, /*json=*/false); }

}  // namespace

int run_print(const PrintRequest& r, std::ostream& out, std::ostream& err) {
  Result<std::string> source = read_regular_file(r.file);
  if (!source) return fail(source.diagnostics(), err);
  Result<text::ReadFile> file = text::read_file(*source, r.file, cli_context());
  if (!file) return fail(file.diagnostics(), err);
  out << text::print_file(*file);
  return kExitOk;
}

void add_print_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<PrintRequest>();
  CLI::App* cmd = app.add_subcommand(
      "print",
      "Print a tfir file in its canonical form: declarations respaced, comments dropped,\n"
      "every function printed from its IR (HIR bindings with their types, TIR statements), cases\n"
      "verbatim; printing the output again gives the same text.\n"
      "Example: tf print examples/declarations.tfir");
  cmd->add_option("file", req->file, "the tfir file")->required();
  cmd->callback([req, &exit_code] { exit_code = run_print(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
