#include "tools/tf/ir_session.h"

#include "ir/core/core_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/verify/module_verify.h"

namespace tf::cli {

const OpHandlers& cli_op_tables() {
  static const OpHandlers* tables = [] {
    OpHandlers& h = OpHandlers::global();
    register_core_ops(OpRegistry::global(), h);
    hir::register_hir_math_ops(OpRegistry::global(), h);
    return &h;
  }();
  return *tables;
}

text::ReadOptions cli_read_options() {
  return text::ReadOptions{.handlers = &cli_op_tables(), .atoms = {}};
}

CheckedFile check_source(const std::string& source, const std::string& path) {
  CheckedFile out;
  Result<text::ReadFile> f = text::read_file(source, path, cli_read_options());
  if (!f.ok()) {
    out.diagnostics = f.diagnostics();
    return out;
  }
  out.diagnostics = verify_module(*f->module, cli_op_tables());
  out.file = std::move(*f);
  return out;
}

}  // namespace tf::cli
