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

}  // namespace tf::fuzz
