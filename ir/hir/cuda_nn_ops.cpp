#include "ir/hir/cuda_nn_ops.h"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>

#include "ir/hir/broadcast.h"
#include "ir/hir/shard_axes.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typed_call.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/layout/shard_layout.h"
#include "ir/type/tensor_type.h"

namespace tf::hir {

const OpFamily kCudaNnFamily{"hir.cuda.nn"};

namespace {

constexpr std::string_view kMmaOperandLayoutSpellings[] = {"N", "T"};

// The instruction tile (M, N, K) of `op`.
std::array<std::int64_t, 3> tile(CudaNnOp op) {
  switch (op) {
    case CudaNnOp::MmaSm80_16x8x16:
      return {16, 8, 16};
    case CudaNnOp::WgmmaSm90_64x128x16:
      return {64, 128, 16};
  }
  TF_UNREACHABLE("bad CudaNnOp");
}

CudaNnOp which(Op op) {
  const std::optional<CudaNnOp> kind = cuda_nn_op_kind(op);
  TF_CHECK(kind.has_value(), "{} is not a hir.cuda.nn op", op.name());
  return *kind;
}

OpSpec mma_spec(CudaNnOp op) {
  const auto [m, n, k] = tile(op);
  return OpSpec{
      .name = std::string(cuda_nn_op_name(op)),
      .params = {ParamDef::operand("a"), ParamDef::operand("b"),
                 ParamDef::attribute("dtype_a", AttrKind::DType),
                 ParamDef::attribute("dtype_b", AttrKind::DType),
                 ParamDef::attribute("dtype_acc", AttrKind::DType),
                 ParamDef::enum_attribute("a_layout", kMmaOperandLayoutSpace,
                                          enum_attr(MmaOperandLayout::T)),
                 ParamDef::enum_attribute("b_layout", kMmaOperandLayoutSpace,
                                          enum_attr(MmaOperandLayout::N))},
      .result_rule = fmt::format("Tensor[({}, {}), dtype_acc]; a ({}, {}) of dtype_a, b ({}, {}) "
                                 "of dtype_b",
                                 m, n, m, k, k, n),
      .surface = op == CudaNnOp::MmaSm80_16x8x16 ? "mma_sm80_16x8x16" : "wgmma_sm90_64x128x16",
      .family = &kCudaNnFamily,
      .code = static_cast<std::uint32_t>(op)};
}

bool supported_combo(DType a, DType b, DType acc) {
  const DType f16 = DType::f16(), bf16 = DType::bf16(), f32 = DType::f32();
  for (const auto& [x, y, z] : {std::array{f16, f16, f16},
                                {bf16, bf16, bf16},
                                {f16, f16, f32},
                                {bf16, bf16, f32},
                                {f32, f32, f32}})
    if (a == x && b == y && acc == z) return true;
  return false;
}

DType dtype_attr(Op op, const AttrValue& v) {
  const DType* d = std::get_if<DType>(&v);
  TF_CHECK(d != nullptr, "{}: a dtype attribute holds {}", op.name(), attr_value_kind_name(v));
  return *d;
}

Result<IRType> infer_mma_type(Op op, const std::vector<Expr>& args,
                              const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 2 && attrs.size() == 5, "{}: malformed Call", op.name());
  const auto [m, n, k] = tile(which(op));
  std::vector<Diagnostic> diags;
  const TensorType* a = tensor_operand(op, args, 0, diags);
  const TensorType* b = tensor_operand(op, args, 1, diags);
  if (a == nullptr || b == nullptr) return diags;
  const DType da = dtype_attr(op, attrs[0]), db = dtype_attr(op, attrs[1]),
              dacc = dtype_attr(op, attrs[2]);
  for (auto [name, t, shape] :
       {std::tuple{"a", a, std::vector<ShapeDim>{m, k}}, {"b", b, std::vector<ShapeDim>{k, n}}})
    if (t->shape != shape)
      diags.push_back(type_error(op, fmt::format("expected {} of shape {}, found {}", name,
                                                 shape_text(shape), shape_text(t->shape))));
  for (auto [name, t, d] : {std::tuple{"a", a, da}, {"b", b, db}})
    if (t->dtype != d)
      diags.push_back(type_error(op, fmt::format("expected {} of dtype_{} {}, found {}", name, name,
                                                 d.name(), t->dtype.name())));
  if (!supported_combo(da, db, dacc))
    diags.push_back(type_error(
        op, fmt::format("unsupported dtype combination (dtype_a={}, dtype_b={}, dtype_acc={}): "
                        "expected one of (f16, f16, f16), (bf16, bf16, bf16), (f16, f16, f32), "
                        "(bf16, bf16, f32), (f32, f32, f32)",
                        da.name(), db.name(), dacc.name())));
  // a_layout and b_layout (attrs[3], attrs[4]) are N or T: their space admits no other flag.
  bool sharded = false;
  for (auto [name, t] : {std::pair{"a", a}, {"b", b}}) {
    const ShardLayout* sl = shard_layout_of(*t);
    if (sl == nullptr) continue;
    sharded = true;
    if (claims_distribution(*sl))
      diags.push_back(type_error(
          op, fmt::format("operand {} claims a distribution ({}), which this op does not model: "
                          "expected a plain or replicated layout; reshard {} first",
                          name, to_string(*sl), name)));
  }
  Result<std::optional<StorageKind>> storage = anchor_storage(op, *a, *b);
  if (!storage.ok()) diags.push_back(storage.diagnostics()[0]);
  if (!diags.empty()) return diags;
  const std::vector<ShapeDim> out{m, n};
  std::optional<LayoutBase> layout;
  if (!sharded && (a->layout || b->layout)) layout = c_order_layout(out);
  Result<TensorTypeRef> t = TensorType::make(out, dacc, std::move(layout), *storage);
  TF_TRY(t);
  return IRType(*t);
}

}  // namespace

