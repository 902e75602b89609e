#include "eval/hir/evaluator.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "eval/hir/op_eval.h"
#include "eval/value/memory_budget.h"
#include "ir/numerics/convert.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/expr_functor.h"
#include "ir/core/function_call.h"
#include "ir/core/tuple.h"
#include "ir/core/var.h"
#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_ops.h"
#include "ir/hir/body_path.h"
#include "ir/hir/sharding_ops.h"
#include "ir/core/grid_region.h"

namespace tf::eval {
namespace {

// One activation of a function or one loop iteration: variable values, the memo of evaluated
// nodes and the DimVar binding. A loop iteration sees its enclosing scope's values (HIR is pure,
// so a value computed outside the loop is the same inside).
struct Scope {
  const Scope* parent = nullptr;
  const DimBinding* dims = nullptr;
  std::unordered_map<const ExprNode*, Value> vars;
  std::unordered_map<const ExprNode*, Value> memo;

  const Value* find_var(const ExprNode* v) const {
    for (const Scope* s = this; s != nullptr; s = s->parent)
      if (auto it = s->vars.find(v); it != s->vars.end()) return &it->second;
    return nullptr;
  }
  const Value* find_memo(const ExprNode* e) const {
    for (const Scope* s = this; s != nullptr; s = s->parent)
      if (auto it = s->memo.find(e); it != s->memo.end()) return &it->second;
    return nullptr;
  }
};

// Where evaluation is, for the IR path of a diagnostic: the function and the steps of the walk
// (hir::BodyStep: kept cheap, spelled only when something fails).
struct Frame {
  const hir::Function* function;
  std::vector<hir::BodyStep> steps;
};

// A rank-0 integer tensor holding v (wrapped to the dtype's width).
Tensor scalar_i64(DType dtype, std::int64_t v) {
  const std::int64_t vals[1] = {v};
  return from_i64(dtype, {}, vals);
}

class Evaluator final : public ExprFunctor<Result<Value>, Scope&> {
 public:
  Evaluator(const Module& module, const HirEvalOptions& options)
      : module_(module), options_(options) {}

  Result<Value> call_function(const hir::Function& f, std::vector<Value> inputs,
                              const std::map<std::string, std::int64_t>& user_dims) {
    if (frames_.size() >= hir::kMaxCallNesting)
      return located(eval_error(fmt::format("call depth exceeds {} (recursion?) calling @{}",
                                            hir::kMaxCallNesting, f.name())));
    if (inputs.size() != f.params().size())
      return located(usage(fmt::format("@{} takes {} input(s), {} given", f.name(),
                                       f.params().size(), inputs.size())));
    const hir::Function* target = &f;
    if (f.is_prototype()) {
      Result<const hir::Function*> v = select_variant(f, inputs);
      if (!v.ok()) return located_all(v.diagnostics());
      target = *v;
    }
    DimBinding dims;
    if (auto d = bind_dims(*target, inputs, user_dims, dims)) return located(*d);
    Scope scope;
    scope.dims = &dims;
    for (std::size_t i = 0; i < inputs.size(); ++i)
      scope.vars.emplace(target->params()[i].get(), std::move(inputs[i]));
    const PlaceScope here(*this, observing() ? EvalPlace{EvalPlace::Kind::Call, target, ++calls_[target]} : EvalPlace{});
    frames_.push_back(Frame{target, {}});
    Result<Value> r = eval(target->body(), scope);
    frames_.pop_back();
    return r;
  }

 private:
  // ----- diagnostics -------------------------------------------------------------------------

  static Diagnostic usage(std::string message) {
    return category_error(DiagCategory::Usage, std::move(message));
  }

  // The IR path, the function and the source position of the deepest binding on the way (when
  // the function was read from text): hir::placed_in_body.
  Diagnostic located(Diagnostic d) const {
    if (frames_.empty()) return d;
    return hir::placed_in_body(std::move(d), *frames_.back().function, frames_.back().steps);
  }
  std::vector<Diagnostic> located_all(std::vector<Diagnostic> ds) const {
    for (Diagnostic& d : ds) d = located(std::move(d));
    return ds;
  }

  // ----- entry: variants and DimVar binding ---------------------------------------------------

