// RapidCheck generator of kernels without undefined behaviour by construction, for the TIR
// machine model's laws (fuzz/test/tir_machine_laws_test.cpp) and the backend's.
//
// `with grid as g { with block as t { ... } }` over C = 1-3 CTAs of B = 32, 64 or 128 threads;
// every thread views its own rows of the parameters (ShardLayouts over the grid, then over the
// block), copies them to registers, then 1-8 steps, each into a fresh register: binary (add sub
// mul max min), unary (neg abs) or a register copy, relu, fill, a loop updating a register in
// place, or an exchange; finally the last register is copied to the thread's rows of `out`,
// directly or through its own rows of a shared buffer. Every output element is written exactly
// once and every shared-memory read is ordered after its write by the exchange's Sync.
//
//   neighbour exchange  each thread writes its rows twice into a fresh shared buffer, `sync(t)`,
//                       then reads the rows k threads on (through a static offset, or a
//                       window at a run-time start: the index of a one-trip loop from k, as
//                       TensorView start coordinates); the rows written from a register
//                       (directly, or through its own rows of a staging buffer) or from an input
//                       by cp.async (`copy_async` twice, `cp_async_commit()`,
//                       `cp_async_wait(n=0)`, then the Sync)
//   group exchange      when the block mesh is (warps, 32): the same within groups of the block,
//                       each synced over its own slice: half warps (__syncwarp with a mask),
//                       warps (__syncwarp), runs of warps (a named barrier with its count) or the
//                       whole block. Its shared views are five-dimensional, which the CUDA emitter
//                       does not emit yet (a ShardLayout view reshaping a strided one), so
//                       `group_exchanges` false leaves them out for the backend's properties.
//   in a device helper  (`device_calls`) an exchange's Syncs may be the body of a cuda
//                       prim_func the kernel calls (`@bar3(x0)`), sometimes through a second
//                       helper that only calls the first; a group exchange's scopes all in one
//                       helper, or each group's in the kernel or in a helper of its own: named
//                       barriers in device functions live beside the kernel's, whose ids are the
//                       kernel's (seed 002 section 1.5)
//   in a loop           (`loops`) an exchange may repeat 1-3 times in a `for` whose body
//                       allocates its shared buffer (one buffer for the site, as on a GPU) and
//                       begins with `sync(t)`: from the second trip on, that Sync orders the
//                       trip's writes after the previous trip's reads
//
// At most 15 named-barrier sites are generated (the hardware's ids 1-15 less the block's 0).
#pragma once

#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz/gen/tir_program_gen.h"

namespace tf::fuzz {

/// A statement's place: its index in a function's (or block's) statements, then the index in
/// that statement's block, and so on down.
using StmtPath = std::vector<std::size_t>;

/// The statement at `path` of `stmts`; `path` must name one.
TirStmt& stmt_at(std::vector<TirStmt>& stmts, const StmtPath& path);

/// The statement list that holds the statement at `path` of `stmts` (its index there:
/// path.back()); `path` must name one.
std::vector<TirStmt>& block_of(std::vector<TirStmt>& stmts, const StmtPath& path);

/// Removes the statement at `path` of `stmts` (and its block); `path` must name one.
void erase_stmt(std::vector<TirStmt>& stmts, const StmtPath& path);

/// A race-free kernel (gen_race_free_kernel) and where its needed barriers are.
struct RaceFreeKernel {
  /// The device helpers the kernel calls (if any), then the cuda prim_func `kernel(x0, x1, out)`, last.
  TirProgram program;
  std::int64_t rows = 0, cols = 0;  ///< the parameters' shape (rows, cols), f32
  std::int64_t threads = 0;         ///< the block mesh's threads
  std::int64_t warps = 0;           ///< its first extent when it is (warps, 32), else 0
  /// Places in block_body() of the statements an exchange needs (its Sync, the call of the helper
  /// holding its Syncs, one group's sync scope, a loop's leading Sync when the loop runs twice or
  /// more): deleting any one of them makes the kernel racy.
  std::vector<StmtPath> needed_syncs;
  /// The statements inside the kernel's innermost MeshScope.
  std::vector<TirStmt>& block_body() { return program.functions.back().body[0].body[0].body; }
};

/// Which constructs gen_race_free_kernel may use (header comment).
struct RaceFreeOptions {
  bool group_exchanges = true;
  bool device_calls = true;
  bool loops = true;
};

/// A kernel without undefined behaviour by construction (header comment).
rc::Gen<RaceFreeKernel> gen_race_free_kernel(RaceFreeOptions opts = {});

}  // namespace tf::fuzz

namespace rc {
/// Printing for counterexamples: the program text.
void showValue(const tf::fuzz::RaceFreeKernel& k, std::ostream& os);
}  // namespace rc
