// The effect ops one thread runs on its own elements (docs/tir-semantics.md, "Effect ops"):
// Copy, Fill, Binary, Unary, ReLU, RMSNorm and a Reduce whose reduced axes the thread holds
// whole. Arithmetic is the HIR evaluator's (run_hir): the project's one definition of every
// operation and rounding.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "eval/hir/eval_tables.h"
#include "eval/hir/elementwise.h"
#include "eval/hir/op_eval.h"
#include "eval/tir/thread_runner.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/expr_print.h"
#include "ir/core/math_kinds.h"
#include "ir/core/kind_attrs.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/hir/typed_call.h"
#include "ir/core/numerics_spaces.h"
#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"

namespace tf::eval::tir {

namespace {

// The elements of an operand of shape `in` that the result elements `out_elements` of shape
// `out` read under right-aligned broadcasting (eval/hir/elementwise.h's plan), or nullopt when
// `in` does not broadcast to `out`.
std::optional<ElementList> broadcast_elements(const Shape& in, const Shape& out, const ElementList& out_elements) {
  Result<Shape> joint = broadcast_runtime({in, out});
  if (!joint.ok() || *joint != out) return std::nullopt;
  const BroadcastPlan<1> plan = plan_broadcast<1>(out, {&in});
  ElementList mapped;
  mapped.reserve(out_elements.size());
  for (std::int64_t j : out_elements) {
    std::int64_t index = 0;  // the plan's merged axes keep the row-major numbering of `out`
    for (std::size_t a = plan.extents.size(); a-- > 0;) {
      index += (j % plan.extents[a]) * plan.strides[0][a];
      j /= plan.extents[a];
    }
    mapped.push_back(index);
  }
  return mapped;
}

std::string shapes_key(const std::vector<Tensor>& ts) {
  std::string key;
  for (const Tensor& t : ts) key += fmt::format("{}{};", t.dtype().name(), shape_text(t.shape()));
  return key;
}

// The HIR Call of `op` on operands of these types, typed by its rule, then retyped to the
// destination's dtype when the rule's dtype differs within one family (the handler rounds once
// to the Call's dtype).
Result<CallRef> typed_hir_call(const Context& ctx, Op op, const std::vector<Tensor>& operands,
                               const std::vector<NamedAttr>& attrs, DType result_dtype, const Shape& result_shape) {
  const std::string_view op_name = op.name();
  std::vector<Expr> vars;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    std::vector<ShapeDim> dims(operands[i].shape().begin(), operands[i].shape().end());
    Result<TensorTypeRef> type = TensorType::make(dims, operands[i].dtype(), std::nullopt, StorageKind::Umat);
    if (!type.ok()) return type.diagnostics();
    vars.push_back(Expr(*Var::make(fmt::format("x{}", i), IRType(*type))));
  }
  Result<CallRef> typed = hir::make_typed_call(op, vars, attrs, ctx.handlers());
  if (!typed.ok()) {
    std::vector<Diagnostic> ds = typed.diagnostics();
    for (Diagnostic& d : ds)
      d.message = fmt::format("{}: its operands ({}) do not compute: {}", op_name, shapes_key(operands), d.message);
    return ds;
  }
  const auto* inferred = (*typed)->type()->as<TensorType>();
  if (inferred->dtype == result_dtype) return *typed;
  if (inferred->dtype.family() != result_dtype.family())
    return category_error(DiagCategory::Eval, fmt::format("{} computes {} values; the destination holds {}", op_name,
                                                          inferred->dtype.name(), result_dtype.name()));
  std::vector<ShapeDim> dims(result_shape.begin(), result_shape.end());
  Result<TensorTypeRef> type = TensorType::make(dims, result_dtype, std::nullopt, StorageKind::Umat);
  if (!type.ok()) return type.diagnostics();
  return Call::make(op, vars, attrs, IRType(*type));
}

}  // namespace

CastOptions cast_options(const Call& c, DType dst) {
  CastOptions options = default_cast_options(dst);  // what the cast names replaces the default's part
  if (auto rounding = optional_enum_value<numerics::Rounding>(c.attr("rounding"))) options.mode.rounding = *rounding;
  if (const bool* saturate = std::get_if<bool>(&c.attr("saturate"))) options.mode.saturate = *saturate;
  if (auto method = optional_enum_value<numerics::ScaleMethod>(c.attr("scale_method"))) options.scale_method = *method;
  return options;
}

const HirKernels& hir_kernels() {
  static const HirKernels* kernels = [] {  // eval_context() is one per process
    const OpRegistry& r = eval_context().registry();
    return new HirKernels{hir::nn_op(hir::NnOp::ReLU, r), hir::nn_op(hir::NnOp::RMSNorm, r),
                          hir::math_op(hir::MathOp::Binary, r), hir::math_op(hir::MathOp::Unary, r),
                          hir::tensor_op(hir::TensorOp::Reduce, r)};
  }();
  return *kernels;
}

