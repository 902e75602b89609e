#include "ir/hir/tensor_ops.h"

#include <fmt/format.h>

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

// Everything the family states about one op: its schema and its typeinfer handler (exactly
// one of the two kinds: with attributes when the op declares any).
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

// One record per hir.tensor op, in TensorOp order (checked on first use).
const std::vector<TensorOpRecord>& records() {
  static const std::vector<TensorOpRecord>* all = [] {
    auto* r = new std::vector<TensorOpRecord>{
      {.op = TensorOp::Arange,
       .name = "hir.tensor.Arange",
       .surface = "arange",
       .params = {P::attribute("type", K::Type), P::attribute("start", K::Dim, std::int64_t{0}), int_attr_default("step", 1)},
       .result_rule = "exactly type (rank-1 i32 / i64); step > 0",
       .infer_with_attrs = &infer_arange_type},
      {.op = TensorOp::ArgMax,
       .name = "hir.tensor.ArgMax",
       .surface = "argmax",
       .params = {P::operand("x"), int_attr_default("axis", -1)},
       .result_rule = "Tensor[x.shape without axis, i64]",
       .infer_with_attrs = &infer_arg_max_type},
      {.op = TensorOp::CacheUpdate,
       .name = "hir.tensor.CacheUpdate",
       .surface = "cache_update",
       .params = {P::operand("cache"), P::operand("cur_pos"), P::operand("s"), P::operand("new")},
       .result_rule = "type of cache; cache and new [B, len, H, D] of one dtype; i32 scalars",
       .infer = &infer_cache_update_type},
      {.op = TensorOp::Cast,
       .name = "hir.tensor.Cast",
       .surface = "cast",
       .params = {P::operand("x"), P::attribute("dtype", K::DType), optional_attr("rounding", K::Enum), optional_attr("saturate", K::Bool), optional_attr("scale_method", K::Enum)},
       .result_rule = "type of x with dtype replaced; a mode the target offers",
       .infer_with_attrs = &infer_cast_type},
      {.op = TensorOp::Concat,
       .name = "hir.tensor.Concat",
       .surface = "concat",
       .params = {P::variadic_operand("inputs"), P::attribute("axis", K::Int)},
       .result_rule = "Tensor[inputs' shape, axis extent summed, inputs' dtype]",
       .infer_with_attrs = &infer_concat_type},
      {.op = TensorOp::FullLike,
       .name = "hir.tensor.FullLike",
       .surface = "full_like",
       .params = {P::operand("x"), P::attribute("value", K::Float)},
       .result_rule = "type of x",
       .infer_with_attrs = &infer_full_like_type},
      {.op = TensorOp::IndexAdd,
       .name = "hir.tensor.IndexAdd",
       .surface = "index_add",
       .params = {P::operand("dst"), P::operand("index"), P::operand("src"), int_attr_default("dim", 0)},
       .result_rule = "type of dst; index rank-1 i32 / i64; src like dst off dim",
       .infer_with_attrs = &infer_index_add_type},
      {.op = TensorOp::IndexCopy,
       .name = "hir.tensor.IndexCopy",
       .surface = "index_copy",
       .params = {P::operand("dst"), P::operand("index"), P::operand("src"), int_attr_default("dim", 0)},
       .result_rule = "type of dst; index rank-1 i64; src like dst off dim",
       .infer_with_attrs = &infer_index_copy_type},
      {.op = TensorOp::IndexSelect,
       .name = "hir.tensor.IndexSelect",
       .surface = "index_select",
       .params = {P::operand("x"), P::operand("index"), int_attr_default("dim", 0)},
       .result_rule = "Tensor[x.shape with shape[dim] = len(index), x dtype]",
       .infer_with_attrs = &infer_index_select_type},
      {.op = TensorOp::InsertSlice,
       .name = "hir.tensor.InsertSlice",
       .surface = "insert_slice",
       .tuple_operands = true,
       .params = {P::operand("dst"), P::operand("update"), P::operand("offsets")},
       .result_rule = "type of dst; offsets a Tuple of rank-0 ints (a scalar for rank 1)",
       .infer = &infer_insert_slice_type},
      {.op = TensorOp::Quant,
       .name = "hir.tensor.Quant",
       .surface = "quant",
       .params = {P::operand("x"), P::attribute("scheme", K::Enum, std::string("per_token_group")), int_attr_default("group", 128), P::attribute("target_dtype", K::DType, DType::fp8e4m3())},
       .result_rule = "Tuple[Tensor[x.shape, fp8e4m3], Tensor[x.shape[:-1] + (last // group,), f32]]",
       .infer_with_attrs = &infer_quant_type},
      {.op = TensorOp::Rank,
       .name = "hir.tensor.Rank",
       .surface = "rank",
       .params = {P::operand("x")},
       .result_rule = "Tensor[(), i64, storage=umat]",
       .infer = &infer_rank_type},
      {.op = TensorOp::Reduce,
       .name = "hir.tensor.Reduce",
       .surface = "reduce",
       .params = {P::operand("x"), P::attribute("axes", K::IntTuple), P::attribute("keepdim", K::Bool, true), P::attribute("kind", K::Enum, std::string("mean"))},
       .result_rule = "Tensor[x.shape with axes kept as 1 or dropped, x dtype]; axes=() reduces nothing",
       .infer_with_attrs = &infer_reduce_type},
      {.op = TensorOp::RepeatInterleave,
       .name = "hir.tensor.RepeatInterleave",
       .surface = "repeat_interleave",
       .params = {P::operand("x"), P::attribute("repeats", K::Int), P::attribute("axis", K::Int)},
       .result_rule = "Tensor[x.shape with the axis extent * repeats, x dtype]; repeats >= 0",
       .infer_with_attrs = &infer_repeat_interleave_type},
      {.op = TensorOp::Reshape,
       .name = "hir.tensor.Reshape",
       .surface = "reshape",
       .params = {P::operand("x"), P::attribute("new_shape", K::DimTuple)},
       .result_rule = "Tensor[new_shape, x dtype]; equal static element counts",
       .infer_with_attrs = &infer_reshape_type},
      {.op = TensorOp::ShapeOf,
       .name = "hir.tensor.ShapeOf",
       .surface = "shape_of",
       .params = {P::operand("x")},
       .result_rule = "Tensor[(rank(x),), i64, storage=umat]",
       .infer = &infer_shape_of_type},
      {.op = TensorOp::Slice,
       .name = "hir.tensor.Slice",
       .surface = "slice",
       .tuple_operands = true,
       .params = {P::operand("x"), P::operand("starts"), P::attribute("sizes", K::DimTuple), P::attribute("strides", K::DimTuple)},
       .result_rule = "Tensor[sizes, x dtype]; starts a Tuple of rank-0 ints",
       .infer_with_attrs = &infer_slice_type},
      {.op = TensorOp::Split,
       .name = "hir.tensor.Split",
       .surface = "split",
       .params = {P::operand("x"), P::attribute("axis", K::Int), P::attribute("num_splits", K::Int)},
       .result_rule = "Tuple of num_splits Tensor[x.shape with the axis extent // num_splits]",
       .infer_with_attrs = &infer_split_type},
      {.op = TensorOp::Stack,
       .name = "hir.tensor.Stack",
       .surface = "stack",
       .params = {P::variadic_operand("inputs"), P::attribute("axis", K::Int)},
       .result_rule = "Tensor[inputs' shape with a new axis of extent len(inputs), inputs' dtype]",
       .infer_with_attrs = &infer_stack_type},
      {.op = TensorOp::TopK,
       .name = "hir.tensor.TopK",
       .surface = "topk",
       .params = {P::operand("x"), P::attribute("k", K::Dim), int_attr_default("axis", -1), P::attribute("largest", K::Bool, true), P::attribute("sorted", K::Bool, true)},
       .result_rule = "Tuple[Tensor[x.shape with the axis extent k, x dtype], same with i64]",
       .infer_with_attrs = &infer_top_k_type},
      {.op = TensorOp::Transpose,
       .name = "hir.tensor.Transpose",
       .surface = "transpose",
       .params = {P::operand("x"), P::attribute("perm", K::IntTuple)},
       .result_rule = "Tensor[x.shape permuted by perm, x dtype]; perm a permutation",
       .infer_with_attrs = &infer_transpose_type},
      {.op = TensorOp::Where,
       .name = "hir.tensor.Where",
       .surface = "where",
       .params = {P::operand("condition"), P::operand("input"), P::operand("other")},
       .result_rule = "Tensor[broadcast(condition, input, other), input dtype]; condition bool",
       .infer = &infer_where_type},
      {.op = TensorOp::Zeros,
       .name = "hir.tensor.Zeros",
       .surface = "zeros",
       .params = {P::attribute("type", K::Type)},
       .result_rule = "exactly type",
       .infer_with_attrs = &infer_zeros_type},
    };
    for (std::size_t i = 0; i < r->size(); ++i)
      TF_CHECK(static_cast<std::size_t>((*r)[i].op) == i && ((*r)[i].infer == nullptr) !=
                                                                ((*r)[i].infer_with_attrs == nullptr),
               "hir.tensor record {} out of TensorOp order or without exactly one handler",
               (*r)[i].name);
    return r;
  }();
  return *all;
}

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
