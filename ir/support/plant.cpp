#include "ir/support/plant.h"

#include <atomic>

namespace tf {
namespace {

std::atomic<Plant> g_active{Plant::none};

}  // namespace

const std::vector<PlantInfo>& plants() {
  static const std::vector<PlantInfo> ps{
      {Plant::crd2idx_nested_off_by_one, "crd2idx-nested-off-by-one", "crd2idx of a nested layout is one too high", "layout-laws"},
      {Plant::fp8_rne_tie, "fp8-rne-tie", "a tie of an fp8 encode rounds away from zero instead of to even", "casts-vs-cuda"},
      {Plant::reduce_drops_last, "reduce-drops-last", "the HIR evaluator's float reduction leaves out its last element", "hir-vs-tir"},
      {Plant::barrier_releases_early, "barrier-releases-early", "the first thread to arrive at a CTA barrier of the machine model leaves without waiting", "tir-race-free"},
      {Plant::emitter_drops_syncthreads, "emitter-drops-syncthreads", "the emitter writes no __syncthreads for a whole-CTA Sync", "tir-vs-emu"},
  };
  return ps;
}

const PlantInfo* find_plant(std::string_view name) {
  for (const PlantInfo& p : plants())
    if (name == p.name) return &p;
  return nullptr;
}

bool plants_built() {
#ifdef TF_PLANTS
  return true;
#else
  return false;
#endif
}

void activate_plant(Plant p) { g_active.store(p, std::memory_order_relaxed); }

Plant active_plant() { return g_active.load(std::memory_order_relaxed); }

}  // namespace tf
