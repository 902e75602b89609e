// The rules that are not ops (docs/lowering.md): literals, grid loops, calls, tuple items. Each
// lowers under the StrategyContext its caller passes, which it hands on to what it lowers.
#include <fmt/format.h>

#include <cmath>

#include <set>
#include <unordered_set>

#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/expr_children.h"
#include "ir/dim/dim_eval.h"
#include "ir/hir/function.h"
#include "ir/tir/control_stmts.h"
#include "lower/call_graph.h"
#include "lower/element_loops.h"
#include "lower/rule_support.h"

namespace tf::lower {

namespace {

// A DimVar the body of `fn` (what its returned values reach) mentions that no parameter type
// carries, if any: in HIR a call binds the callee's DimVars from its arguments only, so such a
// call has no value for it (an eval error).
std::optional<std::string> unbound_dim_var(const hir::Function& fn) {
  std::set<std::string> bound, used;
  for (const VarRef& p : fn.params()) dim_names(p->type(), bound);
  for_each_node(*fn.body(), [&](const ExprNode& e) {
    dim_names(e.type(), used);
    if (const auto* g = e.as<GridRegionExpr>())
      for (const ShapeDim* d : {&g->start(), &g->stop(), &g->step()}) dim_names(*d, used);
  });
  for (const std::string& name : used)
    if (bound.count(name) == 0) return name;
  return std::nullopt;
}

}  // namespace

// `let c = alloc_tensor(Tensor[(), D, storage=rmem]); fill(c, literal)`, the literal a rank-0
// register literal of c's dtype and payload (D7: TIR literals are rmem scalars).
Result<Expr> lower_constant(LoweringContext& lc, const StrategyContext& strategy, const Constant& c) {
  const TensorType& type = *tensor_type_of(c);
  // A narrow float literal is written by its code, which tfir cannot print as a value: the fill
  // takes its exact value as an f32 literal and converts it back (every finite code's value is an
  // f32, and a conversion keeps a representable value). An infinite one (e5m2's) would saturate
  // under the fill's default conversion: it is an f32 infinity cast with saturate=false, which
  // keeps it. A NaN one converts to the dtype's NaN (e4m3's two NaN codes are one class, which is
  // what the levels compare, D5). f4e2m1 takes no conversion at all (seed 000 section 3: "f4e2m1
  // has no evaluator Cast", TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported).
  DType literal_dtype = type.dtype;
  bool infinite = false;
  if (type.dtype.is_float() && !(type.dtype == DType::f32() || type.dtype == DType::f16() || type.dtype == DType::bf16())) {
    const double* v = std::get_if<double>(&c.value);
    if (type.dtype == DType::f4e2m1() || v == nullptr) return f4e2m1_refusal(lc, c, "the f4e2m1 literal");
    literal_dtype = DType::f32();
    infinite = std::isinf(*v);
  }
  Result<TensorTypeRef> scalar = TensorType::make({}, literal_dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(scalar);
  Result<ConstantRef> lit = Constant::make(c.value, IRType(*scalar));
  TF_TRY(lit);
  Result<Expr> buf = alloc_value(lc, strategy, type, type.dtype, "c");
  TF_TRY(buf);
  if (infinite) {
    Result<Expr> wide = alloc_value(lc, strategy, **scalar, DType::f32(), "c_f32");
    TF_TRY(wide);
    Result<bool> fill = lc.emit(tir::TirOp::Fill, {*wide, Expr(*lit)});
    TF_TRY(fill);
    Result<bool> cast = lc.emit(tir::TirOp::Unary, {*wide, *buf}, {tir::kind_attr(UnaryKind::Cast), {"saturate", false}});
    TF_TRY(cast);
    return *buf;
  }
  Result<bool> fill = lc.emit(tir::TirOp::Fill, {*buf, Expr(*lit)});
  TF_TRY(fill);
  return *buf;
}

namespace {

// HIR's eval error for a loop without carries that runs no trip: an abort when start >= stop,
// checked at run time for a symbolic bound, unconditional for a static empty range, and none for
// a static non-empty one. (A step is positive or HIR errs for every loop, so a range is empty
// exactly when start >= stop.)
Result<bool> abort_when_empty(LoweringContext& lc, const GridRegionExpr& g) {
  const std::string message = "a loop without carries over an empty range has no value";
  if (g.start().is_static() && g.stop().is_static())
    return g.stop().value() > g.start().value() ? Result<bool>(true) : append_abort(lc, message);
  Result<Expr> start = integer_buffer(lc, DType::i64(), g.start(), "loop_start");
  TF_TRY(start);
  Result<Expr> stop = integer_buffer(lc, DType::i64(), g.stop(), "loop_stop");
  TF_TRY(stop);
  Result<Expr> empty = flag(lc, BinaryKind::Ge, *start, *stop, "loop_empty");
  TF_TRY(empty);
  return when(lc, *empty, [&] { return append_abort(lc, message); });
}

}  // namespace

// for i in range(start, stop, step) carry (c = init, ...) { ...; yield (y, ...) }:
//   acc_k = copy of init_k
//   for i in range(start, stop, step) {
//     let ib = alloc_tensor(Tensor[(), index dtype, storage=rmem]); fill(ib, i)   (the index as a tensor)
//     ...the body, with c_k bound to acc_k...
//     tmp_k = copy of y_k (all yields first: the phis are simultaneous); copy(tmp_k, acc_k)
//   }
// The loop's value is acc_0, or its parts acc_0, acc_1, ... A loop without carries keeps its
// last iteration's body value in a result buffer; over an empty range it has none (HIR's eval
// error), so `if start >= stop { abort }` comes first (abort_when_empty).
Result<Expr> lower_loop(LoweringContext& lc, const StrategyContext& strategy, const GridRegionExpr& g) {
  const bool carried = !g.carried().empty();
  if (!carried) {
    Result<bool> checked = abort_when_empty(lc, g);
    TF_TRY(checked);
  }
  std::vector<Expr> accs;
  for (std::size_t k = 0; k < g.carried().size(); ++k) {
    Result<Expr> init = lower_value(lc, strategy, g.inits()[k]);
    TF_TRY(init);
    Result<Expr> acc = copy_of(lc, strategy, *init, g.carried()[k]->name);
    TF_TRY(acc);
    accs.push_back(*acc);
  }
  std::optional<Expr> result;
  if (!carried) {
    const TensorType* type = tensor_type_of(g);
    if (type == nullptr) return lc.refusal(g, "the loop", "its body is not a tensor");
    Result<Expr> r = alloc_value(lc, strategy, *type, type->dtype, "loop_value");
    TF_TRY(r);
    result = *r;
  }
  Result<TensorTypeRef> i64 = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(i64);
  Result<VarRef> iv = Var::make(g.induction_var()->name, IRType(*i64));
  TF_TRY(iv);
  lc.open_body();
  lc.enter_loop();
  auto body = [&]() -> Result<bool> {
    // The HIR index as a rank-0 tensor of its dtype.
    const TensorType& index_type = *tensor_type_of(*g.induction_var());
    Result<Expr> ib = alloc_value(lc, strategy, *i64.value(), DType::i64(), g.induction_var()->name + "_t");
    TF_TRY(ib);
    Result<bool> f = lc.emit(tir::TirOp::Fill, {*ib, Expr(*iv)});
    TF_TRY(f);
    Expr index = *ib;
    if (index_type.dtype != DType::i64()) {
      Result<Expr> narrow = alloc_value(lc, strategy, index_type, index_type.dtype, g.induction_var()->name + "_c");
      TF_TRY(narrow);
      Result<bool> cast = lc.emit(tir::TirOp::Unary, {*ib, *narrow}, {tir::kind_attr(UnaryKind::Cast)});
      TF_TRY(cast);
      index = *narrow;
    }
    lc.remember(g.induction_var().get(), index);
    for (std::size_t k = 0; k < accs.size(); ++k) lc.remember(g.carried()[k].get(), accs[k]);
    if (!carried) {
      Result<Expr> v = lower_value(lc, strategy, g.body());
      TF_TRY(v);
      return lc.emit(tir::TirOp::Copy, {*v, *result});
    }
    std::vector<Expr> next;
    for (std::size_t k = 0; k < accs.size(); ++k) {
      Result<Expr> y = lower_value(lc, strategy, g.yields()[k]);
      TF_TRY(y);
      Result<Expr> t = copy_of(lc, strategy, *y, "next");
      TF_TRY(t);
      next.push_back(*t);
    }
    for (std::size_t k = 0; k < accs.size(); ++k) {
      Result<bool> c = lc.emit(tir::TirOp::Copy, {next[k], accs[k]});
      TF_TRY(c);
    }
    return true;
  }();
  lc.leave_loop();
  Result<tir::SequentialRef> inner = lc.close_body();
  TF_TRY(body);
  TF_TRY(inner);
  Result<Expr> start = extent_value(g.start()), stop = extent_value(g.stop()), step = extent_value(g.step());
  TF_TRY(start);
  TF_TRY(stop);
  TF_TRY(step);
  Result<Ref<const tir::For>> loop = tir::For::make(*iv, *start, *stop, *step, *inner);
  TF_TRY(loop);
  lc.append(*loop);
  if (!carried) return *result;
  if (accs.size() > 1) lc.remember_parts(&g, accs);
  return accs[0];
}

Result<Expr> lower_dispatch_call(LoweringContext& lc, const StrategyContext& strategy, const FunctionCall& call,
                                 const hir::Function& proto);
Result<Expr> lower_inlined(LoweringContext& lc, const StrategyContext& strategy, const FunctionCall& call,
                           const hir::Function& fn);

// @g(args): g's body inlined with its parameters bound to the lowered arguments (each call
// lowers the body again: its nodes mean other values there). A tuple-valued callee gives parts.
// HirToTirPass refuses recursion and calls nested deeper than HIR runs before lowering
// (call_graph.h); the depth check here only keeps the inlining bounded whatever the caller.
Result<Expr> lower_function_call(LoweringContext& lc, const StrategyContext& strategy, const FunctionCall& call) {
  const auto* callee = function_as<hir::Function>(lc.calls().find(call.callee));
  if (callee == nullptr)
    return lc.refusal(call, fmt::format("the call of @{}", call.callee), "the callee is not an HIR function of the module");
  if (callee->is_prototype()) return lower_dispatch_call(lc, strategy, call, *callee);
  return lower_inlined(lc, strategy, call, *callee);
}

// @f(args) of a dispatch prototype f inside a kernel (docs/lowering.md, "Dispatch"): the result
// allocated, then one `if` per variant whose range admits the argument's extent at f's dispatch
// axis, inlining that variant and copying its value into the result, and an abort when none
// does (HIR's eval error). The variants test one DimVar over disjoint ranges (as a dispatcher's
// must), so at most one branch runs. A static extent picks its variant (or the abort) here.
Result<Expr> lower_dispatch_call(LoweringContext& lc, const StrategyContext& strategy, const FunctionCall& call,
                                 const hir::Function& proto) {
  const std::string what = fmt::format("the call of @{}", call.callee);
  std::vector<std::pair<const DimVarRangePat*, const hir::Function*>> variants;
  for (const hir::HirFunctionRef& v : proto.variants()) {
    const auto* pat = v->specializations().empty() ? nullptr : v->specializations().front()->as<DimVarRangePat>();
    if (pat == nullptr || (!variants.empty() && pat->dim_var != variants.front().first->dim_var))
      return lc.refusal(call, what, "its variants are not selected by DimVarRangePats over one DimVar");
    for (const auto& [r, f] : variants)
      if (pat->lo < r->hi && r->lo < pat->hi) return lc.refusal(call, what, "the ranges of its variants overlap");
    variants.emplace_back(pat, v.get());
  }
  const std::optional<hir::DimLocation> at =
      variants.empty() ? std::nullopt : hir::locate_dim_var(proto.params(), variants.front().first->dim_var);
  if (!at) return lc.refusal(call, what, "no parameter carries the DimVar its variants test");
  const std::string none = fmt::format("no variant of @{} matches its inputs", proto.name());
  const ShapeDim& extent = tensor_type_of(*call.args[at->param])->shape[at->axis];
  auto abort = [&] { return append_abort(lc, none); };
  if (extent.is_static()) {
    for (const auto& [r, f] : variants)
      if (r->lo <= extent.value() && extent.value() < r->hi) return lower_inlined(lc, strategy, call, *f);
    Result<bool> stopped = abort();
    TF_TRY(stopped);
    return lc.refusal(call, what, none);  // unreachable at run time: the abort comes first
  }
  const auto* type = call.type()->as<TensorType>();
  if (type == nullptr) return lc.refusal(call, what, "a dispatch whose value is a tuple is not lowered inside a kernel yet");
  for (const Expr& a : call.args) {
    Result<Expr> v = lower_value(lc, strategy, a);  // lowered once, before the branches
    TF_TRY(v);
  }
  Result<Expr> result = alloc_value(lc, strategy, *type, type->dtype, "dispatched");
  TF_TRY(result);
  Result<Expr> subject = integer_buffer(lc, DType::i64(), extent, "subject");
  TF_TRY(subject);
  Result<Expr> matched = integer_buffer(lc, DType::i64(), ShapeDim(0), "matched");
  TF_TRY(matched);
  for (const auto& [r, f] : variants) {
    Result<Expr> lo = integer_buffer(lc, DType::i64(), ShapeDim(r->lo), "lo");
    TF_TRY(lo);
    Result<Expr> hi = integer_buffer(lc, DType::i64(), ShapeDim(r->hi), "hi");
    TF_TRY(hi);
    Result<Expr> from = flag(lc, BinaryKind::Ge, *subject, *lo, "from");
    TF_TRY(from);
    Result<Expr> below = flag(lc, BinaryKind::Lt, *subject, *hi, "below");
    TF_TRY(below);
    Result<bool> both = binary_into(lc, BinaryKind::And, *from, *below, *from);
    TF_TRY(both);
    const hir::Function& variant = *f;
    Result<bool> branch = when(lc, *from, [&]() -> Result<bool> {
      Result<Expr> v = lower_inlined(lc, strategy, call, variant);
      TF_TRY(v);
      Result<bool> c = lc.emit(tir::TirOp::Copy, {*v, *result});
      TF_TRY(c);
      Result<Expr> one = extent_value(ShapeDim(1));
      TF_TRY(one);
      return lc.emit(tir::TirOp::Fill, {*matched, *one});
    });
    TF_TRY(branch);
  }
  Result<Expr> zero = integer_buffer(lc, DType::i64(), ShapeDim(0), "zero");
  TF_TRY(zero);
  Result<Expr> unmatched = flag(lc, BinaryKind::Eq, *matched, *zero, "unmatched");
  TF_TRY(unmatched);
  Result<bool> stopped = when(lc, *unmatched, abort);
  TF_TRY(stopped);
  return *result;
}

// @g(args) with g's body inlined (lower_function_call).
Result<Expr> lower_inlined(LoweringContext& lc, const StrategyContext& strategy, const FunctionCall& call,
                           const hir::Function& fn) {
  const hir::Function* callee = &fn;
  if (lc.inline_depth() + 1 >= static_cast<std::size_t>(kMaxCallNesting))
    return lc.refusal(call, fmt::format("the call of @{}", call.callee),
                      fmt::format("calls nest deeper than the {} the HIR evaluator runs here (recursion?)", kMaxCallNesting));
  if (std::optional<std::string> unbound = unbound_dim_var(*callee))
    return lc.refusal(call, fmt::format("the call of @{}", call.callee),
                      fmt::format("@{} uses the DimVar {}, which none of its parameters carries: in HIR the call has "
                                  "no value for it (an eval error)", call.callee, *unbound));
  std::vector<Expr> args;
  for (const Expr& a : call.args) {
    Result<Expr> v = lower_value(lc, strategy, a);
    TF_TRY(v);
    args.push_back(*v);
  }
  lc.begin_inline(call, *callee);
  for (std::size_t i = 0; i < args.size(); ++i) lc.remember(callee->params()[i].get(), args[i]);
  Result<std::vector<Expr>> results = [&]() -> Result<std::vector<Expr>> {
    std::vector<Expr> out;
    const Tuple* t = callee->body()->as<Tuple>();
    for (const Expr& e : t != nullptr ? t->elements : std::vector<Expr>{callee->body()}) {
      Result<Expr> v = lower_value(lc, strategy, e);
      TF_TRY(v);
      out.push_back(*v);
    }
    if (const std::vector<Expr>* parts = lc.parts(callee->body().get()); t == nullptr && parts != nullptr)
      return *parts;  // a tuple-valued body that is not a Tuple (a loop with several carries)
    return out;
  }();
  lc.end_inline();
  TF_TRY(results);
  if (results->size() > 1) lc.remember_parts(&call, *results);
  return results->front();
}

// tuple_get_item(t, index=k): part k of a loop with several carries, or element k of a tuple.
Result<Expr> lower_tuple_get_item(LoweringContext& lc, const StrategyContext& strategy, const TupleGetItem& t) {
  if (const Tuple* tuple = t.tuple->as<Tuple>())
    return lower_value(lc, strategy, tuple->elements[static_cast<std::size_t>(t.index)]);
  Result<Expr> whole = lower_value(lc, strategy, t.tuple);
  TF_TRY(whole);
  const std::vector<Expr>* parts = lc.parts(t.tuple.get());
  if (parts == nullptr) return lc.refusal(t, "tuple_get_item", "its operand has no lowered parts");
  return (*parts)[static_cast<std::size_t>(t.index)];
}

}  // namespace tf::lower
