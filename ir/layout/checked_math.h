// Overflow-checked int64 arithmetic for the layout code (internal to ir/layout).
// Layout values come from user input, so an overflow is bad input (a Diagnostic), never UB.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/support/checked_int.h"

namespace tf::layout_detail {

using tf::checked_add;
using tf::checked_mul;

/// ceil(a / b) for a >= 0, b > 0.
inline std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return a / b + (a % b != 0); }

}  // namespace tf::layout_detail
