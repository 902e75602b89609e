#include "fuzz/props/layout_props.h"

#include <rapidcheck.h>

#include <string>
#include <variant>

#include "fuzz/campaign/property.h"
#include "ir/layout/print.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {
namespace {

// The law case of `law` on `args` (docs/tfir.md section 7): `law NAME`, each argument an input
// line in the layout text syntax, `expect holds`.
Witness law_witness(const LayoutLaw& law, const std::vector<LawArgument>& args) {
  Witness w;
  w.law = law.name;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string text = std::holds_alternative<Layout>(args[i]) ? to_string(std::get<Layout>(args[i]))
                                                                     : std::to_string(std::get<std::int64_t>(args[i]));
    w.law_arguments.emplace_back(law.parameters[i].name, text);
  }
  w.expectations.push_back("holds");
  return w;
}

}  // namespace

void layout_laws_case() {
  const LayoutLaw& law = element(::tf::layout_laws());  // the order of all_layout_laws(): the same law per case
  RC_TAG(law.name);
  const std::vector<LawArgument> args = draw_layout_law_arguments(law);
  record_witness(law_witness(law, args));
  const LawVerdict v = check_layout_law(law, args);
  for (const std::string& label : v.labels) RC_TAG(label);
  if (!v.holds()) fail(law_violation_kind(law, v), v.detail);
}

void mesh_laws_case() {
  const std::vector<NamedLaw>* tables[] = {&all_mesh_laws(), &all_barrier_laws(), &all_shard_laws()};
  const NamedLaw& law = element(*tables[pick<int>(0, 3)]);
  RC_TAG(law.name);
  law.body();
}

}  // namespace tf::fuzz
