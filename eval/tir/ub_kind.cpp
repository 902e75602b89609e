#include "eval/tir/ub_kind.h"

#include "ir/support/check.h"

namespace tf::eval::tir {

std::string_view ub_kind_id(UbKind kind) {
  switch (kind) {
    case UbKind::Race: return "ub.race";
    case UbKind::OutOfBounds: return "ub.out-of-bounds";
    case UbKind::Uninitialized: return "ub.uninitialized";
    case UbKind::BarrierDivergence: return "ub.barrier-divergence";
    case UbKind::BarrierMismatch: return "ub.barrier-mismatch";
    case UbKind::NamedBarrier: return "ub.named-barrier";
    case UbKind::Deadlock: return "ub.deadlock";
    case UbKind::CpAsyncUnwaited: return "ub.cp-async-unwaited";
    case UbKind::CpAsyncOverlap: return "ub.cp-async-overlap";
    case UbKind::WarpCollectiveInactive: return "ub.warp-collective-inactive";
    case UbKind::ForeignRegisters: return "ub.foreign-registers";
    case UbKind::GridNotCoResident: return "ub.grid-not-co-resident";
  }
  TF_UNREACHABLE("bad UbKind");
}

std::optional<UbKind> ub_kind_from_id(std::string_view id) {
  for (UbKind k : kAllUbKinds)
    if (ub_kind_id(k) == id) return k;
  return std::nullopt;
}

Diagnostic ub_diagnostic(UbKind kind, std::string message, const SourceLocation& where,
                         const std::optional<SourceLocation>& earlier, std::string earlier_note) {
  Diagnostic d;
  d.severity = Severity::Error;
  d.category = DiagCategory::Eval;
  d.rule_id = std::string(ub_kind_id(kind));
  d.message = "undefined behaviour: " + std::move(message);
  d.location = where;
  if (earlier) d.related.push_back(RelatedLocation{*earlier, std::move(earlier_note)});
  return d;
}

}  // namespace tf::eval::tir
