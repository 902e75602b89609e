// libFuzzer target: any bytes through read_file and, when they read, verify_module and the
// printer (what `tf check` and `tf print` do). A crash, an uncaught exception (InternalError
// included), a hang or a diagnostic without a place is a finding.
//
//   tfir_reader_fuzzer -seed=20261129 -runs=20000 fuzz/corpus/tfir     (ctest: tfir_libfuzzer_smoke)
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz/gen/tfir_mutation.h"

namespace {

[[noreturn]] void finding(const tf::Diagnostic& d, const char* what) {
  std::fprintf(stderr, "tfir_reader_fuzzer: %s:\n%s\n", what, d.render().c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tf::CheckedFile c = tf::fuzz::read_and_verify(text, "fuzz.tfir");
  for (const tf::Diagnostic& d : c.read_errors)
    if (!d.location.known() || d.category == tf::DiagCategory::Internal) finding(d, "a reader diagnostic without a place");
  for (const tf::Diagnostic& d : c.verify_errors)
    if ((!d.location.known() && d.ir_path.empty()) || d.category == tf::DiagCategory::Internal)
      finding(d, "a verifier diagnostic without a place");
  if (c.file) (void)tf::text::print_file(*c.file);
  return 0;
}
