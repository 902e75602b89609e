// The properties of the tfir reader, printer and verifiers (docs/tfir.md sections 1, 5, 6, 8):
//   text-roundtrip  a generated HIR program (every loop shape and name, half the cases) or TIR
//                   program reads, verifies, prints to a fixed point and re-reads to
//                   structurally equal functions
//   reader-total    a byte or token mutation of a generated program or of the docs/tfir.md example
//   program
//                   never crashes or hangs reading and verifying; every diagnostic is placed
//                   (file:line:col for the reader, a location or an IR path for a verifier) and
//                   none is internal; a mutant that reads prints to a fixed point
// The checks are exported for the text laws (fuzz/test/text_roundtrip_laws_test.cpp).
#pragma once

#include <string>

namespace tf::fuzz {

/// A generated program reads, verifies and prints to a fixed point (text-roundtrip's check).
void assert_round_trip(const std::string& text);

/// Any text: read and verify return, every diagnostic is placed, what reads prints to a fixed
/// point (reader-total's check).
void assert_total(const std::string& text);

/// The bodies of the two properties (one case each).
void text_roundtrip_case();
void reader_total_case();

}  // namespace tf::fuzz
