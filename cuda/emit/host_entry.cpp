#include "cuda/emit/host_entry.h"

#include <fmt/format.h>

#include <sstream>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emit_support.h"
#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/dim/dim_ops.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/launch.h"
#include "ir/tir/stmt_functor.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda::detail {

// The launch shim of kernel `name`.
std::string launch_shim(const std::string& name, const KernelFacts& k, const std::string& prefix) {
  const FunctionSymbols symbols = function_symbols(name, prefix);
  std::vector<std::string> params, args;
  for (std::size_t i = 0; i < k.param_types.size(); ++i) {
    params.push_back(k.hidden[i] ? fmt::format("std::int32_t a{}", i) : fmt::format("{}* a{}", k.param_types[i], i));
    args.push_back(fmt::format("a{}", i));
  }
  for (std::size_t i = 0; i < k.implicit.size(); ++i) {
    params.push_back(fmt::format("std::int64_t d{}", i));
    args.push_back(fmt::format("d{}", i));
  }
  const std::string list = fmt::format("{}", fmt::join(params, ", "));
  const std::string call = fmt::format("{}{}", fmt::join(args, ", "), args.empty() ? "" : ", ");
  return fmt::format(
      "extern \"C\" const char* {0}(tf_rt::Dim3 grid, tf_rt::Dim3 block, const tf_rt::LaunchConfig& config{1}{2}) {{\n"
      "  const std::int64_t smem = config.dynamic_smem > {3} ? config.dynamic_smem : {3};\n"
      "  return tf_rt::launch(grid, block, smem, {4}, {5}, {6}, config,\n"
      "                       [&](unsigned char* tf_gmem) {{ TF_RUN({8}, grid, block, smem, config, {6}, {7}tf_gmem); }});\n"
      "}}\n\n",
      symbols.launch, params.empty() ? "" : ", ", list, k.smem, k.gmem, k.registers + 64 * 1024, k.cooperative ? "true" : "false", call,
      symbols.kernel);
}

