// NamedBarrierPass ("named-barriers"): the named-barrier ids of every kernel, allocated by
// ir/tir's allocate_named_barriers (seed 002 section 1.5).
//
// Design note. TIR carries no barrier id (a Sync names its mesh; the id is a code-generation
// fact), so the pass changes nothing: it allocates each kernel's ids and refuses a kernel with
// more than fifteen distinct named-barrier sites (TIR.1.5.NAMEDBAR.over-fifteen-errors), the
// limit a CUDA emitter would otherwise meet, its device functions' sites counted. The allocation
// is a pure function of the kernel and the module, so the emitter and the machine model derive
// the same ids again; the pass is where a pipeline learns that it cannot.
#pragma once

#include "lower/pass_manager.h"

namespace tf::lower {

class NamedBarrierPass final : public Pass {
 public:
  std::string_view name() const override { return "named-barriers"; }
  std::string_view summary() const override {
    return "allocates each kernel's named-barrier ids (1..15) and refuses a kernel that needs more";
  }
  Result<ModuleRef> run(const ModuleRef& module, const Context& ctx) const override;
};

}  // namespace tf::lower
