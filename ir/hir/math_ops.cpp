#include "ir/hir/math_ops.h"

#include "ir/hir/math_typeinfer.h"
#include "ir/hir/typed_call.h"

namespace tf::hir {

const OpFamily kMathFamily{"hir.math"};

namespace {

OpSpec math_spec(MathOp op) {
  OpSpec spec{.name = std::string(math_op_name(op)),
              .family = &kMathFamily,
              .code = static_cast<std::uint32_t>(op)};
  switch (op) {
    case MathOp::Binary:
      spec.params = {ParamDef::operand("lhs"), ParamDef::operand("rhs"),
                     ParamDef::enum_attribute("kind", kBinaryKindSpace)};
      spec.result_rule =
          "Tensor[broadcast(lhs, rhs), lhs dtype (bool for comparisons and and/or)]; "
          "equal operand dtypes; div needs floats";
      break;
    case MathOp::Unary:
      spec.params = {ParamDef::operand("x"), ParamDef::enum_attribute("kind", kUnaryKindSpace)};
      spec.result_rule = "type of x; float-only kinds need a float x";
      break;
    case MathOp::Clamp:
      spec.params = {ParamDef::operand("x"), ParamDef::attribute("min_val", AttrKind::Float),
                     ParamDef::attribute("max_val", AttrKind::Float)};
      spec.result_rule = "type of x; x numeric";
      break;
    case MathOp::Softplus:
      spec.params = {ParamDef::operand("x")};
      spec.result_rule = "type of x; x float";
      break;
  }
  return spec;
}

// Types `args` under `op` with call-site attributes `attrs` and builds the Call.
Result<CallRef> make_typed(MathOp which, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                           const OpHandlers& handlers) {
  return make_typed_call(math_op(which, handlers.registry()), std::move(args), std::move(attrs),
                         handlers);
}

}  // namespace

std::string_view math_op_name(MathOp op) {
  switch (op) {
    case MathOp::Binary:
      return "hir.math.Binary";
    case MathOp::Unary:
      return "hir.math.Unary";
    case MathOp::Clamp:
      return "hir.math.Clamp";
    case MathOp::Softplus:
      return "hir.math.Softplus";
  }
  TF_UNREACHABLE("bad MathOp");
}

void register_hir_math_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry,
           "register_hir_math_ops: handlers of another registry");
  auto add = [&](MathOp which) {
    Result<Op> op = registry.add(math_spec(which));
    TF_CHECK(op.ok(), "registering {}: {}", math_op_name(which), op.diagnostics()[0].message);
    return *op;
  };
  handlers.set<TypeInferAttrsHandler>(add(MathOp::Binary), &infer_binary_type);
  handlers.set<TypeInferAttrsHandler>(add(MathOp::Unary), &infer_unary_type);
  handlers.set<TypeInferAttrsHandler>(add(MathOp::Clamp), &infer_clamp_type);
  handlers.set<TypeInferHandler>(add(MathOp::Softplus), &infer_softplus_type);
}

Op math_op(MathOp op, const OpRegistry& registry) {
  std::optional<Op> found = registry.find(math_op_name(op));
  TF_CHECK(found.has_value(), "{} is not registered (register_hir_math_ops)", math_op_name(op));
  return *found;
}

Result<CallRef> make_binary(BinaryKind kind, Expr lhs, Expr rhs, const OpHandlers& handlers) {
  return make_typed(MathOp::Binary, {std::move(lhs), std::move(rhs)},
                    {{"kind", enum_attr(kind)}}, handlers);
}

Result<CallRef> make_unary(UnaryKind kind, Expr x, const OpHandlers& handlers) {
  return make_typed(MathOp::Unary, {std::move(x)}, {{"kind", enum_attr(kind)}}, handlers);
}

Result<CallRef> make_clamp(Expr x, double lo, double hi, const OpHandlers& handlers) {
  return make_typed(MathOp::Clamp, {std::move(x)}, {{"min_val", lo}, {"max_val", hi}}, handlers);
}

Result<CallRef> make_softplus(Expr x, const OpHandlers& handlers) {
  return make_typed(MathOp::Softplus, {std::move(x)}, {}, handlers);
}

std::optional<MathOp> math_op_kind(Op op) { return op.code_in<MathOp>(kMathFamily); }

}  // namespace tf::hir
