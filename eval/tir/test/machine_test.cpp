// The TIR machine model on small kernels: exact results, and each planted bug reported with its
// kind.
#include <gtest/gtest.h>

#include "eval/tir/race_detector.h"
#include "eval/tir/test/tir_eval_testing.h"

namespace tf::eval::tir {
namespace {

using eval::testing::f32;
using eval::testing::same_tensor;
using testing::outcome;
using testing::repository_file;
using testing::run_tir;

std::vector<double> iota(int n, double scale = 1) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i * scale);
  return v;
}

// The contract example (examples/contract.tfir): 128 CTAs of one thread, each squaring its row,
// run directly (the implicit launch) and through its host entry.
TEST(TirMachine, ContractExampleSquaresEveryElement) {
  std::vector<double> in = iota(128 * 12, 0.5), expected;
  for (double x : in) expected.push_back(x * x);
  for (const char* fn : {"double_rows", "main"}) {
    Result<TirRun> r = run_tir(repository_file("examples/contract.tfir"), fn, {f32({128, 12}, in)});
    ASSERT_TRUE(r.ok()) << fn << ": " << outcome(r);
    ASSERT_EQ(r->outputs.size(), 1u);
    EXPECT_TRUE(same_tensor(r->outputs[0], f32({128, 12}, expected))) << fn;
  }
}

// A conformance program read from the repository.
std::string case_file(const std::string& name) { return repository_file("conformance/cases/tir/" + name); }

struct Program {
  const char* file;
  const char* fn;
  std::vector<Tensor> inputs;
};

std::vector<Program> race_free_programs() {
  return {{"smem_exchange.tfir", "rotate", {f32({128}, iota(128))}},
          {"barriers.tfir", "halves", {f32({128}, iota(128, 0.25))}},
          {"cp_async.tfir", "pipeline", {f32({64}, iota(64, 1.5))}},
          {"grid_barrier.tfir", "rotate_ctas", {f32({4}, iota(4))}},
          {"reduce.tfir", "cta_max", {f32({128}, iota(128, -0.5))}},
          {"memory.tfir", "in_bounds", {f32({32}, iota(32, 3))}}};
}

// docs/tir-semantics.md: a race-free program computes the same bits under every schedule.
TEST(TirMachine, RaceFreeResultsAreTheSameUnderEverySchedule) {
  for (const Program& p : race_free_programs()) {
    Result<TirRun> first = run_tir(case_file(p.file), p.fn, p.inputs);
    ASSERT_TRUE(first.ok()) << p.fn << ": " << outcome(first);
    for (std::uint64_t seed : {1u, 2u, 3u, 99u}) {
      TirEvalOptions o;
      o.schedule_seed = seed;
      Result<TirRun> again = run_tir(case_file(p.file), p.fn, p.inputs, o);
      ASSERT_TRUE(again.ok()) << p.fn << " seed " << seed << ": " << outcome(again);
      ASSERT_EQ(again->outputs.size(), first->outputs.size());
      for (std::size_t i = 0; i < first->outputs.size(); ++i)
        EXPECT_TRUE(same_tensor(again->outputs[i], first->outputs[i])) << p.fn << " seed " << seed;
    }
  }
}

// Races are found from happens-before, not from the order that ran: every seed reports them.
TEST(TirMachine, RacesAreReportedUnderEverySchedule) {
  const std::vector<Program> racy = {{"smem_exchange.tfir", "rotate_unsynced", {f32({128}, iota(128))}},
                                     {"smem_exchange.tfir", "rotate_rewrite", {f32({128}, iota(128))}},
                                     {"grid_barrier.tfir", "rotate_ctas_unsynced", {f32({4}, iota(4))}}};
  for (const Program& p : racy)
    for (std::uint64_t seed : {0u, 1u, 2u, 3u, 99u}) {
      TirEvalOptions o;
      o.schedule_seed = seed;
      EXPECT_EQ(outcome(run_tir(case_file(p.file), p.fn, p.inputs, o)), "ub.race") << p.fn << " seed " << seed;
    }
}

// A deadlock is reported with one note per statement threads wait at (who, as ranges) and one per
// pending barrier (who it still waits for), not one line naming four threads (issue 35).
TEST(TirMachine, ADeadlockListsEachWaitingSiteOnItsOwnNote) {
  Result<TirRun> r = run_tir(case_file("barriers.tfir"), "cyclic_wait", {f32({128}, iota(128))});
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  EXPECT_EQ(d.rule_id, "ub.deadlock");
  EXPECT_EQ(d.message, "undefined behaviour: 128 threads are blocked and none can run");
  std::vector<std::string> notes;
  for (const RelatedLocation& n : d.related) notes.push_back(n.message);
  EXPECT_EQ(notes, (std::vector<std::string>{
                       "CTA 0 threads 0-31 wait here",
                       "CTA 0 threads 32-63 wait here",
                       "CTA 0 threads 64-95 wait here",
                       "CTA 0 threads 96-127 wait here",
                       "the named barrier 1 (bar.sync 1, 64) has 32 of its 64 threads; it waits for CTA 0 threads 64-95",
                       "the named barrier 2 (bar.sync 2, 64) has 32 of its 64 threads; it waits for CTA 0 threads 32-63",
                       "the named barrier 4 (bar.sync 4, 64) has 32 of its 64 threads; it waits for CTA 0 threads 32-63",
                       "the named barrier 5 (bar.sync 5, 64) has 32 of its 64 threads; it waits for CTA 0 threads 64-95",
                   }));
}

