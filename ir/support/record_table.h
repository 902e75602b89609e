// record_row: the row of a kind's record table (a `.def` file expanded into a constexpr array, one
// row per enumerator in declaration order), checked against the table's size.
#pragma once

#include <cstddef>
#include <string_view>

#include "ir/support/check.h"

namespace tf {

/// The row of `table` for the enumerator `e` (rows are in declaration order). InternalError,
/// naming `what`, for a value past the table (a cast of a bad integer to the enum).
template <typename Row, std::size_t N, typename E>
const Row& record_row(const Row (&table)[N], E e, std::string_view what) {
  const auto i = static_cast<std::size_t>(e);
  TF_CHECK(i < N, "bad {} {}", what, i);
  return table[i];
}

}  // namespace tf
