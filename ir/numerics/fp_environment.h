// The host floating-point environment the oracle relies on (docs/numerics.md "Host floating
// point"): round-to-nearest, and on x86-64 neither flush-to-zero (FTZ) nor denormals-are-zero
// (DAZ). A library loaded into the process (or -ffast-math start-up code) can set FTZ/DAZ; every
// f32 step of the NVFP4 recipe and every dequantized subnormal would then be silently wrong.
#pragma once

#include <optional>

#include "ir/support/diagnostic.h"

namespace tf::numerics {

/// nullopt when the environment is exact; otherwise a diagnostic saying which mode is set.
std::optional<Diagnostic> check_fp_environment();

}  // namespace tf::numerics
