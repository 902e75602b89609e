// HostEntryPass ("host-entry"): the default host entry of every device function no host function
// launches (seed 002 section 2.2; docs/lowering.md).
//
// Design note. For a kernel `K(params...)` the entry is
//   prim_func E(visible params...) outputs=<K's> target=host { launch(@K, G, 1, 1, B, 1, 1, visible params...) }
// G and B the kernel's implicit launch (ir/tir/launch_geometry.h: the largest cta and thread
// products over its meshes). The visible parameters are the kernel's parameters but its hidden
// `<p>_shape_<k>` scalars, fresh Vars of the same names and types in the same order: the machine
// (and the CUDA host code) fills the hidden ones from the tensors' extents, so they never appear
// at the host surface (TIR.2.2.SHAPEOF.host-no-user-scalar). E is K's name without its `_kernel`
// suffix (the HIR function's name, for a kernel HirToTirPass made), else K's name with `_host`,
// made unique in the module. The entry follows its kernel in the module.
#pragma once

#include "ir/tir/prim_function.h"
#include "lower/pass_manager.h"

namespace tf::lower {

/// Target lowering's pass: refuses a host launch whose cluster or attributes the target (sm_90,
/// lower/launch_target.h) does not support (TIR.2.3.LAUNCH.unsupported-config-rejected), then
/// gives each device function no host function launches a host entry.
class HostEntryPass final : public Pass {
 public:
  std::string_view name() const override { return "host-entry"; }
  std::string_view summary() const override {
    return "a host entry launching each device function no host function launches, its hidden shape scalars filled from the tensors";
  }
  Result<ModuleRef> run(const ModuleRef& module, const Context& ctx) const override;
};

/// The entry of `kernel` named `name` (design note); HirToTirPass makes the entries of dispatch
/// variants with it, since the dispatcher calls them.
Result<Ref<const tir::PrimFunction>> make_host_entry(const tir::PrimFunction& kernel, const std::string& name,
                                                     const Context& ctx);

}  // namespace tf::lower
