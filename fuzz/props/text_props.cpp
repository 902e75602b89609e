#include "fuzz/props/text_props.h"

#include <rapidcheck.h>

#include <vector>

#include "fuzz/campaign/property.h"
#include "fuzz/props/support.h"
#include "fuzz/campaign/watchdog.h"
#include "fuzz/gen/hir_program_gen.h"
#include "fuzz/gen/tfir_mutation.h"
#include "fuzz/gen/tir_program_gen.h"
#include "ir/support/testing/pick.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/text/test/tfir_contract_examples.h"
#include "ir/verify/round_trip.h"

namespace tf::fuzz {
namespace {

// Every diagnostic is placed (docs/tfir.md section 8) and none is internal.
void assert_placed(const CheckedFile& c, const std::string& file) {
  for (const Diagnostic& d : c.read_errors)
    if (d.location.file != file || d.location.line < 1 || d.location.column < 1 ||
        d.category == DiagCategory::Internal || d.message.empty())
      fail("a reader diagnostic without a place (or internal)", d.render());
  for (const Diagnostic& d : c.verify_errors)
    if ((!d.location.known() && d.ir_path.empty()) || d.category == DiagCategory::Internal || d.message.empty())
      fail("a verifier diagnostic without a place (or internal)", d.render());
}

// A file that reads keeps the printer's contract (ir/verify/round_trip.h).
void assert_print_fixed_point(const CheckedFile& c) {
  const std::string failure = round_trip_failure(*c.file, c.verify_errors.size(), text::standard_context());
  if (!failure.empty()) fail(failure, "");  // already "WHAT: DETAIL"
}

}  // namespace

void assert_round_trip(const std::string& text) {
  WatchdogGuard guard(text);
  const CheckedFile c = read_and_verify(text, "g.tfir");
  if (!c.file) fail("a generated program does not read", render_diagnostics(c.read_errors));
  if (!c.verify_errors.empty()) fail("a generated program does not verify", render_diagnostics(c.verify_errors));
  assert_print_fixed_point(c);
}

void assert_total(const std::string& text) {
  WatchdogGuard guard(text);
  const CheckedFile c = read_and_verify(text, "m.tfir");
  assert_placed(c, "m.tfir");
  if (!c.file) {
    RC_TAG("rejected by the reader");
    return;
  }
  RC_TAG(c.verify_errors.empty() ? "accepted" : "rejected by the verifier");
  assert_print_fixed_point(c);
}

void text_roundtrip_case() {
  std::string text;
  switch (pick(0, 3)) {
    case 0: text = (*gen_hir_program(HirGenOptions{.every_op = true})).text(); break;
    case 1:
      text = (*gen_hir_program(HirGenOptions{.nested_loops = true, .free_loop_bodies = true, .keyword_names = true, .every_op = true})).text();
      break;
    default: text = (*gen_tir_program()).text(); break;
  }
  Witness w;
  w.program = text;
  w.expectations = {"roundtrip"};
  record_witness(std::move(w));
  assert_round_trip(text);
}

void reader_total_case() {
  std::string seed;
  switch (pick(0, 3)) {
    case 0: seed = (*gen_hir_program()).text(); break;
    case 1: seed = (*gen_tir_program()).text(); break;
    default: seed = text::testing::contract_program(); break;
  }
  const std::string mutant = one_in(2) ? *gen_token_mutation(seed) : *gen_byte_mutation(seed);
  Witness w;
  w.program = mutant;
  w.raw = true;
  record_witness(std::move(w));
  assert_total(mutant);
}

}  // namespace tf::fuzz
