// Shared helpers of the hir.tensor tests: a registry holding the core, hir.math and hir.tensor
// families, short constructors, and the result / message readers the tests compare.
#pragma once

#include <string>
#include <vector>

#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/hir/tensor_ops.h"
#include "ir/hir/test/hir_test_util.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/test/shard_test_util.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir::test {

using Msgs = std::vector<std::string>;

/// A Var of type Tensor[shape, d] in storage `s` with layout `l`.
inline VarRef tv(const std::string& name, std::vector<ShapeDim> shape, DType d,
                 std::optional<StorageKind> s = StorageKind::Gmem,
                 std::optional<LayoutBase> l = std::nullopt) {
  return var(name, tensor(std::move(shape), d, s, std::move(l)));
}

/// The Call of `op` typed by its rule.
inline Result<CallRef> call(TensorOp op, std::vector<Expr> args,
                            std::vector<NamedAttr> attrs = {}) {
  return make_tensor_call(op, std::move(args), std::move(attrs), hir_handlers());
}

/// The tfir spelling of the Call's type, or "error: <first message>".
inline std::string type_of(const Result<CallRef>& c) {
  return c.ok() ? to_string((*c)->type()) : "error: " + c.diagnostics()[0].message;
}

/// Every message of a rejected Call (empty when it was accepted).
inline Msgs msgs(const Result<CallRef>& c) {
  return c.ok() ? Msgs{} : messages(c.diagnostics());
}

/// The layout of an accepted tensor-typed Call (nothing for None or a rejected Call).
inline std::optional<LayoutBase> layout_of(const Result<CallRef>& c) {
  if (!c.ok()) return std::nullopt;
  const TensorType* t = (*c)->type()->as<TensorType>();
  return t ? t->layout : std::nullopt;
}

/// An i64 (or `d`) rank-0 literal of the dim form (storage None).
inline Expr lit(std::int64_t v, DType d = DType::i64()) {
  return tf::test::constant(v, TensorType::meta_scalar(d));
}

/// A Tuple of `elements` (which must be valid).
inline Expr tuple(std::vector<Expr> elements) {
  return Tuple::make(std::move(elements)).value();
}

/// The layout written in CuTe's notation ("(4,8):(8,1)").
inline Layout L(std::string_view text) {
  return tf::testing::L(text);
}

/// ShardLayout(layout=L(layout), attrs, mesh=a one-topology mesh over L(mesh_layout)).
inline LayoutBase sharded(std::string_view layout, std::vector<ShardAttr> attrs,
                          std::string_view mesh_layout = "(4):(1)") {
  return tf::testing::ok(
      ShardLayout::make(L(layout), std::move(attrs), tf::testing::mesh("t", mesh_layout)));
}

}  // namespace tf::hir::test
