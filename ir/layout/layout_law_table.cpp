// One lookup over every family of laws (layout_law.h), and what judging any of them shares.
#include <fmt/format.h>

#include "ir/layout/layout_law.h"
#include "ir/layout/mesh_law.h"

namespace tf {

const std::vector<const Law*>& all_laws() {
  static const std::vector<const Law*> laws = [] {
    std::vector<const Law*> out;
    for (const std::vector<Law>* family :
         {&layout_laws(), &mesh_laws(), &barrier_laws(), &shard_laws()})
      for (const Law& law : *family) out.push_back(&law);
    return out;
  }();
  return laws;
}

const Law* find_law(std::string_view name) {
  for (const Law* law : all_laws())
    if (law->name == name) return law;
  return nullptr;
}

std::string law_arguments_refusal(const Law& law, const std::vector<LawArgument>& args) {
  if (args.size() != law.parameters.size())
    return fmt::format("{} takes {} arguments, found {}", law.name, law.parameters.size(),
                       args.size());
  for (std::size_t i = 0; i < args.size(); ++i)
    if (std::string why = law_argument_refusal(law.parameters[i], args[i]); !why.empty())
      return why;
  return law.refusal == nullptr ? "" : law.refusal(args);
}

LawVerdict judge_law(const Law& law, const std::vector<LawArgument>& args) {
  return law.check(args);
}

std::string law_violation_kind(const Law& law, const LawVerdict& v) {
  return fmt::format("{} does not hold ({})", law.name, v.violated);
}

}  // namespace tf
