// Shared helpers of the hir.nn, hir.cuda.nn, hir.sharding and Partial-rule tests: tensors with
// plain and sharded layouts, the result-type spelling, and a rejection predicate.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "ir/hir/test/hir_test_util.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/test/shard_test_util.h"
#include "ir/type/type_print.h"

namespace tf::hir::test {

/// The tables holding core, hir.math, hir.nn, hir.cuda.nn and hir.sharding.
inline const OpHandlers& H() {
  return hir_handlers();
}

/// A Var of type Tensor[shape, d] in storage `s` (gmem by default) with layout `l`.
inline VarRef tv(const std::string& name, std::vector<ShapeDim> shape, DType d,
                 std::optional<StorageKind> s = StorageKind::Gmem,
                 std::optional<LayoutBase> l = std::nullopt) {
  return var(name, tensor(std::move(shape), d, s, std::move(l)));
}

/// The layout written in CuTe's notation ("(4,8):(8,1)").
inline Layout L(std::string_view text) {
  return tf::testing::L(text);
}

/// The one-topology mesh "t" over L(layout).
inline Mesh M(std::string_view layout = "(4):(1)") {
  return tf::testing::mesh("t", layout);
}

/// ShardLayout(layout=L(layout), attrs, mesh=M(mesh_layout)).
inline LayoutBase sharded(std::string_view layout, std::vector<ShardAttr> attrs,
                          std::string_view mesh_layout = "(4):(1)") {
  return tf::testing::ok(ShardLayout::make(L(layout), std::move(attrs), M(mesh_layout)));
}

/// The tfir spelling of an accepted Call's type, or "error: <first message>".
inline std::string type_of(const Result<CallRef>& c) {
  return c.ok() ? to_string((*c)->type()) : "error: " + c.diagnostics()[0].message;
}

/// Success when `r` was rejected with a message containing `sub`.
inline ::testing::AssertionResult Rejects(const Result<CallRef>& r, std::string_view sub) {
  if (r.ok()) return ::testing::AssertionFailure() << "accepted as " << to_string((*r)->type());
  std::string all;
  for (const Diagnostic& d : r.diagnostics()) {
    if (d.message.find(sub) != std::string::npos) return ::testing::AssertionSuccess();
    all += "\n  " + d.message;
  }
  return ::testing::AssertionFailure() << "no message contains '" << sub << "':" << all;
}

}  // namespace tf::hir::test
