#include "eval/tir/barrier_log.h"

#include <algorithm>
#include <numeric>

namespace tf::eval::tir {

bool BarrierPass::took(std::uint32_t tid) const {
  if (listed.empty()) return tid - first < count;  // unsigned: tid < first wraps past count
  return std::binary_search(listed.begin(), listed.end(), tid);
}

std::vector<std::uint32_t> BarrierPass::threads() const {
  if (!listed.empty()) return listed;
  std::vector<std::uint32_t> out(count);
  std::iota(out.begin(), out.end(), first);
  return out;
}

void BarrierLog::add(const tf::tir::Evaluate* site, std::vector<std::uint32_t> tids) {
  BarrierPass p;
  p.site = site;
  std::sort(tids.begin(), tids.end());
  if (!tids.empty() && tids.back() - tids.front() + 1 == tids.size()) {
    p.first = tids.front();
    p.count = static_cast<std::uint32_t>(tids.size());
  } else {
    p.listed = std::move(tids);
  }
  if (ring_.size() < kKept) ring_.push_back(std::move(p));
  else ring_[added_ % kKept] = std::move(p);
  ++added_;
}

const BarrierPass* separating_barrier(const BarrierLog& log, std::uint32_t a, std::uint32_t b) {
  for (std::size_t k = 0; k < log.size(); ++k) {
    const BarrierPass& p = log.newest(k);
    const bool took_a = p.took(a), took_b = p.took(b);
    if (took_a && took_b) return nullptr;  // what races came after it (design note)
    if (took_a || took_b) return &p;
  }
  return nullptr;
}

}  // namespace tf::eval::tir
