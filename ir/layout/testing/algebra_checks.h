// Postcondition checks of the layout algebra for the hand-picked gtests and the RapidCheck
// laws: those of ir/layout/algebra_postconditions.h (which the replayable law checks share),
// named tf::testing::* as the tests have always named them.
#pragma once

#include "ir/layout/algebra_postconditions.h"
#include "ir/layout/testing/layout_oracle.h"

namespace tf::testing {

using oracle::check_coalesce;
using oracle::check_complement;
using oracle::check_composition;
using oracle::check_left_inverse;
using oracle::check_logical_divide;
using oracle::check_logical_product;
using oracle::check_right_inverse;
using oracle::moving_span;

}  // namespace tf::testing
