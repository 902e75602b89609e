// Planted bugs: the mutation score of the fuzz campaigns (docs/fuzzing.md). Each plant breaks
// one thing on purpose in one layer; `tf fuzz --plant NAME` activates it for that process, and
// the property that should notice must find it (fuzz/test/plant_test). Plants are compiled in
// only when the CMake option TF_PLANTS is on (the default preset; off in release) and are never
// active unless named: TF_PLANTED(x) is a relaxed load of one global and compares it, or the
// constant false without TF_PLANTS.
#pragma once

#include <string_view>
#include <vector>

namespace tf {

/// Every planted bug.
enum class Plant {
  none,
  crd2idx_nested_off_by_one,  ///< ir/layout: crd2idx of a nested layout is one too high
  mesh_slice_negative_stop_short,  ///< ir/layout: a mesh slice's negative stop counts one position short
  fp8_rne_tie,                ///< ir/numerics: a tie of an fp8 encode rounds away from zero
  reduce_drops_last,          ///< eval/hir: a float reduction leaves out its last element
  barrier_releases_early,     ///< eval/tir: the first thread at a CTA barrier does not wait
  mma_fragment_row_swap,      ///< cuda/emu: rows 0 and 1 of the MMA's A fragments swapped
  emitter_drops_syncthreads,  ///< cuda/emit: a whole-CTA Sync emits no __syncthreads
  lowering_forgets_tail_predicate,  ///< lower: the grid rule's tail runs on every thread
  named_barrier_ids_per_function,   ///< ir/tir: a device function's named barriers numbered from 1 again
};

/// A plant's name (as --plant spells it), what it breaks, and the property that finds it.
struct PlantInfo {
  Plant plant;
  const char* name;
  const char* breaks;
  const char* found_by;
};

/// Every plant but none, in declaration order.
const std::vector<PlantInfo>& plants();
/// The plant named `name`, or null.
const PlantInfo* find_plant(std::string_view name);

/// Whether this build has plants (TF_PLANTS).
bool plants_built();
/// Activates `p` for the rest of the process (Plant::none: none). Precondition: plants_built().
void activate_plant(Plant p);
/// The active plant.
Plant active_plant();

}  // namespace tf

#ifdef TF_PLANTS
#define TF_PLANTED(name) (::tf::active_plant() == ::tf::Plant::name)
#else
#define TF_PLANTED(name) false
#endif
