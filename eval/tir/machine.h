// Machine: the state of a TIR evaluation and the interpreter that advances it
// (tir_evaluator.h's design note; docs/tir-semantics.md, "Execution").
//
// Design note. A Thread is a resumable interpreter: an explicit stack of Frames (a block and
// the index of its next statement, a loop and its counter, a call), one Activation per function
// call (the Var environment), the MeshScope stack and its cp.async queue. run_thread advances one
// thread until it blocks on a barrier or a collective, or exits; nothing is executed on the C++
// stack of another thread, so a million GPU threads cost a million small objects, not a million
// OS threads. A Cta holds its threads, their clock vectors (race_detector.h), its shared
// allocations and its pending barriers and collectives. A Grid is one launch. The host is a grid
// of one CTA of one thread whose buffers live in host memory and whose Launch statements run
// kernels to completion before it continues.
//
// Errors are returned, never thrown: a `Fault` (std::optional<Diagnostic>) set means the
// evaluation is over, with that diagnostic.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "eval/tir/barrier_log.h"
#include "eval/tir/device_buffer.h"
#include "eval/tir/race_detector.h"
#include "eval/tir/thread_position.h"
#include "eval/tir/tir_evaluator.h"
#include "eval/tir/ub_kind.h"
#include "eval/tir/view.h"
#include "ir/dim/dim_eval.h"
#include "ir/layout/barrier.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/launch_limits.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/prim_function.h"

namespace tf::eval::tir {

namespace ir = tf::tir;

/// What an effect op's typed HIR Call depends on besides its site: the operand and result shapes
/// (the op, its attributes and the dtypes are the site's).
struct HirCallKey {
  const void* site = nullptr;
  std::vector<std::int64_t> dims;  ///< per operand its rank then extents, then the result's extents
  friend auto operator<=>(const HirCallKey&, const HirCallKey&) = default;
};

/// The most threads one launch may have: thread ids are 32-bit in the race shadow, two values
/// reserved (device_buffer.h's Epoch). The launch validator (ir/tir/launch_check.h) enforces it.
inline constexpr std::int64_t kMaxLaunchThreads = tf::tir::kMaxLaunchThreads;

/// A set diagnostic ends the evaluation.
using Fault = std::optional<Diagnostic>;

class Machine;

/// An eval error placed at statement `s` (category Eval, no rule id).
Diagnostic eval_error_at(const Machine& m, const ir::StmtNode* s, std::string message);

/// What a Var holds in one thread: an integer, float or bool scalar, or a tensor view.
struct RtValue {
  enum class Kind : std::uint8_t { Unset, Int, Float, Bool, View };
  Kind kind = Kind::Unset;
  std::int64_t i = 0;
  double f = 0;
  bool b = false;
  ViewRef view;

  static RtValue integer(std::int64_t v) { RtValue r; r.kind = Kind::Int; r.i = v; return r; }
  static RtValue real(double v) { RtValue r; r.kind = Kind::Float; r.f = v; return r; }
  static RtValue boolean(bool v) { RtValue r; r.kind = Kind::Bool; r.b = v; return r; }
  static RtValue of(ViewRef v) { RtValue r; r.kind = Kind::View; r.view = std::move(v); return r; }
};

/// One level of a thread's statement stack.
struct Frame {
  enum class Kind : std::uint8_t { Block, For, While, Call, Scope };
  Kind kind = Kind::Block;
  const ir::Sequential* body = nullptr;
  std::size_t next = 0;
  const ir::For* for_loop = nullptr;      ///< For: the loop, its counter, bound and step
  std::int64_t value = 0, stop = 0, step = 1;
  const ir::While* while_loop = nullptr;  ///< While: the loop
};

/// The Vars a function binds (parameters, lets, loop counters), each given a slot once.
using VarSlots = std::unordered_map<const Var*, std::uint32_t>;

/// One function call of a thread: its environment, one slot per Var of the function.
struct Activation {
  const ir::PrimFunction* fn = nullptr;
  const VarSlots* slots = nullptr;
  std::vector<RtValue> values;  ///< by slot; Kind::Unset until bound
  const ir::NamedBarrierIds* barrier_ids = nullptr;
  /// The chain of call sites that led here (Machine::call_path; 0 for a kernel or a host
  /// function): with the allocation site, it names a shared or global allocation's one buffer.
  std::uint64_t call_path = 0;

