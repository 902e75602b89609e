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

constexpr std::string_view kReduceSpellings[] = {
#define TF_REDUCE_KIND(E, spelling, runtime) spelling,
#include "ir/core/reduce_kinds.def"
};

}  // namespace

const EnumSpace kReduceKindSpace{"ReduceKind", kReduceSpellings,
                                 "unknown kind '{spelling}'; the kinds are {list}"};

std::string_view reduce_kind_name(ReduceKind kind) { return row(kind).name; }

std::optional<ReduceKind> reduce_kind_from_name(std::string_view name) {
  if (std::optional<std::uint16_t> code = kReduceKindSpace.code_of(name))
    return static_cast<ReduceKind>(*code);
  return std::nullopt;
}

std::string reduce_kind_list() { return kReduceKindSpace.list(); }

std::string_view reduce_runtime_enumerator(ReduceKind kind) { return row(kind).runtime; }

}  // namespace tf
