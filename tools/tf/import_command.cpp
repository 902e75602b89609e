#include "tools/tf/import_command.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/support/regular_file.h"
#include "ir/text/file_reader.h"
#include "ir/upstream/importer.h"

namespace tf::cli {
namespace {

int fail(const std::vector<Diagnostic>& diags, std::ostream& err) { return report_bad_input(diags, err, /*json=*/false); }

}  // namespace

int run_import(const ImportRequest& r, std::ostream& out, std::ostream& err) {
  Result<std::string> source = read_regular_file(r.file);
  if (!source) return fail(source.diagnostics(), err);
  std::string text;
  if (r.translation) {
    Result<upstream::Imported> imported = upstream::import_upstream(*source, r.file, cli_context());
    if (!imported) return fail(imported.diagnostics(), err);
    text = imported->tfir;
  } else {
    Result<text::ReadFile> file = upstream::read_upstream_file(*source, r.file, cli_context());
    if (!file) return fail(file.diagnostics(), err);
    text = text::print_file(*file);
  }
  return write_text_output(text, r.output, out, err);
}

void add_import_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<ImportRequest>();
  CLI::App* cmd = app.add_subcommand(
      "import",
      "Read a program as upstream TileFoundry's canonical printer prints it (a .py file: the\n"
      "import header, DimVar and Mesh preludes, @func functions, @module classes, specialize\n"
      "variants, op calls, loops with carries) and print it as tfir (docs/import.md). The\n"
      "program is built through the tfir reader, so every tfir rule applies; a construct outside\n"
      "the printer's subset is an error at its place in the .py file (exit 2). tf eval, tf check\n"
      "and tf conform read a .py file the same way.\n"
      "Examples:\n"
      "  tf import docs/tutorial/rms_norm.py\n"
      "  tf import model.py -o model.tfir && tf eval model.tfir --fn main --input 'x=...'\n"
      "  tf import model.py --translation     # the line-for-line tfir, before the canonical print");
  cmd->add_option("file", req->file, "the .py file")->required();
  cmd->add_option("-o,--output", req->output, "write the tfir here instead of stdout");
  cmd->add_flag("--translation", req->translation, "print the line-preserving translation, not the canonical tfir");
  cmd->callback([req, &exit_code] { exit_code = run_import(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