  Result<const hir::Function*> select_variant(const hir::Function& proto,
                                              const std::vector<Value>& inputs) const {
    std::vector<const hir::Function*> hits;
    std::string subject;
    for (const hir::HirFunctionRef& v : proto.variants()) {
      const auto* pat = v->specializations().front()->as<DimVarRangePat>();
      if (pat == nullptr) continue;
      std::optional<hir::DimLocation> at = hir::locate_dim_var(proto.params(), pat->dim_var);
      if (!at || !inputs[at->param].is_tensor()) continue;
      const Shape& shape = inputs[at->param].tensor().shape();
      if (at->axis >= shape.size()) continue;
      std::int64_t extent = shape[at->axis];
      subject = fmt::format("{} = {}", pat->dim_var, extent);
      if (pat->matches(extent)) hits.push_back(v.get());
    }
    if (hits.size() == 1) return hits.front();
    return eval_error(fmt::format("no variant of @{} {} {}", proto.name(),
                                  hits.empty() ? "matches" : "matches uniquely",
                                  subject.empty() ? std::string("its inputs") : subject));
  }

  std::optional<Diagnostic> bind_dims(const hir::Function& f, const std::vector<Value>& inputs,
                                      const std::map<std::string, std::int64_t>& user_dims,
                                      DimBinding& dims) const {
    std::vector<Shape> shapes;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (!inputs[i].is_tensor()) return usage(fmt::format("input {} is a tuple", f.params()[i]->name));
      shapes.push_back(inputs[i].tensor().shape());
    }
    return bind_input_dims(f.name(), f.params(), shapes, dim_vars_of(f), user_dims, dims);
  }

  static Diagnostic with_message(const Diagnostic& e, std::string message) {
    Diagnostic d = e;
    d.message = std::move(message);
    return d;
  }

  // ----- the DAG walk -----------------------------------------------------------------------

  Result<Value> eval(const Expr& e, Scope& scope) {
    const ExprNode* node = e.get();
    if (const Value* v = scope.find_memo(node)) return *v;
    frames_.back().steps.push_back(hir::BodyStep{node});
    Result<Value> r = dispatch(*node, scope);
    if (!r.ok()) return r;  // the steps stay: they are the failure's IR path
    frames_.back().steps.pop_back();
    if (observing()) observe(*node, *r);
    scope.memo.emplace(node, *r);
    return r;
  }

  // ----- the binding observer (binding_observer.h) -------------------------------------------

  bool observing() const { return static_cast<bool>(options_.on_binding); }

  // Tells the observer the value of `node` when a source named it (a parameter's binding has
  // no name: its value is an input).
  void observe(const ExprNode& node, const Value& value) const {
    const BindingInfo* b = node.binding();
    if (b != nullptr && !b->name.empty()) options_.on_binding(BoundValue{node, *b, value, places_});
  }

  // Keeps a step on the chain of places while it lives, when an observer is set.
  class PlaceScope {
   public:
    PlaceScope(Evaluator& ev, EvalPlace p) : ev_(ev.observing() ? &ev : nullptr) {
      if (ev_ != nullptr) ev_->places_.push_back(p);
    }
    ~PlaceScope() {
      if (ev_ != nullptr) ev_->places_.pop_back();
    }
    PlaceScope(const PlaceScope&) = delete;
    PlaceScope& operator=(const PlaceScope&) = delete;

   private:
    Evaluator* ev_;
  };

  // Evaluates the operand `field[index]` of `parent`, recording the step for diagnostics.
  Result<Value> eval_operand(const ExprNode* parent, std::string_view field, std::size_t index,
                             const Expr& e, Scope& scope) {
    frames_.back().steps.push_back(hir::BodyStep{parent, field, static_cast<int>(index)});
    Result<Value> r = eval(e, scope);
    if (r.ok()) frames_.back().steps.pop_back();
    return r;
  }
  Result<Value> eval_operand(const ExprNode* parent, std::string_view field, const Expr& e,
                             Scope& scope) {
    frames_.back().steps.push_back(hir::BodyStep{parent, field});
    Result<Value> r = eval(e, scope);
    if (r.ok()) frames_.back().steps.pop_back();
    return r;
  }

  // ----- one handler per expression kind (ExprFunctor) ----------------------------------------

