// Test helpers for the shard tests: meshes by extents and unwrapping of known-valid results.
#pragma once

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/test/layout_literal.h"
#include "ir/layout/topology.h"
#include "ir/support/testing/ok.h"

namespace tf::testing {

/// A one-topology mesh over the layout `layout` (e.g. "(4,8):(1,4)").
inline Mesh mesh(const std::string& topology, std::string_view layout) {
  const Layout l = L(layout);
  return ok(Mesh::make({ok(Topology::make(topology, ok(size(l))))}, l));
}

/// The single rule id of a failed Result ("" for a diagnostic without one), or "ok".
template <typename T>
std::string only_rule(const Result<T>& r) {
  if (r.ok()) return "ok";
  EXPECT_EQ(r.diagnostics().size(), 1u) << r.diagnostics().front().render();
  return r.diagnostics().front().rule_id;
}

/// The first message of a failed Result ("" on success).
template <typename T>
std::string first_message(const Result<T>& r) {
  return r.ok() ? std::string() : r.diagnostics().front().message;
}

}  // namespace tf::testing
