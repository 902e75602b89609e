// ShardLayout: a layout whose domain axes are bound to the axes of a device mesh (TFIR
// `ShardLayout(layout=L, attrs=(S(0), B(), P("sum"), Dynamic()), mesh=M)`).
//
// Design note: the ownership model (details and formulas in shard_chain.h).
//  - `layout` is a LayoutBase: a Layout, a ComposedLayout, or another ShardLayout (one more
//    distribution layer, applied before this one). Its shape is the global, unsharded domain
//    G (upstream shard section 7.1.1); TensorType.shape stays the logical shape and need not
//    match G axis by axis (layout_base.h's check_tensor_layout).
//  - `attrs` has one ShardAttr per mesh axis. A Split(k) binds its mesh axis to flat domain
//    axis k; several mesh axes may bind one axis, dividing it blockwise in mesh-axis order, so
//    an instance holds l_k = G[k] / (product of the bound extents) elements along k
//    (shard_local_shape.h). Broadcast / Partial / Dynamic axes hold replicas.
//  - Strides are physical steps on the engine the instance sees (upstream shard section
//    7.1.2): a Split axis with stride 0 means one engine per instance (register fragments,
//    per-CTA buffers), a positive stride means one shared engine in which the instance's
//    block starts at its share of g_k * stride.
//  - Injectivity (seed 000 section 2, docs/decisions.md D8) is judged on the ownership map
//    (mesh instance, local coordinate) -> (engine, offset), so
//      ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta128)
//    is legal (each CTA owns a 12-element engine) while Layout((128, 12), (0, 1)) with
//    attrs=(B(),) is not (the stride-0 axis overlaps itself).
//
// What `make` refuses, each with a Diagnostic (the binding refusals are all collected;
// injectivity is judged once the bindings hold):
//  - len(attrs) != mesh rank                                 (upstream shard section 7.2)
//  - a Split axis outside [0, domain_rank)                   (sections 6, 7.1.1)
//  - a bound mesh extent that does not divide what the earlier bindings leave, or a symbolic
//    relation other than "the same symbol"                   (sections 6, 9)
//  - a Split axis without a single stride, or with a symbolic one           (section 7.1.2)
//  - a non-injective ownership map (rule TYPES.2.TENSOR.injective-layout, D8), or one whose
//    injectivity cannot be decided (symbolic entries, enumeration limit);
//  - more than kMaxLayers layers (a limit of tf).
// Dynamic attrs are accepted (an unresolved policy may exist during analysis, section 6);
// is_resolved() reports them and local projection refuses them.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_attr.h"
#include "ir/support/result.h"

namespace tf {

namespace shard_detail {
struct ShardChain;
}  // namespace shard_detail

/// An immutable binding of a layout's domain to a mesh, created only through `make`.
class ShardLayout {
 public:
  /// The checking factory (see the design note for everything it refuses).
  static Result<ShardLayout> make(LayoutBase layout, std::vector<ShardAttr> attrs, Mesh mesh);

  /// The most layers one ShardLayout may stack (a limit of tf: real hierarchies have a handful,
  /// grid / CTA / warp / thread; each layer spells and copies the ones below it).
  static constexpr int kMaxLayers = 64;

  /// The underlying layout (a Layout, a ComposedLayout or a nested ShardLayout).
  const LayoutBase& layout() const { return layout_; }
  /// One attr per mesh axis, in mesh-axis order.
  const std::vector<ShardAttr>& attrs() const { return attrs_; }
  /// The device mesh.
  const Mesh& mesh() const { return mesh_; }

  /// The domain shape: the underlying layout's (global, unsharded) shape.
  IntTuple shape() const { return layout_.shape(); }
  /// rank(flatten(shape())): the axes a Split may name.
  int domain_rank() const { return layout_.domain_rank(); }

  /// The flattened layers (internal to ir/layout's shard code; see shard_chain.h).
  const shard_detail::ShardChain& chain() const { return *chain_; }

  /// Structural equality of layout, attrs and mesh.
  friend bool operator==(const ShardLayout& a, const ShardLayout& b) {
    return a.layout_ == b.layout_ && a.attrs_ == b.attrs_ && a.mesh_ == b.mesh_;
  }

 private:
  ShardLayout(LayoutBase layout, std::vector<ShardAttr> attrs, Mesh mesh,
              std::shared_ptr<const shard_detail::ShardChain> chain)
      : layout_(std::move(layout)),
        attrs_(std::move(attrs)),
        mesh_(std::move(mesh)),
        chain_(std::move(chain)) {}
  LayoutBase layout_;
  std::vector<ShardAttr> attrs_;
  Mesh mesh_;
  std::shared_ptr<const shard_detail::ShardChain> chain_;  // derived from the three fields
};

/// True when no layer of `sl` has a Dynamic attr.
bool is_resolved(const ShardLayout& sl);
/// True when every layer's extents, strides and mesh entries are static.
bool is_static(const ShardLayout& sl);

/// The tfir spelling `ShardLayout(layout=L, attrs=(S(0),), mesh=Mesh(...))`.
std::string to_string(const ShardLayout& sl);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const ShardLayout& sl);

}  // namespace tf
