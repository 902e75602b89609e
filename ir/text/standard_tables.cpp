#include "ir/text/standard_tables.h"

#include "ir/core/core_ops.h"
#include "ir/hir/cuda_nn_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/tir_ops.h"

namespace tf::text {

void register_all_ops(OpRegistry& registry, OpHandlers& handlers) {
  register_core_ops(registry, handlers);
  hir::register_hir_math_ops(registry, handlers);
  hir::register_hir_tensor_ops(registry, handlers);
  hir::register_hir_nn_ops(registry, handlers);
  hir::register_hir_cuda_nn_ops(registry, handlers);
  hir::register_hir_sharding_ops(registry, handlers);
  tir::register_tir_ops(registry, handlers);
}

AtomFactory mma_atom_factory() {
  return [](const std::string& op) -> Result<Atom> {
    Result<tir::MmaAtomRef> a = tir::mma_atom(op);
    TF_TRY(a);
    return Atom(*a);
  };
}

const StandardTables& standard_tables() {
  static const StandardTables* t = new StandardTables();
  return *t;
}

}  // namespace tf::text
