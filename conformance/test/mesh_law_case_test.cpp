// Law cases of the mesh laws (conformance/law_case.h, ir/layout/mesh_law.h, docs/tfir.md section
// 7): the case form of a `mesh-laws` finding. A case with each kind of argument (meshes, slice
// keys, integers, bools, barrier sites, ShardLayout parts, ShardLayouts, shapes, shard attrs)
// reads and holds; a case whose arguments break a law of each family fails naming the
// postcondition; an input that does not read, is of another kind, names no parameter or is too
// large is refused with a diagnostic placed at it.
#include <gtest/gtest.h>

#include <string>

#include "conformance/law_case.h"
#include "conformance/suite.h"
#include "conformance/test/law_case_testing.h"
#include "eval/hir/eval_tables.h"

namespace tf::conformance {
namespace {

using test::run_text;
using test::verdicts;

// A file of one law case: its `law` line is line 4, its inputs lines 5, 6, ...
std::string law_case(const std::string& law, const std::string& inputs) {
  return "tfir 1\n# A law case.\ncase \"fuzz/mesh-laws/seed-1-case-1\" {\n    law " + law + "\n" +
         inputs + "    expect holds\n}\n";
}

// The line `    input NAME = VALUE`.
std::string input(const std::string& name, const std::string& value) {
  return "    input " + name + " = " + value + "\n";
}

// Where the value of input `name` starts on its line: after `    input NAME = `.
int value_column(const std::string& name) {
  return 14 + static_cast<int>(name.size());
}

// "law_case.tfir:LINE:COL: error[TAG]: ", the start of a placed diagnostic.
std::string placed(int line, int column, const std::string& tag) {
  return "law_case.tfir:" + std::to_string(line) + ":" + std::to_string(column) + ": error[" + tag +
         "]: ";
}

const std::string kThreads64 = "Mesh((Topology(\"thread\", 64),), Layout((8, 8), (1, 8)))";
const std::string kFlat64 = "Mesh((Topology(\"thread\", 64),), Layout((64,), (1,)))";
const std::string kPair = "Mesh((Topology(\"thread\", 2),), Layout((2,), (1,)))";
const std::string kSquare = "Mesh((Topology(\"thread\", 4),), Layout((2, 2), (1, 2)))";

// ShardLayout parts or a ShardLayout over `layout` with `attrs` on the mesh `mesh`.
std::string shard(const std::string& layout, const std::string& attrs, const std::string& mesh) {
  return "ShardLayout(layout=" + layout + ", attrs=" + attrs + ", mesh=" + mesh + ")";
}

TEST(MeshLawCases, ACaseOfEachArgumentKindReadsAndHolds) {
  const std::string cases[] = {
      // A mesh and a slice key with a negative bound and a negative index.
      law_case("SliceParticipantsMatchBruteForce",
               input("M", kThreads64) + input("key", "[2:-2, -1]")),
      // Two topologies, axis names, an index and a range without a stop.
      law_case(
          "LevelsRebuildTheDeviceIndex",
          input("M",
                "Mesh((Topology(\"cta\", 2), Topology(\"thread\", 4)), Layout((2, 4), (4, 1)), "
                "names=(\"a0\", \"a1\"))") +
              input("key", "[1, 1:]")),
      // An integer; a range with nothing given (`::`); a bool.
      law_case("ForgedOffsetsAgreeWithBruteForce",
               input("M", "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (8, 1)))") +
                   input("key", "[0:2, :]") + input("offset", "16")),
      law_case(
          "ForgedStridesAndExtentsRejected",
          input(
              "M",
              "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (8, 1)), names=(\"a0\", \"a1\"))") +
              input("key", "[1:3, ::]") + input("axis", "1") + input("bump_stride", "true") +
              input("amount", "2")),
      law_case("ThreadSlicesFollowTheTable",
               input("M", kFlat64) + input("key", "[32:64]") + input("whole", "false")),
      law_case("ThreadSlicesFollowTheTable",
               input("M", kFlat64) + input("key", "[]") + input("whole", "true")),
      law_case("OnlyParticipantsExecuteAndAllTheSameInstruction",
               input("M", kFlat64) + input("key", "[32:64]") + input("id", "3")),
      // Barrier sites: a repeated site, and a sixteenth distinct one (refused, as the law says).
      law_case("NamedBarrierIdsAreFirstUseOrder", input("sites", "[3, 0, 3, 19]")),
      law_case("NamedBarrierIdsAreFirstUseOrder",
               input("sites", "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0]")),
      // ShardLayout parts: one layer, two layers, a ComposedLayout base, and parts that
      // construction refuses (their binding does not divide), which the second law expects.
      law_case("ConstructionAcceptsExactlyTheInjectiveOwnershipMaps",
               input("C", shard("Layout((8, 4), (4, 1))", "(S(0),)", kPair))),
      law_case("ConstructionAcceptsExactlyTheInjectiveOwnershipMaps",
               input("C", shard(shard("Layout((8, 4), (4, 1))", "(S(1),)", kPair), "(S(0),)",
                                "Mesh((Topology(\"thread\", 4),), Layout((4,), (1,)))"))),
      law_case("ConstructionRefusesExactlyTheIndivisibleBindings",
               input("C", shard("ComposedLayout(inner=None, offset=2, outer=Layout((4,), (1,)))",
                                "(S(0),)", kPair))),
      law_case("ConstructionRefusesExactlyTheIndivisibleBindings",
               input("C", shard("Layout((5,), (1,))", "(S(0),)", kPair))),
      // A ShardLayout.
      law_case("LocalShapeIsWhatOneParticipantOwns",
               input("S", shard("Layout((8, 4), (4, 1))", "(S(0),)", kPair))),
      // A shape, a mesh and shard attrs.
      law_case(
          "CanonicalShardLayoutIsIdempotent",
          input("logical", "(4, 3)") + input("M", kSquare) + input("attrs", "(S(0), P(\"max\"))")),
      law_case(
          "CanonicalShardLayoutPreservesOwnership",
          input("logical", "(3, 4)") + input("M", kSquare) + input("attrs", "(S(1), Dynamic())")),
  };
  for (const std::string& text : cases) {
    const SuiteRun r = run_text(text);
    ASSERT_EQ(r.outcomes.size(), 1u) << verdicts(r) << text;
    EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Passed) << verdicts(r) << text;
  }
}

// Arguments outside a law's domain break it, as an algebra bug would: the case fails with the
// postcondition that does not hold, one law of each family (and a second of meshes and of
// ShardLayouts).
TEST(MeshLawCases, ACaseWhoseLawIsBrokenFailsNamingThePostcondition) {
  const struct {
    std::string text, reason;
  } cases[] = {
      // A key that is not legal for the mesh: the law's slice is refused.
      {law_case("SliceParticipantsMatchBruteForce",
                input("M", "Mesh((Topology(\"thread\", 8),), Layout((8,), (1,)))") +
                    input("key", "[0:9]")),
       "SliceParticipantsMatchBruteForce does not hold (slice(M, key) succeeds): M[0:9]: "},
      // A mesh that names a device index twice: its slice is not projectable.
      {law_case("ContainsAndProjectMatchBruteForce",
                input("M", "Mesh((Topology(\"thread\", 4),), Layout((2, 2), (1, 1)))") +
                    input("key", "[]")),
       "ContainsAndProjectMatchBruteForce does not hold (M[key] is projectable): "},
      // A block of threads where the law expects CTAs: the table's grid barrier is not what the
      // classifier gives a thread block.
      {law_case("CtaMeshesAreTheGridOrRejected",
                input("M", kFlat64) + input("key", "[]") + input("whole", "true")),
       "CtaMeshesAreTheGridOrRejected does not hold (classify_barrier gives the table's "
       "barrier): "},
      // Parts whose binding does not divide, where the law expects dividing ones.
      {law_case("ConstructionAcceptsExactlyTheInjectiveOwnershipMaps",
                input("C", shard("Layout((5,), (1,))", "(S(0),)", kPair))),
       "ConstructionAcceptsExactlyTheInjectiveOwnershipMaps does not hold (every binding of the "
       "parts divides): "},
      // One attr for a mesh of two axes: canonical_shard_layout refuses them.
      {law_case("CanonicalShardLayoutIsIdempotent",
                input("logical", "(4, 3)") + input("M", kSquare) + input("attrs", "(S(0),)")),
       "CanonicalShardLayoutIsIdempotent does not hold (canonical_shard_layout(logical, M, attrs) "
       "succeeds): "},
  };
  for (const auto& c : cases) {
    const SuiteRun r = run_text(c.text);
    ASSERT_EQ(r.outcomes.size(), 1u) << verdicts(r) << c.text;
    EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Failed) << verdicts(r) << c.text;
    EXPECT_EQ(r.outcomes[0].reason.rfind(c.reason, 0), 0u) << r.outcomes[0].reason;
  }
}

