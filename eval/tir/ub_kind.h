// The kinds of undefined behaviour the TIR machine model reports (docs/tir-semantics.md,
// "Undefined behaviour"). A program with undefined behaviour has no meaning to compute: the
// evaluator stops at the first report and returns it as a Diagnostic whose rule_id is the kind's
// id (`ub.race`, ...), so a conformance case names it with `expect error ub.race`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/support/diagnostic.h"

namespace tf::eval::tir {

/// Every kind of undefined behaviour the machine model detects.
enum class UbKind : std::uint8_t {
  Race,                    ///< conflicting accesses not ordered by happens-before
  OutOfBounds,             ///< an access outside its buffer
  Uninitialized,           ///< a value computed from, or an output left, uninitialized
  BarrierDivergence,       ///< a barrier some participants never reach (exited, other site)
  BarrierMismatch,         ///< participants of one barrier or collective disagree on it
  NamedBarrier,            ///< a named-barrier id used by two sites or counts at once
  Deadlock,                ///< every live thread is blocked
  CpAsyncUnwaited,         ///< a cp.async destination touched before its wait, or never waited
  CpAsyncOverlap,          ///< two cp.async of one group write the same element
  WarpCollectiveInactive,  ///< a warp collective whose lane exited or took another path
  ForeignRegisters,        ///< a thread touches registers another thread owns
  GridNotCoResident,       ///< a grid barrier in a launch larger than the device holds at once
};

/// Every UbKind, in declaration order.
inline constexpr std::array<UbKind, 12> kAllUbKinds = {
    UbKind::Race,         UbKind::OutOfBounds,       UbKind::Uninitialized,
    UbKind::BarrierDivergence, UbKind::BarrierMismatch, UbKind::NamedBarrier,
    UbKind::Deadlock,     UbKind::CpAsyncUnwaited,   UbKind::CpAsyncOverlap,
    UbKind::WarpCollectiveInactive, UbKind::ForeignRegisters, UbKind::GridNotCoResident};

/// The id a report carries: "ub.race", "ub.out-of-bounds", ... "ub.grid-not-co-resident".
std::string_view ub_kind_id(UbKind kind);
/// The kind of an id, or nullopt.
std::optional<UbKind> ub_kind_from_id(std::string_view id);

/// A report: category Eval, rule_id the kind's id, `message` as given, placed at `where` (the
/// statement that completed the undefined behaviour) with `earlier` as a related note when known.
Diagnostic ub_diagnostic(UbKind kind, std::string message, const SourceLocation& where,
                         const std::optional<SourceLocation>& earlier = std::nullopt,
                         std::string earlier_note = "the other access");

}  // namespace tf::eval::tir
