#include "tools/tf/ir_session.h"

#include "eval/hir/eval_tables.h"
#include "ir/text/standard_tables.h"
#include "ir/verify/module_verify.h"
#include "tools/tf/tfir_input.h"

namespace tf::cli {

const OpHandlers& cli_op_tables() { return eval::eval_op_tables(); }

text::ReadOptions cli_read_options() {
  return text::ReadOptions{.handlers = &cli_op_tables(), .atoms = text::mma_atom_factory()};
}

void place_at_function(Diagnostic& d, const text::ReadFile& file) {
  if (d.location.known() || d.ir_path.empty()) return;
  const std::string fn = d.ir_path.substr(0, d.ir_path.find('.'));
  for (const text::SkippedItem& item : file.file.items)
    if (item.kind != text::ItemKind::Case && item.name == fn) d.location = item.begin;
}

CheckedFile check_source_file(const std::string& path) {
  Result<std::string> source = read_source_file(path);
  if (!source.ok()) return CheckedFile{std::nullopt, source.diagnostics()};
  return check_source(*source, path);
}

CheckedFile check_source(const std::string& source, const std::string& path) {
  CheckedFile out;
  Result<text::ReadFile> f = text::read_file(source, path, cli_read_options());
  if (!f.ok()) {
    out.diagnostics = f.diagnostics();
    return out;
  }
  out.diagnostics = verify_module(*f->module, cli_op_tables());
  for (Diagnostic& d : out.diagnostics) place_at_function(d, *f);
  out.file = std::move(*f);
  return out;
}

}  // namespace tf::cli
