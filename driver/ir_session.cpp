#include "driver/ir_session.h"

#include "eval/hir/eval_tables.h"
#include "ir/support/regular_file.h"
#include "ir/upstream/importer.h"

namespace tf::cli {

const Context& cli_context() { return eval::eval_context(); }

CheckedFile check_source_file(const std::string& path) {
  Result<std::string> source = upstream::read_program_text(path, cli_context());  // a .py: imported
  if (!source.ok()) return CheckedFile{.read_errors = source.diagnostics()};
  return check_source(*source, path);
}

CheckedFile check_source(const std::string& source, const std::string& path) {
  return read_and_verify(source, path, cli_context());
}

}  // namespace tf::cli