  Result<Value> on(const Constant& c, Scope&) override { return constant(c); }
  Result<Value> on(const Var& v, Scope& scope) override {
    if (const Value* value = scope.find_var(&v)) return *value;
    return located(eval_error(fmt::format("the variable {} has no value here", v.name)));
  }
  Result<Value> on(const DimVar& v, Scope& scope) override {
    Result<std::int64_t> d = evaluate_dim(Expr(&v), *scope.dims);
    if (!d.ok()) return located_all(d.diagnostics());
    return Value(scalar_i64(DType::i64(), *d));
  }
  Result<Value> on(const ShapeOf& s, Scope& scope) override {
    Result<std::int64_t> d = evaluate_dim(Expr(&s), *scope.dims);
    if (!d.ok()) return located_all(d.diagnostics());
    return Value(scalar_i64(DType::i32(), *d));
  }
  Result<Value> on(const Tuple& t, Scope& scope) override {
    std::vector<Value> items;
    for (std::size_t i = 0; i < t.elements.size(); ++i) {
      Result<Value> v = eval_operand(&t, "elements", i, t.elements[i], scope);
      if (!v.ok()) return v;
      items.push_back(*v);
    }
    return Value::tuple(std::move(items));
  }
  Result<Value> on(const TupleGetItem& g, Scope& scope) override {
    Result<Value> v = eval_operand(&g, "tuple", g.tuple, scope);
    if (!v.ok()) return v;
    TF_CHECK(v->is_tuple() && g.index >= 0 && g.index < static_cast<std::int64_t>(v->items().size()),
             "tuple_get_item({}) of a value that is not a tuple of that size", g.index);
    return v->items()[static_cast<std::size_t>(g.index)];
  }
  Result<Value> on(const Call& c, Scope& scope) override { return call(c, scope); }
  Result<Value> on(const FunctionCall& c, Scope& scope) override { return function_call(c, scope); }
  Result<Value> on(const GridRegionExpr& g, Scope& scope) override { return loop(g, scope); }
  Result<Value> on(const SymbolRef&, Scope&) override {
    return located(eval_error("a function reference is not a value in HIR"));
  }

  Result<Value> constant(const Constant& c) const {
    const auto* t = c.type()->as<TensorType>();
    TF_CHECK(t != nullptr && t->shape.empty(), "a Constant that is not rank 0");
    DType d = t->dtype;
    if (c.is_float()) {
      Tensor out = Tensor::make(d, {});
      out.set_code(0, numerics::encode_f64(c.float_value(), d, numerics::literal_cast_mode(d, c.float_value())));
      return Value(out);
    }
    std::int64_t v = c.is_int() ? c.int_value() : (c.bool_value() ? 1 : 0);
    if (d.is_float()) {
      Tensor out = Tensor::make(d, {});
      out.set_code(0, numerics::encode_f64(static_cast<double>(v), d, numerics::default_cast_mode(d)));
      return Value(out);
    }
    return Value(scalar_i64(d, v));
  }

  // An op handler's result; an allocation over the memory budget (memory_budget.h) or one the
  // system refuses is an eval diagnostic naming the op, the request and the budget.
  Result<Value> run_handler(EvalHirHandler::Fn handler, const OpEvalArgs& a) {
    try {
      return handler(a);
    } catch (const MemoryBudgetExceeded& e) {
      return located(eval_error(memory_budget_message(a.call.op.name(), e)));
    } catch (const std::length_error&) {  // a container asked for more than it can hold
      return located(eval_error(fmt::format("{}: its result is larger than a container can hold",
                                            a.call.op.name())));
    } catch (const std::bad_alloc&) {
      return located(eval_error(fmt::format("{}: the system refused the memory its result needs "
                                            "(lower --max-memory to fail earlier)",
                                            a.call.op.name())));
    }
  }

  Result<Value> call(const Call& c, Scope& scope) {
    std::vector<Value> args;
    args.reserve(c.args.size());
    for (std::size_t i = 0; i < c.args.size(); ++i) {
      Result<Value> v = eval_operand(&c, "args", i, c.args[i], scope);
      if (!v.ok()) return v;
      args.push_back(std::move(v).value());
    }
    if (std::optional<Diagnostic> over = take_steps(1)) return located(*over);
    if (options_.on_op) options_.on_op(c);
    if (std::optional<DimOpKind> k = dim_op_kind(c.op)) return dim_call(c, *k, args);
    const OpHandlers& handlers = *options_.handlers;
    if (!handlers.has<EvalHirHandler>(c.op))
      return located(eval_error(fmt::format("{}: the HIR evaluator has no handler for this op",
                                            c.op.name())));
    OpEvalArgs a{c, args, *scope.dims};
    Result<Value> r = run_handler(handlers.get<EvalHirHandler>(c.op), a);
    if (!r.ok()) {
      std::vector<Diagnostic> ds = r.diagnostics();
      for (Diagnostic& d : ds) {
        if (d.message.rfind(std::string(c.op.name()), 0) != 0)
          d.message = fmt::format("{}: {}", c.op.name(), d.message);
        d = located(std::move(d));
      }
      return ds;
    }
    check_result(c, *r, *scope.dims);
    return r;
  }

