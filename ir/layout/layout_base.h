// LayoutBase: the closed family of tensor layouts, Layout | ComposedLayout | ShardLayout.
//
// Design note. Seed 000 section 2 (TYPES.2.TENSOR.layout-none-or-layoutbase): a TensorType's
// layout is None or one member of the LayoutBase hierarchy of upstream shard section 2. Here
// the hierarchy is a closed variant held by value: a TensorType stores
// std::optional<LayoutBase>, so "a value that is not a LayoutBase" cannot even be spelt.
// ShardLayout's own `layout` field is a LayoutBase too (a nested ShardLayout is one more
// distribution layer), which makes the family recursive; the members therefore live behind a
// shared, never-mutated node, so copies are cheap and equality is structural.
//
// The common contract every member satisfies (upstream shard section 2):
//  - shape(): the stable domain shape (a ShardLayout's is its layout's: the global,
//    unsharded shape, upstream shard section 7.1.1);
//  - domain_rank() == rank(flatten(shape())), the axis numbering a Split refers to;
//  - injectivity, checked by each member's factory (a ShardLayout's in the sense of
//    docs/decisions.md D8).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ir/layout/composed_layout.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/support/diagnostic.h"

namespace tf {

class ShardLayout;

/// Which member of the LayoutBase family a value holds.
enum class LayoutKind { Layout, Composed, Shard };

/// One member of the LayoutBase family (see the design note). Always holds a value.
class LayoutBase {
 public:
  LayoutBase(Layout l);          // NOLINT: every member is a LayoutBase
  LayoutBase(ComposedLayout c);  // NOLINT
  LayoutBase(ShardLayout s);     // NOLINT

  /// Which member this is.
  LayoutKind kind() const;
  bool is_layout() const { return kind() == LayoutKind::Layout; }
  bool is_composed() const { return kind() == LayoutKind::Composed; }
  bool is_shard() const { return kind() == LayoutKind::Shard; }

  /// The member, or nullptr when this holds another kind.
  const Layout* as_layout() const;
  const ComposedLayout* as_composed() const;
  const ShardLayout* as_shard() const;

  /// The domain shape (the common contract).
  IntTuple shape() const;
  /// rank(flatten(shape())): the number of domain axes (0 for `()`).
  int domain_rank() const;

  /// Structural equality (same member, equal fields).
  friend bool operator==(const LayoutBase& a, const LayoutBase& b);

 private:
  struct Node;
  std::shared_ptr<const Node> node_;
};

/// True when every extent, stride and (for a ShardLayout) mesh entry is static.
bool is_static(const LayoutBase& l);

/// The tfir spelling of the member (`Layout(...)`, `ComposedLayout(...)`, `ShardLayout(...)`).
std::string to_string(const LayoutBase& l);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const LayoutBase& l);

/// Whether `layout` may be the layout of a tensor of logical shape `logical_shape` (a flat
/// tuple of extents, symbols allowed). No diagnostics when it may; otherwise:
///  - Layout / ComposedLayout: domain_rank must equal the tensor rank
///    (TYPES.2.TENSOR.layout-rank-match), read through domain_rank only
///    (TYPES.2.TENSOR.composed-common-contract);
///  - ShardLayout: always accepted (TYPES.2.TENSOR.shard-logical-shape: its shape need not
///    match the logical shape axis by axis). Upstream shard section 7.1.1 also asks
///    size(layout.shape) == size(logical shape), but seed 000 calls that shape "the
///    per-shard layout shape" and its rule accepts (128, 128) over a layout shape (4, 32), so
///    the seed wins and no size test is made here.
std::vector<Diagnostic> check_tensor_layout(const LayoutBase& layout,
                                            const IntTuple& logical_shape);

}  // namespace tf
