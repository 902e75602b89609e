// RapidCheck generator of small valid TIR tfir programs (docs/tfir.md sections 2 and 6), as text.
//
// Generated as a structure (TirProgram: declared meshes, prim_funcs, statement trees) and then
// rendered; every choice is made with the types in scope known, so the text reads and verifies
// by construction, and shrinking (rc::gen::exec) keeps it valid.
//
//   header      `tfir 1`, 1-2 declared meshes from a fixed list of legal ones (a 128-thread
//               block, a warp, a 64-thread block, an 8-CTA grid), an optional `entry`
//   prim_funcs  1-2 cuda kernels `k0(a: Tensor[...], ...) outputs=K target=cuda` over one
//               shape and dtype (static extents, rank 1-2), and optionally a host function that
//               launches one of them with its own params, in order
//   statements  `with MESH as m {` (a declared mesh), then 1-10 of:
//                 let r = alloc_tensor(tensor_type=Tensor[..., storage=rmem])  (the rest of the
//                             block as its body, or an explicit `{ ... }` block)
//                 copy(src, dst)  fill(t, scalar)  binary(a, b, dst, kind=..)
//                 unary(src, dst, kind=..)  relu(src, dst)
//                 sync(m) or sync(MESH): the whole scoped mesh
//                 for i in range(a, b, s) { ... }, nesting at most 2 deep
//               destinations are always memory tensors (rmem allocations or gmem params)
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tf::fuzz {

/// Bounds of the TIR program generator.
struct TirGenOptions {
  int max_kernels = 2;     ///< 1..max_kernels cuda prim_funcs
  int max_statements = 10; ///< per block
  bool host_launch = true; ///< sometimes a host prim_func launching a kernel
};

/// One statement: `text` on its line, then an optional block.
struct TirStmt {
  std::string text;                 ///< the line (without a trailing `{`)
  bool block = false;               ///< whether a `{ ... }` block follows
  std::vector<TirStmt> body;        ///< the block's statements
};

/// One prim_func.
struct TirFunc {
  std::string header;               ///< `prim_func k0(...) outputs=1 target=cuda`
  std::vector<TirStmt> body;
};

/// A generated program.
struct TirProgram {
  std::vector<std::string> declarations;  ///< `mesh ...` lines
  std::vector<TirFunc> functions;
  std::string entry;                      ///< the `entry` name, or empty

  /// The tfir text.
  std::string text() const;
};

/// A valid TIR program (header comment).
rc::Gen<TirProgram> gen_tir_program(TirGenOptions opts = {});

/// A race-free kernel (gen_race_free_kernel) and where its needed barriers are.
struct RaceFreeKernel {
  TirProgram program;  ///< one cuda prim_func `kernel(x0, x1, out)`
  std::int64_t rows = 0, cols = 0;  ///< the parameters' shape (rows, cols), f32
  /// Indices in block_body() of the Syncs a neighbour exchange needs: deleting one is a race.
  std::vector<std::size_t> needed_syncs;
  /// The statements inside the innermost MeshScope.
  std::vector<TirStmt>& block_body() { return program.functions[0].body[0].body[0].body; }
};

/// A kernel without undefined behaviour by construction, for the TIR machine model's laws
/// (fuzz/test/tir_machine_laws_test.cpp). `with grid as g { with block as t { ... } }` over
/// C = 1-3 CTAs of B = 32, 64 or 128 threads; every thread views its own rows of the parameters
/// (ShardLayouts over the grid, then over the block), copies them to registers, then 1-8 steps,
/// each into a fresh register: binary (add sub mul max min), unary (neg abs) or a register
/// copy, relu, fill, a loop
/// updating a register in place, or a neighbour exchange through shared memory (each thread
/// writes its rows twice, `sync(t)`, then reads the rows k threads on), the rows written either
/// from a register (directly, or through its own rows of a staging buffer) or from an input by cp.async (`copy_async` twice, `cp_async_commit()`,
/// `cp_async_wait(n=0)`, then the `sync(t)`), or an exchange within groups (below); finally the
/// last register is copied to the thread's rows of `out`, directly or through its own rows of a
/// shared buffer. Every output element is written exactly once and
/// every shared-memory read is ordered after its write by the exchange's Sync.
/// When the block mesh is two-dimensional (warps, lanes), an exchange may instead run within
/// groups of the block, each synced over its own slice: half warps (__syncwarp with a mask),
/// warps (__syncwarp), runs of warps (a named barrier with its count) or the whole block; the
/// shared views that place each group's rows are five-dimensional, which the CUDA emitter does
/// not emit yet (a ShardLayout view reshaping a strided one), so `group_exchanges` false leaves
/// them out for the backend's properties.
struct RaceFreeOptions {
  bool group_exchanges = true;
};
rc::Gen<RaceFreeKernel> gen_race_free_kernel(RaceFreeOptions opts = {});

}  // namespace tf::fuzz

namespace rc {
/// Printing for counterexamples: the program text.
void showValue(const tf::fuzz::TirProgram& p, std::ostream& os);
void showValue(const tf::fuzz::RaceFreeKernel& k, std::ostream& os);
}  // namespace rc
