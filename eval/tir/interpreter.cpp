// The statement interpreter of one thread (thread_runner.h): the frame stack, control flow,
// Evaluate of ops and calls, Launch, DispatchCall, and a thread's exit.
#include <fmt/format.h>

#include "eval/hir/evaluator.h"
#include "eval/hir/op_eval.h"
#include "eval/value/memory_budget.h"
#include "eval/tir/thread_runner.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_ops.h"
#include "eval/value/tensor_convert.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/terminators.h"
#include "ir/type/tensor_type.h"

namespace tf::eval::tir {

namespace {

// How a memory-budget diagnostic names the statement that allocated: the op of an Evaluate, the
// value of a let, else the statement's kind.
std::string statement_name(const ir::StmtNode& s) {
  if (s.kind() == ir::StmtKind::Evaluate) {
    const auto& e = static_cast<const ir::Evaluate&>(s);
    return e.is_op() ? std::string(e.call().op.surface()) : fmt::format("the call of @{}", e.symbol().name);
  }
  if (s.kind() == ir::StmtKind::LetStmt) return fmt::format("let {}", static_cast<const ir::LetStmt&>(s).var->name);
  return std::string(ir::stmt_kind_name(s.kind()));
}

}  // namespace

std::string thread_name(const ThreadPos& p) {
  if (p.block == 1 && p.grid == 1) return "the thread";
  return fmt::format("CTA {} thread {} (warp {}, lane {})", p.cta, p.tid, p.tid / 32, p.tid % 32);
}

Fault ThreadRunner::run() {
  while (t_.status == Thread::Status::Runnable) {
    if (t_.frames.empty()) return exit_thread();
    Frame& f = t_.frames.back();
    if (f.next >= f.body->size()) {
      if (Fault x = finish_frame()) return x;
      continue;
    }
    const ir::StmtNode& s = *(*f.body)[f.next++];
    current_ = &s;
    if (Fault x = m_.take_step(&s)) return x;
    try {
      if (Fault x = step(s)) return x;
    } catch (const MemoryBudgetExceeded& e) {  // scratch or a buffer over --max-memory: at the statement
      return eval_error_at(m_, current_, memory_budget_message(statement_name(*current_), e));
    }
  }
  return std::nullopt;
}

Frame& ThreadRunner::push_frame(Frame::Kind kind, const ir::Sequential* body) {
  Frame f;
  f.kind = kind;
  f.body = body;
  t_.frames.push_back(f);
  return t_.frames.back();
}

Fault ThreadRunner::finish_frame() {
  Frame& f = t_.frames.back();
  switch (f.kind) {
    case Frame::Kind::Block:
      t_.frames.pop_back();
      return std::nullopt;
    case Frame::Kind::Scope:
      t_.frames.pop_back();
      t_.scopes.pop_back();
      return std::nullopt;
    case Frame::Kind::Call:
      t_.frames.pop_back();
      t_.calls.pop_back();
      return std::nullopt;
    case Frame::Kind::For: {
      // The next index, unless it reaches the stop or leaves int64 (which is past any stop).
      std::int64_t next = 0;
      if (!__builtin_add_overflow(f.value, f.step, &next) && next < f.stop) {
        f.value = next;
        if (Fault x = m_.take_step(f.for_loop)) return x;
        activation().bind(*f.for_loop->induction_var, RtValue::integer(f.value));
        f.next = 0;
      } else {
        t_.frames.pop_back();
      }
      return std::nullopt;
    }
    case Frame::Kind::While: {
      current_ = f.while_loop;
      Result<bool> again = eval_condition(f.while_loop->cond);
      if (!again.ok()) return again.diagnostics().front();
      if (*again) {
        if (Fault x = m_.take_step(f.while_loop)) return x;
        t_.frames.back().next = 0;
      } else {
        t_.frames.pop_back();
      }
      return std::nullopt;
    }
  }
  TF_UNREACHABLE("bad Frame::Kind");
}

Fault ThreadRunner::step(const ir::StmtNode& s) {
  switch (s.kind()) {
    case ir::StmtKind::Sequential:
      push_frame(Frame::Kind::Block, &static_cast<const ir::Sequential&>(s));
      return std::nullopt;
    case ir::StmtKind::LetStmt:
      return let(static_cast<const ir::LetStmt&>(s));
    case ir::StmtKind::For: {
      const auto& loop = static_cast<const ir::For&>(s);
      Result<std::int64_t> start = eval_int(loop.start), stop = eval_int(loop.stop), stride = eval_int(loop.step);
      if (!start.ok()) return start.diagnostics().front();
      if (!stop.ok()) return stop.diagnostics().front();
      if (!stride.ok()) return stride.diagnostics().front();
      if (*stride <= 0)
        return eval_error_at(m_, &s, fmt::format("for: the step is {}; a TIR loop counts up by a positive step", *stride));
      if (*start >= *stop) return std::nullopt;
      // The trip count, exact in unsigned arithmetic (stop - start may pass INT64_MAX); a loop
      // that cannot finish within the steps left is refused before its first trip, not after hours.
      const std::uint64_t span = static_cast<std::uint64_t>(*stop) - static_cast<std::uint64_t>(*start);
      const std::uint64_t trips = (span - 1) / static_cast<std::uint64_t>(*stride) + 1;
      if (trips > static_cast<std::uint64_t>(m_.steps_left()))
        return eval_error_at(m_, &s,
                             fmt::format("the loop range({}, {}, {}) runs {} trips, more than the {} steps left of the "
                                         "budget of {} statements (--max-steps)",
                                         *start, *stop, *stride, trips, m_.steps_left(), m_.options().limits.steps()));
      activation().bind(*loop.induction_var, RtValue::integer(*start));
      Frame& f = push_frame(Frame::Kind::For, loop.body.get());
      f.for_loop = &loop;
      f.value = *start;
      f.stop = *stop;
      f.step = *stride;
      return std::nullopt;
    }
    case ir::StmtKind::While: {
      const auto& loop = static_cast<const ir::While&>(s);
      Result<bool> go = eval_condition(loop.cond);
      if (!go.ok()) return go.diagnostics().front();
      if (!*go) return std::nullopt;
      push_frame(Frame::Kind::While, loop.body.get()).while_loop = &loop;
      return std::nullopt;
    }
    case ir::StmtKind::If: {
      const auto& branch = static_cast<const ir::If&>(s);
      Result<bool> taken = eval_condition(branch.cond);
      if (!taken.ok()) return taken.diagnostics().front();
      const ir::Sequential* body = *taken ? branch.then_body.get() : branch.else_body.get();
      if (body != nullptr) push_frame(Frame::Kind::Block, body);
      return std::nullopt;
    }
    case ir::StmtKind::MeshScope: {
      const auto& scope = static_cast<const ir::MeshScope&>(s);
      Result<std::optional<MeshPlace>> place = m_.place(scope.mesh, t_.pos);
      if (!place.ok()) {
        Diagnostic d = place.diagnostics().front();
        d.location = m_.location_of(&s);
        return d;
      }
      if (!*place) return std::nullopt;  // not a position of the mesh: the body is not ours
      t_.scopes.push_back(scope.mesh);
      push_frame(Frame::Kind::Scope, scope.body.get());
      return std::nullopt;
    }
    case ir::StmtKind::Return:
      while (!t_.frames.empty()) {
        const Frame::Kind k = t_.frames.back().kind;
        if (k == Frame::Kind::Scope) t_.scopes.pop_back();
        t_.frames.pop_back();
        if (k == Frame::Kind::Call) {
          t_.calls.pop_back();
          return std::nullopt;
        }
      }
      return std::nullopt;  // an empty stack: run() exits the thread
    case ir::StmtKind::Evaluate:
      return evaluate(static_cast<const ir::Evaluate&>(s));
    case ir::StmtKind::DispatchCall:
      return dispatch(static_cast<const ir::DispatchCall&>(s));
    case ir::StmtKind::Abort: {
      const auto& a = static_cast<const ir::Abort&>(s);
      return eval_error_at(m_, &s, fmt::format("abort reached by {}{}", thread_name(t_.pos),
                                          a.message.empty() ? "" : ": " + a.message));
    }
    case ir::StmtKind::Intrinsic:
      return eval_error_at(m_, &s, fmt::format("the intrinsic `{}` has a verifier but no execution semantics",
                                          static_cast<const ir::Intrinsic&>(s).def->name));
    case ir::StmtKind::PrimFunction:
      return eval_error_at(m_, &s, "a prim_func nested in a body does not execute");
  }
  TF_UNREACHABLE("bad StmtKind");
}

Fault ThreadRunner::let(const ir::LetStmt& s) {
  Result<RtValue> v = [&]() -> Result<RtValue> {
    if (const Call* c = s.value->as<Call>(); c != nullptr && ir::tir_op_kind(c->op)) {
      try {
        return value_op(*c, s.var->name);
      } catch (const MemoryBudgetExceeded& e) {  // an allocation over --max-memory: at the let, naming its value
        return eval_error_at(m_, &s, memory_budget_message(fmt::format("{} of {}", c->op.surface(), s.var->name), e));
      }
    }
    return eval(s.value);
  }();
  if (!v.ok()) return v.diagnostics().front();
  if (m_.options().on_allocation && v->kind == RtValue::Kind::View) {
    const auto* c = s.value->as<Call>();
    if (c != nullptr && ir::tir_op_kind(c->op) == ir::TirOp::AllocTensor)
      m_.options().on_allocation(AllocationEvent{s, v->view, t_.pos, g_.launch, activation().call_path});
  }
  activation().bind(*s.var, std::move(v).value());
  push_frame(Frame::Kind::Block, s.body.get());
  return std::nullopt;
}

Fault ThreadRunner::evaluate(const ir::Evaluate& e) {
  if (!e.is_op()) {
    Result<FunctionRef> f = m_.module().lookup(e.symbol().name);
    const auto* callee = f.ok() ? (*f)->as<ir::PrimFunction>() : nullptr;
    if (callee == nullptr) return eval_error_at(m_, &e, fmt::format("@{} is not a prim_func of the module", e.symbol().name));
    return call_function(*callee, e.args(), e);
  }
  const Call& c = e.call();
  const ir::TirOp op = *ir::tir_op_kind(c.op);
  const std::uint32_t site = m_.site_id(&e);
  switch (op) {
    case ir::TirOp::Copy: return copy(c);
    case ir::TirOp::Fill: return fill(c);
    case ir::TirOp::Binary:
    case ir::TirOp::Unary:
    case ir::TirOp::ReLU: return elementwise(c, op);
    case ir::TirOp::RMSNorm: return rms_norm(c);
    case ir::TirOp::Reduce: return reduce(c);
    case ir::TirOp::Mma: return mma(e, c);
    case ir::TirOp::Sync: return sync(e, c);
    case ir::TirOp::CopyAsync: return copy_async(c, site);
    case ir::TirOp::CpAsyncCommit: return commit_group();
    case ir::TirOp::CpAsyncWait: return wait_group(std::get<std::int64_t>(c.attr("n")));
    case ir::TirOp::Launch: {
      if (!g_.host) return eval_error_at(m_, &e, "launch runs only in a host function");
      const auto* ref = c.args[0]->as<SymbolRef>();
      Result<FunctionRef> f = m_.module().lookup(ref->name);
      const auto* kernel = f.ok() ? (*f)->as<ir::PrimFunction>() : nullptr;
      if (kernel == nullptr) return eval_error_at(m_, &e, fmt::format("@{} is not a prim_func of the module", ref->name));
      // The launch as the program asks for it; the launch validator (ir/tir/launch_check.h) judges it.
      ir::LaunchShape shape;
      for (int i = 0; i < 6; ++i) {
        Result<std::int64_t> x = eval_int(c.args[static_cast<std::size_t>(1 + i)]);
        if (!x.ok()) return x.diagnostics().front();
        (i < 3 ? shape.grid[i] : shape.block[i - 3]) = *x;
      }
      if (const auto* cluster = std::get_if<std::vector<std::int64_t>>(&c.attr("cluster")))
        for (std::size_t i = 0; i < cluster->size() && i < 3; ++i) shape.cluster[i] = (*cluster)[i];
      if (const auto* smem = std::get_if<std::int64_t>(&c.attr("dynamic_smem"))) shape.dynamic_smem = *smem;
      std::vector<RtValue> forwarded;
      for (std::size_t i = 7; i < c.args.size(); ++i) {
        Result<RtValue> v = eval(c.args[i]);
        if (!v.ok()) return v.diagnostics().front();
        forwarded.push_back(*v);
      }
      const std::vector<std::optional<ir::HiddenShapeSource>> hidden = ir::hidden_shape_params(*kernel);
      std::vector<RtValue> args(kernel->params().size());
      std::size_t next = 0;
      for (std::size_t i = 0; i < args.size(); ++i) {
        if (hidden[i]) continue;
        if (next >= forwarded.size()) return eval_error_at(m_, &e, fmt::format("launch forwards {} arguments; @{} needs more", forwarded.size(), kernel->name()));
        args[i] = forwarded[next++];
      }
      for (std::size_t i = 0; i < args.size(); ++i) {
        if (!hidden[i]) continue;
        const RtValue& t = args[hidden[i]->tensor_param];
        if (t.kind != RtValue::Kind::View) return eval_error_at(m_, &e, "launch: a hidden extent's tensor is not a tensor");
        args[i] = RtValue::integer(t.view->shape[static_cast<std::size_t>(hidden[i]->axis)]);
      }
      return m_.launch(*kernel, std::move(args), shape, false, &e);
    }
    case ir::TirOp::AllocTensor:
    case ir::TirOp::MemorySpan:
    case ir::TirOp::PtrOf:
    case ir::TirOp::TensorView:
      return eval_error_at(m_, &e, fmt::format("{} is a value op; it runs as a let value", c.op.name()));
  }
  TF_UNREACHABLE("bad TirOp");
}

Fault ThreadRunner::call_function(const ir::PrimFunction& callee, const std::vector<Expr>& args,
                                  const ir::StmtNode& site) {
  if (callee.params().size() != args.size())
    return eval_error_at(m_, &site, fmt::format("@{} takes {} arguments, given {}", callee.name(), callee.params().size(), args.size()));
  if (t_.calls.size() >= ir::kMaxCallNesting)
    return eval_error_at(m_, &site, fmt::format("@{}: calls nest deeper than {}", callee.name(), ir::kMaxCallNesting));
  Activation a = m_.activation_of(callee);
  a.call_path = m_.call_path(activation().call_path, &site);
  a.barrier_ids = activation().barrier_ids;  // the kernel's allocation covers its callees' sites
  for (std::size_t i = 0; i < args.size(); ++i) {
    Result<RtValue> v = eval(args[i]);
    if (!v.ok()) return v.diagnostics().front();
    a.bind(*callee.params()[i], *v);
  }
  t_.calls.push_back(std::move(a));
  push_frame(Frame::Kind::Call, callee.body().get());
  return std::nullopt;
}

Fault ThreadRunner::dispatch(const ir::DispatchCall& d) {
  std::vector<std::int64_t> subjects;
  for (const Expr& s : d.subjects) {
    Result<std::int64_t> v = eval_int(s);
    if (!v.ok()) return v.diagnostics().front();
    subjects.push_back(*v);
  }
  for (std::size_t i = 0; i < d.case_patterns.size(); ++i) {
    bool all = d.case_patterns[i].size() == subjects.size();
    for (std::size_t j = 0; all && j < subjects.size(); ++j) all = matches(d.case_patterns[i][j], subjects[j]);
    if (!all) continue;
    const ir::Evaluate& call = *d.case_calls[i];
    if (m_.options().trace && !m_.options().trace_summary)
      m_.note(fmt::format("{}: dispatch {} takes case {}", m_.location_of(&d).str(), d.callee_name, i));
    return evaluate(call);
  }
  push_frame(Frame::Kind::Block, d.fallback.get());
  return std::nullopt;
}

Fault ThreadRunner::exit_thread() {
  t_.status = Thread::Status::Exited;
  for (const auto& group : t_.committed)
    if (!group.empty())
      return ub_diagnostic(UbKind::CpAsyncUnwaited,
                           fmt::format("{} exits with a committed cp.async group never waited for", thread_name(t_.pos)),
                           m_.site_location(group.front().site), std::nullopt);
  if (!t_.open_group.empty())
    return ub_diagnostic(UbKind::CpAsyncUnwaited,
                         fmt::format("{} exits with a cp.async copy never committed or waited for", thread_name(t_.pos)),
                         m_.site_location(t_.open_group.front().site), std::nullopt);
  return m_.thread_exited(g_, c_, t_);
}

}  // namespace tf::eval::tir
