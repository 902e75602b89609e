// Distribution: which thread holds which element of a ShardLayout-typed tensor, and where.
//
// Design note (docs/tir-semantics.md, "Views and ownership"). A ShardLayout's layers flatten into
// a base layout over the global flat domain G and its Split bindings (ir/layout/shard_chain.h).
// A thread's coordinate on each bound mesh axis (thread_position.h) picks, along each bound flat
// axis k, the block [off_k, off_k + l_k) of the blocked placement:
//     off_k = sum over the bindings j of axis k of c_j * (G_k / (m_1 ... m_j)),
// and on unbound axes the whole extent: a Broadcast, Partial or Dynamic mesh axis holds replicas.
// The thread owns exactly the elements of that box, and its *local* view of the tensor is the
// box itself: per logical axis the product of its leaves' local extents, local coordinates
// colexicographic over the leaves (CuTe's convention), local elements in row-major order of that
// local shape, which is the row-major order of the owned elements in the global tensor.
// The logical shape of the tensor and the domain relate through the top-level modes: logical
// axis a is mode a, its coordinate the colexicographic number of the mode's leaves; a logical
// shape equal to the flat leaves is read leaf by leaf. Anything else is refused.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "eval/tir/thread_position.h"
#include "eval/value/tensor.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"

namespace tf::eval::tir {

/// How logical axes group the flat leaves of a domain (design note): logical axis a covers flat
/// axes [first[a], first[a + 1]). By top-level modes of `domain_shape`, else leaf by leaf; nullopt
/// when neither multiplies out to `shape`.
std::optional<std::vector<int>> group_leaves(const IntTuple& domain_shape,
                                             const std::vector<std::int64_t>& leaf_extents,
                                             const Shape& shape);

/// The most flat domain axes the machine model runs (a limit of tf; layouts in practice have a
/// handful).
inline constexpr std::size_t kMaxDomainRank = 32;

/// A thread's box in the flat domain: start per flat axis (0 on unbound axes).
struct LocalBox {
  std::vector<std::int64_t> start;
};

/// The ownership map of a ShardLayout over a logical shape (design note).
class Distribution {
 public:
  /// Diagnostic (category Eval) for a symbolic or unresolved (Dynamic) layout, or a logical
  /// shape that relates to the domain in neither way of the design note.
  static Result<std::shared_ptr<const Distribution>> make(const ShardLayout& sl, const Shape& shape);

  const Shape& shape() const { return shape_; }
  /// The flat domain extents G.
  const std::vector<std::int64_t>& domain() const { return domain_; }
  /// The extent each instance holds per flat axis.
  const std::vector<std::int64_t>& local_extents() const { return local_; }

  /// The box of thread `t`, or nullopt when it is no position of a bound mesh. Diagnostic as
  /// MeshIndex::place.
  Result<std::optional<LocalBox>> place(const ThreadPos& t) const;

  /// The flat domain coordinate of logical row-major index `flat` (domain().size() entries).
  void domain_coord(std::int64_t flat, std::int64_t* g) const;
  /// Moves g (a domain_coord result) to the coordinate of the next logical row-major index (an
  /// odometer: no division); past the last element it wraps to the first.
  void next_domain_coord(std::int64_t* g) const;
  /// The logical row-major index of flat domain coordinate g.
  std::int64_t logical_index(const std::int64_t* g) const;
  /// True when the element at logical index `flat` lies in `box`.
  bool owns(const LocalBox& box, std::int64_t flat) const;
  /// The local view's logical shape (design note).
  const Shape& local_shape() const;
  /// The logical index of the element at local row-major index `local` of `box`.
  std::int64_t global_index(const LocalBox& box, std::int64_t local) const;
  /// global_index of every local index in order (the elements the box holds, row-major).
  std::vector<std::int64_t> global_indices(const LocalBox& box) const;

  /// The bindings in division order (the Split axes).
  struct Binding {
    int layer = 0;               ///< 0 = innermost
    int mesh_axis = 0;           ///< axis of that layer's mesh
    int axis = 0;                ///< flat domain axis
    std::int64_t extent = 1;     ///< mesh extent
    std::int64_t divisor = 1;    ///< G_k / (m_1 ... m_j)
  };
  const std::vector<Binding>& bindings() const { return bindings_; }
  /// The mesh of layer `layer` (0 = innermost).
  const Mesh& layer_mesh(int layer) const { return meshes_[static_cast<std::size_t>(layer)]; }

 private:
  Distribution() = default;
  Shape shape_;
  std::vector<std::int64_t> domain_;
  std::vector<std::int64_t> local_;
  std::vector<int> axis_first_;  // logical axis a covers flat axes [axis_first_[a], axis_first_[a + 1])
  Shape local_shape_;            // local_shape(), computed once
  std::vector<Binding> bindings_;
  std::vector<Mesh> meshes_;
  std::vector<MeshIndex> indexes_;  // one per layer mesh
};

/// Distributions made once per (ShardLayout, shape): a ShardLayout in the IR (a type's layout, a
/// TensorView's attribute) stays at one address while the module lives, and every thread that
/// executes the view would otherwise rebuild the same ownership map. Equal ShardLayouts at
/// different addresses (the same layout written at many views, as an unrolled kernel does) share
/// one Distribution, so a thread meets each ownership map once (its box is remembered per map).
class DistributionCache {
 public:
  /// Distribution::make(sl, shape), made on first use.
  Result<std::shared_ptr<const Distribution>> get(const ShardLayout& sl, const Shape& shape);

 private:
  // By address, then the shapes seen with it (a lookup copies nothing).
  std::unordered_map<const ShardLayout*, std::vector<std::pair<Shape, std::shared_ptr<const Distribution>>>> made_;
  // By value: the structural hash of the layout, then the layouts and shapes of that hash.
  std::unordered_multimap<std::size_t, std::pair<ShardLayout, std::shared_ptr<const Distribution>>> by_value_;
};

}  // namespace tf::eval::tir
