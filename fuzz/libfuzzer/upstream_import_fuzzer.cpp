// Fuzz target: any bytes through tf import (ir/upstream/importer.h: the Python subset lexed,
// translated line for line into tfir, read by the tfir reader) and, when they import, the
// printer (what `tf import` does). A finding (fuzz_target.h): a crash, an uncaught exception, a
// hang, or a diagnostic without a place.
//   corpus: fuzz/corpus/upstream_import (programs in upstream's printed form: functions, modules,
//   variants, layout sugar, loops with carries, tile windows)
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/libfuzzer/fuzz_target.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/upstream/importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  tf::Result<tf::text::ReadFile> r = tf::upstream::read_upstream_file(text, "fuzz.py", tf::text::standard_context());
  if (!r.ok()) tf::fuzz::require_placed("upstream_import", r.diagnostics());
  else (void)tf::text::print_file(*r);
  return 0;
}
