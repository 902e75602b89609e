#include "ir/tir/tir_ops.h"

#include <fmt/format.h>

#include <iterator>

#include "ir/core/numerics_spaces.h"
#include "ir/core/tuple.h"
#include "ir/support/record_table.h"
#include "ir/tir/memory_typeinfer.h"
#include "ir/tir/op_verify.h"
#include "ir/type/tuple_type.h"

namespace tf::tir {

const OpFamily kTirFamily{"tir"};

namespace {

using P = ParamDef;

struct TirOpRow {
  std::string_view name, surface;
};

constexpr TirOpRow kTirOpRows[] = {
#define TF_TIR_OP(E, name, surface) {name, surface},
#include "ir/tir/tir_ops.def"
};
static_assert(std::size(kTirOpRows) == std::size(kAllTirOps));

const TirOpRow& row(TirOp op) { return record_row(kTirOpRows, op, "TirOp"); }

}  // namespace

std::string_view tir_op_name(TirOp op) { return row(op).name; }

OpSpec tir_op_spec(TirOp op) {
  OpSpec spec{.name = std::string(tir_op_name(op)),
              .form = OpForm::Effect,
              .family = &kTirFamily,
              .code = static_cast<std::uint32_t>(op)};
  spec.surface = std::string(row(op).surface);
  const std::monostate none;
  switch (op) {
    case TirOp::AllocTensor:
      spec.form = OpForm::Value;
      spec.params = {P::attribute("tensor_type", AttrKind::Type)};
      spec.result_rule = "tensor_type (a TensorType with a concrete storage level)";
      break;
    case TirOp::MemorySpan:
      spec.form = OpForm::Value;
      spec.params = {P::operand("x")};
      spec.result_rule = "Tensor[x.shape, x.dtype, storage=x.storage] (no layout)";
      break;
    case TirOp::PtrOf:
      spec.form = OpForm::Value;
      spec.params = {P::operand("x")};
      spec.result_rule = "type of x (an alias of x's memory)";
      break;
    case TirOp::TensorView:
      spec.form = OpForm::Value;
      spec.params = {P::operand("memory"), P::variadic_operand("coordinates"),
                     P::attribute("layout", AttrKind::Layout), P::attribute("shape", AttrKind::DimTuple, none)};
      spec.result_rule =
          "Tensor[shape or the layout's shape, memory.dtype, layout=layout, "
          "storage=memory.storage]";
      break;
    case TirOp::Copy:
      spec.params = {P::operand("source"), P::operand("destination")};
      break;
    case TirOp::Fill:
      spec.params = {P::operand("tensor"), P::operand("value")};
      break;
    case TirOp::Mma:
      spec.params = {P::operand("acc"), P::operand("lhs"), P::operand("rhs"),
                     P::attribute("atom", AttrKind::Atom, none)};
      break;
    case TirOp::ReLU:
      spec.params = {P::operand("src"), P::operand("dst")};
      break;
    case TirOp::RMSNorm:
      spec.params = {P::operand("src"), P::operand("dst"), P::operand("weight"),
                     P::attribute("eps", AttrKind::Float)};
      break;
    case TirOp::Reduce:
      spec.tuple_operands = true;  // the absent-workspace sentinel `()`
      spec.params = {P::operand("src"), P::operand("dst"), P::operand("workspace"),
                     P::attribute("axes", AttrKind::IntTuple),
                     P::enum_attribute("kind", kReduceKindSpace)};
      break;
    case TirOp::Binary:
      spec.params = {P::operand("lhs"), P::operand("rhs"), P::operand("dst"),
                     P::enum_attribute("kind", kBinaryKindSpace)};
      break;
    case TirOp::Unary:  // rounding / saturate: a cast's mode (absent: the dst dtype's default);
                        // scale_method: a quantizing cast's (absent: the format's default)
      spec.params = {P::operand("src"), P::operand("dst"),
                     P::enum_attribute("kind", kUnaryKindSpace),
                     P::enum_attribute("rounding", numerics::kRoundingSpace, none),
                     P::attribute("saturate", AttrKind::Bool, none),
                     P::enum_attribute("scale_method", numerics::kScaleMethodSpace, none)};
      break;
    case TirOp::Launch:
      spec.params = {P::variadic_operand("args"), P::attribute("cluster", AttrKind::IntTuple, none),
                     P::attribute("dynamic_smem", AttrKind::Int, std::int64_t{0}),
                     P::attribute("stream", AttrKind::String, none),
                     P::attribute("attrs", AttrKind::IntTuple, std::vector<std::int64_t>{})};
      break;
    case TirOp::Sync:
      spec.params = {P::attribute("mesh", AttrKind::Mesh)};
      break;
    case TirOp::CopyAsync:
      spec.params = {P::operand("source"), P::operand("destination")};
      break;
    case TirOp::CpAsyncCommit:
      break;
    case TirOp::CpAsyncWait:
      spec.params = {P::attribute("n", AttrKind::Int, std::int64_t{0})};
      break;
  }
  return spec;
}

void register_tir_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry, "register_tir_ops: handlers of another registry");
  auto add = [&](TirOp which) {
    Result<Op> op = registry.add(tir_op_spec(which));
    TF_CHECK(op.ok(), "registering {}: {}", tir_op_name(which), op.diagnostics()[0].message);
    return *op;
  };
  handlers.set<TypeInferAttrsHandler>(add(TirOp::AllocTensor), &infer_alloc_tensor);
  handlers.set<TypeInferHandler>(add(TirOp::MemorySpan), &infer_memory_span);
  handlers.set<TypeInferHandler>(add(TirOp::PtrOf), &infer_ptr_of);
  handlers.set<TypeInferAttrsHandler>(add(TirOp::TensorView), &infer_tensor_view);
  handlers.set<VerifyHandler>(add(TirOp::Copy), &verify_copy);
  handlers.set<VerifyHandler>(add(TirOp::Fill), &verify_fill);
  handlers.set<VerifyHandler>(add(TirOp::Mma), &verify_mma);
  handlers.set<VerifyHandler>(add(TirOp::ReLU), &verify_relu);
  handlers.set<VerifyHandler>(add(TirOp::RMSNorm), &verify_rms_norm);
  handlers.set<VerifyHandler>(add(TirOp::Reduce), &verify_reduce);
  handlers.set<VerifyHandler>(add(TirOp::Binary), &verify_binary);
  handlers.set<VerifyHandler>(add(TirOp::Unary), &verify_unary);
  handlers.set<VerifyHandler>(add(TirOp::Launch), &verify_launch);
  handlers.set<VerifyHandler>(add(TirOp::Sync), &verify_sync);
  handlers.set<VerifyHandler>(add(TirOp::CopyAsync), &verify_copy_async);
  handlers.set<VerifyHandler>(add(TirOp::CpAsyncCommit), &verify_cp_async_commit);
  handlers.set<VerifyHandler>(add(TirOp::CpAsyncWait), &verify_cp_async_wait);
}