  // The handler contract (op_eval.h): the inferred dtype always, the inferred shape where it
  // resolves. hir.sharding.Local keeps the logical value (docs/hir-semantics.md) and is exempt.
  static void check_result(const Call& c, const Value& v, const DimBinding& dims) {
    const auto* t = c.type()->as<TensorType>();
    if (t == nullptr) return;
    TF_CHECK(v.is_tensor(), "{} returned a tuple for a tensor type", c.op.name());
    TF_CHECK(v.tensor().dtype() == t->dtype, "{} returned {} for the inferred dtype {}",
             c.op.name(), v.tensor().dtype().name(), t->dtype.name());
    if (hir::sharding_op_kind(c.op) == hir::ShardingOp::Local) return;
    Result<Shape> want = resolve_shape(t->shape, dims);
    if (want.ok())
      TF_CHECK(*want == v.tensor().shape(), "{} returned shape {} for the inferred shape {}",
               c.op.name(), shape_text(v.tensor().shape()), shape_text(*want));
  }

  Result<Value> dim_call(const Call& c, DimOpKind kind, const std::vector<Value>& args) {
    std::int64_t ab[2] = {0, 0};
    for (std::size_t i = 0; i < 2; ++i) {
      const Tensor& t = args[i].tensor();
      TF_CHECK(t.size() == 1 && (t.dtype().is_integer()), "a dim operand that is not an int scalar");
      ab[i] = to_i64(t)[0];
    }
    Result<std::int64_t> r = apply_dim_op(kind, ab[0], ab[1]);
    if (!r.ok()) return located_all(r.diagnostics());
    const auto* t = c.type()->as<TensorType>();
    return Value(scalar_i64(t->dtype, *r));
  }

  Result<Value> function_call(const FunctionCall& fc, Scope& scope) {
    const FunctionBase* callee = module_.find(fc.callee);
    if (callee == nullptr || callee->kind() != FunctionKind::Hir)
      return located(eval_error(fmt::format("@{} is not an HIR function of this module", fc.callee)));
    std::vector<Value> args;
    for (std::size_t i = 0; i < fc.args.size(); ++i) {
      Result<Value> v = eval_operand(&fc, "args", i, fc.args[i], scope);
      if (!v.ok()) return v;
      args.push_back(std::move(v).value());
    }
    const auto& f = static_cast<const hir::Function&>(*callee);
    // A call is a step: a call tree may be exponentially wide without a single op (@f calling
    // @g twice, @g calling @h twice, ...).
    if (std::optional<Diagnostic> spent = take_steps(1)) return located(*spent);
    frames_.back().steps.push_back(hir::BodyStep{&fc});
    Result<Value> r = call_function(f, std::move(args), {});
    if (r.ok()) frames_.back().steps.pop_back();
    return r;
  }

  Result<std::int64_t> bound(const ShapeDim& d, const Scope& scope) const {
    if (d.is_static()) return d.value();
    Result<std::int64_t> v = evaluate_dim(d.expr(), *scope.dims);
    if (!v.ok()) return located_all(v.diagnostics());
    return v;
  }

