// Brute-force oracles for layout tests: every law and hand-picked case is checked against
// plain enumeration, not against the library's own index arithmetic. The enumeration itself
// lives in ir/layout/layout_enumeration.h (the conformance runner replays law cases with it);
// the tests keep naming it tf::testing::*.
#pragma once

#include "ir/layout/layout_enumeration.h"
#include "ir/layout/print.h"

namespace tf::testing {

using oracle::Enumerated;
using oracle::flat_leaves;
using oracle::FlatLeaves;
using oracle::image;
using oracle::injective_by_enumeration;
using oracle::offset_table;

}  // namespace tf::testing
