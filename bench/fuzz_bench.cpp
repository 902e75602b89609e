// The fuzz campaigns' speed (docs/benchmarks.md, docs/fuzzing.md): cases per second of each
// property of `tf fuzz` from a fixed seed, 20 cases per iteration (each iteration the next 20
// cases of the campaign), and the share of time spent shrinking on a planted bug. hir-eval (the
// HIR evaluator on the same generator's programs, without the lowering and the machine model)
// is the baseline hir-vs-tir is compared with. Goal (issue: campaigns): at least 100 hir-vs-tir
// cases per second per core.
#include <benchmark/benchmark.h>

#include <string>

#include "fuzz/campaign/campaign.h"
#include "fuzz/campaign/property.h"
#include "ir/support/plant.h"

namespace {

constexpr std::int64_t kBatch = 20;
// A property whose cases compile runs 128 cases an iteration, timed on the wall clock (the
// compiler is another process): its campaign compiles them in batches of 4, 8, ... 64. The
// process's one-time setup (the runtime's precompiled header) is measured apart.
constexpr std::int64_t kCompiledBatch = 128;

void run_property(benchmark::State& state, const tf::fuzz::Property* p) {
  const std::int64_t batch = p->cost >= 100 ? kCompiledBatch : kBatch;
  std::int64_t from = 0, cases = 0, failed = 0;
  if (p->cost >= 100) {
    // What a process pays once, untimed and reported apart (setup_s): 4 cases of another part of
    // the campaign build the runtime's precompiled header (and its object) that every batch uses.
    tf::fuzz::CampaignOptions o;
    o.seed = 1;
    o.seconds = 0;
    o.cases = 4;
    o.from = std::int64_t{1} << 40;
    state.counters["setup_s"] = tf::fuzz::run_campaign(*p, o).seconds;
  }
  for (auto _ : state) {
    tf::fuzz::CampaignOptions o;
    o.seed = 1;
    o.seconds = 0;
    o.cases = batch;
    o.from = from;
    const tf::fuzz::CampaignResult r = tf::fuzz::run_campaign(*p, o);
    from += batch;
    cases += r.cases;
    failed += r.failed;
  }
  state.SetItemsProcessed(cases);
  state.counters["failed"] = static_cast<double>(failed);
}

// The time a campaign spends finding and shrinking a planted bug: the reduce plant under
// hir-vs-tir, found at case 12 of seed 1.
void BM_ShrinkShareOnAPlantedBug(benchmark::State& state) {
  tf::activate_plant(tf::Plant::reduce_drops_last);
  double shrink = 0, total = 0;
  for (auto _ : state) {
    tf::fuzz::CampaignOptions o;
    o.seed = 1;
    o.seconds = 0;
    o.cases = 13;
    o.max_findings = 1;
    const tf::fuzz::CampaignResult r = tf::fuzz::run_campaign(*tf::fuzz::find_property("hir-vs-tir"), o);
    shrink += r.shrink_seconds;
    total += r.seconds;
  }
  tf::activate_plant(tf::Plant::none);
  state.counters["shrink_share"] = total > 0 ? shrink / total : 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (const tf::fuzz::Property& p : tf::fuzz::properties()) {
    if (!p.unavailable().empty()) continue;
    benchmark::internal::Benchmark* b =
        benchmark::RegisterBenchmark(("BM_Property/" + p.name).c_str(), run_property, &p)->Unit(benchmark::kMillisecond);
    if (p.cost >= 100) b->Iterations(1)->UseRealTime();  // each case compiles a kernel: one run of 128 cases
  }
  if (tf::plants_built()) benchmark::RegisterBenchmark("BM_ShrinkShareOnAPlantedBug", BM_ShrinkShareOnAPlantedBug)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
