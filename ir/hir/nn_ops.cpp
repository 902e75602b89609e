#include "ir/hir/nn_ops.h"

#include "ir/hir/nn_typeinfer.h"
#include "ir/hir/typed_call.h"

namespace tf::hir {

const OpFamily kNnFamily{"hir.nn"};

namespace {

constexpr std::string_view kGeluApproximationSpellings[] = {"tanh", "none"};

OpSpec nn_spec(NnOp op) {
  OpSpec spec{.name = std::string(nn_op_name(op)),
              .family = &kNnFamily,
              .code = static_cast<std::uint32_t>(op)};
  auto x_only = [&](const char* surface, const char* rule) {
    spec.params = {ParamDef::operand("x")};
    spec.surface = surface;
    spec.result_rule = rule;
  };
  switch (op) {
    case NnOp::MatMul:
      spec.params = {ParamDef::operand("lhs"), ParamDef::operand("rhs")};
      spec.surface = "matmul";
      spec.result_rule =
          "Tensor[(*broadcast(lhs batch, rhs batch), M, N), lhs dtype]; equal "
          "dtypes; lhs K == rhs K; a K split becomes Partial(sum)";
      break;
    case NnOp::Conv2D:
      spec.params = {ParamDef::operand("input"),
                     ParamDef::operand("weight"),
                     ParamDef::operand("bias"),
                     ParamDef::attribute("stride", AttrKind::IntTuple),
                     ParamDef::attribute("padding", AttrKind::IntTuple),
                     ParamDef::attribute("dilation", AttrKind::IntTuple),
                     ParamDef::attribute("groups", AttrKind::Int)};
      spec.surface = "conv2d";
      spec.result_rule = "Tensor[(N, O, (H + 2p - d(k-1) - 1) // s + 1, same for W), input dtype]";
      break;
    case NnOp::ReLU:
      x_only("relu", "type of x; x numeric; no Partial(sum)");
      break;
    case NnOp::Sigmoid:
      x_only("sigmoid", "type of x; x float; no Partial(sum)");
      break;
    case NnOp::Tanh:
      x_only("tanh", "type of x; x float; no Partial(sum)");
      break;
    case NnOp::SoftMax:
      spec.params = {ParamDef::operand("x"), ParamDef::attribute("axis", AttrKind::Int)};
      spec.surface = "softmax";
      spec.result_rule = "type of x; x float; axis in [-r, r); no Partial";
      break;
    case NnOp::LayerNorm:
      spec.params = {ParamDef::operand("x"), ParamDef::operand("weight"), ParamDef::operand("bias"),
                     ParamDef::attribute("axis", AttrKind::Int),
                     ParamDef::attribute("eps", AttrKind::Float)};
      spec.surface = "layer_norm";
      spec.result_rule = "type of x; weight and bias shaped x.shape[axis:]; no Partial";
      break;
    case NnOp::Gelu:
      spec.params = {ParamDef::operand("x"),
                     ParamDef::enum_attribute("approximate", kGeluApproximationSpace,
                                              enum_attr(GeluApproximation::Tanh))};
      spec.surface = "gelu";
      spec.result_rule = "type of x; x float; approximate tanh or none; no Partial";
      break;
    case NnOp::Silu:
      x_only("silu", "type of x; x float; no Partial");
      break;
    case NnOp::RMSNorm:
      spec.params = {ParamDef::operand("x"), ParamDef::operand("weight"),
                     ParamDef::attribute("eps", AttrKind::Float, 1e-6)};
      spec.surface = "rms_norm";
      spec.result_rule = "type of x; weight rank 1 of x's last extent; no Partial";
      break;
    case NnOp::RoPE:
      spec.params = {ParamDef::operand("q"), ParamDef::operand("k"), ParamDef::operand("cos_cache"),
                     ParamDef::operand("sin_cache"), ParamDef::operand("pos_ids")};
      spec.surface = "rope";
      spec.result_rule = "Tuple[type of q, type of k]; even, equal head_dims";
      break;
  }
  return spec;
}

}  // namespace

const EnumSpace kGeluApproximationSpace{"GeluApproximation", kGeluApproximationSpellings,
                                        "expected {attr} {alternatives}, found {spelling}"};

UnaryKind gelu_unary_kind(GeluApproximation approximate) {
  return approximate == GeluApproximation::Tanh ? UnaryKind::GeluTanh : UnaryKind::GeluErf;
}

std::string_view nn_op_name(NnOp op) {
  switch (op) {
    case NnOp::MatMul:
      return "hir.nn.MatMul";
    case NnOp::Conv2D:
      return "hir.nn.Conv2D";
    case NnOp::ReLU:
      return "hir.nn.ReLU";
    case NnOp::Sigmoid:
      return "hir.nn.Sigmoid";
    case NnOp::Tanh:
      return "hir.nn.Tanh";
    case NnOp::SoftMax:
      return "hir.nn.SoftMax";
    case NnOp::LayerNorm:
      return "hir.nn.LayerNorm";
    case NnOp::Gelu:
      return "hir.nn.Gelu";
    case NnOp::Silu:
      return "hir.nn.Silu";
    case NnOp::RMSNorm:
      return "hir.nn.RMSNorm";
    case NnOp::RoPE:
      return "hir.nn.RoPE";
  }
  TF_UNREACHABLE("bad NnOp");
}

void register_hir_nn_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry, "register_hir_nn_ops: handlers of another registry");
  auto add = [&](NnOp which) {
    Result<Op> op = registry.add(nn_spec(which));
    TF_CHECK(op.ok(), "registering {}: {}", nn_op_name(which), op.diagnostics()[0].message);
    return *op;
  };
  handlers.set<TypeInferHandler>(add(NnOp::MatMul), &infer_matmul_type);
  handlers.set<TypeInferAttrsHandler>(add(NnOp::Conv2D), &infer_conv2d_type);
  handlers.set<TypeInferHandler>(add(NnOp::ReLU), &infer_relu_type);
  handlers.set<TypeInferHandler>(add(NnOp::Sigmoid), &infer_sigmoid_tanh_type);
  handlers.set<TypeInferHandler>(add(NnOp::Tanh), &infer_sigmoid_tanh_type);
  handlers.set<TypeInferAttrsHandler>(add(NnOp::SoftMax), &infer_softmax_type);
  handlers.set<TypeInferAttrsHandler>(add(NnOp::LayerNorm), &infer_layer_norm_type);
  handlers.set<TypeInferAttrsHandler>(add(NnOp::Gelu), &infer_gelu_type);
  handlers.set<TypeInferHandler>(add(NnOp::Silu), &infer_silu_type);
  handlers.set<TypeInferAttrsHandler>(add(NnOp::RMSNorm), &infer_rms_norm_type);
  handlers.set<TypeInferHandler>(add(NnOp::RoPE), &infer_rope_type);
}

Op nn_op(NnOp op, const OpRegistry& registry) {
  std::optional<Op> found = registry.find(nn_op_name(op));
  TF_CHECK(found.has_value(), "{} is not registered (register_hir_nn_ops)", nn_op_name(op));
  return *found;
}

Result<CallRef> make_nn(NnOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                        const OpHandlers& handlers) {
  return make_typed_call(nn_op(op, handlers.registry()), std::move(args), std::move(attrs),
                         handlers);
}

std::optional<NnOp> nn_op_kind(Op op) { return op.code_in<NnOp>(kNnFamily); }

}  // namespace tf::hir
