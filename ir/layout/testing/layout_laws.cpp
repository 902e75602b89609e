#include "ir/layout/testing/layout_laws.h"

#include <rapidcheck.h>

#include <initializer_list>
#include <span>
#include <string_view>

#include "ir/layout/testing/drawn_laws.h"
#include "ir/layout/testing/layout_gen.h"
#include "ir/support/check.h"

namespace tf::fuzz {
namespace {

using Args = std::vector<LawArgument>;

constexpr LayoutGenOptions kSmall{.max_rank = 3, .max_size = 256};
constexpr LayoutGenOptions kPow2{.powers_of_two = true};
constexpr LayoutGenOptions kSmallPow2{.max_rank = 3, .max_size = 64, .powers_of_two = true};

// How each law of ir/layout/layout_law.h draws its arguments, in its table's order. Each draw
// comes in the order the law's body has always drawn it, so a seed's cases stay what they were.
const LawDraw kDraws[] = {
    {"CoordinatesAgreeWithEnumeration", [] { return Args{*gen_layout()}; }},
    {"InjectivityMatchesEnumeration",
     [] {
       const Layout l = *gen_layout();
       return Args{l, *gen_nested_layout()};
     }},
    {"CoalescePreservesTheFunction", [] { return Args{*gen_layout()}; }},
    {"ByModeCoalescePreservesModesAndFunction", [] { return Args{*gen_layout()}; }},
    {"CompositionAgreesWithFunctionComposition",
     [] {
       const auto [a, b] = *gen_composable_pair();
       return Args{a, b};
     }},
    {"CompositionOfArbitraryPairsIsExactOrADiagnostic",
     [] {
       const Layout a = *gen_layout();
       return Args{a, *gen_layout(kSmall)};
     }},
    {"ComplementIsDisjointAndCompletes",
     [] {
       const Layout l = *gen_nested_layout();
       const std::int64_t reach = *cosize(l);
       return Args{l, *rc::gen::inRange<std::int64_t>(1, 3 * reach + 2)};
     }},
    {"ComplementOfArbitraryLayoutsIsExactOrADiagnostic",
     [] {
       const Layout l = *gen_layout();
       return Args{l, *rc::gen::inRange<std::int64_t>(1, 4 * *cosize(l) + 2)};
     }},
    {"LeftInverseUndoesAnInjectiveLayout", [] { return Args{*gen_nested_layout()}; }},
    {"LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic", [] { return Args{*gen_layout()}; }},
    {"RightInverseIsARightInverse",
     [] {
       const Layout l = *gen_layout();
       return Args{l, *gen_nested_layout()};  // often a bijection: its right inverse must be complete
     }},
    {"LogicalDivideMatchesItsDefinition",
     [] {
       const Layout a = *gen_layout(kPow2);
       return Args{a, *gen_nested_layout(kSmallPow2)};
     }},
    {"LogicalDivideOfArbitraryPairsIsExactOrADiagnostic",
     [] {
       const Layout a = *gen_layout();
       return Args{a, *gen_nested_layout(kSmall)};
     }},
    {"LogicalProductMatchesItsDefinition",
     [] {
       const Layout a = *gen_nested_layout(kSmallPow2);
       return Args{a, *gen_nested_layout(kSmallPow2)};  // an injective layout of tiles
     }},
    {"LogicalProductOfArbitraryPairsIsExactOrADiagnostic",
     [] {
       const Layout a = *gen_layout(LayoutGenOptions{.max_rank = 3, .max_size = 64});
       return Args{a, *gen_layout(LayoutGenOptions{.max_rank = 2, .max_size = 32})};
     }},
};

// The draw of `law` among `families`, or null.
const LawDraw* find_draw(std::initializer_list<std::span<const LawDraw>> families, const Law& law) {
  for (std::span<const LawDraw> draws : families)
    for (const LawDraw& d : draws)
      if (law.name == d.name) return &d;
  return nullptr;
}

}  // namespace

std::span<const LawDraw> layout_law_draws() { return kDraws; }

std::vector<LawArgument> draw_layout_law_arguments(const LayoutLaw& law) {
  const LawDraw* d = find_draw({layout_law_draws()}, law);
  TF_CHECK(d != nullptr, "the layout law {} has no draw", law.name);
  return d->draw();
}

std::vector<LawArgument> draw_mesh_law_arguments(const Law& law) {
  const LawDraw* d = find_draw({mesh_law_draws(), barrier_law_draws(), shard_law_draws()}, law);
  TF_CHECK(d != nullptr, "the mesh law {} has no draw", law.name);
  return d->draw();
}

void assert_drawn_law(std::string_view name) {
  const Law* law = find_law(name);
  TF_CHECK(law != nullptr, "no law named {}", name);
  const LawDraw* d = find_draw({layout_law_draws(), mesh_law_draws(), barrier_law_draws(), shard_law_draws()}, *law);
  TF_CHECK(d != nullptr, "the law {} has no draw", name);
  const LawVerdict v = judge_law(*law, d->draw());
  for (const std::string& label : v.labels) RC_TAG(label);
  if (!v.holds()) RC_FAIL(law_violation_kind(*law, v) + ": " + v.detail);
}

namespace layout_laws {

void CoordinatesAgreeWithEnumeration() { assert_drawn_law("CoordinatesAgreeWithEnumeration"); }
void InjectivityMatchesEnumeration() { assert_drawn_law("InjectivityMatchesEnumeration"); }
void CoalescePreservesTheFunction() { assert_drawn_law("CoalescePreservesTheFunction"); }
void ByModeCoalescePreservesModesAndFunction() { assert_drawn_law("ByModeCoalescePreservesModesAndFunction"); }
void CompositionAgreesWithFunctionComposition() { assert_drawn_law("CompositionAgreesWithFunctionComposition"); }
void CompositionOfArbitraryPairsIsExactOrADiagnostic() {
  assert_drawn_law("CompositionOfArbitraryPairsIsExactOrADiagnostic");
}
void ComplementIsDisjointAndCompletes() { assert_drawn_law("ComplementIsDisjointAndCompletes"); }
void ComplementOfArbitraryLayoutsIsExactOrADiagnostic() {
  assert_drawn_law("ComplementOfArbitraryLayoutsIsExactOrADiagnostic");
}
void LeftInverseUndoesAnInjectiveLayout() { assert_drawn_law("LeftInverseUndoesAnInjectiveLayout"); }
void LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic() {
  assert_drawn_law("LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic");
}
void RightInverseIsARightInverse() { assert_drawn_law("RightInverseIsARightInverse"); }
void LogicalDivideMatchesItsDefinition() { assert_drawn_law("LogicalDivideMatchesItsDefinition"); }
void LogicalDivideOfArbitraryPairsIsExactOrADiagnostic() {
  assert_drawn_law("LogicalDivideOfArbitraryPairsIsExactOrADiagnostic");
}
void LogicalProductMatchesItsDefinition() { assert_drawn_law("LogicalProductMatchesItsDefinition"); }
void LogicalProductOfArbitraryPairsIsExactOrADiagnostic() {
  assert_drawn_law("LogicalProductOfArbitraryPairsIsExactOrADiagnostic");
}

}  // namespace layout_laws

const std::vector<NamedLaw>& all_layout_laws() {
  static const std::vector<NamedLaw> laws{
      {"CoordinatesAgreeWithEnumeration", layout_laws::CoordinatesAgreeWithEnumeration},
      {"InjectivityMatchesEnumeration", layout_laws::InjectivityMatchesEnumeration},
      {"CoalescePreservesTheFunction", layout_laws::CoalescePreservesTheFunction},
      {"ByModeCoalescePreservesModesAndFunction", layout_laws::ByModeCoalescePreservesModesAndFunction},
      {"CompositionAgreesWithFunctionComposition", layout_laws::CompositionAgreesWithFunctionComposition},
      {"CompositionOfArbitraryPairsIsExactOrADiagnostic", layout_laws::CompositionOfArbitraryPairsIsExactOrADiagnostic},
      {"ComplementIsDisjointAndCompletes", layout_laws::ComplementIsDisjointAndCompletes},
      {"ComplementOfArbitraryLayoutsIsExactOrADiagnostic",
       layout_laws::ComplementOfArbitraryLayoutsIsExactOrADiagnostic},
      {"LeftInverseUndoesAnInjectiveLayout", layout_laws::LeftInverseUndoesAnInjectiveLayout},
      {"LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic",
       layout_laws::LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic},
      {"RightInverseIsARightInverse", layout_laws::RightInverseIsARightInverse},
      {"LogicalDivideMatchesItsDefinition", layout_laws::LogicalDivideMatchesItsDefinition},
      {"LogicalDivideOfArbitraryPairsIsExactOrADiagnostic",
       layout_laws::LogicalDivideOfArbitraryPairsIsExactOrADiagnostic},
      {"LogicalProductMatchesItsDefinition", layout_laws::LogicalProductMatchesItsDefinition},
      {"LogicalProductOfArbitraryPairsIsExactOrADiagnostic",
       layout_laws::LogicalProductOfArbitraryPairsIsExactOrADiagnostic},
  };
  return laws;
}

}  // namespace tf::fuzz
