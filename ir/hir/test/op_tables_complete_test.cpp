// The completeness test of the op tables: every op of the core layers and of the HIR
// families has every handler it needs (it lives with HIR, the highest layer it registers).
#include <gtest/gtest.h>

#include "ir/core/core_ops.h"
#include "ir/core/op_handlers.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"

namespace tf {
namespace {

TEST(OpHandlers, EveryRegisteredOpHasEveryRequiredHandler) {
  OpRegistry registry;
  OpHandlers handlers(registry);
  register_core_ops(registry, handlers);
  hir::register_hir_math_ops(registry, handlers);
  hir::register_hir_math_ops(registry, handlers);  // idempotent
  hir::register_hir_tensor_ops(registry, handlers);
  hir::register_hir_nn_ops(registry, handlers);
  hir::register_hir_cuda_nn_ops(registry, handlers);
  hir::register_hir_sharding_ops(registry, handlers);
  // 7 dim, 4 hir.math, 23 hir.tensor, 11 hir.nn, 2 hir.cuda.nn, 2 hir.sharding
  ASSERT_EQ(registry.size(), 49u);
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const Op op = registry.at(i);
    const std::vector<HandlerKind> required = required_handlers(op);
    EXPECT_FALSE(required.empty()) << op.name();
    for (HandlerKind kind : required)
      EXPECT_TRUE(handlers.has(kind, op)) << op.name() << " lacks " << handler_kind_name(kind);
  }
  EXPECT_TRUE(handlers.missing().empty());
  for (std::string_view name :
       {"hir.math.Binary", "hir.math.Unary", "hir.math.Clamp", "hir.math.Softplus"})
    EXPECT_TRUE(registry.find(name).has_value()) << name;
}

}  // namespace
}  // namespace tf