const EnumSpace kMmaOperandLayoutSpace{"MmaOperandLayout", kMmaOperandLayoutSpellings,
                                       "expected {attr} {alternatives}, found {spelling}"};

std::string_view cuda_nn_op_name(CudaNnOp op) {
  switch (op) {
    case CudaNnOp::MmaSm80_16x8x16:
      return "hir.cuda.nn.Mma_SM80_16x8x16";
    case CudaNnOp::WgmmaSm90_64x128x16:
      return "hir.cuda.nn.Wgmma_SM90_64x128x16";
  }
  TF_UNREACHABLE("bad CudaNnOp");
}

void register_hir_cuda_nn_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry,
           "register_hir_cuda_nn_ops: handlers of another registry");
  for (CudaNnOp which : {CudaNnOp::MmaSm80_16x8x16, CudaNnOp::WgmmaSm90_64x128x16}) {
    Result<Op> op = registry.add(mma_spec(which));
    TF_CHECK(op.ok(), "registering {}: {}", cuda_nn_op_name(which), op.diagnostics()[0].message);
    handlers.set<TypeInferAttrsHandler>(*op, &infer_mma_type);
  }
}

Op cuda_nn_op(CudaNnOp op, const OpRegistry& registry) {
  std::optional<Op> found = registry.find(cuda_nn_op_name(op));
  TF_CHECK(found.has_value(), "{} is not registered (register_hir_cuda_nn_ops)",
           cuda_nn_op_name(op));
  return *found;
}

Result<CallRef> make_cuda_nn(CudaNnOp op, Expr a, Expr b, std::vector<NamedAttr> attrs,
                             const OpHandlers& handlers) {
  return make_typed_call(cuda_nn_op(op, handlers.registry()), {std::move(a), std::move(b)},
                         std::move(attrs), handlers);
}

std::optional<CudaNnOp> cuda_nn_op_kind(Op op) { return op.code_in<CudaNnOp>(kCudaNnFamily); }

}  // namespace tf::hir