// Inputs that do not fit the law fail the case with what is wrong, placed at the input (at the
// case for one it does not give, or what the law's own refusal turns down).
TEST(MeshLawCases, InputsThatDoNotFitTheLawAreRefusedWhereTheyAre) {
  const std::string bad_attr = shard("Layout((4,), (1,))", "(Q(0),)", kPair);
  const struct {
    std::string text, reason;
  } cases[] = {
      // Another kind.
      {law_case("SliceParticipantsMatchBruteForce",
                input("M", "Layout((8,), (1,))") + input("key", "[]")),
       placed(5, value_column("M"), "type") +
           "input M takes a Mesh(topologies, layout), found a layout"},
      {law_case("SliceParticipantsMatchBruteForce",
                input("M", kFlat64) + input("key", "Layout((8,), (1,))")),
       placed(6, value_column("key"), "parse") +
           "input key takes a slice key such as [:, 0:16, -1], found 'Layout((8,), (1,))'"},
      // Text that does not read, placed at the entry or node it concerns.
      {law_case("SliceParticipantsMatchBruteForce", input("M", kFlat64) + input("key", "[0:2, x]")),
       placed(6, value_column("key") + 6, "parse") +
           "input key takes a slice key such as [:, 0:16, -1]: 'x' is not an integer"},
      {law_case("SliceParticipantsMatchBruteForce",
                input("M", kFlat64) + input("key", "[1:2:1:1]")),
       placed(6, value_column("key") + 1, "parse") +
           "input key takes a slice key such as [:, 0:16, -1]: '1:2:1:1' has more than two colons"},
      {law_case("NamedBarrierIdsAreFirstUseOrder", input("sites", "[1, two]")),
       placed(5, value_column("sites") + 4, "parse") +
           "input sites takes barrier sites such as [3, 0, 3]: 'two' is not an integer"},
      {law_case("ThreadSlicesFollowTheTable",
                input("M", kFlat64) + input("key", "[]") + input("whole", "yes")),
       placed(7, value_column("whole"), "parse") + "input whole takes true or false, found 'yes'"},
      {law_case("ConstructionRefusesExactlyTheIndivisibleBindings", input("C", bad_attr)),
       placed(5, value_column("C") + static_cast<int>(bad_attr.find("Q(")), "parse") +
           "'Q' is not a shard attribute (S, B, P, Dynamic)"},
      // A ShardLayout reads only when it builds.
      {law_case("LocalShapeIsWhatOneParticipantOwns",
                input("S", shard("Layout((5,), (1,))", "(S(0),)", kPair))),
       "law_case.tfir:5:" + std::to_string(value_column("S")) + ": error"},
      // A parameter the law lacks; one the case lacks.
      {law_case("FreeMeshProjectionIsExactOrRefused", input("M", kFlat64) + input("key", "[]")),
       placed(6, value_column("key"), "parse") +
           "input key names no parameter of law FreeMeshProjectionIsExactOrRefused"},
      {law_case("SliceParticipantsMatchBruteForce", input("M", kFlat64)),
       placed(3, 1, "parse") + "law SliceParticipantsMatchBruteForce takes the input key (a slice "
                               "key), which the case does not give"},
      // Too large to enumerate, or outside a parameter's range.
      {law_case("FreeMeshProjectionIsExactOrRefused",
                input("M", "Mesh((Topology(\"thread\", 8192),), Layout((8192,), (1,)))")),
       placed(5, value_column("M"), "type") +
           "law FreeMeshProjectionIsExactOrRefused: M = Mesh((Topology(\"thread\", 8192),), "
           "Layout((8192,), (1,))) has "
           "a topology domain of 8192 and 8192 positions: a law case enumerates at most 4096"},
      {law_case("FreeMeshProjectionIsExactOrRefused",
                input("M", "Mesh((Topology(\"thread\", 2),), Layout((2,), (100000,)))")),
       placed(5, value_column("M"), "type") +
           "law FreeMeshProjectionIsExactOrRefused: M = Mesh((Topology(\"thread\", 2),), "
           "Layout((2,), (100000,))) reaches device indices beyond 65536"},
      {law_case("OnlyParticipantsExecuteAndAllTheSameInstruction",
                input("M", kFlat64) + input("key", "[32:64]") + input("id", "16")),
       placed(7, value_column("id"), "type") +
           "law OnlyParticipantsExecuteAndAllTheSameInstruction: id = 16 is outside [1, 15]"},
      {law_case("NamedBarrierIdsAreFirstUseOrder", input("sites", "[300]")),
       placed(5, value_column("sites"), "type") + "law NamedBarrierIdsAreFirstUseOrder: sites has "
                                                  "the site 300: a site is a number in [0, 255]"},
      {law_case("CanonicalShardLayoutIsIdempotent",
                input("logical", "(0, 4)") + input("M", kSquare) + input("attrs", "(S(0), B())")),
       placed(5, value_column("logical"), "type") +
           "law CanonicalShardLayoutIsIdempotent: logical = (0, 4) has the extent 0: a shape's "
           "extents lie in [1, 262144]"},
      // What a law's own refusal turns down: an axis M lacks; a slice that maps to no barrier.
      {law_case("ForgedStridesAndExtentsRejected",
                input("M", kThreads64) + input("key", "[]") + input("axis", "5") +
                    input("bump_stride", "false") + input("amount", "1")),
       placed(3, 1, "type") +
           "law ForgedStridesAndExtentsRejected: axis = 5 names no axis of M, which has 2"},
      {law_case("OnlyParticipantsExecuteAndAllTheSameInstruction",
                input("M", kThreads64) + input("key", "[0:2, 0:2]") + input("id", "1")),
       placed(3, 1, "type") + "law OnlyParticipantsExecuteAndAllTheSameInstruction: the law judges "
                              "the slices that map "
                              "to a barrier, and classify_barrier(M[key]) rejects this one: "},
  };
  for (const auto& c : cases) {
    const SuiteRun r = run_text(c.text);
    ASSERT_EQ(r.outcomes.size(), 1u) << verdicts(r) << c.text;
    EXPECT_EQ(r.outcomes[0].status, CaseOutcome::Status::Failed) << c.text;
    EXPECT_EQ(r.outcomes[0].reason.rfind(c.reason, 0), 0u) << r.outcomes[0].reason;
  }
}

// The case reader knows the mesh laws' names, and lists them after the layout laws'.
TEST(MeshLawCases, TheLawNamesIncludeEveryFamily) {
  const std::string names = law_names();
  for (const char* law :
       {"CoordinatesAgreeWithEnumeration", "SliceParticipantsMatchBruteForce",
        "NamedBarrierIdsAreFirstUseOrder", "CanonicalShardLayoutPreservesOwnership"})
    EXPECT_NE(names.find(law), std::string::npos) << law;
  EXPECT_LT(names.find("LogicalProductOfArbitraryPairsIsExactOrADiagnostic"),
            names.find("SliceParticipantsMatchBruteForce"));
}

}  // namespace
}  // namespace tf::conformance
