// The printer's contract on one read file (docs/tfir.md section 5): the canonical print of a file
// that reads re-reads, verifies as the file did, prints to the same text again (a fixed point),
// and its functions are structurally equal to the file's, in order. The text laws, the
// text-roundtrip fuzz property and the conformance expectation `expect roundtrip` judge by it.
#pragma once

#include <cstddef>
#include <string>

#include "ir/core/context.h"
#include "ir/verify/read_and_verify.h"

namespace tf {

/// "" when `file`, which verify_module gave `verify_errors` diagnostics, keeps the contract in
/// `context`; otherwise what breaks it, as "WHAT: DETAIL" where WHAT names the broken clause
/// ("the printed text does not read", "print is not a fixed point", "a re-read function
/// differs", ...) and DETAIL shows the texts.
std::string round_trip_failure(const text::ReadFile& file, std::size_t verify_errors, const Context& context);

}  // namespace tf