namespace {

// A launch extent as host C++: an integer literal, a parameter's extent (ShapeOf, from the
// entry's shapes), or dim arithmetic over those (floor division and modulo as Python's).
Result<std::string> host_extent(const ExprNode& e, const std::map<const Var*, std::size_t>& index) {
  if (const auto* c = e.as<Constant>(); c != nullptr && c->is_int()) return fmt::format("std::int64_t{{{}}}", int_literal(std::get<std::int64_t>(c->value)));
  if (const auto* s = e.as<ShapeOf>(); s != nullptr && index.count(s->param.get()) != 0)
    return fmt::format("shapes[{}][{}]", index.at(s->param.get()), s->axis);
  if (const auto* call = e.as<Call>(); call != nullptr && call->args.size() == 2) {
    const std::optional<DimOpKind> k = dim_op_kind(call->op);
    if (k) {
      Result<std::string> a = host_extent(*call->args[0], index), b = host_extent(*call->args[1], index);
      TF_TRY(a);
      TF_TRY(b);
      switch (*k) {
        case DimOpKind::Add: return fmt::format("({} + {})", *a, *b);
        case DimOpKind::Sub: return fmt::format("({} - {})", *a, *b);
        case DimOpKind::Mul: return fmt::format("({} * {})", *a, *b);
        case DimOpKind::FloorDiv: return fmt::format("tf_rt::host_floor_div({}, {})", *a, *b);
        case DimOpKind::Mod: return fmt::format("tf_rt::host_mod({}, {})", *a, *b);
        case DimOpKind::Min: return fmt::format("std::min<std::int64_t>({}, {})", *a, *b);
        case DimOpKind::Max: return fmt::format("std::max<std::int64_t>({}, {})", *a, *b);
      }
    }
  }
  return not_emitted("a launch extent other than literals, parameter extents and dim arithmetic");
}

// A Launch's configuration beyond its geometry as a tf_rt::LaunchConfig initializer. A named
// stream is the host's handle (launch.h); the emitted entry launches on the default stream.
Result<std::string> launch_config(const Call& c) {
  std::vector<std::int64_t> cluster{1, 1, 1};  // its size checked against the target (HostStatementEmitter)
  if (const auto* given = std::get_if<std::vector<std::int64_t>>(&c.attr("cluster")))
    for (std::size_t i = 0; i < given->size() && i < 3; ++i) cluster[i] = (*given)[i];
  const auto* smem = std::get_if<std::int64_t>(&c.attr("dynamic_smem"));
  int policy = -1, priority = 0;
  bool cooperative = false, serialization = false, has_priority = false;
  if (const auto* attrs = std::get_if<std::vector<std::int64_t>>(&c.attr("attrs")))
    for (std::size_t i = 0; i + 1 < attrs->size(); i += 2) {
      const std::optional<tir::CudaLaunchAttr> a = tir::cuda_launch_attr_from_value((*attrs)[i]);
      const std::int64_t v = (*attrs)[i + 1];
      if (!a) return not_emitted(fmt::format("the launch attribute {}", (*attrs)[i]));
      switch (*a) {
        case tir::CudaLaunchAttr::Cooperative: cooperative = v != 0; break;
        case tir::CudaLaunchAttr::ClusterSchedulingPolicyPreference: policy = static_cast<int>(v); break;
        case tir::CudaLaunchAttr::ProgrammaticStreamSerialization: serialization = v != 0; break;
        case tir::CudaLaunchAttr::Priority:
          priority = static_cast<int>(v);
          has_priority = true;
          break;
      }
    }
  return fmt::format("tf_rt::LaunchConfig{{tf_rt::Dim3{{{}, {}, {}}}, {}, {}, {}, {}, {}, {}}}", cluster[0], cluster[1], cluster[2],
                     smem != nullptr ? *smem : 0, cooperative, policy, serialization, priority, has_priority);
}

// `diags` placed at statement `s` where they have no place of their own.
std::vector<Diagnostic> placed_at(std::vector<Diagnostic> diags, const tir::StmtNode& s) {
  for (Diagnostic& d : diags)
    if (!d.location.known() && s.loc()) d.location = *s.loc();
  return diags;
}

// A host DispatchCall as a first-match if-chain on the subject extent (seed 002 section 1.6):
// each case calls its variant's host entry on the buffers and shapes of the call's arguments;
// the fallback's abort returns its message.
Result<std::string> dispatch(const tir::DispatchCall& d, const std::map<const Var*, std::size_t>& index, const std::string& fn,
                             const std::map<std::string, KernelFacts>& kernels, const std::string& prefix) {
  const auto* subject = d.subjects.size() == 1 ? d.subjects[0]->as<ShapeOf>() : nullptr;
  if (subject == nullptr || index.count(subject->param.get()) == 0)
    return not_emitted(fmt::format("a dispatch whose subject is not one extent of a parameter (in {})", fn));
  std::ostringstream out;
  out << fmt::format("  const std::int64_t subject = shapes[{}][{}];  {}\n", index.at(subject->param.get()), subject->axis,
                     comment(fmt::format("dispatch \"{}\"", d.callee_name)));
  for (std::size_t i = 0; i < d.case_calls.size(); ++i) {
    const auto* range = d.case_patterns[i].size() == 1 ? d.case_patterns[i][0]->as<DimVarRangePat>() : nullptr;
    if (range == nullptr) return not_emitted("a dispatch case other than one DimVarRangePat");
    const tir::Evaluate& call = *d.case_calls[i];
    if (kernels.count(call.symbol().name) != 0)  // a kernel runs only through a launch
      return not_emitted(fmt::format("a host dispatch case calling the kernel @{} (a host entry launches kernels; its dispatch "
                                     "calls host entries)", call.symbol().name));
    std::vector<std::string> buffers, shapes;
    for (const Expr& a : call.args()) {
      const auto* v = a->as<Var>();
      if (v == nullptr || index.count(v) == 0) return not_emitted("a dispatch case argument that is not a parameter of the entry");
      buffers.push_back(fmt::format("buffers[{}]", index.at(v)));
      shapes.push_back(fmt::format("shapes[{}]", index.at(v)));
    }
    out << fmt::format("  if ({} <= subject && subject < {}) {{\n    void* const b[] = {{{}}};\n    const std::int64_t* const s[] = {{{}}};\n"
                       "    return {}(b, s);\n  }}\n",
                       int_literal(range->lo), int_literal(range->hi), fmt::join(buffers, ", "), fmt::join(shapes, ", "), function_symbols(call.symbol().name, prefix).entry);
  }
  std::string why = "abort";
  for (const tir::Stmt& f : d.fallback->body)
    if (const auto* a = f->as<tir::Abort>()) why = "abort: " + a->message;
  out << fmt::format("  return {};\n", string_literal(why));
  return out.str();
}

// One Launch of a host entry: the kernel's launch shim called on the launch's geometry, the
// entry's buffers and, for each hidden extent, the extent it carries (an i32: a larger extent is
// the entry's error, never a wrapped number).
Result<std::string> launch(const Call& c, const std::map<const Var*, std::size_t>& index,
                           const std::map<std::string, KernelFacts>& kernels, const std::string& buffers, const std::string& prefix) {
  const auto* callee = c.args[0]->as<SymbolRef>();
  auto k = callee != nullptr ? kernels.find(callee->name) : kernels.end();
  if (k == kernels.end()) return not_emitted("a launch of something other than an emitted kernel");
  std::vector<std::string> dims;
  for (std::size_t i = 1; i <= 6; ++i) {
    Result<std::string> d = host_extent(*c.args[i], index);
    TF_TRY(d);
    dims.push_back(*d);  // int64, never narrowed here: the launch checks it (tf_rt::launch_refusal)
  }
  // The launch's arguments are the kernel's visible parameters, in order.
  const KernelFacts& facts = k->second;
  std::vector<std::size_t> host_of(facts.param_types.size(), 0);  // kernel parameter -> entry parameter
  std::size_t next = 7;
  for (std::size_t i = 0; i < facts.param_types.size(); ++i) {
    if (facts.hidden[i]) continue;
    const auto* v = next < c.args.size() ? c.args[next]->as<Var>() : nullptr;
    ++next;
    if (v == nullptr || index.count(v) == 0) return not_emitted("a launch argument that is not a parameter of the entry");
    host_of[i] = index.at(v);
  }
  std::vector<std::string> args;
  std::string checks;
  for (std::size_t i = 0; i < facts.param_types.size(); ++i) {
    if (facts.hidden[i]) {
      const std::string extent = fmt::format("shapes[{}][{}]", host_of[facts.hidden[i]->tensor_param], facts.hidden[i]->axis);
      checks += fmt::format("  if ({} > 2147483647) return {};\n", extent,
                            string_literal(fmt::format("launch of @{}: an extent of its parameter {} is larger than its i32 hidden "
                                                       "extent parameter holds (2^31 - 1)",
                                                       callee->name, host_of[facts.hidden[i]->tensor_param])));
      args.push_back(fmt::format("static_cast<std::int32_t>({})", extent));
      continue;
    }
    args.push_back(fmt::format("static_cast<{}*>({}[{}])", facts.param_types[i], buffers, host_of[i]));
  }
  for (const tir::HiddenShapeSource& d : facts.implicit) args.push_back(fmt::format("shapes[{}][{}]", host_of[d.tensor_param], d.axis));
  Result<std::string> config = launch_config(c);
  TF_TRY(config);
  return checks + fmt::format("  if (const char* e = {}(tf_rt::Dim3{{{}, {}, {}}}, tf_rt::Dim3{{{}, {}, {}}}, {}{}{})) return e;\n",
                     function_symbols(callee->name, prefix).launch, dims[0], dims[1], dims[2], dims[3], dims[4], dims[5], *config, args.empty() ? "" : ", ",
                     fmt::join(args, ", "));
}

// One statement of a host entry, by its kind (a StmtFunctor: a new kind does not compile until
// it is handled here): its C++, and whether it ends the entry (a Return, a reported Abort).
struct HostStatement {
  std::string text;
  bool ends = false;
};

class HostStatementEmitter final : public tir::StmtFunctor<Result<HostStatement>> {
 public:
  HostStatementEmitter(const tir::PrimFunction& fn, const std::map<const Var*, std::size_t>& index,
                       const std::map<std::string, KernelFacts>& kernels, const std::string& buffers, const std::string& prefix,
                       const lower::CudaTarget& target)
      : fn_(fn), index_(index), kernels_(kernels), buffers_(buffers), prefix_(prefix), target_(target) {}