Op tir_op(TirOp op, const OpRegistry& registry) {
  std::optional<Op> found = registry.find(tir_op_name(op));
  TF_CHECK(found.has_value(), "{} is not registered (register_tir_ops)", tir_op_name(op));
  return *found;
}

bool takes_block_scaled(TirOp op) {
  return op == TirOp::Copy || op == TirOp::Unary || op == TirOp::TensorView || op == TirOp::Launch;
}

std::optional<TirOp> tir_op_kind(Op op) { return op.code_in<TirOp>(kTirFamily); }

bool is_tir_op(Op op, TirOp which) { return tir_op_kind(op) == which; }

Result<CallRef> make_value_call(TirOp which, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                                const OpHandlers& handlers) {
  const Op op = tir_op(which, handlers.registry());
  TF_CHECK(op.form() == OpForm::Value, "make_value_call of the effect op {}", op.name());
  for (const Expr& a : args) TF_CHECK(a, "{}: a null operand", op.name());
  Result<IRType> type = [&]() -> Result<IRType> {
    if (handlers.has<TypeInferHandler>(op)) return handlers.get<TypeInferHandler>(op)(op, args);
    Result<std::vector<AttrValue>> values = bind_call_attrs(op, attrs);
    TF_TRY(values);
    return handlers.get<TypeInferAttrsHandler>(op)(op, args, *values);
  }();
  TF_TRY(type);
  return Call::make(op, std::move(args), std::move(attrs), *type);
}

NamedAttr kind_attr(BinaryKind kind) { return {"kind", enum_attr(kind)}; }
NamedAttr kind_attr(UnaryKind kind) { return {"kind", enum_attr(kind)}; }
NamedAttr kind_attr(ReduceKind kind) { return {"kind", enum_attr(kind)}; }

const Expr& no_workspace() {
  static const Expr* sentinel = new Expr(Tuple::make({}).value());
  return *sentinel;
}

bool is_no_workspace(const Expr& e) {
  const Tuple* t = e ? e->as<Tuple>() : nullptr;
  return t != nullptr && t->elements.empty();
}

Expr reduce_workspace(const Call& call) {
  TF_CHECK(is_tir_op(call.op, TirOp::Reduce), "reduce_workspace of a {} Call", call.op.name());
  const Expr& ws = call.args.at(2);
  return is_no_workspace(ws) ? Expr() : ws;
}

}  // namespace tf::tir
