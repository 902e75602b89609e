#include "eval/tir/shadow_store.h"

namespace tf::eval::tir {

std::vector<Epoch> ReadSet::epochs() const {
  std::vector<Epoch> out;
  for (const ReadRun& r : runs)
    for (std::uint32_t t = r.first; t <= r.last; ++t) out.push_back(Epoch{t, r.clock, r.phase, r.site});
  return out;
}

void ShadowStore::reset(std::int64_t count) {
  pages_.assign(static_cast<std::size_t>((count + kPage - 1) >> kPageBits), Page{});
  details_.clear();
  free_details_.clear();
  read_sets_.clear();
}

ElementShadow* ShadowStore::expand(Page& page) {
  std::uint32_t slot = 0;
  if (!free_details_.empty()) {
    slot = free_details_.back();
    free_details_.pop_back();
  } else {
    slot = static_cast<std::uint32_t>(details_.size() / kPage);
    details_.resize(details_.size() + kPage);
  }
  ElementShadow* states = details_.data() + std::size_t{slot} * kPage;
  for (std::int64_t k = 0; k < kPage; ++k) states[k] = page.uniform;
  if (page.uniform.read.thread == Epoch::kReadSet)  // one set per element (design note)
    for (std::int64_t k = 1; k < kPage; ++k) {
      ReadSet copy = read_sets_[page.uniform.read.clock];
      read_sets_.push_back(std::move(copy));
      states[k].read.clock = static_cast<std::uint32_t>(read_sets_.size() - 1);
    }
  page.detail = slot;
  return states;
}

void ShadowStore::make_uniform(Page& page) {
  const ElementShadow* states = details_.data() + std::size_t{page.detail} * kPage;
  page.uniform = states[0];
  free_details_.push_back(page.detail);
  page.detail = kUniform;
}

}  // namespace tf::eval::tir
