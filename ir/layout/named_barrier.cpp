#include "ir/layout/named_barrier.h"

#include <fmt/format.h>

namespace tf {

std::vector<Diagnostic> check_named_barrier_id(std::int64_t id) {
  if (id >= kFirstNamedBarrierId && id <= kLastNamedBarrierId) return {};
  if (id == kWholeCtaBarrierId)
    return {rule_error("TIR.1.5.NAMEDBAR.id0-reserved",
                       "named-barrier id 0 is reserved for the whole-CTA barrier "
                       "(__syncthreads); a sub-CTA bar.sync takes an id in 1..15")};
  return {rule_error("TIR.1.5.NAMEDBAR.range-1-15",
                     fmt::format("named-barrier id {} is outside 1..15", id))};
}

Result<int> NamedBarrierAllocator::id_for(const void* site) {
  TF_CHECK(site != nullptr, "a sync site needs an identity");
  if (auto it = ids_.find(site); it != ids_.end()) return it->second;
  const int next = kFirstNamedBarrierId + allocated();
  if (next > kLastNamedBarrierId) {
    Diagnostic d = rule_error("TIR.1.5.NAMEDBAR.over-fifteen-errors",
                              fmt::format("the kernel needs a named barrier for a sync site "
                                          "beyond the {} available (ids {}..{})",
                                          kLastNamedBarrierId - kFirstNamedBarrierId + 1,
                                          kFirstNamedBarrierId, kLastNamedBarrierId));
    d.notes.push_back("ids are never reused across distinct sync sites (seed 002 section 1.5)");
    return d;
  }
  ids_.emplace(site, next);
  return next;
}

}  // namespace tf
