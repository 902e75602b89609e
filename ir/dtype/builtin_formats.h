// The seven built-in block-scaled formats of seed 003 (private to ir/dtype).
#pragma once

#include "ir/dtype/dtype.h"

namespace tf::detail {

/// The built-in formats, created (and registered) on first call.
struct BuiltinFormats {
  DType mxfp8_e4m3, mxfp8_e5m2, mxfp6_e3m2, mxfp6_e2m3, mxfp4, mxint8, nvfp4;
};

/// Creates the built-ins on the first call; every registry entry point calls it first so that
/// the built-in names and structures are always taken before any user registration.
const BuiltinFormats& builtin_formats();

}  // namespace tf::detail
