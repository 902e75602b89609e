#include "ir/text/standard_context.h"

#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/tir_ops.h"

namespace tf::text {

void register_all_ops(Context& context) {
  OpRegistry& registry = context.registry();
  OpHandlers& handlers = context.handlers();
  hir::register_hir_math_ops(registry, handlers);
  hir::register_hir_tensor_ops(registry, handlers);
  hir::register_hir_nn_ops(registry, handlers);
  hir::register_hir_cuda_nn_ops(registry, handlers);
  hir::register_hir_sharding_ops(registry, handlers);
  tir::register_tir_ops(registry, handlers);
  context.set_atom_factory([](const std::string& op) -> Result<Atom> {
    Result<tir::MmaAtomRef> a = tir::mma_atom(op);
    TF_TRY(a);
    return Atom(*a);
  });
}

const Context& standard_context() {
  static const Context* context = [] {
    auto* c = new Context();
    register_all_ops(*c);
    return c;
  }();
  return *context;
}

}  // namespace tf::text
