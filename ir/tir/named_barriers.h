// allocate_named_barriers: the per-kernel named-barrier ids of a PrimFunction's Sync sites
// (seed 002 section 1.5, "Named-barrier id allocation").
//
// Design note. The allocation is a StmtVisitor pass (stmt_visitor.h) over the kernel's
// statements in emission order (pre-order). Given the module, it is per kernel over every device
// function the kernel reaches: a call of a device prim_func not met before is followed at the
// call, so a helper's barrier never takes an id its caller's barrier holds (a helper called from
// two places is one set of sites, as it is one emitted body).
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
#include "ir/core/module.h"
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

/// Allocates the named-barrier ids of kernel `fn` (design note): over `fn` alone, or with
/// `module` over `fn` and every device prim_func of `module` it reaches through calls.
/// Diagnostic naming TIR.1.5.NAMEDBAR.over-fifteen-errors when more than 15 distinct sites need
/// one.
Result<NamedBarrierIds> allocate_named_barriers(const PrimFunction& fn, const Module* module = nullptr);

/// Whether `fn`'s own body has a Sync that classifies as a named barrier.
bool has_named_barrier(const PrimFunction& fn);

}  // namespace tf::tir
