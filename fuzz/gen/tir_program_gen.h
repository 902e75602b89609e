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

}  // namespace tf::fuzz

namespace rc {
/// Printing for counterexamples: the program text.
void showValue(const tf::fuzz::TirProgram& p, std::ostream& os);
}  // namespace rc
