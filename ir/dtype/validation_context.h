// RepresentationValidationContext: the read-only facts a representation rule inspects
// (DTREP.CONTEXT.*).
//
// Design note. Seed 003 evaluates rules only after the universal validation of
// core-tensor-representation and hands them immutable tuples. Here the context can only be
// created by RepresentationValidationContext::make, which performs the dtype-level part of
// that universal validation (the logical dtype is compound; one storage dtype, placement
// layout and level shape per plane, each storage dtype identical to the schema entry; at most
// num_carriers - 1 adjacent edges whose cardinalities match the level shapes). A rule's
// validate() takes a const context, so a rule can never run on facts that failed those
// checks. Tensor-side checks (carriers, layouts of a TensorType) belong to TensorType, which
// builds its context through make after its own checks. Every field is const.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "ir/dtype/dtype.h"
#include "ir/dtype/tabulated_layout.h"
#include "ir/support/result.h"

namespace tf {

/// A level's shape (one extent per axis; a rank-0 shape has one element).
using LevelShape = std::vector<std::int64_t>;

/// The named-field arguments of RepresentationValidationContext::make.
struct RepresentationFacts {
  DType logical_dtype;                            ///< the compound dtype represented
  std::vector<DType> storage_dtypes;              ///< one per plane, in schema order
  std::vector<TabulatedLayout> placement_layouts; ///< one per plane: level coord -> carrier offset
  std::vector<TabulatedLayout> adjacent_layouts;  ///< edge i: level i coord -> level i+1 coord
  std::vector<LevelShape> level_shapes;           ///< one per plane (plane i is level i)
};

/// The immutable, universally validated facts of one compound representation.
class RepresentationValidationContext {
 public:
  /// Performs the dtype-level universal validation described above and returns every
  /// violation (DTREP.LOGICAL.one-carrier-per-plane, DTREP.LOGICAL.plane-position, ...).
  static Result<RepresentationValidationContext> make(RepresentationFacts facts);

  RepresentationValidationContext& operator=(const RepresentationValidationContext&) = delete;

  /// The compound dtype represented.
  DType logical_dtype() const { return logical_dtype_; }
  /// The storage dtype of each plane, identical to logical_dtype's simple_types.
  std::span<const DType> storage_dtypes() const { return storage_dtypes_; }
  /// Each plane's placement layout.
  std::span<const TabulatedLayout> placement_layouts() const { return placement_layouts_; }
  /// Each adjacent edge's layout, edge i from level i to level i + 1.
  std::span<const TabulatedLayout> adjacent_layouts() const { return adjacent_layouts_; }
  /// Each level's shape.
  std::span<const LevelShape> level_shapes() const { return level_shapes_; }

 private:
  explicit RepresentationValidationContext(RepresentationFacts facts);

  const DType logical_dtype_;
  const std::vector<DType> storage_dtypes_;
  const std::vector<TabulatedLayout> placement_layouts_;
  const std::vector<TabulatedLayout> adjacent_layouts_;
  const std::vector<LevelShape> level_shapes_;
};

/// The number of elements of `shape` (1 for rank 0); InternalError on a negative extent.
std::int64_t shape_element_count(std::span<const std::int64_t> shape);

}  // namespace tf