 private:
  Result<HostStatement> on(const tir::Return&) override { return HostStatement{"  return nullptr;\n", true}; }
  Result<HostStatement> on(const tir::Abort& a) override {  // a reported abort: the entry returns its message
    return HostStatement{fmt::format("  return {};\n", string_literal("abort: " + a.message)), true};
  }
  Result<HostStatement> on(const tir::DispatchCall& d) override {
    Result<std::string> chain = detail::dispatch(d, index_, fn_.name(), kernels_, prefix_);
    TF_TRY(chain);
    return HostStatement{*chain};
  }
  Result<HostStatement> on(const tir::Evaluate& ev) override {
    const Call* c = ev.is_op() ? &ev.call() : nullptr;
    if (c == nullptr || tir::tir_op_kind(c->op) != tir::TirOp::Launch) return other();
    // What the target cannot launch is refused here (TIR.2.3.LAUNCH.unsupported-config-rejected).
    if (std::vector<Diagnostic> refused = lower::check_launch_for_target(*c, target_); !refused.empty()) return refused;
    Result<std::string> launched = launch(*c, index_, kernels_, buffers_, prefix_);
    TF_TRY(launched);
    return HostStatement{*launched};
  }
  Result<HostStatement> on(const tir::Sequential&) override { return other(); }
  Result<HostStatement> on(const tir::LetStmt&) override { return other(); }
  Result<HostStatement> on(const tir::For&) override { return other(); }
  Result<HostStatement> on(const tir::While&) override { return other(); }
  Result<HostStatement> on(const tir::If&) override { return other(); }
  Result<HostStatement> on(const tir::MeshScope&) override { return other(); }
  Result<HostStatement> on(const tir::Intrinsic&) override { return other(); }
  Result<HostStatement> on(const tir::PrimFunction&) override { return other(); }

