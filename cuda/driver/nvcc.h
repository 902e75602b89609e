// Compile-only checks of emitted source with nvcc (no device needed): the PTX of a translation
// unit for one architecture, for the tests' instruction assertions.
#pragma once

#include <string>

#include "ir/support/result.h"

namespace tf::cuda {

/// The PTX nvcc (at `nvcc`) makes of `source` for `arch` (e.g. "sm_90"). nvcc failing is an
/// internal error carrying the compiler's first error lines; the source is kept for reading.
Result<std::string> compile_with_nvcc(const std::string& source, const std::string& nvcc, const std::string& arch);

}  // namespace tf::cuda
