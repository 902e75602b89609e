// Calls of device functions and DispatchCalls inside a kernel (kernel_emitter.h): a call passes
// the caller's Views and gives the callee its own slices of the caller's shared arena and global
// workspace (one per call site, as one per allocation site); a DispatchCall is a first-match
// if-chain on the subject extent (TIR.1.6.DISPATCH.first-match-wins), its fallback the else.
#include <fmt/format.h>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emit_support.h"
#include "cuda/emit/kernel_emitter.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"

namespace tf::cuda::detail {

Result<bool> KernelEmitter::emit_call(const tir::Evaluate& call) {
  const std::string& name = call.symbol().name;
  if (!callees_) return not_emitted(fmt::format("a call of {} (no device functions here)", name));
  Result<DeviceFnFacts> f = callees_(name);
  TF_TRY(f);
  std::vector<std::string> args;
  for (const Expr& a : call.args()) {
    const Tensor* t = tensor(a);
    if (t == nullptr) return not_emitted(fmt::format("a call of {} with an argument that is not a tensor variable", name));
    // The callee is emitted once, for undistributed parameters; the machine model passes the
    // caller's view as it is, so a distributed one would change what the callee's ops do.
    if (t->distributed || !t->logical.empty())
      return not_emitted(fmt::format("a call of {} passing the distributed tensor `{}`", name, t->ir_name));
    if (!t->planes.empty()) return not_emitted(fmt::format("a call of {} passing the block-scaled tensor `{}`", name, t->ir_name));
    args.push_back(t->name);
  }
  line(comment(fmt::format("@{}(...)", name)));
  Result<std::int64_t> smem_at = place(StorageKind::Smem, f->smem, fmt::format("the shared memory of @{}", name));
  TF_TRY(smem_at);
  Result<std::int64_t> gmem_at = place(StorageKind::Gmem, f->gmem, fmt::format("the global workspace of @{}", name));
  TF_TRY(gmem_at);
  if (f->local_bytes > kMaxLocalBytes - local_bytes_)
    return not_emitted(fmt::format("a call of @{}, whose register tensors hold {} bytes beside the caller's {}: more than the 512 KiB "
                                   "of local memory a CUDA thread has",
                                   name, f->local_bytes, local_bytes_));
  local_bytes_ += f->local_bytes;
  registers_ += f->registers;
  cooperative_ = cooperative_ || f->cooperative;
  line(fmt::format("{}({}{}tf_gmem + {}, tf_smem + {});", f->name, fmt::join(args, ", "), args.empty() ? "" : ", ", *gmem_at, *smem_at));
  return true;
}

Result<std::string> KernelEmitter::extent_of(const Expr& e) {
  const auto* shape_of = e->as<ShapeOf>();
  auto it = shape_of != nullptr ? tensors_.find(shape_of->param.get()) : tensors_.end();
  if (it == tensors_.end() || shape_of->axis < 0 || static_cast<std::size_t>(shape_of->axis) >= it->second.extents.size() ||
      !it->second.logical.empty())
    return not_emitted("an extent of something other than a tensor parameter");
  return it->second.extents[static_cast<std::size_t>(shape_of->axis)];
}

Result<bool> KernelEmitter::emit_dispatch(const tir::DispatchCall& d) {
  if (d.subjects.size() != 1) return not_emitted("a dispatch on more than one subject");
  Result<std::string> subject = extent_of(d.subjects[0]);
  TF_TRY(subject);
  line("{  " + comment(fmt::format("dispatch \"{}\"", d.callee_name)));
  ++indent_;
  const std::string s = names_.generated("tf_subject");
  line(fmt::format("const std::int64_t {} = {};", s, *subject));
  for (std::size_t i = 0; i < d.case_calls.size(); ++i) {
    const auto* range = d.case_patterns[i].size() == 1 ? d.case_patterns[i][0]->as<DimVarRangePat>() : nullptr;
    if (range == nullptr) return not_emitted("a dispatch case other than one DimVarRangePat");
    line(fmt::format("{}if ({} <= {} && {} < {}) {{", i == 0 ? "" : "} else ", int_literal(range->lo), s, s, int_literal(range->hi)));
    ++indent_;
    Result<bool> c = emit_call(*d.case_calls[i]);
    --indent_;
    TF_TRY(c);
  }
  line(d.case_calls.empty() ? "{" : "} else {");
  ++indent_;
  Result<bool> fallback = emit_body(*d.fallback);
  --indent_;
  TF_TRY(fallback);
  line("}");
  --indent_;
  line("}");
  return true;
}

}  // namespace tf::cuda::detail