  Result<HostStatement> other() const {
    return not_emitted(fmt::format("a host entry statement other than launch (in {})", fn_.name()));
  }

  const tir::PrimFunction& fn_;
  const std::map<const Var*, std::size_t>& index_;
  const std::map<std::string, KernelFacts>& kernels_;
  const std::string& buffers_;
  const std::string& prefix_;
  const lower::CudaTarget& target_;
};

}  // namespace

// The host entry: `tf_entry_NAME(buffers, shapes)`, one buffer and one shape (its extents) per
// entry parameter in order; each launch passes the kernel its buffers and, for each hidden extent
// scalar, the extent of the tensor it describes (seed 002 section 2.2: filled from the tensor,
// never a host input).
Result<std::string> host_entry(const tir::PrimFunction& fn, const std::map<std::string, KernelFacts>& kernels, const std::string& prefix,
                               const lower::CudaTarget& target) {
  std::ostringstream out;
  std::map<const Var*, std::size_t> index;
  for (std::size_t i = 0; i < fn.params().size(); ++i) index[fn.params()[i].get()] = i;
  out << comment(fmt::format("prim_func {} (the host entry)", fn.name()))
      << fmt::format("\nextern \"C\" const char* {}(void* const* buffers, const std::int64_t* const* shapes) {{\n  (void)shapes;\n",
                     function_symbols(fn.name(), prefix).entry);
  // f4 buffers arrive packed two to a byte; the kernels get unpacked staging copies
  // (cuda/runtime/packed_f4.h), packed back when the entry returns.
  std::vector<std::string> staged;
  bool any_f4 = false;
  for (std::size_t i = 0; i < fn.params().size(); ++i) {
    staged.push_back(fmt::format("buffers[{}]", i));
    const auto* t = fn.params()[i]->type()->as<TensorType>();
    any_f4 = any_f4 || (t != nullptr && t->dtype == DType::f4e2m1());
  }
  const std::string buffers = any_f4 ? "tf_staged" : "buffers";
  if (any_f4) {
    out << fmt::format("  void* tf_staged[] = {{{}}};\n", fmt::join(staged, ", "));
    for (std::size_t i = 0; i < fn.params().size(); ++i) {
      const auto* t = fn.params()[i]->type()->as<TensorType>();
      if (t == nullptr || t->dtype != DType::f4e2m1()) continue;
      std::string count = "std::int64_t{1}";
      for (std::size_t k = 0; k < t->shape.size(); ++k) count += fmt::format(" * shapes[{}][{}]", i, k);
      out << fmt::format("  tf_rt::F4Stage tf_f4_{0}(&tf_staged[{0}], {1});\n", i, count);
    }
  }
  bool ended = false;  // a Return or an Abort ended the entry
  HostStatementEmitter statements(fn, index, kernels, buffers, prefix, target);
  for (const tir::Stmt& s : fn.body()->body) {
    Result<HostStatement> st = statements.dispatch(*s);
    if (!st.ok()) return placed_at(st.diagnostics(), *s);
    out << st->text;
    if (st->ends) {
      ended = true;
      break;
    }
  }
  // A dispatch returns on every path (its fallback too); anything else ends here.
  if (!ended && (fn.body()->body.empty() || fn.body()->body.back()->as<tir::DispatchCall>() == nullptr)) out << "  return nullptr;\n";
  out << "}\n\n";
  return out.str();
}

}  // namespace tf::cuda::detail
