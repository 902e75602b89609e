// Building layouts, meshes and shard layouts from tfir expressions (docs/tfir.md section 3):
//   Layout(shape, strides | None)         nested tuples allowed
//   ComposedLayout(inner=L|None, offset=k, outer=L|None)
//   ShardLayout(layout=L, attrs=(S(0), B(), P("sum"), Dynamic()), mesh=M)
//   Mesh((Topology("cta", 4), ...), Layout(...), names=("c", ...))
//   m[1:3, :]                             a static slice of a mesh
// and, for the law cases, integer tuples, shard attrs and ShardLayout parts unbuilt.
//   NAME                                  a value declared earlier (LayoutEnvironment)
// Every error is a diagnostic positioned at the node it concerns; the ir/layout checks that
// fail keep their rule ids and gain that position.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "ir/layout/composed_layout.h"
#include "ir/layout/layout.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_law_parts.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"
#include "ir/text/syntax.h"

namespace tf::text {

/// What a layout expression denotes.
using LayoutValue = std::variant<Layout, ComposedLayout, ShardLayout, Mesh>;

/// "layout", "composed layout", "shard layout" or "mesh".
const char* layout_value_kind(const LayoutValue& v);
/// The tfir spelling of the value.
std::string to_string(const LayoutValue& v);

/// Values declared by name (tfir `mesh warp = ...`, `layout Lg = ...`).
class LayoutEnvironment {
 public:
  /// Declares `name`; a second declaration of the same name replaces the first.
  void declare(std::string name, LayoutValue value) { values_.insert_or_assign(std::move(name), std::move(value)); }
  /// The value called `name`, or nullptr.
  const LayoutValue* find(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
  }
  /// Every declared name, in sorted order (what an undeclared one is near).
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [name, value] : values_) out.push_back(name);
    return out;
  }

 private:
  std::map<std::string, LayoutValue> values_;
};

/// Builds the value `node` denotes.
Result<LayoutValue> build_layout_value(const SyntaxNode& node, const LayoutEnvironment& env);

/// The integer tuple `node` spells: an integer or a (nested) tuple of them, e.g. `(4, (2, 3))`.
Result<IntTuple> build_int_tuple(const SyntaxNode& node);

/// The shard attrs `node` spells: a tuple of S(axis), B(), P("reduction") and Dynamic().
Result<std::vector<ShardAttr>> build_shard_attrs(const SyntaxNode& node);

/// `ShardLayout(layout=..., attrs=..., mesh=...)` read as its parts without construction (so
/// that parts ShardLayout::make refuses still read): the base, then one layer per ShardLayout,
/// a nested ShardLayout being the layer below (the law cases of docs/tfir.md section 7).
Result<ShardParts> build_shard_parts(const SyntaxNode& node, const LayoutEnvironment& env);

}  // namespace tf::text
