// ThreadRunner: one thread's interpreter step (machine.h's design note), split over
// interpreter.cpp (statements), value_ops.cpp (AllocTensor, TensorView, PtrOf, MemorySpan),
// expressions.cpp, memory_access.cpp (checked element access),
// effect_ops.cpp (the per-thread effect ops), barriers.cpp (Sync), collectives.cpp (Mma and
// cross-thread Reduce) and async_copy.cpp (cp.async).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/tir/machine.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/call.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/tir_ops.h"

namespace tf::eval::tir {

/// Values read from a view: one code per element, and whether each was initialized.
struct Gathered {
  Tensor values;                    ///< shape (n,), the view's dtype
  std::vector<std::uint8_t> init;   ///< 1 when initialized
};

/// The elements one thread touches of an operand: logical indices of the view.
using ElementList = std::vector<std::int64_t>;

/// The buffer offsets of the elements one access touches: a run of consecutive offsets (the
/// common case: a thread's row of a row-major view), or a list.
struct Offsets {
  std::int64_t start = 0;           ///< the first offset of a run
  std::vector<std::int64_t> list;   ///< the offsets; empty for a run
  bool is_run() const { return list.empty(); }
  std::int64_t operator[](std::size_t k) const {
    return list.empty() ? start + static_cast<std::int64_t>(k) : list[k];
  }
};

/// What a read is for, which decides when an uninitialized element is reported
/// (docs/tir-semantics.md, "Undefined behaviour").
enum class ReadUse : std::uint8_t {
  Move,     ///< Copy: the initialization state moves with the value, nothing is reported
  Data,     ///< arithmetic: reported when the launch ends, unless a race is found first
  Control,  ///< a condition, a bound, a subject: reported at once (control cannot go on)
};

/// The options of TIR's cast `c` into `dst`: the rounding, saturate and scale_method it names,
/// the destination's defaults for the rest (effect_ops.cpp).
CastOptions cast_options(const Call& c, DType dst);

/// The HIR ops the machine model runs through run_hir, looked up once by typed identity in
/// eval_context()'s registry (not per thread and op).
struct HirKernels {
  Op relu, rms_norm, binary, unary, reduce;
};
const HirKernels& hir_kernels();

class ThreadRunner {
 public:
  ThreadRunner(Machine& m, Grid& g, Cta& c, Thread& t) : m_(m), g_(g), c_(c), t_(t) {}

  /// Runs until the thread blocks, exits or faults.
  Fault run();

  // --- interpreter.cpp, value_ops.cpp, expressions.cpp
  Fault step(const ir::StmtNode& s);
  Fault let(const ir::LetStmt& s);
  Fault evaluate(const ir::Evaluate& e);
  Fault call_function(const ir::PrimFunction& callee, const std::vector<Expr>& args, const ir::StmtNode& site);
  Fault dispatch(const ir::DispatchCall& d);
  Fault finish_frame();
  /// Pushes a frame running `body` and returns it (for the loop fields).
  Frame& push_frame(Frame::Kind kind, const ir::Sequential* body);
  Fault exit_thread();
  Result<RtValue> eval(const Expr& e);
  Result<std::int64_t> eval_int(const Expr& e);
  Result<bool> eval_condition(const Expr& e);
  Result<RtValue> value_op(const Call& c, const std::string& name);
  /// The view a tensor operand denotes. Diagnostic when it is a scalar.
  Result<ViewRef> operand_view(const Expr& e);

