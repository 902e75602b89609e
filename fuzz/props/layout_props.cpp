#include "fuzz/props/layout_props.h"

#include <rapidcheck.h>

#include <string>

#include "fuzz/campaign/property.h"
#include "ir/layout/layout_law.h"
#include "ir/layout/mesh_law.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {
namespace {

// The law case of `law` on `args` (docs/tfir.md section 7): `law NAME`, each argument an input
// line in its kind's text (ir/layout/layout_law_argument.h), `expect holds`.
Witness law_witness(const Law& law, const std::vector<LawArgument>& args) {
  Witness w;
  w.law = law.name;
  for (std::size_t i = 0; i < args.size(); ++i)
    w.law_arguments.emplace_back(law.parameters[i].name, law_argument_text(args[i]));
  w.expectations.push_back("holds");
  return w;
}

// One case of `law`: its arguments drawn by `draw` and recorded as a law case before they are
// judged; a violation fails the case with the postcondition (its kind) and the particulars.
void law_case(const Law& law, std::vector<LawArgument> (*draw)(const Law&)) {
  RC_TAG(law.name);
  const std::vector<LawArgument> args = draw(law);
  record_witness(law_witness(law, args));
  const LawVerdict v = judge_law(law, args);
  for (const std::string& label : v.labels) RC_TAG(label);
  if (!v.holds()) fail(law_violation_kind(law, v), v.detail);
}

}  // namespace

void layout_laws_case() {
  // The order of all_layout_laws(): the same law per case.
  law_case(element(::tf::layout_laws()), draw_layout_law_arguments);
}

void mesh_laws_case() {
  // The tables in the order of all_mesh_laws(), all_barrier_laws() and all_shard_laws(), picked
  // as before the laws became checks: the same law per case.
  const std::vector<Law>* tables[] = {&::tf::mesh_laws(), &::tf::barrier_laws(),
                                      &::tf::shard_laws()};
  law_case(element(*tables[pick<int>(0, 3)]), draw_mesh_law_arguments);
}

}  // namespace tf::fuzz
