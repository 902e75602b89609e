// Fuzz target: any bytes through read_file and, when they read, verify_module and the printer
// (what `tf check` and `tf print` do). A finding (fuzz_target.h): a crash, an uncaught
// exception, a hang, or a diagnostic without a place.
//   corpus: fuzz/corpus/tfir_reader (checked-in programs of every op family, HIR and TIR)
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/gen/tfir_mutation.h"
#include "fuzz/libfuzzer/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tf::CheckedFile c = tf::fuzz::read_and_verify(text, "fuzz.tfir");
  tf::fuzz::require_placed("tfir_reader", c.read_errors);
  tf::fuzz::require_placed("tfir_reader", c.verify_errors, /*ir_path_will_do=*/true);
  if (c.file) (void)tf::text::print_file(*c.file);
  return 0;
}
