// Tensors in the generated code: a View is a logical row-major tensor over storage, and, for a
// distributed tensor, the box of it the executing thread owns (docs/tir-semantics.md, "Views
// and ownership"; this is the backend's own reading, written apart from eval/tir).
//
// Design note. Every element is addressed by its global coordinate g. A view over memory (gmem,
// smem, an undistributed register array) maps g to base[offset + sum(g[d] * stride[d])]. A
// distributed register tensor holds only its box: g maps to base[sum((g[d] - lo[d]) * stride[d])],
// its local strides row-major over the box, or for an MMA fragment the ShardLayout's own strides
// (the instruction's register order). A tensor typed by a ShardLayout whose domain nests (a
// fragment: (M, K) = ((8, 2), (2, 4, 2))) is addressed over that flat domain: split_view splits
// each logical axis into its leaves, colexicographically. The box of a ShardLayout at a mesh coordinate c is,
// per tensor axis d, the block its Splits place: starting from the whole extent, each mesh axis
// i that splits d (in mesh-axis order) divides what is left by its extent e_i and moves the
// start by c_i times the new extent. Broadcast and Partial axes divide nothing (replicas).
#pragma once

#include "cuda/runtime/prim.h"

namespace tf_rt {

constexpr int kMaxRank = 8;

/// The coordinate of a rank-0 tensor's element (and of the first element of any).
TF_CONST std::int64_t kOrigin[kMaxRank] = {};

/// A static mesh as the emitter writes it: its levels (outermost first; cta or thread with their
/// extents), its axes (extent, stride over the device numbering) and a slice's offset.
struct MeshDesc {
  int levels;
  bool level_is_cta[4];
  std::int64_t level_size[4];
  int rank;
  std::int64_t extent[kMaxRank];
  std::int64_t stride[kMaxRank];
  std::int64_t offset;
};

/// Where the executing thread stands in a mesh: `in` false when it is no position of it.
struct MeshPos {
  bool in = false;
  std::int64_t coord[kMaxRank] = {};
};

/// The executing thread's position in `m`: each level tiles its launch dimension (the position
/// is id % size, ids past the last whole tile are no position), the device index is row-major
/// over the levels, and the coordinate decodes it by descending stride (the emitter checked that
/// this inverts the mesh).
TF_DEV MeshPos mesh_position(const MeshDesc& m) {
  MeshPos p;
  std::int64_t device = 0;
  for (int l = 0; l < m.levels; ++l) {
    const std::int64_t id = m.level_is_cta[l] ? prim::block_linear() : prim::thread_linear();
    const std::int64_t extent = m.level_is_cta[l] ? prim::grid_blocks() : prim::block_threads();
    if (id / m.level_size[l] >= extent / m.level_size[l]) return p;
    device = device * m.level_size[l] + id % m.level_size[l];
  }
  std::int64_t r = device - m.offset;
  if (r < 0) return p;
  bool used[kMaxRank] = {};
  for (int k = 0; k < m.rank; ++k) {  // the axis of the largest stride left, each in turn
    int best = -1;
    for (int a = 0; a < m.rank; ++a)
      if (!used[a] && m.extent[a] > 1 && (best < 0 || m.stride[a] > m.stride[best])) best = a;
    if (best < 0) break;
    used[best] = true;
    const std::int64_t c = m.stride[best] == 0 ? 0 : r / m.stride[best];
    if (c >= m.extent[best]) return p;
    p.coord[best] = c;
    r -= c * m.stride[best];
  }
  p.in = r == 0;
  return p;
}

/// A ShardLayout's distribution as the emitter writes it: per mesh axis the tensor axis it splits
/// (-1: Broadcast or Partial).
struct ShardDesc {
  int mesh_rank;
  int split_axis[kMaxRank];
  std::int64_t mesh_extent[kMaxRank];
};

/// A tensor as the generated code holds it (design note).
template <typename T>
struct View {
  T* base = nullptr;
  int rank = 0;
  std::int64_t shape[kMaxRank] = {};
  std::int64_t stride[kMaxRank] = {};  ///< over memory, or for a local box over the box
  std::int64_t offset = 0;
  bool distributed = false;            ///< only the box [lo, lo + ext) is the thread's
  bool local = false;                  ///< base holds only the box, by `stride` from lo (a register tensor)
  bool owns = true;                    ///< false: the thread is no position of the mesh: nothing
  std::int64_t lo[kMaxRank] = {};
  std::int64_t ext[kMaxRank] = {};
  std::int64_t capacity = -1;          ///< elements of the storage from base (the emulation checks)

