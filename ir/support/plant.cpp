#include "ir/support/plant.h"

#include <atomic>
#include <cstdlib>

namespace tf {
namespace {

std::atomic<Plant> g_active{Plant::none};

}  // namespace

const std::vector<PlantInfo>& plants() {
  static const std::vector<PlantInfo> ps{
      {Plant::crd2idx_nested_off_by_one, "crd2idx-nested-off-by-one", "crd2idx of a nested layout is one too high", "layout-laws"},
      {Plant::mesh_slice_negative_stop_short, "mesh-slice-negative-stop-short",
       "a mesh slice's negative stop bound (m[0:-1]) ends one position early", "mesh-laws"},
      {Plant::fp8_rne_tie, "fp8-rne-tie", "a tie of an fp8 encode rounds away from zero instead of to even", "casts-vs-cuda"},
      {Plant::reduce_drops_last, "reduce-drops-last", "the HIR evaluator's float reduction leaves out its last element", "hir-vs-tir"},
      {Plant::barrier_releases_early, "barrier-releases-early", "the first thread to arrive at a CTA barrier of the machine model leaves without waiting", "tir-race-free"},
      {Plant::lowering_forgets_tail_predicate, "lowering-forgets-tail-predicate", "the grid rule's tail rows run on every thread instead of the first", "hir-vs-tir"},
      {Plant::named_barrier_ids_per_function, "named-barrier-ids-per-function",
       "a device function's named barriers are numbered on their own, from 1, not with its kernel's ids", "tir-schedule-verdict"},
      {Plant::mma_fragment_row_swap, "mma-fragment-row-swap", "the host emulation's MMA swaps rows 0 and 1 of A's fragments", "tir-vs-emu"},
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

void activate_plant(Plant p) {
  g_active.store(p, std::memory_order_relaxed);
  // The host emulation (cuda/emu) shares no code with the project and reads its plant from the
  // environment; so do child processes.
  if (p == Plant::none) unsetenv("TF_PLANT");
  for (const PlantInfo& info : plants())
    if (info.plant == p) setenv("TF_PLANT", info.name, 1);
}

Plant active_plant() { return g_active.load(std::memory_order_relaxed); }

}  // namespace tf