  void bind(const Var& v, RtValue value) { values[slots->at(&v)] = std::move(value); }
  /// The value of v, or null when v is not bound in this function.
  const RtValue* lookup(const Var& v) const {
    auto it = slots->find(&v);
    if (it == slots->end() || values[it->second].kind == RtValue::Kind::Unset) return nullptr;
    return &values[it->second];
  }
};

/// One cp.async copy waiting for its group (async_copy.cpp).
struct AsyncCopy {
  BufferRef src, dst;
  std::vector<std::int64_t> src_offsets, dst_offsets;
  std::uint32_t site = 0;
};

/// A thread.
struct Thread {
  enum class Status : std::uint8_t { Runnable, Blocked, Exited };
  ThreadPos pos;
  std::uint32_t gid = 0;  ///< cta * block + tid
  Status status = Status::Runnable;
  std::vector<Frame> frames;
  std::vector<Activation> calls;
  std::vector<Mesh> scopes;                 ///< the MeshScope stack
  std::vector<AsyncCopy> open_group;        ///< cp.async copies not yet committed
  std::vector<std::vector<AsyncCopy>> committed;  ///< committed groups, oldest first (few)
  std::uint64_t groups_committed = 0;
  const ir::StmtNode* blocked_at = nullptr; ///< the barrier or collective it waits at
  /// The statement it ran last (ThreadRunner::current_ is this field): once it exited, where it
  /// left (exit_note). Null before its first statement.
  const ir::StmtNode* at = nullptr;
  /// What the thread holds of one distribution: its box and, once asked for, the logical
  /// indices of the box's elements in local order (memory_access.cpp's box_of and held).
  struct Holding {
    const Distribution* dist = nullptr;
    std::optional<LocalBox> box;
    std::optional<std::vector<std::int64_t>> elements;
  };
  /// The thread's holding of each distribution it has met (a handful).
  std::vector<Holding> boxes;
};

/// A barrier or collective some threads have arrived at (barriers.cpp, collectives.cpp).
struct Rendezvous {
  enum class Kind : std::uint8_t { Barrier, Collective };
  Kind kind = Kind::Barrier;
  const ir::Evaluate* site = nullptr;
  BarrierClass barrier;        ///< Barrier: its class
  int named_id = 0;            ///< Barrier, Named: its id
  std::vector<std::uint32_t> expected;  ///< global thread ids that must arrive
  std::vector<std::uint32_t> arrived;   ///< global thread ids, in arrival order
  std::vector<std::vector<ViewRef>> views;  ///< Collective: each arrival's operands, as `arrived`
};

/// How a report names a rendezvous: "the barrier __syncthreads()", "the named barrier 1
/// (bar.sync 1, 64)", "the collective tir.mma.Mma" (barriers.cpp).
std::string rendezvous_text(const Rendezvous& r);
/// True for a collective or a warp sync: a participant of one that waits at another rendezvous
/// is a barrier mismatch (docs/tir-semantics.md, "Undefined behaviour"), not only a deadlock.
bool must_meet_together(const Rendezvous& r);

/// A CTA.
struct Cta {
  std::int64_t index = 0;
  std::vector<Thread> threads;
  std::vector<std::uint32_t> clocks;  ///< block x block: row t is thread t's vector clock
  /// The buffer of each shared allocation site, by (site, call path): one for the CTA's lifetime.
  std::map<std::pair<const void*, std::uint64_t>, BufferRef> shared_allocations;
  std::map<std::string, Rendezvous> rendezvous;  ///< by key (barriers.cpp)
  BarrierLog barriers;  ///< the newest barrier instances it completed (for race reports)
  bool done = false;
};

/// One launch.
struct Grid {
  const ir::PrimFunction* kernel = nullptr;
  std::int64_t grid = 1, block = 1;
  bool host = false;
  std::uint64_t launch = 0;
  std::uint32_t phase = 0;
  std::vector<std::unique_ptr<Cta>> ctas;
  /// The buffer of each global allocation site, by (site, call path): one for the launch.
  std::map<std::pair<const void*, std::uint64_t>, BufferRef> global_allocations;
  std::map<std::string, Rendezvous> rendezvous;  ///< the grid barrier's (barriers.cpp)
  bool all_ctas_live = false;  ///< a grid barrier keeps every CTA live at once
};

/// Threads of `g` by global id as a reader wants them: "CTA 0 threads 0-31, 64", CTA by CTA, runs
/// of consecutive ids as ranges ("the thread" for a one-thread launch).
std::string threads_text(const Grid& g, std::vector<std::uint32_t> gids);

/// The threads of `r` that have not arrived, by global id.
std::vector<std::uint32_t> missing_threads(const Rendezvous& r);

/// Where thread `t` of `g`, which has exited, left, as a note for a report of a barrier or
/// collective it never reaches: at its last statement, "CTA 0 thread 64 (warp 2, lane 0) left
/// here: it returned" (or: it skipped this scope, ran no statement of this if, or ran this
/// statement last, and reached the end of @kernel). Nullopt when it ran no statement.
std::optional<RelatedLocation> exit_note(const Machine& m, const Grid& g, const Thread& t);

/// The evaluator's state (design note).
class Machine {
 public:
  Machine(const Module& module, const TirEvalOptions& options);

