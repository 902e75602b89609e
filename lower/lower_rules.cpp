// The serial rule for each HIR op (hir_to_tir.h): one TIR effect op on whole register tensors.
#include "lower/lower_rules.h"

#include <fmt/format.h>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/var.h"
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
    return lc.refusal(*e, fmt::format("`{}`", short_text(e)), "no lowering rule for this kind of expression yet");
  }();
  TF_TRY(v);
  lc.remember(e.get(), *v);
  return v;
}

}  // namespace tf::lower
