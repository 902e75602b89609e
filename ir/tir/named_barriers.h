// allocate_named_barriers: the per-kernel named-barrier ids of a PrimFunction's Sync sites
// (seed 002 section 1.5, "Named-barrier id allocation").
//
// Design note. The allocation is a StmtVisitor pass (stmt_visitor.h) over the function's
// statements in emission order (pre-order).
// Every Evaluate of tir.sync.Sync whose mesh classifies as a `named` barrier (a warp-aligned
// multi-warp subset: bar.sync <id>, <count>, barrier.h) is a site; the site is the Evaluate node
// itself, so a Sync inside a loop body is one site and keeps one id however often the loop runs
// (TIR.1.5.NAMEDBAR.loop-reuses-id), and the same node met twice gets its id again. Ids come from
// ir/layout's NamedBarrierAllocator, one allocator per call, so each kernel starts at 1
// (implicit-per-kernel), 0 stays the whole-CTA barrier's (id0-reserved), the next site takes the
// next id (next-free-id, range-1-15) and distinct sites never share one (no-reuse-across-sites).
// A sixteenth distinct site is a diagnostic naming TIR.1.5.NAMEDBAR.over-fifteen-errors
// (fifteen-allowed up to there). Syncs of the other barrier kinds take no id, and a Sync whose
// mesh does not classify is skipped: rejecting it is the verifier's (classify_sync, sync.h).
#pragma once

#include <optional>
#include <vector>

#include "ir/layout/barrier.h"
#include "ir/support/result.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"

namespace tf::tir {

class NamedBarrierAllocation;

/// One named-barrier site and its id.
struct NamedBarrierSite {
  const Evaluate* site = nullptr;  ///< the Sync statement
  int id = 0;                      ///< 1..15
  BarrierClass barrier;            ///< its classification (kind Named; base and count)
};

/// The ids of one kernel's named-barrier sites, in emission order.
class NamedBarrierIds {
 public:
  /// The sites, in emission order (ids 1, 2, ... in this order).
  const std::vector<NamedBarrierSite>& sites() const { return sites_; }
  /// The id of `sync`, or nullopt when it is not a named-barrier site of the function.
  std::optional<int> id_of(const Evaluate& sync) const;

 private:
  friend class NamedBarrierAllocation;
  std::vector<NamedBarrierSite> sites_;
};

/// Allocates the named-barrier ids of `fn` (design note). Diagnostic naming
/// TIR.1.5.NAMEDBAR.over-fifteen-errors when more than 15 distinct sites need one.
Result<NamedBarrierIds> allocate_named_barriers(const PrimFunction& fn);

}  // namespace tf::tir
