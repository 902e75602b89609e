// Projection of device indices back onto a mesh: contains / project, with a NotProjectable
// outcome (upstream shard section 9: inverting a composed mesh layout accepts only an
// identity inner and an inverse-projectable primitive outer; anything else is
// NotProjectable rather than a guessed inverse).
//
// Design note. A mesh is inverse-projectable when
//   - its layout has an identity inner (a plain Layout, or a ComposedLayout with inner None),
//   - its axes are static, and
//   - its strides are separated: ignoring extent-1 axes, no axis of extent > 1 has stride 0,
//     and sorted by stride each stride exceeds the largest offset the smaller-stride axes reach
//     together (a mixed-radix number with gaps; injectivity.h's step 2).
// Then a device index d decodes greedily: r = d - offset; for the axes from largest stride
// down, c = r / stride, r -= c * stride; d is a participant iff r ends at 0 and every c is
// below its extent. The decoding is exact (unique) because of the separation, so no
// enumeration is needed. An injective but non-separated arrangement such as
// Layout((3, 2), (2, 3)) is NotProjectable by this definition (upstream: only the supported
// inverse construction counts), as is every non-injective one.
#pragma once

#include <cstdint>
#include <string>

#include "ir/layout/int_tuple.h"
#include "ir/layout/mesh.h"
#include "ir/support/result.h"

namespace tf {

/// The outcome of asking whether a device index is a mesh position.
enum class Membership {
  Inside,          ///< the index is a position of the mesh
  Outside,         ///< the index is not a position of the mesh
  NotProjectable,  ///< the mesh admits no supported inverse (see the design note)
};

/// The spelling of a Membership: "inside", "outside", "not-projectable".
const char* membership_name(Membership m);

/// Why a mesh is not inverse-projectable, or an empty string when it is. Diagnostic (category
/// Type) only for a symbolic mesh.
Result<std::string> not_projectable_reason(const Mesh& m);

/// Whether `device_index` is a position of m. NotProjectable for a mesh that is not
/// inverse-projectable, whatever the index. Diagnostic for a symbolic mesh.
Result<Membership> contains(const Mesh& m, std::int64_t device_index);

/// The mesh coordinate of a device index.
struct MeshProjection {
  Membership membership = Membership::Outside;
  IntTuple coord = IntTuple::tuple({});  ///< Inside: the natural coordinate, one entry per axis
  std::int64_t flat_index = -1;          ///< Inside: its flat colexicographic index, else -1
  std::string reason;                    ///< NotProjectable: why
};

/// project(m, d): for an Inside index, the coordinate c with offset + axes(c) == d (unique).
/// Diagnostic for a symbolic mesh.
Result<MeshProjection> project(const Mesh& m, std::int64_t device_index);

}  // namespace tf
