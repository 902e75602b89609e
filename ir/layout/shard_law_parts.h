// The parts of a ShardLayout before construction: a base layout and its distribution layers,
// innermost first. The shard laws (shard_law.cpp) judge construction itself, so their argument
// is what `ShardLayout::make` is given, including parts it refuses; a law case writes the parts
// in the ShardLayout spelling (one nested ShardLayout per layer) and reads them back unchecked.
#pragma once

#include <string>
#include <vector>

#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"

namespace tf {

/// One distribution layer: one attr per mesh axis (when well formed) and the mesh.
struct ShardPartsLayer {
  std::vector<ShardAttr> attrs;
  Mesh mesh;
  friend bool operator==(const ShardPartsLayer&, const ShardPartsLayer&) = default;
};

/// A ShardLayout as its parts: a base (a Layout or a ComposedLayout) and its layers, innermost
/// first (layer i + 1 distributes the ShardLayout that layers 0..i build).
struct ShardParts {
  LayoutBase base;
  std::vector<ShardPartsLayer> layers;
  friend bool operator==(const ShardParts&, const ShardParts&) = default;
};

/// Builds the parts layer by layer with ShardLayout::make: the ShardLayout, or the diagnostics
/// of the first refusal (a Type diagnostic for parts without a layer).
Result<ShardLayout> build_shard_parts(const ShardParts& parts);

/// The parts of a built ShardLayout: its innermost non-shard layout and every layer.
ShardParts shard_parts_of(const ShardLayout& sl);

/// The ShardLayout spelling of the parts, `ShardLayout(layout=BASE, attrs=(...), mesh=M)`, one
/// nested ShardLayout per inner layer: to_string(build_shard_parts(p).value()) when it builds.
std::string to_string(const ShardParts& parts);

}  // namespace tf
