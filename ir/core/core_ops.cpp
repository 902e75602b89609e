#include "ir/core/core_ops.h"

#include "ir/dim/dim_handlers.h"

namespace tf {

void register_core_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry, "register_core_ops: handlers of another registry");
  register_dim_handlers(registry, handlers);
}

}  // namespace tf