// Without the detector a racy program runs to a value; with it, the same program is refused.
TEST(TirMachine, RaceCheckingCanBeSwitchedOffToMeasureIt) {
  TirEvalOptions o;
  o.check_races = false;
  EXPECT_EQ(outcome(run_tir(case_file("smem_exchange.tfir"), "rotate_rewrite", {f32({128}, iota(128))}, o)), "ok");
}

// DimVars bind as in the HIR evaluator (bind_input_dims): a --dim naming no DimVar and a --dim
// that the inputs contradict are diagnostics, not ignored.
TEST(TirMachine, UserDimsAreCheckedAgainstTheInputs) {
  const std::string control = repository_file("conformance/cases/tir/control.tfir");
  TirEvalOptions o;
  o.dims = {{"M", 3}};
  Result<TirRun> unknown = run_tir(control, "main", {f32({3, 4}, iota(12))}, o);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.diagnostics().front().message.find("has no DimVar M"), std::string::npos) << outcome(unknown);
  o.dims = {{"N", 5}};
  Result<TirRun> contradicted = run_tir(control, "main", {f32({3, 4}, iota(12))}, o);
  ASSERT_FALSE(contradicted.ok());
  EXPECT_NE(contradicted.diagnostics().front().message.find("already bound to 5"), std::string::npos) << outcome(contradicted);
  o.dims = {{"N", 3}};
  EXPECT_EQ(outcome(run_tir(control, "main", {f32({3, 4}, iota(12))}, o)), "ok");
}

// Budgets: a loop that never ends stops at the step budget; an allocation larger than the memory
// budget is refused; neither hangs nor exhausts the machine.
TEST(TirMachine, BudgetsEndRunawayKernels) {
  constexpr std::string_view kForever = R"(
prim_func forever(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    let flag = alloc_tensor(tensor_type=Tensor[(), i32, storage=rmem])
    fill(flag, 1)
    while flag {
        copy(a, out)
    }
}
prim_func huge(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    let big = alloc_tensor(tensor_type=Tensor[(1073741824, 1024), f32, storage=gmem])
    copy(a, out)
}
)";
  TirEvalOptions o;
  o.limits.max_steps = 10'000;
  Result<TirRun> r = run_tir(kForever, "forever", {f32({4}, iota(4))}, o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.diagnostics().front().message.find("step budget of 10000"), std::string::npos) << outcome(r);
  o.limits.max_memory_bytes = 1 << 20;
  Result<TirRun> m = run_tir(kForever, "huge", {f32({4}, iota(4))}, o);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.diagnostics().front().message.find("memory budget"), std::string::npos) << outcome(m);
}

// Two unordered readers, then a writer ordered after only one of them: the write races with the
// other (a detector keeping one last reader per element misses this).
TEST(RaceDetector, WriteAfterTwoConcurrentReadsRacesWithEither) {
  Buffer b(1, Space::Shared, DType::f32(), 4, "s");
  std::vector<std::uint32_t> clocks(3 * 3, 0);
  for (int t = 0; t < 3; ++t) clocks[t * 3 + t] = 1;
  auto who = [&](std::uint32_t t) {
    Accessor a;
    a.thread = t;
    a.cta = 0;
    a.block = 3;
    a.clocks = clocks.data() + t * 3;
    a.launch = 1;
    return a;
  };
  EXPECT_FALSE(record_read(b, 2, who(0)));
  EXPECT_FALSE(record_read(b, 2, who(1)));
  clocks[2 * 3 + 0] = 1;  // thread 2 has synchronized with thread 0 only
  clocks[2 * 3 + 2] = 2;
  std::optional<RaceConflict> r = record_write(b, 2, who(2));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->earlier.thread, 1u);
  EXPECT_FALSE(r->earlier_writes);
  clocks[2 * 3 + 1] = 1;  // and now with thread 1 too
  EXPECT_FALSE(record_write(b, 2, who(2)));
  // A different launch starts with no history.
  Accessor later = who(1);
  later.launch = 2;
  EXPECT_FALSE(record_write(b, 2, later));
}

}  // namespace
}  // namespace tf::eval::tir
