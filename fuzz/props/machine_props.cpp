#include "fuzz/props/machine_props.h"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <algorithm>
#include <string>

#include "eval/tir/tir_evaluator.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "fuzz/gen/race_free_kernel_gen.h"
#include "fuzz/props/support.h"
#include "ir/support/testing/pick.h"
#include "ir/tir/prim_function.h"

namespace tf::fuzz {
namespace {

// A kernel's outcome under one schedule: "ok", a ub.* id, or the rendered error.
struct Outcome {
  std::string kind;
  std::vector<eval::Tensor> outputs;
};

Outcome run_kernel(const text::ReadFile& f, const std::vector<eval::Tensor>& inputs, std::uint64_t schedule) {
  const auto* fn = function_as<tf::tir::PrimFunction>(f.module->find("kernel"));
  if (fn == nullptr) fail("a generated kernel is missing", "no prim_func `kernel`");
  eval::tir::TirEvalOptions o;
  o.schedule_seed = schedule;
  Result<eval::tir::TirRun> r = eval::tir::evaluate_prim_function(*f.module, *fn, inputs, o);
  if (!r.ok()) {
    const Diagnostic& d = r.diagnostics().front();
    return {d.rule_id.rfind("ub.", 0) == 0 ? d.rule_id : "error: " + d.render(), {}};
  }
  return {"ok", r->outputs};
}

bool same_outputs(const Outcome& a, const Outcome& b) {
  if (a.outputs.size() != b.outputs.size()) return false;
  for (std::size_t i = 0; i < a.outputs.size(); ++i)
    if (!eval::same_bits(a.outputs[i], b.outputs[i])) return false;
  return true;
}

// What a reproducer expects of an outcome: its bits, or its UB kind.
std::vector<std::string> expectations_of(const Outcome& o) {
  if (o.kind == "ok") return exact_expectations(eval::Value(o.outputs[0]));
  if (o.kind.rfind("ub.", 0) == 0) return {"error " + o.kind};
  return {"runs"};
}

Witness kernel_witness(const RaceFreeKernel& k, const text::ReadFile& file, const std::vector<eval::Tensor>& inputs,
                       std::uint64_t schedule, std::vector<std::string> expectations) {
  Witness w = function_witness(k.program.text(), *file.module->find("kernel"), "tir", inputs, {}, std::move(expectations));
  w.schedule = schedule;
  return w;
}

// A statement of some function of a generated program: the function's index and the path in
// its body.
struct Place {
  std::size_t function;
  StmtPath path;
};

// Every statement of `program` (in every function, nested blocks included) `accept` takes.
template <typename Accept>
std::vector<Place> places(const TirProgram& program, Accept accept) {
  std::vector<Place> out;
  StmtPath at;
  const auto walk = [&](auto& self, std::size_t f, const std::vector<TirStmt>& stmts) -> void {
    for (std::size_t i = 0; i < stmts.size(); ++i) {
      at.push_back(i);
      if (accept(stmts[i])) out.push_back({f, at});
      self(self, f, stmts[i].body);
      at.pop_back();
    }
  };
  for (std::size_t f = 0; f < program.functions.size(); ++f) walk(walk, f, program.functions[f].body);
  return out;
}

bool starts(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// A statement that orders threads: a Sync, a call (of a helper holding Syncs), a group's sync
// scope, a cp.async commit or wait.
bool is_ordering(const TirStmt& s) {
  return starts(s.text, "sync(") || starts(s.text, "@") || starts(s.text, "with block[") || starts(s.text, "cp_async_");
}

bool is_whole_block_sync(const TirStmt& s) { return s.text == "sync(t)" || s.text == "sync(h)" || s.text == "sync(block)"; }

// One mutation of `k` (tir-schedule-verdict's list), if one applies; what it did, for the
// distribution.
std::string mutate(RaceFreeKernel& k) {
  std::vector<std::string> kinds;
  const std::vector<Place> ordering = places(k.program, is_ordering);
  const std::vector<Place> whole = places(k.program, is_whole_block_sync);
  const std::vector<Place> waits = places(k.program, [](const TirStmt& s) { return s.text == "cp_async_wait(n=0)"; });
  const std::vector<Place> lines = places(k.program, [](const TirStmt& s) { return is_ordering(s) && !s.block; });
  if (!ordering.empty()) kinds.push_back("a Sync deleted");
  if (!whole.empty()) kinds.push_back("a block Sync reached by part of the block");
  if (!waits.empty()) kinds.push_back("a cp.async wait for fewer groups");
  if (!lines.empty()) kinds.push_back("a Sync repeated");
  if (kinds.empty()) return "none";
  const std::string kind = element(kinds);
  const auto body = [&](const Place& p) -> std::vector<TirStmt>& { return k.program.functions[p.function].body; };
  if (kind == "a Sync deleted") {
    const Place p = element(ordering);
    erase_stmt(body(p), p.path);
  } else if (kind == "a block Sync reached by part of the block") {
    const Place p = element(whole);
    TirStmt& s = stmt_at(body(p), p.path);
    const std::string box = k.warps > 0 ? element<std::string>({"block[0:1, :]", fmt::format("block[0:{}, 0:16]", k.warps)})
                                        : fmt::format("block[0:{}]", k.threads / 2);
    s = TirStmt{fmt::format("with {} as part", box), true, {s}};
  } else if (kind == "a cp.async wait for fewer groups") {
    const Place p = element(waits);
    stmt_at(body(p), p.path).text = "cp_async_wait(n=1)";
  } else {
    const Place p = element(lines);
    const TirStmt copy = stmt_at(body(p), p.path);
    std::vector<TirStmt>& level = block_of(body(p), p.path);
    level.insert(level.begin() + static_cast<std::ptrdiff_t>(p.path.back()) + 1, copy);
  }
  return kind;
}

}  // namespace

void tir_race_free_case() {
  const RaceFreeKernel k = *gen_race_free_kernel();
  const std::vector<eval::Tensor> inputs = race_free_inputs(k.rows, k.cols, *rc::gen::arbitrary<std::uint32_t>());
  const text::ReadFile file = read_generated(k.program.text());
  // The deterministic schedule twice, then three seeded ones. The reproducer's expected value is
  // the first clean run's bits (a bug in the machine model may spare some schedules); when no
  // run is clean, no value is known, and the reproducer expects a clean run.
  const std::vector<std::uint64_t> schedules{0, 0, 1, 2, 3};
  record_witness(kernel_witness(k, file, inputs, 0, {"runs"}));  // generated (replaced below)
  std::vector<Outcome> runs;
  for (std::uint64_t schedule : schedules) runs.push_back(run_kernel(file, inputs, schedule));
  const Outcome* reference = nullptr;
  for (const Outcome& o : runs)
    if (reference == nullptr && o.kind == "ok") reference = &o;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    Witness w = kernel_witness(k, file, inputs, schedules[i], {});
    w.expectations = reference != nullptr ? exact_expectations(eval::Value(reference->outputs[0])) : std::vector<std::string>{"runs"};
    record_witness(std::move(w));
    const std::string which = "schedule " + std::to_string(schedules[i]);
    if (runs[i].kind != "ok") fail("a race-free kernel fails", which + ": " + runs[i].kind);
    if (!same_outputs(*reference, runs[i])) fail("a race-free kernel gives other bits under another schedule", which);
  }
  const std::string text = k.program.text();
  RC_CLASSIFY(!k.needed_syncs.empty(), "with a shared-memory exchange");
  RC_CLASSIFY(text.find("sync(block[") != std::string::npos, "with an exchange synced per group (warp slice or named barrier)");
  RC_CLASSIFY(k.program.functions.size() > 1, "with a device helper holding Syncs");
  RC_CLASSIFY(std::any_of(k.needed_syncs.begin(), k.needed_syncs.end(), [](const StmtPath& p) { return p.size() > 1; }),
              "with an exchange in a loop");
}

void tir_race_found_case() {
  RaceFreeKernel k = *gen_race_free_kernel();
  RC_PRE(!k.needed_syncs.empty());
  const StmtPath which = element(k.needed_syncs);
  erase_stmt(k.block_body(), which);
  const std::uint64_t schedule = *rc::gen::inRange<std::uint64_t>(0, 4);
  const std::vector<eval::Tensor> inputs = race_free_inputs(k.rows, k.cols, 7);
  const text::ReadFile file = read_generated(k.program.text());
  record_witness(kernel_witness(k, file, inputs, schedule, {"error ub.race"}));
  const Outcome r = run_kernel(file, inputs, schedule);
  if (r.kind != "ub.race") fail("a deleted Sync is not reported as a race", r.kind);
  RC_CLASSIFY(which.size() > 1, "the Sync deleted is in a loop");
}

// The verdict a law compares: the outcome's kind, or with `kind_too` false only whether it is
// clean, undefined or another error (the first of several undefined behaviours a run meets
// depends on the order it runs in).
std::string verdict(const Outcome& o, bool kind_too) {
  if (kind_too || o.kind == "ok" || o.kind.rfind("error: ", 0) == 0) return o.kind;
  return "undefined behaviour";
}

void tir_schedule_verdict_case() {
  RaceFreeKernel k = *gen_race_free_kernel();
  const int count = pick<int>(0, 3);
  std::vector<std::string> mutations;
  for (int i = 0; i < count; ++i) {
    mutations.push_back(mutate(k));
    RC_TAG(mutations.back());
  }
  // One cause, one kind: a single mutation that removes one ordering. Two mutations may make
  // two undefined behaviours, and a block Sync reached by part of the block lets the rest run on
  // unsynchronized into races of their own; for those only the class must agree.
  const bool kind_too =
      mutations.size() < 2 && std::find(mutations.begin(), mutations.end(), "a block Sync reached by part of the block") == mutations.end();
  const std::vector<eval::Tensor> inputs = race_free_inputs(k.rows, k.cols, *rc::gen::arbitrary<std::uint32_t>());
  const text::ReadFile file = read_generated(k.program.text());
  // The deterministic schedule, then four seeded ones (seed 0 is the deterministic order).
  std::vector<std::uint64_t> schedules{0};
  for (int i = 0; i < 4; ++i) schedules.push_back(*rc::gen::arbitrary<std::uint64_t>() | 1);
  record_witness(kernel_witness(k, file, inputs, 0, {"runs"}));
  const Outcome first = run_kernel(file, inputs, 0);
  RC_CLASSIFY(true, "verdict: " + (first.kind.rfind("error: ", 0) == 0 ? std::string("error") : first.kind));
  for (std::size_t i = 1; i < schedules.size(); ++i) {
    record_witness(kernel_witness(k, file, inputs, schedules[i], {"runs"}));
    const Outcome o = run_kernel(file, inputs, schedules[i]);
    // The reproducer: the default's bits where both runs are clean, else its verdict (a clean
    // default as `runs`: the other schedule's report fails it whatever the inputs).
    record_witness(kernel_witness(k, file, inputs, schedules[i],
                                  first.kind == "ok" && o.kind != "ok" ? std::vector<std::string>{"runs"} : expectations_of(first)));
    const std::string which = fmt::format("schedule {}: {}, the deterministic schedule: {}", schedules[i], o.kind, first.kind);
    if (verdict(o, kind_too) != verdict(first, kind_too)) fail("the verdict depends on the schedule", which);
    if (o.kind == "ok" && !same_outputs(first, o)) fail("a clean kernel gives other bits under another schedule", which);
  }
}

}  // namespace tf::fuzz
