#include "ir/core/reduce_kind.h"

#include "ir/support/check.h"

namespace tf {

std::string_view reduce_kind_name(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::Sum:
      return "sum";
    case ReduceKind::Mean:
      return "mean";
    case ReduceKind::Max:
      return "max";
    case ReduceKind::AbsMax:
      return "abs_max";
  }
  TF_UNREACHABLE("bad ReduceKind");
}

std::optional<ReduceKind> reduce_kind_from_name(std::string_view name) {
  for (ReduceKind k : kAllReduceKinds)
    if (reduce_kind_name(k) == name) return k;
  return std::nullopt;
}

}  // namespace tf
