// The grid rule's plan: when a function's values are computed row by row, its rows are spread
// over a grid of CTAs and threads instead of one thread (docs/lowering.md, "The grid rule").
//
// Design note. Take the leading m axes L of the outputs (R = prod L rows, each the trailing
// axes). A value is a *row value* when it depends on a parameter of shape L ++ X; the others are
// *shared* (literals, parameters of other shapes, and what only they give), which every thread
// computes whole for itself. The function is row-wise at m when:
//   - every row value has a static shape L ++ X and every shared value of rank > 0 a shape that
//     does not start with L (so a shape says which kind a value is);
//   - a row value is a parameter or the result of binary, unary, relu, the activations, cast,
//     clamp, full_like, zeros, where (elementwise: its row operands have its rank, its shared
//     operands broadcast along L: at most rank(X) axes, or one more of extent 1), reduce
//     over axes past L, softmax over an axis past L, rms_norm of a row value with a shared
//     weight, layer_norm over the last axis (past L) of a row value with
//     shared weight and bias, matmul of a row value a whose axes but K are L by a shared
//     2-D b (the streaming matmul over each thread's rows, composite_rules.cpp), reshape of
//     a row value to another shape L ++ X' (a row's elements keep their row-major order: a copy
//     of the thread's part), argmax / topk along an axis past L, index_select along one or of a
//     shared table by a row-valued index of shape L, split / slice / transpose / concat / stack
//     leaving L as it is (each works on the thread's own part), or a slice or reshape of a
//     parameter with a contiguous window (a view of shared values: each thread views its rows);
//   - every output is a row value.
// m is the largest that works, from the outputs' smallest rank down to 1, so an elementwise
// function spreads its elements (X = ()) and a row reduction its rows. Then each thread owns k
// consecutive rows of the first G*T*k through the ShardLayout
//   Layout((G, T, k) ++ X, (0, 0, P, X's row-major strides)) with S(0), S(1)   (P = prod X)
// over the mesh (cta G, thread T) (stride 0 on the mesh axes: a thread's registers hold its own
// k rows; k = 1 when a row value is a streamed matmul's, whose rows cost K x N products each, so
// 1,024 of them take 4 CTAs rather than one), and thread 0 of CTA 0 computes the R - G*T*k rows left (the tail) alone in a MeshScope
// over the slice [0:1, 0:1], at most k at once, else one at a time. k is cut (more CTAs) when the
// lowered kernel's threads hold more than kGridThreadBytes (hir_to_tir.cpp). A reduction across every row (its leading axes all named, not
// kept) makes a shared value: a collective Reduce over the threads of one CTA, whose result
// every thread holds whole; such a plan has one CTA of T threads, T the largest power of two
// dividing R (at most 256), the mesh (thread T) and the layouts Layout((T, k) ++ X, (0, P, ...))
// with S(0), and no tail. A shared output is written once, by thread 0 of CTA 0. Each part lowers the body with the serial rules, row values as the
// part's rows: every reduction and softmax axis moves with the leading axes, and a thread holds
// each of its rows whole, so nothing is exchanged between threads and no accumulation order
// changes. The parts touch disjoint rows, so they never race.
//
// Symbolic rows. When L is one axis whose extent is a DimVar B (a batch known at run time), the
// geometry comes from B's largest value (T as above, G at most 8, k = 1) and the kernel loops:
// `for s in range(0, B, G*T)`, each step a chunk of G*T rows whose views start at row s (a plain
// window at a flat start, then distributed), when B - s >= G*T; else thread 0 of CTA 0 takes the
// last B - s rows one at a time (fewer than G*T). So one fixed launch serves every B. Such a plan
// has no collective and no shared output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/hir/function.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_layout.h"
#include "ir/type/shape_dim.h"

