#include "ir/tir/launch_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <vector>

#include "ir/layout/mesh.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/launch_geometry.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/tir_ops.h"

namespace tf::tir {

namespace {

Diagnostic refusal(std::string message, const SourceLocation& at) {
  Diagnostic d = category_error(DiagCategory::Eval, std::move(message));
  d.location = at;
  return d;
}

// `kernel` and the device functions it calls, each once, callers first.
std::vector<const PrimFunction*> with_callees(const Module& module, const PrimFunction& kernel) {
  std::vector<const PrimFunction*> out{&kernel};
  std::set<const PrimFunction*> seen{&kernel};
  for (std::size_t i = 0; i < out.size(); ++i)
    walk(Stmt(out[i]), [&](const StmtNode& s) {
      const auto* e = s.as<Evaluate>();
      if (e == nullptr || e->is_op()) return;
      const auto* callee = function_as<PrimFunction>(module.find(e->symbol().name));
      if (callee != nullptr && seen.insert(callee).second) out.push_back(callee);
    });
  return out;
}

// Why mesh `m` does not fit a launch of `ctas` CTAs of `threads` threads ("" when it does): the
// machine model places a thread level by level (eval/tir/thread_position.h), each level tiling
// its launch dimension.
std::string mesh_misfit(const Mesh& m, std::int64_t ctas, std::int64_t threads) {
  for (const Topology& level : m.topologies()) {
    const std::optional<std::int64_t> size = level.static_size();
    const bool cta = level.name() == "cta";
    const std::int64_t extent = cta ? ctas : threads;
    if (size && *size > extent)
      return fmt::format("the mesh {} has {} {} positions, but the launch has {}: a mesh level cannot be larger than the launch it "
                         "runs in",
                         to_string(m), *size, cta ? "cta" : "thread", extent);
  }
  return {};
}

}  // namespace

bool uses_grid_barrier(const PrimFunction& fn) {
  bool found = false;
  walk(Stmt(&fn), [&](const StmtNode& s) {
    if (const auto* e = s.as<Evaluate>(); e != nullptr && e->is_op() && is_tir_op(e->op(), TirOp::Sync))
      if (is_cta_mesh(std::get<Mesh>(e->call().attr("mesh")))) found = true;
  });
  return found;
}

std::optional<Diagnostic> check_launch(const Module& module, const PrimFunction& kernel, const LaunchShape& shape,
                                       const SourceLocation& given, const DeviceModel& device) {
  // An implicit launch (a device function run directly) has no statement: its kernel is the place.
  const SourceLocation at = given.known() || !kernel.loc() ? given : *kernel.loc();
  if (std::string why = launch_shape_refusal(shape, device.max_dynamic_smem); !why.empty())
    return refusal(fmt::format("launch of @{}: {}", kernel.name(), why), at);
  const std::int64_t ctas = shape.ctas(), threads = shape.block_threads();
  for (const PrimFunction* fn : with_callees(module, kernel)) {
    std::string why;
    for_each_launch_mesh(*fn, [&](const Mesh& m) {
      if (why.empty()) why = mesh_misfit(m, ctas, threads);
    });
    if (!why.empty()) return refusal(fmt::format("launch of @{}: {}", kernel.name(), why), at);
  }
  if (uses_grid_barrier(kernel)) {
    const std::int64_t per_sm = std::min(device.max_ctas_per_sm, device.max_threads_per_sm / threads);
    if (ctas > device.sms * per_sm) {
      Diagnostic d = refusal(fmt::format("undefined behaviour: @{} has a grid barrier, but its {} CTAs of {} threads do not fit on the "
                                         "device at once ({} SMs x {} CTAs): the barrier would wait for CTAs that never start",
                                         kernel.name(), ctas, threads, device.sms, per_sm),
                             at);
      d.rule_id = "ub.grid-not-co-resident";
      return d;
    }
  }
  return std::nullopt;
}

}  // namespace tf::tir