  /// The element at global coordinate g. Under the emulation an index outside the storage traps
  /// (reported with the thread) instead of corrupting the host process.
  TF_DEV T& at(const std::int64_t* g) const {
    std::int64_t i = 0;
    if (local) {
      for (int d = 0; d < rank; ++d) i += (g[d] - lo[d]) * stride[d];
    } else {
      i = offset;
      for (int d = 0; d < rank; ++d) i += g[d] * stride[d];
    }
#if !defined(__CUDACC__)
    if (capacity >= 0 && (i < 0 || i >= capacity)) prim::trap("an access outside its tensor's storage");
#endif
    return base[i];
  }
  /// Elements in the box the thread owns (all of them when not distributed).
  TF_DEV std::int64_t owned_count() const {
    if (!owns) return 0;
    std::int64_t n = 1;
    for (int d = 0; d < rank; ++d) n *= distributed ? ext[d] : shape[d];
    return n;
  }
  /// The global coordinate of the k-th owned element (row-major over the box).
  TF_DEV void owned_coord(std::int64_t k, std::int64_t* g) const {
    for (int d = rank - 1; d >= 0; --d) {
      const std::int64_t e = distributed ? ext[d] : shape[d];
      g[d] = (distributed ? lo[d] : 0) + k % e;
      k /= e;
    }
  }
};

/// A row-major view of `rank` extents over `base` (a parameter, an allocation).
template <typename T>
TF_DEV View<T> row_major(T* base, int rank, const std::int64_t* shape) {
  View<T> v;
  v.base = base;
  v.rank = rank;
  std::int64_t s = 1;
  for (int d = rank - 1; d >= 0; --d) {
    v.shape[d] = shape[d];
    v.stride[d] = s;
    s *= shape[d];
  }
  v.capacity = s;
  return v;
}

/// `v` whose storage ends `bytes` after its base (a slice of the shared arena or the global
/// workspace): the emulation's bounds checks then also catch an arena the emitter undersized.
template <typename T>
TF_DEV View<T> bounded(View<T> v, std::int64_t bytes) {
  const std::int64_t fits = bytes / static_cast<std::int64_t>(sizeof(T));
  if (v.capacity < 0 || fits < v.capacity) v.capacity = fits;
  return v;
}

/// `tensor_view(m, layout=Layout(shape, strides))` (or a ComposedLayout's outer with its
/// offset) of a row-major `m`: element c is m's element offset + sum(c * strides).
template <typename T>
TF_DEV View<T> strided_view(const View<T>& m, int rank, const std::int64_t* shape, const std::int64_t* strides, std::int64_t offset) {
  View<T> v;
  v.base = m.base;
  v.rank = rank;
  v.capacity = m.capacity;
  v.offset = m.offset + offset;
  for (int d = 0; d < rank; ++d) {
    v.shape[d] = shape[d];
    v.stride[d] = strides[d];
  }
  return v;
}

/// The box the executing thread owns of a tensor of `shape` distributed by `s` over the mesh
/// at `pos` (design note), set on `v`.
template <typename T>
TF_DEV void distribute(View<T>& v, const ShardDesc& s, const MeshPos& pos) {
  v.distributed = true;
  v.owns = pos.in;
  for (int d = 0; d < v.rank; ++d) {
    v.lo[d] = 0;
    v.ext[d] = v.shape[d];
  }
  for (int i = 0; i < s.mesh_rank; ++i) {
    const int d = s.split_axis[i];
    if (d < 0) continue;
    v.ext[d] /= s.mesh_extent[i];
    v.lo[d] += pos.coord[i] * v.ext[d];
  }
}

/// The part of distributed `m` the executing thread owns, as an undistributed view of its box
/// (a view of a distributed tensor is placed over that part: views nest).
template <typename T>
TF_DEV View<T> local_part(const View<T>& m) {
  View<T> v;
  v.base = m.base;
  v.rank = m.rank;
  v.owns = m.owns;
  v.capacity = m.capacity;
  for (int d = 0; d < m.rank; ++d) {
    v.shape[d] = m.distributed ? m.ext[d] : m.shape[d];
    v.stride[d] = m.stride[d];  // a register box's strides are over the box already
  }
  v.offset = m.local ? 0 : m.offset;
  if (!m.local && m.distributed)
    for (int d = 0; d < m.rank; ++d) v.offset += m.lo[d] * m.stride[d];
  return v;
}

/// `tensor_view(m, layout=ShardLayout(...))`: element i of the view is element i of m (row-major
/// over `shape`), distributed by `s`. An `m` of the same shape keeps its strides; another shape
/// reads m's storage as contiguous from its offset (the emitter checked m is row-major).
template <typename T>
TF_DEV View<T> shard_view(const View<T>& m, int rank, const std::int64_t* shape, const ShardDesc& s, const MeshPos& pos) {
  View<T> v = row_major(m.base, rank, shape);
  v.offset = m.offset;
  v.capacity = m.capacity;
  bool same = rank == m.rank;
  for (int d = 0; same && d < rank; ++d) same = shape[d] == m.shape[d];
  if (same)
    for (int d = 0; d < rank; ++d) v.stride[d] = m.stride[d];
  distribute(v, s, pos);
  v.owns = v.owns && m.owns;
  return v;
}

/// A register tensor distributed by `s`: `storage` holds the box, row-major.
template <typename T>
TF_DEV View<T> local_tensor(T* storage, int rank, const std::int64_t* shape, const ShardDesc& s, const MeshPos& pos) {
  View<T> v = row_major(storage, rank, shape);
  distribute(v, s, pos);
  v.local = true;
  v.capacity = 1;
  for (int d = rank - 1; d >= 0; --d) {
    v.stride[d] = v.capacity;
    v.capacity *= v.ext[d];
  }
  return v;
}

/// A register fragment distributed by `s` whose box is laid out by `local_strides` (the
/// ShardLayout's strides, which the emitter checked number the box compactly).
template <typename T>
TF_DEV View<T> fragment_tensor(T* storage, int rank, const std::int64_t* shape, const ShardDesc& s, const MeshPos& pos,
                               const std::int64_t* local_strides) {
  View<T> v = local_tensor(storage, rank, shape, s, pos);
  for (int d = 0; d < rank; ++d) v.stride[d] = local_strides[d];
  return v;
}

/// Undistributed `m` over a nested domain: logical axis d splits into leaves[d] leaves of the
/// extents `leaf_extent` (in order), colexicographically: the first leaf steps by m's stride of
/// d, each next one by that times the extents before it.
template <typename T>
TF_DEV View<T> split_view(const View<T>& m, const int* leaves, const std::int64_t* leaf_extent) {
  View<T> v = m;
  v.rank = 0;
  int j = 0;
  for (int d = 0; d < m.rank; ++d) {
    std::int64_t step = m.stride[d];
    for (int l = 0; l < leaves[d]; ++l, ++j) {
      v.shape[v.rank] = leaf_extent[j];
      v.stride[v.rank++] = step;
      step *= leaf_extent[j];
    }
  }
  return v;
}

}  // namespace tf_rt