namespace tf::lower {

/// The split of R rows: G CTAs of T threads, k rows each in the main part, the tail.
struct GridGeometry {
  std::int64_t ctas = 1;        ///< G
  std::int64_t threads = 1;     ///< T
  std::int64_t per_thread = 1;  ///< k
  std::int64_t main = 0;        ///< G*T*k
  std::int64_t tail = 0;        ///< R - main, less than G*T

  friend bool operator==(const GridGeometry&, const GridGeometry&) = default;
};

/// The geometry for `n` >= 1 rows: T the largest power of two at most min(n, 256),
/// G = n / (8T) clamped to [1, 64], k = n / (G*T); when that k passes `most_per_thread` (>= 1),
/// k = most_per_thread and G = n / (T*k) (more CTAs, fewer rows each: a thread's storage budget).
GridGeometry grid_geometry(std::int64_t n, std::int64_t most_per_thread = INT64_MAX);

/// A planned grid lowering of one function.
struct GridPlan {
  std::vector<ShapeDim> rows;   ///< L, the leading axes every row value has
  GridGeometry geometry;        ///< over prod(L) rows
  Mesh mesh;                    ///< (cta G, thread T), axes named c and t
  std::string mesh_name;        ///< `lower_grid_GxT`, its module declaration
  /// The trailing shapes X of the row values, each once, in the order first met.
  std::vector<std::vector<std::int64_t>> trailing;
  /// Per parameter: whether the results reach it as a row value (it is then viewed per part).
  std::vector<bool> row_params;
  /// layout_for(trailing[i]), made once (a ShardLayout is checked when made).
  std::vector<ShardLayout> layouts;
  /// A reduction crosses the rows: one CTA, the mesh (thread T) alone (a collective runs over
  /// the threads of a CTA), the rows split (T, k), no tail.
  bool collective = false;
  /// The rows are one DimVar axis: a grid-stride loop (design note, "Symbolic rows").
  bool strided = false;
  /// The values shared although their shape starts with L (GridPart::shared_row_shaped).
  std::vector<const ExprNode*> shared_row_shaped;
  /// Per parameter: rope's positions of shape (S,) over L = (1, S), viewed as the rows
  /// (`Layout((1, S), (S, 1))`, row-major) before the part's view.
  std::vector<bool> broadcast_params;

  /// The leading axes of a row value in the main part: (G, T, k), or (T, k) when collective.
  std::vector<ShapeDim> part() const;
  /// Thread 0 of CTA 0: the mesh's slice that writes shared outputs and computes the tail.
  Mesh first_thread() const;

  /// True when `shape` is a row value's (it starts with L).
  bool is_row_shape(const std::vector<ShapeDim>& shape) const;
  /// The main part's distribution of row values with trailing shape X (design note).
  ShardLayout layout_for(const std::vector<std::int64_t>& x) const;
  /// layout_for(x) made, or its diagnostic when X's layout does not fit (a size past 64 bits).
  Result<ShardLayout> make_layout(const std::vector<std::int64_t>& x) const;
  /// Its module declaration: `lower_grid_GxT_k`, then `_x` and X's extents joined by `x`.
  std::string layout_name(const std::vector<std::int64_t>& x) const;
};

/// The plan for `fn` returning `results` when the function is row-wise for some m (design
/// note), else nullopt (the serial rule lowers it) and, when `why_not` is given, the reason in
/// it: the first condition the largest candidate rows broke. A static plan without a collective
/// gives a thread at most `most_per_thread` rows (grid_geometry).
std::optional<GridPlan> plan_grid(const hir::Function& fn, const std::vector<Expr>& results,
                                  std::string* why_not = nullptr, std::int64_t most_per_thread = INT64_MAX);

class LoweringContext;

/// Lowers the body by `plan` (grid_rule.cpp): each result into its output, the main part then
/// the tail, inside the kernel's MeshScope over plan.mesh.
Result<bool> lower_grid(LoweringContext& lc, const GridPlan& plan, const std::vector<Expr>& results,
                        const std::vector<VarRef>& outputs);

}  // namespace tf::lower
