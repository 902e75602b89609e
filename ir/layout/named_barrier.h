// Named-barrier id allocation (seed 002 section 1.5, "Named-barrier id allocation").
//
// Design note. Ids are allocated implicitly during codegen, one allocator per kernel
// (TIR.1.5.NAMEDBAR.implicit-per-kernel): two kernels of a module each start at id 1. Id 0 is
// the whole-CTA barrier (__syncthreads) and is never handed out (id0-reserved); sub-CTA bar.sync
// sites draw 1..15 (range-1-15). A sync site is the identity of its Sync op node: the first
// request for a site takes the next free id (next-free-id, in emission order), a repeated
// request for the same site returns the same id, so a loop body that emits its node once reuses
// its id (loop-reuses-id), and distinct sites never share one (no-reuse-across-sites). The
// sixteenth distinct site is a Diagnostic naming TIR.1.5.NAMEDBAR.over-fifteen-errors
// (fifteen-allowed). Only `named` barriers (barrier.h) take ids.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf {

/// The id of the whole-CTA barrier (__syncthreads); never allocated.
inline constexpr int kWholeCtaBarrierId = 0;
/// The first and last ids a sub-CTA bar.sync may carry.
inline constexpr int kFirstNamedBarrierId = 1;
inline constexpr int kLastNamedBarrierId = 15;

/// The range check for an explicit id: empty for 1..15; TIR.1.5.NAMEDBAR.id0-reserved for 0;
/// TIR.1.5.NAMEDBAR.range-1-15 for anything else.
std::vector<Diagnostic> check_named_barrier_id(std::int64_t id);

/// Per-kernel allocator of named-barrier ids (see the design note).
class NamedBarrierAllocator {
 public:
  /// The id of sync site `site` (the address of its Sync node): the same id on every request
  /// for the same site, the next free id for a new one. Diagnostic naming
  /// TIR.1.5.NAMEDBAR.over-fifteen-errors for a sixteenth distinct site (nothing is allocated).
  Result<int> id_for(const void* site);
  /// The number of ids handed out so far (0..15).
  int allocated() const { return static_cast<int>(ids_.size()); }

 private:
  std::unordered_map<const void*, int> ids_;
};

}  // namespace tf
