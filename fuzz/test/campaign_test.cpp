// The campaign driver (fuzz/campaign/campaign.h): cases are a function of (seed, index), shards
// partition them, a failure is shrunk within its kind, and the named properties are all there.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "fuzz/campaign/campaign.h"
#include "fuzz/campaign/property.h"
#include "fuzz/campaign/reducer.h"
#include "ir/support/plant.h"

namespace tf::fuzz {
namespace {

// The values the recording property drew, in case order.
std::vector<int>& drawn() {
  static std::vector<int> v;
  return v;
}

Property recording_property() {
  return Property{"recording", "draws one int", [] { drawn().push_back(*rc::gen::arbitrary<int>()); }, [] { return std::string(); }, 1};
}

std::vector<int> run_drawing(std::uint64_t seed, std::int64_t cases, int shard, int shards, std::int64_t from = 0) {
  drawn().clear();
  CampaignOptions o;
  o.seed = seed;
  o.seconds = 0;
  o.cases = cases;
  o.shard = shard;
  o.shards = shards;
  o.from = from;
  const CampaignResult r = run_campaign(recording_property(), o);
  EXPECT_EQ(r.cases, cases);
  EXPECT_EQ(r.passed, cases);
  return drawn();
}

TEST(Campaign, TheSameSeedGivesTheSameCasesAndAnotherSeedOthers) {
  const std::vector<int> a = run_drawing(7, 60, 0, 1), b = run_drawing(7, 60, 0, 1), c = run_drawing(8, 60, 0, 1);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(Campaign, ShardsPartitionTheCasesOfTheWholeCampaign) {
  const std::vector<int> whole = run_drawing(3, 60, 0, 1);
  for (int i = 0; i < 3; ++i) {
    const std::vector<int> part = run_drawing(3, 20, i, 3);
    for (std::size_t j = 0; j < part.size(); ++j) EXPECT_EQ(part[j], whole[static_cast<std::size_t>(i) + 3 * j]) << "shard " << i << " case " << j;
  }
  // --from K --cases 1 replays case K alone.
  EXPECT_EQ(run_drawing(3, 1, 0, 1, 41), std::vector<int>{whole[41]});
  EXPECT_EQ(run_drawing(3, 1, 2, 3, 41), std::vector<int>{whole[41]});  // 41 = 2 mod 3
}

// A property that fails when a drawn vector's sum passes 100: the finding is shrunk to a small
// counterexample that still fails with the same kind, and later failures are only counted.
// Issue 34, finding 6: a shard near 2^63 holds (its index and count were ints), and the sequence
// of a shard ends where the next index would pass 2^63 - 1, instead of wrapping.
TEST(Campaign, TheLastShardsAndIndicesOfTheSequenceRunAndItEndsThere) {
  auto run = [](std::int64_t shard, std::int64_t shards, std::int64_t from, std::int64_t cases) {
    drawn().clear();
    CampaignOptions o;
    o.seed = 5;
    o.seconds = 0;
    o.cases = cases;
    o.shard = shard;
    o.shards = shards;
    o.from = from;
    return run_campaign(recording_property(), o).cases;
  };
  EXPECT_EQ(run(INT64_MAX - 1, INT64_MAX, 0, 3), 1);       // index 2^63 - 2 alone
  EXPECT_EQ(run(0, INT64_MAX, 0, 3), 2);                   // indices 0 and 2^63 - 1
  EXPECT_EQ(run(0, 1, INT64_MAX - 1, 5), 2);               // 2^63 - 2 and 2^63 - 1
  EXPECT_EQ(run(3, 4, INT64_MAX - 2, 5), 1);               // 2^63 - 1 (= 3 mod 4) alone
  EXPECT_EQ(run(0, 4, INT64_MAX - 2, 5), 0);               // the next index = 0 mod 4 is 2^63
  EXPECT_EQ(run(1, 2, INT64_MAX - 2, 5), 2);               // 2^63 - 3 and 2^63 - 1
  // The same case whatever the shard arithmetic: case K of the whole sequence.
  const std::vector<int> whole = run_drawing(5, 40, 0, 1);
  EXPECT_EQ(run(39 % 7, 7, 39, 1), 1);
  EXPECT_EQ(drawn(), std::vector<int>{whole[39]});
}

TEST(Campaign, AFailureIsShrunkWithinItsKindAndCountedOnce) {
  const Property p{"sum", "vectors sum to at most 100",
                   [] {
                     const std::vector<int> v = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 1000));
                     Witness w;
                     w.program = "tfir 1\n";
                     for (int x : v) w.program += "element " + std::to_string(x) + "\n";
                     record_witness(std::move(w));
                     if (std::accumulate(v.begin(), v.end(), 0) > 100) fail("the sum passes 100", std::to_string(v.size()) + " elements");
                   },
                   [] { return std::string(); }, 1};
  CampaignOptions o;
  o.seed = 1;
  o.seconds = 0;
  o.cases = 200;
  const CampaignResult r = run_campaign(p, o);
  ASSERT_EQ(r.findings.size(), 1u);
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.origin.kind, "the sum passes 100");
  EXPECT_EQ(f.repeats, r.failed - 1);
  EXPECT_GT(f.shrink_steps, 0);
  // Shrunk to a local minimum: every element as small as it can be while the sum passes 100,
  // so the sum is exactly 101 (the witness lists the elements, one line each).
  int sum = 0;
  for (std::size_t at = f.reproducer.find("\nelement "); at != std::string::npos; at = f.reproducer.find("\nelement ", at + 1))
    sum += std::stoi(f.reproducer.substr(at + 9));
  EXPECT_EQ(sum, 101) << f.reproducer;
  EXPECT_EQ(f.description.rfind("the sum passes 100: ", 0), 0u);
  EXPECT_LT(f.lines_after, f.lines_before);
  EXPECT_EQ(failure_kind("a: b: c\nd"), "a");
  EXPECT_EQ(failure_kind("/x/y/law.cpp:53:\nRC_ASSERT(a == b)\n\nExpands to:\n1 == 0"), "law.cpp:53: RC_ASSERT(a == b)");
}

