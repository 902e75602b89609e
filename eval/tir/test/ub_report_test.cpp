// What the machine model's reports of undefined behaviour name (docs/tir-semantics.md, "What a
// report names"), word for word: the barrier that leaves one of two racing threads out, the
// extent a view overflows, and where a thread that a barrier waits for left.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "eval/tir/test/tir_eval_testing.h"

namespace tf::eval::tir {
namespace {

using eval::testing::f32;
using testing::outcome;
using testing::repository_file;
using testing::run_tir;

std::vector<double> iota(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i);
  return v;
}

std::string case_file(const std::string& name) { return repository_file("conformance/cases/tir/" + name); }

// The notes of a report as "file:line:col: message".
std::vector<std::string> notes(const Diagnostic& d) {
  std::vector<std::string> out;
  for (const RelatedLocation& n : d.related) out.push_back(n.location.str() + ": " + n.message);
  return out;
}

// Threads 0-63 sync over a named barrier that threads 64-127 skip; thread 63 then reads s[64],
// which thread 64 writes: the report names the barrier and who it leaves out, with a note there.
TEST(UbReport, ARaceAcrossAPartialBarrierNamesTheBarrierAndTheThreadItLeavesOut) {
  Result<TirRun> r = run_tir(case_file("partial_barrier_race.tfir"), "rotate_half_synced", {f32({128}, iota(128))});
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  ASSERT_EQ(d.rule_id, "ub.race") << outcome(r);
  EXPECT_EQ(d.message,
            "undefined behaviour: write-after-read race on smem `s` element 64 (byte 256): CTA 0 thread 63 (warp 1, "
            "lane 31) read it, CTA 0 thread 64 (warp 2, lane 0) writes it, and no barrier orders the two: the named "
            "barrier 1 (bar.sync 1, 64) at test.tfir:18:9 waited for CTA 0 thread 63 (warp 1, lane 31) but leaves out "
            "CTA 0 thread 64 (warp 2, lane 0): it takes CTA 0 threads 0-63");
  EXPECT_EQ(d.location.str(), "test.tfir:17:9");
  EXPECT_EQ(notes(d), (std::vector<std::string>{
                          "test.tfir:23:13: CTA 0 thread 63 (warp 1, lane 31) read it here",
                          "test.tfir:18:9: the named barrier 1 (bar.sync 1, 64) leaves out CTA 0 thread 64 (warp 2, lane 0)",
                      }));
  // Under every order the pair is 63 and 64, and the barrier is named the same way.
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    TirEvalOptions o;
    o.schedule_seed = seed;
    Result<TirRun> again = run_tir(case_file("partial_barrier_race.tfir"), "rotate_half_synced", {f32({128}, iota(128))}, o);
    ASSERT_FALSE(again.ok());
    const std::string& m = again.diagnostics().front().message;
    EXPECT_TRUE(m.ends_with(": the named barrier 1 (bar.sync 1, 64) at test.tfir:18:9 waited for CTA 0 thread 63 (warp 1, "
                            "lane 31) but leaves out CTA 0 thread 64 (warp 2, lane 0): it takes CTA 0 threads 0-63"))
        << "seed " << seed << ": " << m;
  }
}

// A barrier both threads passed before the race explains nothing: the report keeps its words.
TEST(UbReport, ARaceAfterABarrierOverBothThreadsKeepsItsText) {
  Result<TirRun> r = run_tir(case_file("smem_exchange.tfir"), "rotate_rewrite", {f32({128}, iota(128))});
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  EXPECT_EQ(d.message,
            "undefined behaviour: write-after-read race on smem `s` element 1 (byte 4): CTA 0 thread 0 (warp 0, lane 0) "
            "read it, CTA 0 thread 1 (warp 0, lane 1) writes it, and no barrier orders the two");
  EXPECT_EQ(notes(d), (std::vector<std::string>{"test.tfir:60:9: CTA 0 thread 0 (warp 0, lane 0) read it here"}));
}

// A view placed one element past its memory: the report names the index that left the view it
// was placed over, and the base buffer with its extent.
TEST(UbReport, AnElementPastTheMemoryOfAViewNamesTheBufferExtent) {
  Result<TirRun> r = run_tir(case_file("memory.tfir"), "past_the_end", {f32({32}, iota(32))});
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  EXPECT_EQ(d.rule_id, "ub.out-of-bounds") << outcome(r);
  EXPECT_EQ(d.message,
            "undefined behaviour: CTA 0 thread 31 (warp 0, lane 31) reads element 31 of src (32,): past the end of the "
            "memory it is a view of (its index 32 in a, of 32 elements), whose base is gmem buffer `a` of 32 elements");
}

// Threads 64-127 skip the scope holding the block barrier and end: the report of the barrier
// they never reach says where the exiting thread left.
TEST(UbReport, AThreadThatExitsWhileABarrierWaitsForItSaysWhereItLeft) {
  Result<TirRun> r = run_tir(case_file("barriers.tfir"), "exits_before_barrier", {f32({128}, iota(128))});
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  EXPECT_EQ(d.rule_id, "ub.barrier-divergence") << outcome(r);
  EXPECT_EQ(d.message,
            "undefined behaviour: CTA 0 thread 64 (warp 2, lane 0) exits while CTA 0 thread 0 (warp 0, lane 0) waits for "
            "it at __syncthreads() (64 of 128 arrived)");
  EXPECT_EQ(d.location.str(), "test.tfir:60:13");
  EXPECT_EQ(notes(d), (std::vector<std::string>{
                          "test.tfir:59:9: CTA 0 thread 64 (warp 2, lane 0) left here: it skipped this scope (it is no "
                          "position of its mesh) and reached the end of @exits_before_barrier",
                      }));
}

// Threads 0-63 return before the block barrier; thread 64 reaches it after they exited.
TEST(UbReport, ABarrierAThreadNeverReachesSaysWhereItReturned) {
  constexpr std::string_view kReturns = R"(tfir 1
mesh m = Mesh((Topology("thread", 128),), Layout((128,), (1,)))
layout T = ShardLayout(layout=Layout((128,), (1,)), attrs=(S(0),), mesh=m)
prim_func low_half_returns(a: Tensor[(128,), f32], out: Tensor[(128,), f32]) outputs=1 target=cuda {
    with m as t {
        let src = tensor_view(a, layout=T)
        let o = tensor_view(out, layout=T)
        copy(src, o)
        with m[0:64] as low {
            return
        }
        sync(t)
    }
}
)";
  Result<TirRun> r = run_tir(kReturns, "low_half_returns", {f32({128}, iota(128))});
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  EXPECT_EQ(d.rule_id, "ub.barrier-divergence") << outcome(r);
  EXPECT_EQ(d.message,
            "undefined behaviour: CTA 0 thread 64 (warp 2, lane 0) reaches the barrier __syncthreads(), which CTA 0 "
            "thread 0 (warp 0, lane 0) never reaches: it has exited");
  EXPECT_EQ(d.location.str(), "test.tfir:12:9");
  EXPECT_EQ(notes(d), (std::vector<std::string>{"test.tfir:10:13: CTA 0 thread 0 (warp 0, lane 0) left here: it returned"}));
}

}  // namespace
}  // namespace tf::eval::tir
