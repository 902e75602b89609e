// The grid rule's plan: when a whole function is elementwise, its elements are spread over a
// grid of CTAs and threads instead of one thread (docs/lowering.md, "The grid rule").
//
// Design note. A function is elementwise when every value its results reach is a parameter, a
// literal or an op whose element c depends only on its operands' element c (binary, unary, relu,
// cast, clamp, full_like, zeros), and every such value has one static shape S (N elements, at
// least one) or is rank 0 (a scalar every thread holds). Then the kernel views each tensor of
// shape S row-major as N elements and splits them in two parts:
//   - the main part, the first G*T*k elements, split in blocks: thread t of CTA c owns the k
//     elements from (c*T + t)*k on, through the ShardLayout `Layout((G, T, k), (0, 0, 1))` with
//     `S(0), S(1)` over the mesh `(cta G, thread T)` (stride 0 on the mesh axes: each thread's
//     registers hold only its own k elements);
//   - the tail, the remaining N - G*T*k < G*T elements, computed by thread 0 of CTA 0 alone in a
//     MeshScope over the mesh's slice [0:1, 0:1] (the predicate `if (tid == 0)` of a kernel).
// Each part lowers the body with the serial rules, every full-shape buffer replaced by the
// part's; the elements are disjoint, so the two parts never race.
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

/// The split of N elements: G CTAs of T threads, k elements each in the main part, the tail.
struct GridGeometry {
  std::int64_t ctas = 1;        ///< G
  std::int64_t threads = 1;     ///< T
  std::int64_t per_thread = 1;  ///< k
  std::int64_t main = 0;        ///< G*T*k
  std::int64_t tail = 0;        ///< N - main, less than G*T

  friend bool operator==(const GridGeometry&, const GridGeometry&) = default;
};

/// The geometry for `n` >= 1 elements: T the largest power of two at most min(n, 256),
/// G = n / (8T) clamped to [1, 64], k = n / (G*T).
GridGeometry grid_geometry(std::int64_t n);

/// A planned grid lowering of one function.
struct GridPlan {
  std::vector<ShapeDim> shape;  ///< S, the full shape
  GridGeometry geometry;
  Mesh mesh;                    ///< (cta G, thread T), axes named c and t
  ShardLayout layout;           ///< the main part's distribution
  std::string mesh_name;        ///< `lower_grid_GxT`, its module declaration
  std::string layout_name;      ///< `lower_grid_GxT_k`, its module declaration
};

/// The plan for `fn` returning `results` when the function is elementwise (design note), else
/// nullopt (the serial rule lowers it).
std::optional<GridPlan> plan_grid(const hir::Function& fn, const std::vector<Expr>& results);

}  // namespace tf::lower
