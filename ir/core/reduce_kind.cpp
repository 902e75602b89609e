#include "ir/core/reduce_kind.h"

#include <iterator>

#include "ir/support/check.h"
#include "ir/support/record_table.h"

namespace tf {

namespace {

struct ReduceRow {
  std::string_view name, runtime;
};

constexpr ReduceRow kReduceRows[] = {
#define TF_REDUCE_KIND(E, spelling, runtime) {spelling, #runtime},
#include "ir/core/reduce_kinds.def"
};
static_assert(std::size(kReduceRows) == std::size(kAllReduceKinds));

const ReduceRow& row(ReduceKind k) { return record_row(kReduceRows, k, "ReduceKind"); }

}  // namespace

std::string_view reduce_kind_name(ReduceKind kind) { return row(kind).name; }

std::optional<ReduceKind> reduce_kind_from_name(std::string_view name) {
  for (ReduceKind k : kAllReduceKinds)
    if (reduce_kind_name(k) == name) return k;
  return std::nullopt;
}

std::string reduce_kind_list() {
  std::string s;
  for (ReduceKind k : kAllReduceKinds) s += (s.empty() ? "" : ", ") + std::string(reduce_kind_name(k));
  return s;
}

std::string_view reduce_runtime_enumerator(ReduceKind kind) { return row(kind).runtime; }

}  // namespace tf
