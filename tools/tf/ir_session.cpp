#include "tools/tf/ir_session.h"

#include "ir/text/standard_tables.h"
#include "ir/verify/module_verify.h"

namespace tf::cli {

const OpHandlers& cli_op_tables() {
  static const OpHandlers* tables = [] {
    OpHandlers& h = OpHandlers::global();
    text::register_all_ops(OpRegistry::global(), h);
    return &h;
  }();
  return *tables;
}

text::ReadOptions cli_read_options() {
  return text::ReadOptions{.handlers = &cli_op_tables(), .atoms = text::mma_atom_factory()};
}

CheckedFile check_source(const std::string& source, const std::string& path) {
  CheckedFile out;
  Result<text::ReadFile> f = text::read_file(source, path, cli_read_options());
  if (!f.ok()) {
    out.diagnostics = f.diagnostics();
    return out;
  }
  out.diagnostics = verify_module(*f->module, cli_op_tables());
  // A verifier diagnostic names an IR path; place it at its function's keyword.
  for (Diagnostic& d : out.diagnostics) {
    if (d.location.known() || d.ir_path.empty()) continue;
    const std::string fn = d.ir_path.substr(0, d.ir_path.find('.'));
    for (const text::SkippedItem& item : f->file.items)
      if (item.kind != text::ItemKind::Case && item.name == fn) d.location = item.begin;
  }
  out.file = std::move(*f);
  return out;
}

}  // namespace tf::cli