Result<Tensor> ThreadRunner::run_hir(Op op, std::vector<Tensor> operands,
                                     std::vector<NamedAttr> attrs, DType result_dtype,
                                     const Shape& result_shape) {
  const Context& ctx = eval_context();
  // A site's op, attributes and dtypes are fixed; only the shapes vary between threads.
  HirCallKey key{current_, {}};
  for (const Tensor& t : operands) {
    key.dims.push_back(static_cast<std::int64_t>(t.shape().size()));
    key.dims.insert(key.dims.end(), t.shape().begin(), t.shape().end());
  }
  key.dims.insert(key.dims.end(), result_shape.begin(), result_shape.end());
  CallRef call;
  if (auto hit = m_.hir_calls.find(key); hit != m_.hir_calls.end()) {
    call = hit->second;
  } else {
    Result<CallRef> made = typed_hir_call(ctx, op, operands, attrs, result_dtype, result_shape);
    if (!made.ok()) {
      std::vector<Diagnostic> ds = made.diagnostics();
      for (Diagnostic& d : ds) {
        d.category = DiagCategory::Eval;
        d.location = m_.location_of(current_);
      }
      return ds;
    }
    call = *made;
    m_.hir_calls.emplace(std::move(key), call);
  }
  std::vector<Value> values(operands.begin(), operands.end());
  DimBinding no_dims;
  OpEvalArgs a{*call, values, no_dims};
  Result<Value> r = ctx.handlers().get<EvalHirHandler>(call->op)(a);
  if (!r.ok()) {
    std::vector<Diagnostic> ds = r.diagnostics();
    for (Diagnostic& d : ds) d.location = m_.location_of(current_);
    return ds;
  }
  return r->tensor();
}

Fault ThreadRunner::copy(const Call& c) {
  Result<ViewRef> src = operand_view(c.args[0]), dst = operand_view(c.args[1]);
  if (!src.ok()) return src.diagnostics().front();
  if (!dst.ok()) return dst.diagnostics().front();
  if (!(*src)->planes.empty() || !(*dst)->planes.empty()) return copy_planes(**src, **dst);
  return copy_views(**src, **dst);
}

Fault ThreadRunner::copy_views(const View& s, const View& d) {
  Result<std::optional<ElementList>> e = copied_elements(s, d);
  if (!e.ok()) return e.diagnostics().front();
  if (!*e) return std::nullopt;  // the thread holds no part of the copy
  const ElementList& from = **e;
  const ElementList& to = from;
  Result<Gathered> g = gather(s, from, ReadUse::Move);  // equal dtypes: the verifier's rule
  if (!g.ok()) return g.diagnostics().front();
  return scatter(d, to, g->values, &g->init);
}

Fault ThreadRunner::fill(const Call& c) {
  Result<ViewRef> dst = operand_view(c.args[0]);
  if (!dst.ok()) return dst.diagnostics().front();
  const View& d = **dst;
  Result<RtValue> v = eval(c.args[1]);
  if (!v.ok()) return v.diagnostics().front();
  // The value: an integer kept exact (an integer literal, or a rank-0 integer / bool tensor), or
  // a float.
  std::optional<std::int64_t> integer;
  double x = 0;
  if (v->kind == RtValue::Kind::View) {
    Result<Gathered> g = gather(*v->view, ElementList{0}, ReadUse::Data);
    if (!g.ok()) return g.diagnostics().front();
    if (g->values.dtype().is_integer() || g->values.dtype().is_bool()) integer = to_i64(g->values)[0];
    else x = element_f64(g->values, 0);
  } else if (v->kind == RtValue::Kind::Float) {
    x = v->f;
  } else {
    integer = v->kind == RtValue::Kind::Bool ? (v->b ? 1 : 0) : v->i;
  }
  Result<std::optional<ElementList>> e = held(d);
  if (!e.ok()) return e.diagnostics().front();
  if (!*e) return std::nullopt;
  const std::int64_t n = static_cast<std::int64_t>((*e)->size());
  Tensor values = Tensor::make(d.dtype, {n});
  // Rounded once to the dtype: an integer into an integer or bool dtype exactly (wrapping to the
  // width, bool x != 0); a float into any dtype by its default mode (integers toward zero,
  // saturating, NaN -> 0; bool x != 0); an integer into a float dtype through f64 (exact up to
  // 2^53).
  std::uint64_t code = 0;
  if (integer && !d.dtype.is_float())
    code = from_i64(d.dtype, {1}, std::span<const std::int64_t>(&*integer, 1)).code(0);
  else
    code = numerics::encode_f64(integer ? static_cast<double>(*integer) : x, d.dtype, numerics::default_cast_mode(d.dtype));
  for (std::int64_t k = 0; k < n; ++k) values.set_code(k, code);
  return scatter(d, **e, values, nullptr);
}