// The reducer's passes on a text whose "failure" needs two lines: everything else of the HIR
// function goes, the op becomes its operand, the input's codes become zeros; inside a prim_func
// only `let` lines may go.
TEST(Reducer, KeepsOnlyWhatTheFailureNeedsAndNoKernelStatement) {
  const std::string text =
      "tfir 1\n# a comment stays\nfunc f(a: T) -> T {\n    b = neg(a)\n    c = add(b, a)\n    d = relu(c)\n    return d\n}\n"
      "prim_func k(x: T) outputs=1 target=cuda {\n    let u = alloc()\n    copy(x, x)\n}\n"
      "case \"c\" {\n    input a = T bits{0x1, 0x2, 0x3, 0x4}\n}\n";
  // A stand-in for "reads, verifies and fails the same way": the skeleton and the two lines.
  const auto interesting = [](const std::string& t) {
    std::size_t closing = 0;
    for (std::size_t at = t.find("\n}\n"); at != std::string::npos; at = t.find("\n}\n", at + 1)) ++closing;
    for (const char* needed : {"func f(a: T) -> T {", "prim_func k", "case \"c\" {", "input a", "    d = ", "return d"})
      if (t.find(needed) == std::string::npos) return false;
    return closing == 3;
  };
  const ReduceResult r = reduce_text(text, interesting, 60);
  // The op of `d` became its operand (the operands pass), then `b` and `c` were dead.
  EXPECT_EQ(r.text,
            "tfir 1\n# a comment stays\nfunc f(a: T) -> T {\n    d = c\n    return d\n}\n"
            "prim_func k(x: T) outputs=1 target=cuda {\n    copy(x, x)\n}\ncase \"c\" {\n    input a = T bits{0x0, 0x0, 0x0, 0x0}\n}\n")
      << r.text;
  EXPECT_EQ(r.lines_before, 14u);
  EXPECT_EQ(r.lines_after, 11u);
  EXPECT_FALSE(r.out_of_time);
  EXPECT_GT(r.accepted, 0);
}

