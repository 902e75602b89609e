// ComposedLayout: CuTe's make_composed_layout(inner, offset, outer), R(c) = inner(offset + outer(c)).
//
// Design note. A ComposedLayout chains two layouts with a scalar offset between them: the
// domain-side `outer` is applied first, then `offset` is added, then the output-side `inner`
// is applied to the resulting flat index. An absent component is the identity mapping
// (upstream shard spec section 4: apply(None, v) == v). TFIR spells it
// `ComposedLayout(inner=L|None, offset=k, outer=L|None)` (docs/tfir.md section 3).
//
// Domain (the common LayoutBase contract of seed 000 section 2): `shape` comes from `outer`
// when present, otherwise from `inner`, otherwise it is `()`; domain_rank == rank(flatten(
// shape)) (0 for `()`, 1 for a leaf shape). Consumers read the rank through domain_rank()
// rather than by inspecting a component (TYPES.2.TENSOR.composed-common-contract).
//
// Its main customer here is the mesh slice (seed 002 section 1.5, TIR.1.5.SYNC.
// slice-composed-layout): m[1:3, :] over Layout((4, 32), (32, 1)) is
// ComposedLayout(inner=None, offset=32, outer=Layout((2, 32), (32, 1))).
//
// Decisions where the seeds are silent:
//  - components are plain Layouts (a ShardLayout or a Swizzle component, which upstream
//    shard section 4 allows, is not representable here; ShardLayout wraps a ComposedLayout
//    instead of the other way round);
//  - the offset is a non-negative int64: layouts have non-negative strides (layout.h), so a
//    negative offset would only address below the start of the codomain;
//  - inner is applied to the flat index offset + outer(c); an index outside [0, size(inner))
//    is a Diagnostic (no extended domain), so a ComposedLayout never guesses an offset.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/support/diagnostic.h"
#include "ir/support/result.h"

namespace tf {

/// An immutable composition inner ∘ (offset + outer), created only through `make`.
class ComposedLayout {
 public:
  /// The checking factory: Diagnostic (category Type) when the offset is negative.
  /// Either component may be absent (std::nullopt: the identity mapping).
  static Result<ComposedLayout> make(std::optional<Layout> inner, std::int64_t offset,
                                     std::optional<Layout> outer);

  /// The output-side layout applied last; nullopt is the identity.
  const std::optional<Layout>& inner() const { return inner_; }
  /// The scalar added between outer and inner (>= 0).
  std::int64_t offset() const { return offset_; }
  /// The domain-side layout applied first; nullopt is the identity.
  const std::optional<Layout>& outer() const { return outer_; }

  /// True when inner is absent (the affine "mesh scope" case offset + outer(c)).
  bool inner_is_identity() const { return !inner_.has_value(); }

  /// The domain shape: outer's shape, else inner's, else the empty tuple `()`.
  IntTuple shape() const;
  /// rank(flatten(shape())): the number of domain axes (0 for `()`).
  int domain_rank() const;

  /// R(coord) = inner(offset + outer(coord)), coord in any form Layout accepts for the domain
  /// component (a flat index, a natural or partially flattened coordinate). When outer is
  /// absent the coordinate is the identity's input: a non-negative integer i, giving
  /// inner(offset + i). Diagnostic when a component is symbolic, the coordinate does not fit,
  /// or offset + outer(coord) falls outside inner's domain or overflows.
  Result<std::int64_t> operator()(const IntTuple& coord) const;

  /// Structural equality of all three fields.
  friend bool operator==(const ComposedLayout& a, const ComposedLayout& b) = default;

 private:
  ComposedLayout(std::optional<Layout> inner, std::int64_t offset, std::optional<Layout> outer)
      : inner_(std::move(inner)), offset_(offset), outer_(std::move(outer)) {}
  std::optional<Layout> inner_;
  std::int64_t offset_ = 0;
  std::optional<Layout> outer_;
};

/// True when every present component is static.
bool is_static(const ComposedLayout& l);
/// Domain size: the product of shape() (1 for the empty shape `()`). Diagnostic when symbolic.
Result<std::int64_t> size(const ComposedLayout& l);

/// Whether the composition is injective on [0, size(l)). Exact for static layouts: when inner
/// is the identity this is outer's injectivity (an offset shifts every value alike); otherwise
/// the values are enumerated up to kInjectivityEnumerationLimit. Diagnostic when symbolic,
/// undecidable within the limit, or an image falls outside inner's domain.
Result<bool> is_injective(const ComposedLayout& l);

/// The TYPES.2.TENSOR.injective-layout check for a ComposedLayout: no diagnostics when
/// injective, otherwise one error with that rule id (or is_injective's diagnostic).
std::vector<Diagnostic> check_injective(const ComposedLayout& l);

/// The spelling `ComposedLayout(inner=L|None, offset=k, outer=L|None)` (docs/tfir.md section 3).
std::string to_string(const ComposedLayout& l);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const ComposedLayout& l);

}  // namespace tf
