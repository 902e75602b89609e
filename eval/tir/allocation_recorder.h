// AllocationRecorder: the final contents of the tensors a TIR run allocates, for
// `tf eval --dump-values` of a prim_func (docs/tir-semantics.md, "Seeing the values of a run").
//
// Design note. A TIR value is per thread, and most lets bind views of other tensors; what a
// reader can see exactly is memory. The recorder is the run's TirEvalOptions::on_allocation
// observer: it keeps every tensor an alloc_tensor makes (holding a buffer keeps it past its
// CTA or launch, charged to the memory budget), and once the run has ended reads each as a
// logical tensor of the alloc's type:
//  - a shared or global buffer (one per CTA or per launch, loops included) and a host buffer
//    (one per execution of the let): its elements through the type's map;
//  - a register tensor: each thread's copy as the thread last bound it. With a ShardLayout each
//    element comes from the threads that own it (replicas must agree, else the note says where
//    they differ); without one the copies of all threads must be equal, else there is no one
//    value and the note says so.
// Elements no thread wrote show as 0 and the note counts them. One let that allocates several
// tensors names them apart in DumpedValue::where: "launch 2" (the second launch that ran it),
// "CTA 1" (a shared buffer), "execution 3" (a host let in a loop, a device function called
// from two places).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "eval/tir/tir_evaluator.h"
#include "eval/tir/view.h"
#include "eval/value/dumped_value.h"

namespace tf::eval::tir {

/// Records the tensors a run allocates and reads their final contents (design note).
class AllocationRecorder {
 public:
  /// Records the lets that bind one of `names` (empty: every alloc_tensor).
  explicit AllocationRecorder(std::set<std::string> names = {}) : names_(std::move(names)) {}
  AllocationRecorder(const AllocationRecorder&) = delete;
  AllocationRecorder& operator=(const AllocationRecorder&) = delete;

  /// The observer to set as TirEvalOptions::on_allocation; it refers to this recorder, which must
  /// outlive the run.
  std::function<void(const AllocationEvent&)> observer() {
    return [this](const AllocationEvent& e) { observe(e); };
  }
  /// Records one allocation by one thread.
  void observe(const AllocationEvent& e);
  /// After the run: one value per recorded tensor, in the order they were first allocated.
  std::vector<DumpedValue> finish() const;

 private:
  // An entry names its let by a number and copies its name and place: finish() runs after the
  // run, when the module the lets belong to may be gone (a lowered module lives only as long as
  // evaluate_lowered; ASan found finish() reading a freed LetStmt).
  struct Entry {
    std::size_t let = 0;  ///< the let's number in let_ids_
    std::string name;
    SourceLocation location;
    std::uint64_t launch = 0;
    std::int64_t cta = -1;  ///< a shared buffer's CTA; -1 otherwise
    ViewRef view;           ///< a buffer's view
    /// A register tensor: each thread's last copy, by global thread id.
    std::map<std::int64_t, std::pair<ThreadPos, ViewRef>> threads;
  };
  std::set<std::string> names_;
  std::vector<Entry> entries_;
  std::unordered_map<const Buffer*, std::size_t> by_buffer_;
  std::unordered_map<const tf::tir::LetStmt*, std::size_t> let_ids_;  ///< during the run only
  std::map<std::tuple<const tf::tir::LetStmt*, std::uint64_t, std::uint64_t>, std::size_t> by_register_site_;
};

}  // namespace tf::eval::tir