  // --- memory_access.cpp
  Accessor accessor() const;
  /// The thread's holding of v's distribution (v.dist set), placed on first use; valid until
  /// the thread meets another distribution.
  Result<Thread::Holding*> holding(const View& v);
  /// The thread's box in a distributed view, or nullopt when it holds nothing of it.
  Result<std::optional<LocalBox>> box_of(const View& v);
  /// The logical indices of `v` the thread holds: its box (row-major), or all of v.
  Result<std::optional<ElementList>> held(const View& v);
  /// What a Copy or CopyAsync of `src` to `dst` (one shape: the verifier's rule) moves in this
  /// thread: the elements it holds of dst, or of src when dst is not distributed, or all of
  /// them (docs/tir-semantics.md, "Effect ops"); nullopt when it holds no part.
  Result<std::optional<ElementList>> copied_elements(const View& src, const View& dst);
  /// Reads `elements` of `v` for `use`.
  Result<Gathered> gather(const View& v, const ElementList& elements, ReadUse use);
  /// Writes `values` (a (n,) tensor of v's dtype) to `elements` of `v`; `init` null: all set.
  Fault scatter(const View& v, const ElementList& elements, const Tensor& values,
                const std::vector<std::uint8_t>* init);
  /// The buffer offsets of `elements` of v, or the out-of-bounds report of the first outside.
  Result<Offsets> offsets_of(const View& v, const ElementList& elements, bool writes);
  /// Reports the first uninitialized element among `elements` (at offsets `offs`) of v read for
  /// `use`: a fault for Control, the launch's pending report for Data.
  Fault uninitialized_read(const View& v, const ElementList& elements, const Offsets& offs, ReadUse use);
  /// The buffer offset of logical element i of v, or the out-of-bounds report.
  Result<std::int64_t> locate(const View& v, std::int64_t i, bool writes);
  /// Checks that the thread may touch element i of a register view it does not own.
  Fault check_registers(const View& v, std::int64_t i, const std::optional<LocalBox>& box);
  /// check_registers of every element, at once when they are the thread's own held(v).
  Fault check_owned(const View& v, const ElementList& elements);
  /// The report of race `r` on element `offset` of v's buffer, this thread's access a write or
  /// a read; explain_partial_barrier's clause when the two threads share a CTA.
  Diagnostic race_report(const View& v, std::int64_t offset, const RaceConflict& r, bool writes);
  /// Appends to race report `d` (this thread against `other`, one CTA) the barrier of the CTA's
  /// log that took one of the two but not the other (separating_barrier), as a clause of its
  /// message and a note at its site; leaves `d` alone when there is none.
  void explain_partial_barrier(Diagnostic& d, const ThreadPos& other);
  /// Records the reads (or writes) of `n` elements of v at `offs` in the race shadow; the report
  /// of the first race.
  Fault record_races(const View& v, const Offsets& offs, std::int64_t n, const Accessor& a, bool writes);

  // --- block_scaled_ops.cpp
  /// A Copy or a cast with a block-scaled operand: plane by plane, or a quantize / dequantize of
  /// the whole view by the thread that runs it.
  Fault copy_planes(const View& src, const View& dst);
  Fault block_scaled_cast(const Call& c, const View& src, const View& dst);
  /// The scales of the blocks the codes `codes` of the block-scaled `v` make up, each run of B
  /// of them one whole block (an eval error otherwise).
  Result<ElementList> block_scales_of(const View& v, const ElementList& codes);
  /// An eval error when `v` is block-scaled: only copy and a cast read or write its planes.
  Fault plain_operand(const View& v);

  // --- effect_ops.cpp
  Fault copy(const Call& c);
  Fault copy_views(const View& src, const View& dst);
  Fault fill(const Call& c);
  Fault elementwise(const Call& c, ir::TirOp op);
  Fault rms_norm(const Call& c);
  Fault reduce(const Call& c);
  // The HIR op `op` (a typed identity: hir::math_op, nn_op, tensor_op) on these operands.
  Result<Tensor> run_hir(Op op, std::vector<Tensor> operands,
                         std::vector<NamedAttr> attrs, DType result_dtype, const Shape& result_shape);

  // --- barriers.cpp
  Fault sync(const ir::Evaluate& e, const Call& c);
  Fault arrive(const std::string& key, Rendezvous r, std::vector<ViewRef> views);
  Fault complete(const std::string& key);
  /// The clock join of a barrier at `site` over `participants` (global ids; race_detector.h),
  /// logged in each CTA it joins (barrier_log.h) while races are checked.
  void join_clocks(const std::vector<std::uint32_t>& participants, const ir::Evaluate& site);
  /// How a report names the barrier of `site`: a Sync as rendezvous_text does ("the named
  /// barrier 1 (bar.sync 1, 64)"), a collective's internal barrier as "the barrier inside the
  /// collective tir.tensor.Reduce".
  std::string barrier_text(const ir::Evaluate& site);

  // --- collectives.cpp
  Fault mma(const ir::Evaluate& e, const Call& c);
  Fault reduce_collective(const ir::Evaluate& e, const Call& c, const MeshPlace& place, const Mesh& mesh);
  Fault finish_collective(Rendezvous& r);
  Fault stage_workspace(Rendezvous& r);

  // --- async_copy.cpp
  Fault copy_async(const Call& c, std::uint32_t site);
  Fault commit_group();
  Fault wait_group(std::int64_t n);
  Fault check_async_read(Buffer& b, std::int64_t offset, bool writes, std::uint32_t site);

  Activation& activation() { return t_.calls.back(); }

  Machine& m_;
  Grid& g_;
  Cta& c_;
  Thread& t_;
  /// The statement running: the thread's own Thread::at, so that where it left outlives this
  /// runner (declared after t_, which it refers into).
  const ir::StmtNode*& current_ = t_.at;
};

/// "CTA 0 thread 5 (warp 0, lane 5)" for reports.
std::string thread_name(const ThreadPos& p);

}  // namespace tf::eval::tir
