#include "lower/named_barrier_pass.h"

#include "ir/tir/named_barriers.h"

namespace tf::lower {

Result<ModuleRef> NamedBarrierPass::run(const ModuleRef& module, const Context&) const {
  std::vector<Diagnostic> refused;
  for (const FunctionRef& f : module->functions()) {
    const auto* kernel = f->as<tir::PrimFunction>();
    if (kernel == nullptr || kernel->target() != tir::Target::Cuda) continue;
    Result<tir::NamedBarrierIds> ids = tir::allocate_named_barriers(*kernel, module.get());  // its device functions too
    if (!ids.ok())
      for (const Diagnostic& d : ids.diagnostics()) refused.push_back(d);
  }
  if (!refused.empty()) return refused;
  return module;
}

}  // namespace tf::lower