Fault ThreadRunner::elementwise(const Call& c, ir::TirOp op) {
  const std::size_t operands = op == ir::TirOp::Binary ? 2 : 1;
  Result<ViewRef> dst = operand_view(c.args[operands]);
  if (!dst.ok()) return dst.diagnostics().front();
  const View& d = **dst;
  // A block-scaled operand (known from the types: the source is not evaluated twice) makes the
  // cast a quantize or a dequantize.
  if (op == ir::TirOp::Unary && (!d.planes.empty() || c.args[0]->type()->as<TensorType>()->dtype.is_compound())) {
    Result<ViewRef> src = operand_view(c.args[0]);
    if (!src.ok()) return src.diagnostics().front();
    return block_scaled_cast(c, **src, d);
  }
  Result<std::optional<ElementList>> e = held(d);
  if (!e.ok()) return e.diagnostics().front();
  if (!*e) return std::nullopt;
  const ElementList& out = **e;
  std::vector<Tensor> inputs;
  for (std::size_t i = 0; i < operands; ++i) {
    Result<ViewRef> x = operand_view(c.args[i]);
    if (!x.ok()) return x.diagnostics().front();
    const View& v = **x;
    ElementList own;  // the operand's elements when they are not the destination's
    std::optional<ElementList> broadcast;
    if (v.shape != d.shape) {
      if ((broadcast = broadcast_elements(v.shape, d.shape, out))) {
        own = std::move(*broadcast);
      } else {
        Result<std::optional<ElementList>> h = held(v);
        if (!h.ok()) return h.diagnostics().front();
        if (!*h || (*h)->size() != out.size())
          return eval_error_at(m_, current_, fmt::format("{}: {} {} neither broadcasts to {} {} nor holds as many elements in {}",
                                                    c.op.name(), v.name, shape_text(v.shape), d.name, shape_text(d.shape),
                                                    thread_name(t_.pos)));
        own = std::move(**h);
      }
    }
    Result<Gathered> g = gather(v, v.shape == d.shape ? out : own, ReadUse::Data);
    if (!g.ok()) return g.diagnostics().front();
    inputs.push_back(std::move(g->values));
  }
  const Shape shape{static_cast<std::int64_t>(out.size())};
  Result<Tensor> r = [&]() -> Result<Tensor> {
    const HirKernels& hir = hir_kernels();
    if (op == ir::TirOp::ReLU) return run_hir(hir.relu, std::move(inputs), {}, d.dtype, shape);
    if (op == ir::TirOp::Unary && unary_kind_of(c) == UnaryKind::Cast) return cast_tensor(inputs[0], d.dtype, cast_options(c, d.dtype));
    return run_hir(op == ir::TirOp::Binary ? hir.binary : hir.unary, std::move(inputs),
                   {{"kind", c.attr("kind")}}, d.dtype, shape);
  }();
  if (!r.ok()) return r.diagnostics().front();
  return scatter(d, out, *r, nullptr);
}

Fault ThreadRunner::rms_norm(const Call& c) {
  Result<ViewRef> src = operand_view(c.args[0]), dst = operand_view(c.args[1]), weight = operand_view(c.args[2]);
  if (!src.ok()) return src.diagnostics().front();
  if (!dst.ok()) return dst.diagnostics().front();
  if (!weight.ok()) return weight.diagnostics().front();
  const View& s = **src;
  const View& d = **dst;
  if (s.shape != d.shape || s.shape.empty())
    return eval_error_at(m_, current_, fmt::format("rms_norm: src {} and dst {} differ", shape_text(s.shape), shape_text(d.shape)));
  Result<std::optional<ElementList>> e = held(d);
  if (!e.ok()) return e.diagnostics().front();
  if (!*e) return std::nullopt;
  const std::int64_t k = s.shape.back();
  std::set<std::int64_t> rows;
  for (std::int64_t i : **e) rows.insert(i / k);
  if (static_cast<std::int64_t>(rows.size()) * k != static_cast<std::int64_t>((*e)->size()))
    return eval_error_at(m_, current_, fmt::format("rms_norm: {} holds part of a row of {}; a row normalizes whole", thread_name(t_.pos), d.name));
  ElementList elems;
  for (std::int64_t r : rows)
    for (std::int64_t j = 0; j < k; ++j) elems.push_back(r * k + j);
  Result<Gathered> x = gather(s, elems, ReadUse::Data);
  if (!x.ok()) return x.diagnostics().front();
  ElementList all_w((*weight)->size);
  for (std::size_t j = 0; j < all_w.size(); ++j) all_w[j] = static_cast<std::int64_t>(j);
  Result<Gathered> w = gather(**weight, all_w, ReadUse::Data);
  if (!w.ok()) return w.diagnostics().front();
  const Shape shape{static_cast<std::int64_t>(rows.size()), k};
  Tensor x2 = Tensor::make(s.dtype, shape);
  for (std::int64_t i = 0; i < x2.size(); ++i) x2.set_code(i, x->values.code(i));
  Result<Tensor> r = run_hir(hir_kernels().rms_norm, {x2, w->values}, {{"eps", std::get<double>(c.attr("eps"))}}, d.dtype, shape);
  if (!r.ok()) return r.diagnostics().front();
  Tensor flat = Tensor::make(d.dtype, {r->size()});
  for (std::int64_t i = 0; i < r->size(); ++i) flat.set_code(i, r->code(i));
  return scatter(d, elems, flat, nullptr);
}

