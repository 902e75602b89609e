// ShardAttr: what one mesh axis does to a sharded value (TFIR `S(0)`, `B()`, `P("sum")`,
// `Dynamic()`).
//
// Design note. A ShardLayout carries one ShardAttr per mesh axis, in mesh-axis order
// (upstream shard spec section 6). The four kinds form a closed set:
//  - Split(axis): the mesh axis is bound to flat layout-domain axis `axis` (an index into
//    the leaves of the layout's shape, 0 <= axis < domain_rank); it is the only kind that
//    places data;
//  - Broadcast: the value is replicated across the mesh axis;
//  - Partial(reduction): each instance along the mesh axis holds an un-reduced partial value,
//    the full value being the `sum`, `max` or `min` of them; it carries no layout axis;
//  - Dynamic: the policy of the mesh axis is not yet resolved (legal during analysis, refused
//    by local projection).
// ShardAttr is a small immutable value. Whether a Split's axis exists is a question about the
// layout, so ShardLayout::make checks it; here only a negative axis and an unknown reduction
// are refused.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"

namespace tf {

/// The closed set of shard attribute kinds.
enum class ShardAttrKind { Split, Broadcast, Partial, Dynamic };

/// The reduction a Partial names (its tfir spelling is reduction()).
enum class PartialReduction : std::uint8_t { Sum, Max, Min };

/// One mesh axis's role in a ShardLayout (see the design note).
class ShardAttr {
 public:
  /// Split(axis), the tfir `S(axis)`. Diagnostic (category Type) when axis < 0.
  static Result<ShardAttr> make_split(int axis);
  /// Broadcast, the tfir `B()`.
  static ShardAttr broadcast() { return ShardAttr(ShardAttrKind::Broadcast, 0, {}); }
  /// Partial(reduction), the tfir `P("sum")`. Diagnostic (category Type) when the reduction
  /// is not one of sum, max, min (upstream shard section 6).
  static Result<ShardAttr> make_partial(std::string_view reduction = "sum");
  /// Dynamic, the tfir `Dynamic()`.
  static ShardAttr dynamic() { return ShardAttr(ShardAttrKind::Dynamic, 0, {}); }

  /// The kind.
  ShardAttrKind kind() const { return kind_; }
  bool is_split() const { return kind_ == ShardAttrKind::Split; }
  bool is_broadcast() const { return kind_ == ShardAttrKind::Broadcast; }
  bool is_partial() const { return kind_ == ShardAttrKind::Partial; }
  bool is_dynamic() const { return kind_ == ShardAttrKind::Dynamic; }
  /// The flat layout-domain axis of a Split (InternalError for the other kinds).
  int axis() const;
  /// The reduction of a Partial: "sum", "max" or "min" (InternalError for the other kinds).
  const std::string& reduction() const;
  /// The reduction of a Partial as its enum (InternalError for the other kinds).
  PartialReduction partial_reduction() const;

  /// Equality of kind and payload.
  friend bool operator==(const ShardAttr&, const ShardAttr&) = default;

 private:
  ShardAttr(ShardAttrKind kind, int axis, std::string reduction)
      : kind_(kind), axis_(axis), reduction_(std::move(reduction)) {}
  ShardAttrKind kind_;
  int axis_ = 0;           // Split only
  std::string reduction_;  // Partial only
};

/// `S(axis)` for an axis known to be non-negative (a negative axis is an InternalError; use
/// ShardAttr::make_split for input).
ShardAttr S(int axis);
/// `B()`.
inline ShardAttr B() { return ShardAttr::broadcast(); }
/// `P(reduction)` for a reduction known to be valid (otherwise InternalError; use
/// ShardAttr::make_partial for input).
ShardAttr P(std::string_view reduction = "sum");
/// `Dynamic()`.
inline ShardAttr Dynamic() { return ShardAttr::dynamic(); }

/// The reductions a Partial may name: sum, max, min.
const std::vector<std::string>& partial_reductions();

/// The tfir spelling: `S(0)`, `B()`, `P("sum")`, `Dynamic()`.
std::string to_string(const ShardAttr& a);
/// The tfir spelling of an attrs tuple: `(S(0), B())`, `(S(0),)`, `()`.
std::string to_string(const std::vector<ShardAttr>& attrs);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const ShardAttr& a);

}  // namespace tf
