#include "ir/hir/tensor_ops.h"

#include <fmt/format.h>

#include "ir/hir/tensor_enums.h"
#include "ir/hir/tensor_typeinfer.h"
#include "ir/hir/typed_call.h"

namespace tf::hir {

namespace {

using P = ParamDef;
using K = AttrKind;

ParamDef optional_attr(std::string name, AttrKind kind) {
  return P::attribute(std::move(name), kind, std::monostate{});
}

ParamDef int_attr_default(std::string name, std::int64_t value) {
  return P::attribute(std::move(name), K::Int, value);
}

// Everything tensor_ops.def states about one op: its schema and its typeinfer handler (exactly
// one of the two kinds: with attributes when the row says Attrs).
struct TensorOpRecord {
  TensorOp op;
  std::string name;
  std::string surface;
  bool tuple_operands = false;
  std::vector<ParamDef> params;
  std::string result_rule;
  TypeInferAttrsHandler::Fn infer_with_attrs = nullptr;
  TypeInferHandler::Fn infer = nullptr;
};

#define TF_TENSOR_INFER_Attrs(snake) .infer_with_attrs = &infer_##snake##_type
#define TF_TENSOR_INFER_NoAttrs(snake) .infer = &infer_##snake##_type

// One record per hir.tensor op, in TensorOp order (the rows of tensor_ops.def).
const std::vector<TensorOpRecord>& records() {
  static const std::vector<TensorOpRecord>* all = new std::vector<TensorOpRecord>{
#define TF_TENSOR_OP(Enumerator, snake, surface_, attrs, tuple, rule, ...) \
  {.op = TensorOp::Enumerator,                                            \
   .name = "hir.tensor." #Enumerator,                                     \
   .surface = surface_,                                                   \
   .tuple_operands = tuple,                                               \
   .params = {__VA_ARGS__},                                               \
   .result_rule = rule,                                                   \
   TF_TENSOR_INFER_##attrs(snake)},
#include "ir/hir/tensor_ops.def"
  };
  return *all;
}

#undef TF_TENSOR_INFER_Attrs
#undef TF_TENSOR_INFER_NoAttrs

const TensorOpRecord& record(TensorOp op) { return records().at(static_cast<std::size_t>(op)); }

}  // namespace

const OpFamily kTensorFamily{"hir.tensor"};

const std::vector<TensorOp>& all_tensor_ops() {
  static const std::vector<TensorOp> all = [] {
    std::vector<TensorOp> v;
    for (const TensorOpRecord& r : records()) v.push_back(r.op);
    return v;
  }();
  return all;
}

std::string_view tensor_op_name(TensorOp op) { return record(op).name; }

std::optional<TensorOp> tensor_op_kind(Op op) { return op.code_in<TensorOp>(kTensorFamily); }

void register_hir_tensor_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry,
           "register_hir_tensor_ops: handlers of another registry");
  for (const TensorOpRecord& r : records()) {
    Result<Op> op = registry.add(OpSpec{.name = r.name,
                                        .tuple_operands = r.tuple_operands,
                                        .params = r.params,
                                        .result_rule = r.result_rule,
                                        .surface = r.surface,
                                        .family = &kTensorFamily,
                                        .code = static_cast<std::uint32_t>(r.op)});
    TF_CHECK(op.ok(), "registering {}: {}", r.name, op.diagnostics()[0].message);
    if (r.infer_with_attrs != nullptr)
      handlers.set<TypeInferAttrsHandler>(*op, r.infer_with_attrs);
    else
      handlers.set<TypeInferHandler>(*op, r.infer);
  }
}
Op tensor_op(TensorOp op, const OpRegistry& registry) {
  std::optional<Op> found = registry.find(tensor_op_name(op));
  TF_CHECK(found.has_value(), "{} is not registered (register_hir_tensor_ops)", tensor_op_name(op));
  return *found;
}

Result<CallRef> make_tensor_call(TensorOp which, std::vector<Expr> args,
                                 std::vector<NamedAttr> attrs, const OpHandlers& handlers) {
  return make_typed_call(tensor_op(which, handlers.registry()), std::move(args), std::move(attrs),
                         handlers);
}

}  // namespace tf::hir