// With kernel_statements (an oracle that runs the machine model first): any kernel statement
// may go, a block whose body the failure does not need goes whole, and one whose body it needs
// loses its braces. An edit that changes nothing is never counted as progress (the oracle would
// accept it forever: an input's first half already zero).
TEST(Reducer, KernelStatementsAndBlocksGoWhenTheOracleRunsTheMachineModel) {
  const std::string text =
      "tfir 1\nprim_func k(x: T) outputs=1 target=cuda {\n    with m as t {\n        let u = alloc()\n        fill(u, 0.0)\n"
      "        for i in range(0, 2, 1) {\n            sync(t)\n        }\n        with m[0:1] as w {\n            copy(x, u)\n        }\n"
      "    }\n}\ncase \"c\" {\n    input a = T bits{0x0, 0x0, 0x3, 0x4}\n}\n";
  const auto interesting = [](const std::string& t) {
    for (const char* needed : {"copy(x, u)", "prim_func k", "case \"c\" {", "0x4"})
      if (t.find(needed) == std::string::npos) return false;
    std::size_t open = 0, close = 0;
    for (char ch : t) open += ch == '{', close += ch == '}';
    return open == close;
  };
  const ReduceResult r = reduce_text(text, interesting, 60, ReduceOptions{.kernel_statements = true});
  EXPECT_EQ(r.text,
            "tfir 1\nprim_func k(x: T) outputs=1 target=cuda {\n            copy(x, u)\n}\ncase \"c\" {\n"
            "    input a = T bits{0x0, 0x0, 0x3, 0x4}\n}\n")
      << r.text;
  EXPECT_FALSE(r.out_of_time);
  EXPECT_LT(r.tests, 200);  // no-op edits are not retried round after round

  // Without it only `let` lines of the kernel go.
  const ReduceResult lets = reduce_text(text, interesting, 60);
  EXPECT_EQ(lets.text.find("let u"), std::string::npos);
  EXPECT_NE(lets.text.find("fill(u, 0.0)"), std::string::npos);
  EXPECT_NE(lets.text.find("sync(t)"), std::string::npos);
}

TEST(Campaign, OpKindsAreTheLowercaseCallsOfTheProgramBeforeItsCase) {
  const std::string program =
      "tfir 1\ndim N = DimVar(\"N\", 1, 9)\nfunc g(x: T) -> T {\n    y = add(x, x)\n    z = @h(y)\n"
      "    w = for i in range(0, 4) carry (c = z) {\n        d = cast(c, dtype=bf16)\n        yield (d)\n    }\n"
      "    v = add(w, w)\n    return v\n}\ncase \"c\" {\n    input x = T random(seed=1)\n}\n";
  EXPECT_EQ(op_kinds(program), (std::vector<std::string>{"add", "call", "cast", "for"}));
}

TEST(Campaign, EveryPropertyOfTheIssueIsNamedAndEveryPlantHasItsFinder) {
  for (const char* name : {"text-roundtrip", "reader-total", "verify-sound", "layout-laws", "mesh-laws", "casts-vs-cuda", "hir-eval", "hir-vs-tir",
                           "tir-race-free", "tir-race-found", "tir-vs-emu", "tir-vs-gpu", "hir-vs-emu", "hir-vs-gpu"})
    EXPECT_NE(find_property(name), nullptr) << name;
  for (const PlantInfo& p : plants()) EXPECT_NE(find_property(p.found_by), nullptr) << p.name;
}

}  // namespace
}  // namespace tf::fuzz
