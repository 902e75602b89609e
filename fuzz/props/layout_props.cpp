#include "fuzz/props/layout_props.h"

#include <rapidcheck.h>

#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {

void layout_laws_case() {
  const NamedLaw& law = element(all_layout_laws());
  RC_TAG(law.name);
  law.body();
}

void mesh_laws_case() {
  const std::vector<NamedLaw>* tables[] = {&all_mesh_laws(), &all_barrier_laws(), &all_shard_laws()};
  const NamedLaw& law = element(*tables[pick<int>(0, 3)]);
  RC_TAG(law.name);
  law.body();
}

}  // namespace tf::fuzz