Fault ThreadRunner::reduce(const Call& c) {
  Result<ViewRef> src = operand_view(c.args[0]), dst = operand_view(c.args[1]);
  if (!src.ok()) return src.diagnostics().front();
  if (!dst.ok()) return dst.diagnostics().front();
  const View& s = **src;
  const View& d = **dst;
  std::vector<std::int64_t> axes = std::get<std::vector<std::int64_t>>(c.attr("axes"));
  const int rank = static_cast<int>(s.shape.size());
  for (std::int64_t& a : axes) {
    if (a < 0) a += rank;
    if (a < 0 || a >= rank) return eval_error_at(m_, current_, fmt::format("reduce: axis out of range for {}", shape_text(s.shape)));
  }
  // Split along a reduced axis: the threads holding the parts reduce together.
  if (s.dist) {
    const Shape local = s.dist->local_shape();
    const bool split = std::any_of(axes.begin(), axes.end(), [&](std::int64_t a) { return local[static_cast<std::size_t>(a)] != s.shape[static_cast<std::size_t>(a)]; });
    if (split) {
      const Mesh& mesh = s.dist->layer_mesh(static_cast<int>(s.dist->bindings().empty() ? 0 : s.dist->bindings().back().layer));
      Result<std::optional<MeshPlace>> place = m_.place(mesh, t_.pos);
      if (!place.ok()) return place.diagnostics().front();
      if (!*place) return std::nullopt;
      const auto* e = static_cast<const ir::Evaluate*>(current_);
      return reduce_collective(*e, c, **place, mesh);
    }
  }
  Result<std::optional<ElementList>> hs = held(s);
  if (!hs.ok()) return hs.diagnostics().front();
  if (!*hs) return std::nullopt;
  Result<Gathered> g = gather(s, **hs, ReadUse::Data);
  if (!g.ok()) return g.diagnostics().front();
  const Shape in_shape = s.dist ? s.dist->local_shape() : s.shape;
  Tensor x = Tensor::make(s.dtype, in_shape);
  for (std::int64_t i = 0; i < x.size(); ++i) x.set_code(i, g->values.code(i));
  const bool keepdim = d.shape.size() == s.shape.size();
  Shape out_shape;
  for (int a = 0; a < rank; ++a) {
    const bool reduced = std::find(axes.begin(), axes.end(), a) != axes.end();
    if (!reduced) out_shape.push_back(in_shape[static_cast<std::size_t>(a)]);
    else if (keepdim) out_shape.push_back(1);
  }
  Result<Tensor> r = run_hir(hir_kernels().reduce, {x},
                             {{"axes", axes}, {"keepdim", keepdim}, {"kind", c.attr("kind")}},
                             d.dtype, out_shape);
  if (!r.ok()) return r.diagnostics().front();
  Result<std::optional<ElementList>> hd = held(d);
  if (!hd.ok()) return hd.diagnostics().front();
  if (!*hd) return std::nullopt;
  if (static_cast<std::int64_t>((*hd)->size()) != r->size())
    return eval_error_at(m_, current_, fmt::format("reduce: {} holds {} elements of {} {} but reduces {} values", thread_name(t_.pos),
                                              (*hd)->size(), d.name, shape_text(d.shape), r->size()));
  Tensor flat = Tensor::make(d.dtype, {r->size()});
  for (std::int64_t i = 0; i < r->size(); ++i) flat.set_code(i, r->code(i));
  return scatter(d, **hd, flat, nullptr);
}

}  // namespace tf::eval::tir
