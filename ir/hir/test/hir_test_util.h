// Shared helpers of the HIR tests: a registry and handler tables holding the core, hir.math,
// hir.nn, hir.cuda.nn and hir.sharding families, and short constructors.
#pragma once

#include "ir/core/core_ops.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf::hir::test {

using tf::test::Ids;
using tf::test::rule_ids;
using tf::test::tensor;
using tf::test::var;

/// The process's Context for the HIR tests: the core families and every HIR family (hir.math,
/// hir.tensor, hir.nn, hir.cuda.nn, hir.sharding), built once.
inline const Context& hir_context() {
  static const Context* context = [] {
    auto* c = new Context();
    register_hir_math_ops(c->registry(), c->handlers());
    register_hir_tensor_ops(c->registry(), c->handlers());
    register_hir_nn_ops(c->registry(), c->handlers());
    register_hir_cuda_nn_ops(c->registry(), c->handlers());
    register_hir_sharding_ops(c->registry(), c->handlers());
    return c;
  }();
  return *context;
}

/// The handler tables of hir_context().
inline const OpHandlers& hir_handlers() { return hir_context().handlers(); }

/// The messages of `d`, in order.
inline std::vector<std::string> messages(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const Diagnostic& x : d) out.push_back(x.message);
  return out;
}

}  // namespace tf::hir::test