  Result<Value> loop(const GridRegionExpr& g, Scope& scope) {
    Result<std::int64_t> start = bound(g.start(), scope);
    TF_TRY(start);
    Result<std::int64_t> stop = bound(g.stop(), scope);
    TF_TRY(stop);
    Result<std::int64_t> step = bound(g.step(), scope);
    TF_TRY(step);
    if (*start < 0 || *stop < 0 || *step <= 0)
      return located(eval_error(fmt::format("loop range({}, {}, {}) needs start >= 0, stop >= 0 "
                                            "and step > 0",
                                            *start, *stop, *step)));
    std::vector<Value> carried;
    for (std::size_t k = 0; k < g.inits().size(); ++k) {
      Result<Value> v = eval_operand(&g, "inits", k, g.inits()[k], scope);
      if (!v.ok()) return v;
      carried.push_back(*v);
    }
    const DType index_dtype = g.induction_var()->type()->as<TensorType>()->dtype;
    std::optional<Value> last;
    const std::int64_t trips = *stop > *start ? (*stop - *start - 1) / *step + 1 : 0;
    if (trips > step_budget() - steps_)  // refused before the first trip, not after hours
      return located(eval_error(fmt::format("the loop range({}, {}, {}) runs {} trips, more than "
                                            "the {} steps left of the budget of {} (op calls, "
                                            "function calls and loop trips; --max-steps)",
                                            *start, *stop, *step, trips, step_budget() - steps_,
                                            step_budget())));
    for (std::int64_t k = 0; k < trips; ++k) {
      if (std::optional<Diagnostic> over = take_steps(1)) return located(*over);
      const std::int64_t i = *start + k * *step;
      Scope iteration;
      iteration.parent = &scope;
      iteration.dims = scope.dims;
      const PlaceScope here(*this, EvalPlace{EvalPlace::Kind::Iteration, nullptr, 0, g.induction_var().get(), i});
      iteration.vars.emplace(g.induction_var().get(), Value(scalar_i64(index_dtype, i)));
      for (std::size_t c = 0; c < carried.size(); ++c)
        iteration.vars.emplace(g.carried()[c].get(), carried[c]);
      if (carried.empty()) {
        Result<Value> v = eval_operand(&g, "body", g.body(), iteration);
        if (!v.ok()) return v;
        last = *v;
        continue;
      }
      std::vector<Value> next;
      for (std::size_t y = 0; y < g.yields().size(); ++y) {
        Result<Value> v = eval_operand(&g, "yields", y, g.yields()[y], iteration);
        if (!v.ok()) return v;
        next.push_back(*v);
      }
      carried = std::move(next);  // every phi takes its new value at once
    }
    if (carried.empty()) {
      if (!last)
        return located(eval_error(fmt::format("a loop without carries over the empty range({}, "
                                              "{}, {}) has no value",
                                              *start, *stop, *step)));
      return *last;
    }
    if (carried.size() == 1) return carried.front();
    return Value::tuple(std::move(carried));
  }

  // ----- the step budget and interruption ---------------------------------------------------

  std::int64_t step_budget() const {
    return options_.limits.steps();
  }
  // Counts `n` steps (an op call, a loop trip); a diagnostic when the budget is spent or the
  // user interrupted the run.
  std::optional<Diagnostic> take_steps(std::int64_t n) {
    if (interrupt_requested()) return eval_error("interrupted (Ctrl-C)");
    steps_ += n;
    if (steps_ > step_budget())
      return eval_error(fmt::format("the evaluation took more than {} steps (op calls, function calls and loop "
                                    "trips); raise --max-steps",
                                    step_budget()));
    return std::nullopt;
  }

  const Module& module_;
  const HirEvalOptions& options_;
  std::vector<Frame> frames_;
  std::int64_t steps_ = 0;
  // With an observer only: where evaluation is, and the activations of each function so far.
  std::vector<EvalPlace> places_;
  std::unordered_map<const hir::Function*, std::int64_t> calls_;
};

}  // namespace

namespace {
std::atomic<bool> interrupt_flag{false};  // lock-free: set from a signal handler
static_assert(std::atomic<bool>::is_always_lock_free);
}  // namespace

void request_interrupt() { interrupt_flag.store(true, std::memory_order_relaxed); }
void clear_interrupt() { interrupt_flag.store(false, std::memory_order_relaxed); }
bool interrupt_requested() { return interrupt_flag.load(std::memory_order_relaxed); }

std::string memory_budget_message(std::string_view op, const MemoryBudgetExceeded& e) {
  const std::string need = e.requested == std::numeric_limits<std::int64_t>::max()
                               ? std::string("more than 2^63")
                               : fmt::format("{}", e.requested);
  return fmt::format("{}: its result needs {} bytes with {} live; the memory budget is {} bytes "
                     "(--max-memory)",
                     op, need, e.live, e.limit);
}

Result<Value> evaluate_function(const Module& module, const hir::Function& function,
                                std::vector<Value> inputs, const HirEvalOptions& options) {
  TF_CHECK(options.handlers != nullptr, "evaluate_function without op handler tables");
  // The caller's budget scope stands (tf eval installs one before building the inputs).
  std::optional<MemoryBudgetScope> budget;
  if (!MemoryBudgetScope::active())
    budget.emplace(options.limits.memory_bytes());
  Evaluator ev(module, options);
  return ev.call_function(function, std::move(inputs), options.dims);
}

}  // namespace tf::eval
