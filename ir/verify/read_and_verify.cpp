#include "ir/verify/read_and_verify.h"

#include "ir/verify/module_verify.h"

namespace tf {

void place_at_function(Diagnostic& d, const text::ReadFile& file) {
  if (d.location.known() || d.function.empty()) return;
  for (const text::SkippedItem& item : file.file.items)
    if (item.kind != text::ItemKind::Case && item.name == d.function) d.location = item.begin;
}

std::vector<Diagnostic> CheckedFile::diagnostics() const {
  std::vector<Diagnostic> all = read_errors;
  all.insert(all.end(), verify_errors.begin(), verify_errors.end());
  return all;
}

CheckedFile read_and_verify(std::string_view text, const std::string& path,
                            const Context& context) {
  CheckedFile out;
  Result<text::ReadFile> f = text::read_file(text, path, context);
  if (!f.ok()) {
    out.read_errors = f.diagnostics();
    return out;
  }
  out.verify_errors = verify_module(*f->module, context.handlers());
  for (Diagnostic& d : out.verify_errors) place_at_function(d, *f);
  out.file = std::move(*f);
  return out;
}

}  // namespace tf
