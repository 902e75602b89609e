// View: what a tensor Var of a TIR program holds at run time in one thread (docs/tir-semantics.md,
// "Views and ownership").
//
// Design note. A view is a logical tensor (dtype, row-major shape) over a buffer: an element map
// from the logical row-major index to the element offset in the buffer, and, for a ShardLayout
// type, a Distribution saying which thread owns which element. Views are logical: every
// TensorView is placed over the *logical elements* of its memory operand (its row-major index),
// never over raw offsets of the memory's buffer, so a view composes with whatever layout the
// memory has:
//  - a parameter or an AllocTensor gets the map of its type: row-major without a layout, the
//    offsets of a Layout / ComposedLayout (identity inner), and for a ShardLayout its base layout
//    over the global flat domain, one engine per instance along Split axes of stride 0 (D8);
//    register engines are per thread, so a thread's register buffer holds its own engine only;
//  - TensorView(M, layout=L), L plain: element c is M's logical element L(c) (an index past M's
//    size is out of bounds when touched); with start coordinates (c_0, ..., c_r-1), one per axis
//    of M, read when the view is made (a loop's window), element c is M's element at the
//    coordinates of L(c) in M moved by (c_0, ..., c_r-1), out of bounds when one leaves its axis;
//    with one flat start c_0 (M of any rank) it is M's element L(c) + c_0; TensorView(M,
//    layout=SL), SL a ShardLayout: element i
//    is M's element i, distributed by SL; `shape=` reshapes the result row-major;
//  - a view of a distributed M is placed over the executing thread's local part of M (its box,
//    distribution.h), so views nest from grid to warp to fragment;
//  - PtrOf(x) is x, MemorySpan(x) is x without its distribution.
// The maps are small objects chained by shared pointers; a view is immutable once made.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/tir/device_buffer.h"
#include "eval/tir/distribution.h"
#include "ir/layout/layout_base.h"
#include "ir/support/result.h"
#include "ir/type/tensor_type.h"

namespace tf::eval::tir {

/// Where the elements of a view lie in its buffer.
class ElementMap {
 public:
  /// What offset() returns for an index past the memory the view was placed over.
  static constexpr std::int64_t kOutside = std::numeric_limits<std::int64_t>::min();
  virtual ~ElementMap() = default;
  /// The buffer offset of the element at logical row-major index `flat`, or kOutside.
  virtual std::int64_t offset(std::int64_t flat) const = 0;
  /// offset() of n indices at once (out may alias flat).
  virtual void offsets(const std::int64_t* flat, std::size_t n, std::int64_t* out) const {
    for (std::size_t i = 0; i < n; ++i) out[i] = offset(flat[i]);
  }
  /// True when offset(i) == i for every i (a whole buffer in row-major order).
  virtual bool identity() const { return false; }
  /// When the `n` elements first, first + 1, ... lie at consecutive buffer offsets, the offset of
  /// the first (all of them inside what the view was placed over); otherwise nullopt (the
  /// element-by-element path then decides, and reports what is out of bounds).
  virtual std::optional<std::int64_t> run(std::int64_t first, std::int64_t n) const { return std::nullopt; }

  /// Where an element offset() places outside the memory leaves it: the view it indexes, the
  /// index it has there and that view's element count (for the out-of-bounds report).
  struct Overflow {
    std::string view;
    std::int64_t index = 0;
    std::int64_t size = 0;
    std::vector<std::int64_t> coordinates;  ///< a window's element outside an axis: where it fell
    Shape shape;                            ///< and the shape of `view`
  };
  /// The Overflow of `flat` when offset(flat) is kOutside; nullopt otherwise.
  virtual std::optional<Overflow> overflow(std::int64_t flat) const { return std::nullopt; }
};

/// The identity map, shared (a view of a whole buffer or of all of another view).
const std::shared_ptr<const ElementMap>& identity_map();

/// A tensor value of one thread (design note).
struct View {
  std::string name;      ///< the Var it is bound to (for reports)
  DType dtype;
  Shape shape;           ///< logical, row-major
  std::int64_t size = 0; ///< elements
  BufferRef buffer;
  std::shared_ptr<const ElementMap> map;
  std::shared_ptr<const Distribution> dist;  ///< null: every thread sees every element
  /// A block-scaled tensor's planes, one plain view each (block_scaled_planes.h); then buffer
  /// and map are null.
  std::vector<std::shared_ptr<const View>> planes;
};

using ViewRef = std::shared_ptr<const View>;

/// What views made once per module: ownership maps per (ShardLayout, shape), and the element
/// maps of plain TensorView layouts per layout (a layout in the IR stays at one address).
struct ViewCaches {
  DistributionCache distributions;
  std::map<const LayoutBase*, std::shared_ptr<const ElementMap>> layout_maps;
  /// How a tensor of a type lies in its buffer (type_layout), per (type, shape, private engine).
  struct TypeLayout {
    std::int64_t count = 0;  ///< buffer elements
    std::shared_ptr<const ElementMap> map;
    std::shared_ptr<const Distribution> dist;
  };
  /// By type address, then (shape, private engine) as seen with it (a lookup copies nothing).
  std::unordered_map<const TensorType*, std::vector<std::pair<std::pair<Shape, bool>, TypeLayout>>> type_layouts;
  /// The type of the codes plane of a block-scaled type with a layout (made once: type_layouts
  /// is keyed by type address).
  std::unordered_map<const TensorType*, TensorTypeRef> codes_types;
};

/// A Layout or ComposedLayout (identity inner) as flat leaves: offset + sum c_k * stride_k.
struct FlatAffine {
  std::vector<std::int64_t> extents;
  std::vector<std::int64_t> strides;
  std::int64_t offset = 0;
  /// 1 + the largest offset (offset when a extent is 0).
  std::int64_t span() const;
};
/// Diagnostic (category Eval) for a symbolic layout or a ComposedLayout with an inner layout.
Result<FlatAffine> flat_affine(const LayoutBase& layout);

/// How a tensor of `type` (resolved logical `shape`) lies in a buffer of its own: how many
/// elements the buffer needs, the element map of the type, its distribution (made once per
/// type and shape). `private_engine` for a thread's own registers (one engine of a ShardLayout).
Result<ViewCaches::TypeLayout> type_layout(const TensorType& type, const Shape& shape, bool private_engine,
                                           ViewCaches& cache);

/// The view of a whole buffer holding a tensor of `type` and `shape` (the map of the type).
Result<ViewRef> buffer_view(std::string name, const TensorType& type, const Shape& shape,
                            BufferRef buffer, bool private_engine, ViewCaches& cache);

/// The local part of `v` for the thread whose box is `box` (precondition: v->dist is set).
ViewRef local_view(const ViewRef& v, const LocalBox& box);

/// TensorView(memory, layout) of the design note, of logical `shape` (the view's inferred type,
/// the `shape=` override included); `memory` is already the executing thread's local part when
/// it was distributed. `start` holds the view's start coordinates (design note; a plain layout
/// only): none, one per axis of `memory`, or one flat start. Diagnostic (category Eval) for a
/// layout the model cannot run.
Result<ViewRef> tensor_view(std::string name, const ViewRef& memory, const LayoutBase& layout,
                            const Shape& shape, ViewCaches& cache, const std::vector<std::int64_t>& start = {});

/// A view of the same elements with another logical shape of the same size (row-major), no
/// distribution (MemorySpan, `shape=`).
ViewRef reshaped(std::string name, const ViewRef& v, const Shape& shape);

}  // namespace tf::eval::tir
