// Shared helpers of the HIR tests: a registry and handler tables holding the core, hir.math,
// hir.nn, hir.cuda.nn and hir.sharding families, and short constructors.
#pragma once

#include "ir/core/core_ops.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"

namespace tf::hir::test {

using tf::test::Ids;
using tf::test::rule_ids;
using tf::test::tensor;
using tf::test::var;

/// A registry with register_core_ops and the hir.math, hir.nn, hir.cuda.nn and hir.sharding
/// families, and its handlers.
struct MathTables {
  OpRegistry registry;
  OpHandlers handlers{registry};
  MathTables() {
    register_core_ops(registry, handlers);
    register_hir_math_ops(registry, handlers);
    register_hir_nn_ops(registry, handlers);
    register_hir_cuda_nn_ops(registry, handlers);
    register_hir_sharding_ops(registry, handlers);
  }
};

/// The process's tables for the HIR tests (built once).
inline const OpHandlers& math_handlers() {
  static MathTables* t = new MathTables();
  return t->handlers;
}

/// The messages of `d`, in order.
inline std::vector<std::string> messages(const std::vector<Diagnostic>& d) {
  std::vector<std::string> out;
  for (const Diagnostic& x : d) out.push_back(x.message);
  return out;
}

}  // namespace tf::hir::test
