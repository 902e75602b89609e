#include "tools/tf/ir_session.h"

#include "eval/hir/eval_tables.h"
#include "ir/text/standard_tables.h"
#include "ir/text/source_file.h"

namespace tf::cli {

const OpHandlers& cli_op_tables() { return eval::eval_op_tables(); }

text::ReadOptions cli_read_options() {
  return text::ReadOptions{.handlers = &cli_op_tables(), .atoms = text::mma_atom_factory()};
}

CheckedFile check_source_file(const std::string& path) {
  Result<std::string> source = text::read_source_file(path);
  if (!source.ok()) return CheckedFile{.read_errors = source.diagnostics()};
  return check_source(*source, path);
}

CheckedFile check_source(const std::string& source, const std::string& path) {
  return read_and_verify(source, path, cli_read_options());
}

}  // namespace tf::cli
