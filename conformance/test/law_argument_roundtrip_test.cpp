// The text forms of law arguments round-trip (ir/layout/layout_law_argument.h,
// conformance/law_case_arguments.h): for every law, each drawn argument (200 argument sets per
// law in the unit run) prints in its kind's text, reads back equal, prints the same again, and
// stays inside its parameter's bounds, so that a finding's law case replays the case that failed.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <string>
#include <vector>

#include "conformance/law_case_arguments.h"
#include "ir/layout/layout_law.h"
#include "ir/layout/mesh_law.h"
#include "ir/layout/testing/layout_laws.h"
#include "ir/support/testing/law_runner.h"

namespace tf::conformance {
namespace {

// One drawn argument set of `law` (drawn by `draw`) through the text and back.
void round_trips(const Law& law, std::vector<LawArgument> (*draw)(const Law&)) {
  const std::vector<LawArgument> args = draw(law);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const LawParameter& p = law.parameters[i];
    const std::string text = law_argument_text(args[i]);
    const Result<LawArgument> back =
        read_law_argument(text, p, SourceLocation{"roundtrip.tfir", 5, 15});
    if (!back.ok())
      RC_FAIL("input " + p.name + " = " + text +
              " does not read: " + back.diagnostics().front().render());
    if (!(*back == args[i]))
      RC_FAIL("input " + p.name + " = " + text + " reads back as another value");
    if (law_argument_text(*back) != text)
      RC_FAIL("input " + p.name + " = " + text + " prints back as " + law_argument_text(*back));
  }
  if (const std::string why = law_arguments_refusal(law, args); !why.empty())
    RC_FAIL("a drawn case is refused: " + why);
}

// Every law of `family` round-trips its drawn arguments, each law as one RapidCheck run.
void every_law_round_trips(const std::vector<Law>& family,
                           std::vector<LawArgument> (*draw)(const Law&)) {
  for (const Law& law : family) {
    SCOPED_TRACE(law.name);
    fuzz::check_law([&law, draw] { round_trips(law, draw); });
  }
}

std::vector<LawArgument> draw_layout(const Law& law) {
  return fuzz::draw_layout_law_arguments(law);
}
std::vector<LawArgument> draw_mesh(const Law& law) {
  return fuzz::draw_mesh_law_arguments(law);
}

TEST(LawArgumentLaws, MeshLawArgumentsRoundTrip) {
  every_law_round_trips(mesh_laws(), draw_mesh);
}
TEST(LawArgumentLaws, BarrierLawArgumentsRoundTrip) {
  every_law_round_trips(barrier_laws(), draw_mesh);
}
TEST(LawArgumentLaws, ShardLawArgumentsRoundTrip) {
  every_law_round_trips(shard_laws(), draw_mesh);
}
TEST(LawArgumentLaws, LayoutLawArgumentsRoundTrip) {
  every_law_round_trips(layout_laws(), draw_layout);
}

// Every law of ir/layout/mesh_law.h has a RapidCheck body, in its table's order.
TEST(LawArgumentLaws, TheMeshLawChecksAreTheRapidCheckLawsInTheirOrder) {
  const std::pair<const std::vector<Law>*, const std::vector<fuzz::NamedLaw>*> families[] = {
      {&mesh_laws(), &fuzz::all_mesh_laws()},
      {&barrier_laws(), &fuzz::all_barrier_laws()},
      {&shard_laws(), &fuzz::all_shard_laws()}};
  std::size_t count = 0;
  for (const auto& [checks, bodies] : families) {
    ASSERT_EQ(checks->size(), bodies->size());
    for (std::size_t i = 0; i < checks->size(); ++i)
      EXPECT_EQ((*checks)[i].name, (*bodies)[i].name) << i;
    count += checks->size();
  }
  EXPECT_EQ(count, 20u);
}

// The slice key's own text keeps what slicing does not distinguish: `:` and `::`, a negative
// bound, a step.
TEST(LawArgumentLaws, ASliceKeyKeepsItsSpelling) {
  const std::vector<SliceKey> key = {SliceKey::all(),
                                     SliceKey::range(std::nullopt, std::nullopt),
                                     SliceKey::range(2, -2),
                                     SliceKey::at(-1),
                                     SliceKey::range(std::nullopt, 16, 1),
                                     SliceKey::range(3, std::nullopt)};
  const std::string text = slice_key_text(key);
  EXPECT_EQ(text, "[:, ::, 2:-2, -1, :16:1, 3:]");
  const Result<LawArgument> back = read_law_argument(
      text, LawParameter{"key", LawArgumentKind::SliceKey}, SourceLocation{"k.tfir", 1, 1});
  ASSERT_TRUE(back.ok()) << back.diagnostics().front().render();
  EXPECT_TRUE(std::get<std::vector<SliceKey>>(*back) == key);
}

}  // namespace
}  // namespace tf::conformance