  /// Runs `fn` with its parameters bound to `args` (one per parameter) and its DimVars to
  /// `dims`. `args` for a device function are gmem views.
  Fault run_function(const ir::PrimFunction& fn, std::vector<RtValue> args, DimBinding dims);

  std::int64_t thread_statements() const { return statements_; }
  const std::string& trace() const { return trace_; }
  /// A fresh buffer (charges the budget).
  BufferRef allocate(Space space, DType dtype, std::int64_t count, std::string name);

 private:
  friend class ThreadRunner;
  // machine.cpp
  /// Runs a grid of `kernel` (the host: one thread) once the launch validator accepts `shape`.
  Fault launch(const ir::PrimFunction& kernel, std::vector<RtValue> args, const ir::LaunchShape& shape, bool host,
               const ir::StmtNode* site);
  Fault schedule(Grid& g, std::vector<Cta*> ctas);
  Fault deadlock(Grid& g, const std::vector<Cta*>& ctas);
  Fault thread_exited(Grid& g, Cta& c, Thread& t);
  // interpreter.cpp
  Fault run_thread(Grid& g, Cta& c, Thread& t);

 public:
  // Shared by the statement and op files.
  const Module& module() const { return module_; }
  const TirEvalOptions& options() const { return options_; }
  std::uint32_t site_id(const ir::StmtNode* s);
  SourceLocation site_location(std::uint32_t id) const;
  SourceLocation location_of(const ir::StmtNode* s) const;
  /// The named-barrier ids of `kernel` and every device function it reaches (allocated once).
  Result<const ir::NamedBarrierIds*> barrier_ids(const ir::PrimFunction& kernel);
  /// A fresh activation of `fn` (its slots, no value bound).
  Activation activation_of(const ir::PrimFunction& fn);
  /// The id of the call path `parent` followed by a call at `site` (the same id for the same
  /// chain of call sites, in every thread).
  std::uint64_t call_path(std::uint64_t parent, const ir::StmtNode* site);
  Fault take_step(const ir::StmtNode* s);
  /// The steps left of the run's budget (--max-steps); 0 once it is spent.
  std::int64_t steps_left() const { return steps_left_ > 0 ? steps_left_ : 0; }
  /// The thread `gid` of `g`.
  static Thread& thread_of(Grid& g, std::uint32_t gid);
  static Cta& cta_of(Grid& g, std::uint32_t gid);
  /// The barrier class of a Sync site (cached).
  Result<BarrierClass> barrier_class(const ir::Evaluate& site, const Mesh& mesh);
  void note(std::string line);
  /// With the trace on, notes every barrier and collective of `g` still pending when its run
  /// ended in `f` (who arrived, who did not); returns `f`.
  Fault note_pending(Grid& g, Fault f);
  DimBinding& dims() { return dims_; }
  std::mt19937_64& rng() { return rng_; }

 private:
  const Module& module_;
  TirEvalOptions options_;
  DimBinding dims_;
  std::int64_t steps_left_ = 0;
  std::int64_t statements_ = 0;
  std::uint64_t next_buffer_ = 1;
  std::uint64_t next_launch_ = 1;
  std::vector<const ir::StmtNode*> sites_;
  std::unordered_map<const ir::StmtNode*, std::uint32_t> site_ids_;
  std::map<const ir::PrimFunction*, std::unique_ptr<ir::NamedBarrierIds>> barrier_ids_;
  std::map<const ir::PrimFunction*, std::unique_ptr<VarSlots>> slots_;
  std::map<std::pair<std::uint64_t, const ir::StmtNode*>, std::uint64_t> call_paths_;
  std::string trace_;
  std::unordered_map<const ir::Evaluate*, BarrierClass> barrier_classes_;

 public:
  /// The first arithmetic on uninitialized data: reported when its launch ends, unless a race
  /// (its likely cause: the element was read before the write another thread was to make)
  /// is found first.
  std::optional<Diagnostic> pending_uninitialized;
  /// The meshes of the module prepared for placing threads (thread_position.h).
  MeshIndexCache meshes;
  /// The place of the thread at `pos` in `m` (through the cache).
  Result<std::optional<MeshPlace>> place(const Mesh& m, const ThreadPos& pos) {
    Result<const MeshIndex*> x = meshes.get(m);
    if (!x.ok()) return x.diagnostics();
    return (*x)->place(pos);
  }
  /// The ownership maps and layout maps of the module's views (view.h).
  ViewCaches views;
  /// The typed HIR Calls effect ops evaluate through, by signature (effect_ops.cpp).
  std::map<HirCallKey, CallRef> hir_calls;
  std::mt19937_64 rng_;
};

}  // namespace tf::eval::tir
