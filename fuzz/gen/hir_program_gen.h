// RapidCheck generator of valid HIR tfir programs (docs/tfir.md sections 2 and 5), as text.
//
// A program is generated as a structure (HirProgram: declarations, functions, bindings with
// their right-hand sides, loop bodies) and then rendered; every choice is made with the types
// of the values in scope known, so the text reads and verifies by construction, and shrinking
// (rc::gen::exec re-runs the generator with smaller choices) keeps it valid.
//
//   header        `tfir 1`, 0-2 `dim` declarations, an optional `entry`, comments
//   functions     1-3 `func`s of 1-3 tensor params (rank 1-3, static extents 1..8 or a declared
//                 dim; the params of one function share a base shape, with extents set to 1 or
//                 leading axes dropped so that they broadcast), printed in any order
//   bindings      1-12 per function, each optionally typed (`t: T = ...`):
//                   binary    add(a, b) or binary(a, b, kind=add), a kind the dtype takes (D6),
//                             the other operand a broadcastable value of the same dtype or a
//                             scalar literal (`1.5`, `bf16(0.5)`, `i32(7)`, `true`)
//                   unary     neg(a) or unary(a, kind=relu), a kind the dtype takes
//                   cast      cast(a, dtype=D[, rounding=.., saturate=..]) with a mode D offers
//                   reshape   reshape(a, new_shape=(...)): the declared dims kept in order, the
//                             static product re-factored (equal element counts)
//                   transpose transpose(a, perm=(...)) with a random permutation
//                   reduce    reduce(a, axes=(...), keepdim=.., kind=..) over numeric dtypes
//                   tuple     t = (a, b), then tuple_get_item(t, index=k)
//                   loop      for i in range(...) [carry (c = init, ...)] { ...; yield (...) },
//                             whose body is more bindings over the carries, the induction
//                             variable and the outer values, the last one reading a carry or
//                             the index; each carry yields a carry or that last binding of
//                             its own type
//                   call      @g(args) of an earlier function whose param types the current
//                             function's leading params repeat
//   names         fresh, sometimes a rebinding of a visible name (shadowing, in a loop too)
//   return        one value, or a tuple of 2-3 values
// Three switches of HirGenOptions, off by default, generate the loop shapes and names that once
// broke the HIR printer: free_loop_bodies, nested_loops and keyword_names (the laws
// ...WithEveryLoopShapeAndNameRoundTrip and NestedLoopsFreeLoopBodiesAndKeywordNames... turn
// them on).
#pragma once

#include <rapidcheck.h>

#include <string>
#include <vector>

namespace tf::fuzz {

/// Bounds and switches of the HIR program generator.
struct HirGenOptions {
  int max_functions = 3;  ///< 1..max_functions funcs
  int max_bindings = 12;  ///< 1..max_bindings top-level bindings per func
  int max_params = 3;     ///< 1..max_params params per func
  int max_dims = 2;       ///< 0..max_dims `dim` declarations
  bool loops = true;      ///< grid loops with carries
  bool calls = true;      ///< calls of earlier functions
  /// Loops inside loop bodies (two levels). Off by default, on in the text and evaluator laws
  /// (fuzz/test/text_roundtrip_laws_test.cpp), which found the HIR printer hoisting a value that
  /// reads only an inner loop's index or carries past the inner loop that binds them (fixed).
  bool nested_loops = false;
  /// Loops without carries, whose value is the last binding of the body.
  bool carry_free_loops = true;
  /// Loop bodies as anything goes: the last binding (the loop's body) may be loop-invariant and
  /// a yield may name any inner value. Off by default, on in the text and evaluator laws, which
  /// found the HIR printer printing such a body before the yields' other bindings or hoisting it
  /// out of the loop (fixed).
  bool free_loop_bodies = false;
  /// Backquoted reserved words as binding names (`for`, `yield`, ...). Off by default, on in the
  /// text and evaluator laws, which found the HIR printer writing such names bare
  /// (`return: T = ...`, which does not read back; fixed).
  bool keyword_names = false;
  /// Beyond the default ops (not with lowerable_only): softmax, matmul, clamp, full_like,
  /// slice, the activations (sigmoid, tanh, silu, softplus, gelu), where, concat, stack, argmax
  /// and rms_norm. Off by default, so that the laws' recorded counterexamples still replay; the
  /// campaign properties hir-eval and text-roundtrip turn it on.
  bool every_op = false;
  /// Rebinding a visible name (a later binding hides the earlier one).
  bool rebinding = true;
  /// Only what lower/ has rules for (docs/lowering.md): binaries, unaries, casts in the
  /// destination's default mode, reshapes, transposes and slices (literal starts) of static
  /// shapes, reductions, softmax, matmul, clamp, full_like, where, concat and stack (static
  /// shapes), argmax, the activations, rms_norm, block-scaled quantize-dequantize round trips,
  /// loops (a carry-free one over a static range) and calls; no tuple binding. The lowering laws
  /// and the hir-vs-tir / hir-vs-emu properties use it.
  bool lowerable_only = false;
  /// With lowerable_only: a declared mesh (threads, CTAs or both) and, in most functions, an
  /// epilogue that distributes a static value over it: `reshard(v, layout=L[, storage=S])`
  /// with a ShardLayout of Splits that divide and Broadcasts, then sometimes a unary of it, a
  /// reshard to another ShardLayout, or a reduction (whose value is undistributed), returned.
  /// Values carrying a layout feed nothing but the epilogue. The sharded lowering law uses it.
  bool sharded = false;
};

/// One binding of a function body: `name[: declared] = value`, or a loop
/// `name[: declared] = value {` body `yield ...` `}` where value is the `for ...` header.
struct HirBinding {
  std::string name;                ///< as spelled (a reserved word backquoted)
  std::string declared;            ///< the declared type's text, or empty
  std::string value;               ///< the right-hand side (a loop's `for ... carry (...)`)
  bool loop = false;               ///< whether this is a loop (body and yield follow)
  std::vector<HirBinding> body;    ///< a loop's bindings
  std::string yield;               ///< a loop's `yield` operand text (empty: no yield)
};

/// One `func`.
struct HirFunc {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;  ///< name, type text
  std::string return_type;
  std::vector<HirBinding> body;
  std::string returned;  ///< the `return` operand text
};

/// A generated program.
struct HirProgram {
  std::vector<std::string> declarations;  ///< `dim ...` lines, in order
  std::vector<HirFunc> functions;         ///< in generation order (callees first)
  std::vector<int> order;                 ///< the order the functions are printed in
  std::string entry;                      ///< the `entry` name, or empty
  bool comments = false;                  ///< whether the rendering carries comments

  /// The tfir text.
  std::string text() const;
};

/// A valid HIR program (header comment).
rc::Gen<HirProgram> gen_hir_program(HirGenOptions opts = {});

}  // namespace tf::fuzz

namespace rc {
/// Printing for counterexamples: the program text.
void showValue(const tf::fuzz::HirProgram& p, std::ostream& os);
}  // namespace rc
