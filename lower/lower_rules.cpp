// The serial rule for each HIR op (hir_to_tir.h): one TIR effect op on whole register tensors.
#include "lower/lower_rules.h"

#include <fmt/format.h>

#include <set>
#include <unordered_set>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_children.h"
#include "ir/dim/dim_eval.h"
#include "ir/core/function_call.h"
#include "ir/core/grid_region.h"
#include "ir/core/tuple.h"
#include "ir/core/expr_print.h"
#include "ir/core/var.h"
#include "ir/layout/layout.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/tir_ops.h"

namespace tf::lower {

namespace {

const TensorType* tensor_type_of(const ExprNode& e) { return e.type()->as<TensorType>(); }

// A rank-0 register literal of `c`'s dtype and payload (D7: TIR literals are rmem scalars).
Result<Expr> tir_literal(LoweringContext& lc, const Constant& c) {
  const DType dtype = tensor_type_of(c)->dtype;
  Result<TensorTypeRef> type = TensorType::make({}, dtype, std::nullopt, StorageKind::Rmem);
  TF_TRY(type);
  Result<ConstantRef> lit = Constant::make(c.value, IRType(*type));
  TF_TRY(lit);
  return Expr(*lit);
}

// `let c = alloc_tensor(Tensor[(), D, storage=rmem]); fill(c, literal)`.
Result<Expr> lower_constant(LoweringContext& lc, const Constant& c) {
  const TensorType& type = *tensor_type_of(c);
  if (type.dtype.is_float() && !(type.dtype == DType::f32() || type.dtype == DType::f16() || type.dtype == DType::bf16()))
    return lc.refusal(c, fmt::format("the {} literal", type.dtype.name()),
                      "narrow float literals (given by their codes) have no TIR fill yet");
  Result<Expr> lit = tir_literal(lc, c);
  TF_TRY(lit);
  Result<Expr> buf = lc.alloc(type, type.dtype, "c");
  TF_TRY(buf);
  Result<bool> fill = lc.emit("tir.memory.Fill", {*buf, *lit});
  TF_TRY(fill);
  return *buf;
}

// The operands of `c` lowered, in order.
Result<std::vector<Expr>> lower_operands(LoweringContext& lc, const Call& c) {
  std::vector<Expr> out;
  for (const Expr& a : c.args) {
    Result<Expr> v = lower_value(lc, a);
    TF_TRY(v);
    out.push_back(*v);
  }
  return out;
}

bool attr_is_none(const Call& c, std::string_view name) {
  return std::holds_alternative<std::monostate>(c.attr(name));
}

// dst = alloc(the call's type); op(operands..., dst, after_dst..., attrs).
Result<Expr> elementwise(LoweringContext& lc, const Call& c, std::string_view tir_op, std::vector<NamedAttr> attrs,
                         std::size_t operands, std::vector<Expr> after_dst = {}) {
  Result<std::vector<Expr>> lowered = lower_operands(lc, c);
  TF_TRY(lowered);
  std::vector<Expr> args = std::move(lowered).value();
  args.resize(operands);
  const TensorType& type = *tensor_type_of(c);
  const std::string name = lc.binding_name(c);
  Result<Expr> dst = lc.alloc(type, type.dtype, name.empty() ? "t" : name);
  TF_TRY(dst);
  args.push_back(*dst);
  args.insert(args.end(), after_dst.begin(), after_dst.end());
  Result<bool> e = lc.emit(tir_op, std::move(args), std::move(attrs));
  TF_TRY(e);
  return *dst;
}

// The row-major strides of `shape`, or nullopt when an extent is symbolic (a view's layout is
// static: the machine model and the emitter run static layouts).
std::optional<std::vector<std::int64_t>> static_row_major_strides(const std::vector<ShapeDim>& shape) {
  std::vector<std::int64_t> strides(shape.size(), 1);
  std::int64_t stride = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    if (!shape[i].is_static()) return std::nullopt;
    strides[i] = stride;
    stride *= shape[i].value();
  }
  return strides;
}

IntTuple int_tuple(const std::vector<std::int64_t>& v) {
  std::vector<IntTuple> leaves(v.begin(), v.end());
  return IntTuple::tuple(std::move(leaves));
}

// A view of `x` through a plain layout (views are logical: element c of the view is x's logical
// element layout(c), its row-major index; docs/tir-semantics.md).
Result<Expr> view_of(LoweringContext& lc, const Call& c, const Expr& x, const Layout& layout) {
  Result<Expr> v = lc.call("tir.memory.TensorView", {x}, {{"layout", LayoutBase(layout)}});
  TF_TRY(v);
  const std::string name = lc.binding_name(c);
  return lc.bind(name.empty() ? "v" : name, *v);
}

// transpose(x, perm): the view Layout(shape permuted, row-major strides permuted) of x.
Result<Expr> lower_transpose(LoweringContext& lc, const Call& c) {
  const TensorType& in = *tensor_type_of(*c.args[0]);
  const std::optional<std::vector<std::int64_t>> strides = static_row_major_strides(in.shape);
  if (!strides) return lc.refusal(c, "transpose", "views need static shapes, and the operand's is symbolic");
  Result<Expr> x = lower_value(lc, c.args[0]);
  TF_TRY(x);
  const auto& perm = std::get<std::vector<std::int64_t>>(c.attr("perm"));
  std::vector<ShapeDim> shape;
  std::vector<std::int64_t> permuted;
  for (std::int64_t p : perm) {
    shape.push_back(in.shape[static_cast<std::size_t>(p)]);
    permuted.push_back((*strides)[static_cast<std::size_t>(p)]);
  }
  Result<Layout> layout = Layout::make(shape_as_int_tuple(shape), int_tuple(permuted));
  TF_TRY(layout);
  return view_of(lc, c, *x, *layout);
}

// reshape(x, new_shape): the view Layout(new_shape, its row-major strides) of x: element c of
// the view is x's logical element of the same row-major index (views are logical).
Result<Expr> lower_reshape(LoweringContext& lc, const Call& c) {
  const std::vector<ShapeDim>& shape = tensor_type_of(c)->shape;
  const std::optional<std::vector<std::int64_t>> strides = static_row_major_strides(shape);
  if (!strides) return lc.refusal(c, "reshape", "views need static shapes, and the new shape is symbolic");
  Result<Expr> x = lower_value(lc, c.args[0]);
  TF_TRY(x);
  Result<Layout> layout = Layout::make(shape_as_int_tuple(shape), int_tuple(*strides));
  TF_TRY(layout);
  return view_of(lc, c, *x, *layout);
}

Result<Expr> lower_call(LoweringContext& lc, const Call& c) {
  const std::string_view op = c.op.name();
  const TensorType* type = tensor_type_of(c);
  if (type == nullptr) return lc.refusal(c, std::string(op), "its value is not a tensor");
  if (type->layout && type->layout->is_shard())
    return lc.refusal(c, std::string(op), "sharded values (a ShardLayout type) have no lowering rule yet");
  if (type->dtype.is_compound())
    return lc.refusal(c, std::string(op), fmt::format("block-scaled {} values have no lowering rule yet", type->dtype.name()));
  if (op == "hir.math.Binary")
    return elementwise(lc, c, "tir.arith.Binary", {{"kind", c.attr("kind")}}, 2);
  if (op == "hir.math.Unary")
    return elementwise(lc, c, "tir.arith.Unary", {{"kind", c.attr("kind")}}, 1);
  if (op == "hir.nn.ReLU") return elementwise(lc, c, "tir.nn.ReLU", {}, 1);
  if (op == "hir.tensor.Cast") {
    for (const char* mode : {"rounding", "saturate", "scale_method"})
      if (!attr_is_none(c, mode))
        return lc.refusal(c, "cast", fmt::format("an explicit {} has no TIR form: TIR's cast takes the destination's default mode", mode));
    if (tensor_type_of(*c.args[0])->dtype.is_compound())
      return lc.refusal(c, "cast", "casts from block-scaled values have no lowering rule yet");
    return elementwise(lc, c, "tir.arith.Unary", {{"kind", std::string("cast")}}, 1);
  }
  if (op == "hir.nn.RMSNorm") {  // rms_norm(src, dst, weight, eps): the one thread holds every row
    Result<std::vector<Expr>> operands = lower_operands(lc, c);
    TF_TRY(operands);
    const std::string name = lc.binding_name(c);
    Result<Expr> dst = lc.alloc(*type, type->dtype, name.empty() ? "t" : name);
    TF_TRY(dst);
    Result<bool> e = lc.emit("tir.nn.RMSNorm", {(*operands)[0], *dst, (*operands)[1]}, {{"eps", c.attr("eps")}});
    TF_TRY(e);
    return *dst;
  }
  if (op == "hir.tensor.Transpose") return lower_transpose(lc, c);
  if (op == "hir.tensor.Reshape") return lower_reshape(lc, c);
  if (op == "hir.tensor.Reduce") {  // within the one thread: no workspace
    // HIR counts negative axes from the end; TIR's axes are in [0, rank).
    std::vector<std::int64_t> axes = std::get<std::vector<std::int64_t>>(c.attr("axes"));
    const auto rank = static_cast<std::int64_t>(tensor_type_of(*c.args[0])->shape.size());
    for (std::int64_t& a : axes)
      if (a < 0) a += rank;
    return elementwise(lc, c, "tir.tensor.Reduce", {{"axes", axes}, {"kind", c.attr("kind")}}, 1, {tir::no_workspace()});
  }
  return lc.refusal(c, std::string(op), "no lowering rule for this op yet");
}

// A For bound: a static extent as an i64 literal, a symbolic one as its dim expression.
Result<Expr> bound_expr(const ShapeDim& d) {
  if (!d.is_static()) return d.expr();
  Result<TensorTypeRef> type = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(type);
  Result<ConstantRef> c = Constant::make(d.value(), IRType(*type));
  TF_TRY(c);
  return Expr(*c);
}

// A fresh register copy of `v` (a value that must not change under it).
Result<Expr> copy_of(LoweringContext& lc, const Expr& v, std::string_view hint) {
  const TensorType& type = *tensor_type_of(*v);
  Result<Expr> t = lc.alloc(type, type.dtype, hint);
  TF_TRY(t);
  Result<bool> c = lc.emit("tir.memory.Copy", {v, *t});
  TF_TRY(c);
  return *t;
}

// for i in range(start, stop, step) carry (c = init, ...) { ...; yield (y, ...) }:
//   acc_k = copy of init_k
//   for i in range(start, stop, step) {
//     let ib = alloc_tensor(Tensor[(), index dtype, storage=rmem]); fill(ib, i)   (the index as a tensor)
//     ...the body, with c_k bound to acc_k...
//     tmp_k = copy of y_k (all yields first: the phis are simultaneous); copy(tmp_k, acc_k)
//   }
// The loop's value is acc_0, or its parts acc_0, acc_1, ... A loop without carries keeps its
// last iteration's body value in a result buffer; over a range that may be empty it has none
// (an HIR eval error), so it is lowered only for a static non-empty range.
Result<Expr> lower_loop(LoweringContext& lc, const GridRegionExpr& g) {
  const bool carried = !g.carried().empty();
  if (!carried) {
    const bool static_range = g.start().is_static() && g.stop().is_static();
    if (!static_range || g.stop().value() <= g.start().value())
      return lc.refusal(g, "the loop", "a loop without carries over a range that may be empty has no value (an HIR eval error); only static non-empty ranges lower");
  }
  std::vector<Expr> accs;
  for (std::size_t k = 0; k < g.carried().size(); ++k) {
    Result<Expr> init = lower_value(lc, g.inits()[k]);
    TF_TRY(init);
    Result<Expr> acc = copy_of(lc, *init, g.carried()[k]->name);
    TF_TRY(acc);
    accs.push_back(*acc);
  }
  std::optional<Expr> result;
  if (!carried) {
    const TensorType* type = tensor_type_of(g);
    if (type == nullptr) return lc.refusal(g, "the loop", "its body is not a tensor");
    Result<Expr> r = lc.alloc(*type, type->dtype, "loop_value");
    TF_TRY(r);
    result = *r;
  }
  Result<TensorTypeRef> i64 = TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem);
  TF_TRY(i64);
  Result<VarRef> iv = Var::make(g.induction_var()->name, IRType(*i64));
  TF_TRY(iv);
  lc.open_body();
  auto body = [&]() -> Result<bool> {
    // The HIR index as a rank-0 tensor of its dtype.
    const TensorType& index_type = *tensor_type_of(*g.induction_var());
    Result<Expr> ib = lc.alloc(*i64.value(), DType::i64(), g.induction_var()->name + "_t");
    TF_TRY(ib);
    Result<bool> f = lc.emit("tir.memory.Fill", {*ib, Expr(*iv)});
    TF_TRY(f);
    Expr index = *ib;
    if (index_type.dtype != DType::i64()) {
      Result<Expr> narrow = lc.alloc(index_type, index_type.dtype, g.induction_var()->name + "_c");
      TF_TRY(narrow);
      Result<bool> cast = lc.emit("tir.arith.Unary", {*ib, *narrow}, {{"kind", std::string("cast")}});
      TF_TRY(cast);
      index = *narrow;
    }
    lc.remember(g.induction_var().get(), index);
    for (std::size_t k = 0; k < accs.size(); ++k) lc.remember(g.carried()[k].get(), accs[k]);
    if (!carried) {
      Result<Expr> v = lower_value(lc, g.body());
      TF_TRY(v);
      return lc.emit("tir.memory.Copy", {*v, *result});
    }
    std::vector<Expr> next;
    for (std::size_t k = 0; k < accs.size(); ++k) {
      Result<Expr> y = lower_value(lc, g.yields()[k]);
      TF_TRY(y);
      Result<Expr> t = copy_of(lc, *y, "next");
      TF_TRY(t);
      next.push_back(*t);
    }
    for (std::size_t k = 0; k < accs.size(); ++k) {
      Result<bool> c = lc.emit("tir.memory.Copy", {next[k], accs[k]});
      TF_TRY(c);
    }
    return true;
  }();
  Result<tir::SequentialRef> inner = lc.close_body();
  TF_TRY(body);
  TF_TRY(inner);
  Result<Expr> start = bound_expr(g.start()), stop = bound_expr(g.stop()), step = bound_expr(g.step());
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

void dim_names(const ShapeDim& d, std::set<std::string>& out) {
  if (!d.is_static())
    for (const DimVarRef& v : free_dim_vars(d.expr())) out.insert(v->name);
}

void dim_names(const IRType& type, std::set<std::string>& out) {
  if (const auto* t = type->as<TensorType>())
    for (const ShapeDim& d : t->shape) dim_names(d, out);
}

// A DimVar the body of `fn` (what its returned values reach) mentions that no parameter type
// carries, if any: in HIR a call binds the callee's DimVars from its arguments only, so such a
// call has no value for it (an eval error).
std::optional<std::string> unbound_dim_var(const hir::Function& fn) {
  std::set<std::string> bound, used;
  for (const VarRef& p : fn.params()) dim_names(p->type(), bound);
  std::unordered_set<const ExprNode*> seen;
  std::vector<const ExprNode*> work{fn.body().get()};
  while (!work.empty()) {
    const ExprNode* e = work.back();
    work.pop_back();
    if (!seen.insert(e).second) continue;
    dim_names(e->type(), used);
    if (const auto* g = e->as<GridRegionExpr>())
      for (const ShapeDim* d : {&g->start(), &g->stop(), &g->step()}) dim_names(*d, used);
    for_each_child(*e, [&](const Expr& child, const auto&) {
      if (child) work.push_back(child.get());
    });
  }
  for (const std::string& name : used)
    if (bound.count(name) == 0) return name;
  return std::nullopt;
}

// @g(args): g's body inlined with its parameters bound to the lowered arguments (each call
// lowers the body again: its nodes mean other values there). A tuple-valued callee gives parts.
Result<Expr> lower_function_call(LoweringContext& lc, const FunctionCall& call) {
  const auto* callee = dynamic_cast<const hir::Function*>(lc.module().find(call.callee));
  if (callee == nullptr || callee->is_prototype())
    return lc.refusal(call, fmt::format("the call of @{}", call.callee),
                      callee == nullptr ? "the callee is not an HIR function of the module"
                                        : "calls of dispatch prototypes have no lowering rule yet");
  if (std::optional<std::string> unbound = unbound_dim_var(*callee))
    return lc.refusal(call, fmt::format("the call of @{}", call.callee),
                      fmt::format("@{} uses the DimVar {}, which none of its parameters carries: in HIR the call has "
                                  "no value for it (an eval error)", call.callee, *unbound));
  std::vector<Expr> args;
  for (const Expr& a : call.args) {
    Result<Expr> v = lower_value(lc, a);
    TF_TRY(v);
    args.push_back(*v);
  }
  lc.begin_inline();
  for (std::size_t i = 0; i < args.size(); ++i) lc.remember(callee->params()[i].get(), args[i]);
  Result<std::vector<Expr>> results = [&]() -> Result<std::vector<Expr>> {
    std::vector<Expr> out;
    const Tuple* t = callee->body()->as<Tuple>();
    for (const Expr& e : t != nullptr ? t->elements : std::vector<Expr>{callee->body()}) {
      Result<Expr> v = lower_value(lc, e);
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
Result<Expr> lower_tuple_get_item(LoweringContext& lc, const TupleGetItem& t) {
  if (const Tuple* tuple = t.tuple->as<Tuple>()) return lower_value(lc, tuple->elements[static_cast<std::size_t>(t.index)]);
  Result<Expr> whole = lower_value(lc, t.tuple);
  TF_TRY(whole);
  const std::vector<Expr>* parts = lc.parts(t.tuple.get());
  if (parts == nullptr) return lc.refusal(t, "tuple_get_item", "its operand has no lowered parts");
  return (*parts)[static_cast<std::size_t>(t.index)];
}

}  // namespace

Result<Expr> lower_value(LoweringContext& lc, const Expr& e) {
  if (const Expr* done = lc.lowered(e.get())) return *done;
  Result<Expr> v = [&]() -> Result<Expr> {
    if (const Var* var = e->as<Var>()) {
      for (const VarRef& p : lc.function().params())
        if (p.get() == var) return e;
      return lc.refusal(*e, fmt::format("the variable `{}`", var->name), "only parameters are variables of a lowered body");
    }
    if (const Constant* c = e->as<Constant>()) return lower_constant(lc, *c);
    if (const Call* c = e->as<Call>()) return lower_call(lc, *c);
    if (const GridRegionExpr* g = e->as<GridRegionExpr>()) return lower_loop(lc, *g);
    if (const TupleGetItem* t = e->as<TupleGetItem>()) return lower_tuple_get_item(lc, *t);
    if (const FunctionCall* f = e->as<FunctionCall>()) return lower_function_call(lc, *f);
    return lc.refusal(*e, fmt::format("`{}`", short_text(e)), "no lowering rule for this kind of expression yet");
  }();
  TF_TRY(v);
  lc.remember(e.get(), *v);
  return v;
}

}  // namespace tf::lower
