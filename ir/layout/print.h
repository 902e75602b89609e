// The printed forms of IntTuple and Layout: the tfir spelling of docs/tfir.md section 3.
//   IntTuple: `4`, `N`, `(4, 8)`, `((2, 2), 8)`, a one-element tuple `(4,)`, the empty `()`.
//   Layout:   `Layout((4, 8), (1, 4))`, strides always explicit.
// Symbolic entries print as their name (their envelope belongs to the declaration).
#pragma once

#include <iosfwd>
#include <string>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"

namespace tf {

/// The tfir spelling of an IntTuple.
std::string to_string(const IntTuple& t);
/// The tfir spelling of a Layout: `Layout(shape, stride)`.
std::string to_string(const Layout& l);

/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const IntTuple& t);
std::ostream& operator<<(std::ostream& os, const Layout& l);

}  // namespace tf
