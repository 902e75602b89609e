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

// Name, surface, tuple operands, ParamDefs and result rule of `op` (tensor_ops.h).
OpSpec tensor_spec(TensorOp op) {
  OpSpec s{.name = std::string(tensor_op_name(op))};
  switch (op) {
    case TensorOp::Arange:
      s.surface = "arange";
      s.params = {P::attribute("type", K::Type), P::attribute("start", K::Dim, std::int64_t{0}),
                  int_attr_default("step", 1)};
      s.result_rule = "exactly type (rank-1 i32 / i64); step > 0";
      break;
    case TensorOp::ArgMax:
      s.surface = "argmax";
      s.params = {P::operand("x"), int_attr_default("axis", -1)};
      s.result_rule = "Tensor[x.shape without axis, i64]";
      break;
    case TensorOp::CacheUpdate:
      s.surface = "cache_update";
      s.params = {P::operand("cache"), P::operand("cur_pos"), P::operand("s"), P::operand("new")};
      s.result_rule = "type of cache; cache and new [B, len, H, D] of one dtype; i32 scalars";
      break;
    case TensorOp::Cast:
      s.surface = "cast";
      s.params = {P::operand("x"), P::attribute("dtype", K::DType),
                  optional_attr("rounding", K::Enum), optional_attr("saturate", K::Bool),
                  optional_attr("scale_method", K::Enum)};
      s.result_rule = "type of x with dtype replaced; a mode the target offers";
      break;
    case TensorOp::Concat:
      s.surface = "concat";
      s.params = {P::variadic_operand("inputs"), P::attribute("axis", K::Int)};
      s.result_rule = "Tensor[inputs' shape, axis extent summed, inputs' dtype]";
      break;
    case TensorOp::FullLike:
      s.surface = "full_like";
      s.params = {P::operand("x"), P::attribute("value", K::Float)};
      s.result_rule = "type of x";
      break;
    case TensorOp::IndexAdd:
      s.surface = "index_add";
      s.params = {P::operand("dst"), P::operand("index"), P::operand("src"),
                  int_attr_default("dim", 0)};
      s.result_rule = "type of dst; index rank-1 i32 / i64; src like dst off dim";
      break;
    case TensorOp::IndexCopy:
      s.surface = "index_copy";
      s.params = {P::operand("dst"), P::operand("index"), P::operand("src"),
                  int_attr_default("dim", 0)};
      s.result_rule = "type of dst; index rank-1 i64; src like dst off dim";
      break;
    case TensorOp::IndexSelect:
      s.surface = "index_select";
      s.params = {P::operand("x"), P::operand("index"), int_attr_default("dim", 0)};
      s.result_rule = "Tensor[x.shape with shape[dim] = len(index), x dtype]";
      break;
    case TensorOp::InsertSlice:
      s.surface = "insert_slice";
      s.tuple_operands = true;
      s.params = {P::operand("dst"), P::operand("update"), P::operand("offsets")};
      s.result_rule = "type of dst; offsets a Tuple of rank-0 ints (a scalar for rank 1)";
      break;
    case TensorOp::Quant:
      s.surface = "quant";
      s.params = {P::operand("x"), P::attribute("scheme", K::Enum, std::string("per_token_group")),
                  int_attr_default("group", 128),
                  P::attribute("target_dtype", K::DType, DType::fp8e4m3())};
      s.result_rule =
          "Tuple[Tensor[x.shape, fp8e4m3], Tensor[x.shape[:-1] + (last // group,), f32]]";
      break;
    case TensorOp::Rank:
      s.surface = "rank";
      s.params = {P::operand("x")};
      s.result_rule = "Tensor[(), i64, storage=umat]";
      break;
    case TensorOp::Reduce:
      s.surface = "reduce";
      s.params = {P::operand("x"), P::attribute("axes", K::IntTuple),
                  P::attribute("keepdim", K::Bool, true),
                  P::attribute("kind", K::Enum, std::string("mean"))};
      s.result_rule =
          "Tensor[x.shape with axes kept as 1 or dropped, x dtype]; axes=() reduces "
          "nothing";
      break;
    case TensorOp::RepeatInterleave:
      s.surface = "repeat_interleave";
      s.params = {P::operand("x"), P::attribute("repeats", K::Int), P::attribute("axis", K::Int)};
      s.result_rule = "Tensor[x.shape with the axis extent * repeats, x dtype]; repeats >= 0";
      break;
    case TensorOp::Reshape:
      s.surface = "reshape";
      s.params = {P::operand("x"), P::attribute("new_shape", K::DimTuple)};
      s.result_rule = "Tensor[new_shape, x dtype]; equal static element counts";
      break;
    case TensorOp::ShapeOf:
      s.surface = "shape_of";
      s.params = {P::operand("x")};
      s.result_rule = "Tensor[(rank(x),), i64, storage=umat]";
      break;
    case TensorOp::Slice:
      s.surface = "slice";
      s.tuple_operands = true;
      s.params = {P::operand("x"), P::operand("starts"), P::attribute("sizes", K::DimTuple),
                  P::attribute("strides", K::DimTuple)};
      s.result_rule = "Tensor[sizes, x dtype]; starts a Tuple of rank-0 ints";
      break;
    case TensorOp::Split:
      s.surface = "split";
      s.params = {P::operand("x"), P::attribute("axis", K::Int),
                  P::attribute("num_splits", K::Int)};
      s.result_rule = "Tuple of num_splits Tensor[x.shape with the axis extent // num_splits]";
      break;
    case TensorOp::Stack:
      s.surface = "stack";
      s.params = {P::variadic_operand("inputs"), P::attribute("axis", K::Int)};
      s.result_rule = "Tensor[inputs' shape with a new axis of extent len(inputs), inputs' dtype]";
      break;
    case TensorOp::TopK:
      s.surface = "topk";
      s.params = {P::operand("x"), P::attribute("k", K::Dim), int_attr_default("axis", -1),
                  P::attribute("largest", K::Bool, true), P::attribute("sorted", K::Bool, true)};
      s.result_rule = "Tuple[Tensor[x.shape with the axis extent k, x dtype], same with i64]";
      break;
    case TensorOp::Transpose:
      s.surface = "transpose";
      s.params = {P::operand("x"), P::attribute("perm", K::IntTuple)};
      s.result_rule = "Tensor[x.shape permuted by perm, x dtype]; perm a permutation";
      break;
    case TensorOp::Where:
      s.surface = "where";
      s.params = {P::operand("condition"), P::operand("input"), P::operand("other")};
      s.result_rule = "Tensor[broadcast(condition, input, other), input dtype]; condition bool";
      break;
    case TensorOp::Zeros:
      s.surface = "zeros";
      s.params = {P::attribute("type", K::Type)};
      s.result_rule = "exactly type";
      break;
  }
  return s;
}

using AttrsFn = TypeInferAttrsHandler::Fn;
using PlainFn = TypeInferHandler::Fn;

// The handler of an op that declares attributes (nullptr for the others).
AttrsFn attrs_handler(TensorOp op) {
  switch (op) {
    case TensorOp::Arange:
      return &infer_arange_type;
    case TensorOp::ArgMax:
      return &infer_arg_max_type;
    case TensorOp::Cast:
      return &infer_cast_type;
    case TensorOp::Concat:
      return &infer_concat_type;
    case TensorOp::FullLike:
      return &infer_full_like_type;
    case TensorOp::IndexAdd:
      return &infer_index_add_type;
    case TensorOp::IndexCopy:
      return &infer_index_copy_type;
    case TensorOp::IndexSelect:
      return &infer_index_select_type;
    case TensorOp::Quant:
      return &infer_quant_type;
    case TensorOp::Reduce:
      return &infer_reduce_type;
    case TensorOp::RepeatInterleave:
      return &infer_repeat_interleave_type;
    case TensorOp::Reshape:
      return &infer_reshape_type;
    case TensorOp::Slice:
      return &infer_slice_type;
    case TensorOp::Split:
      return &infer_split_type;
    case TensorOp::Stack:
      return &infer_stack_type;
    case TensorOp::TopK:
      return &infer_top_k_type;
    case TensorOp::Transpose:
      return &infer_transpose_type;
    case TensorOp::Zeros:
      return &infer_zeros_type;
    case TensorOp::CacheUpdate:
    case TensorOp::InsertSlice:
    case TensorOp::Rank:
    case TensorOp::ShapeOf:
    case TensorOp::Where:
      return nullptr;
  }
  TF_UNREACHABLE("bad TensorOp");
}

// The handler of an op without attributes (nullptr for the others).
PlainFn plain_handler(TensorOp op) {
  switch (op) {
    case TensorOp::CacheUpdate:
      return &infer_cache_update_type;
    case TensorOp::InsertSlice:
      return &infer_insert_slice_type;
    case TensorOp::Rank:
      return &infer_rank_type;
    case TensorOp::ShapeOf:
      return &infer_shape_of_type;
    case TensorOp::Where:
      return &infer_where_type;
    default:
      return nullptr;
  }
}

}  // namespace

const std::vector<TensorOp>& all_tensor_ops() {
  static const std::vector<TensorOp> all = [] {
    std::vector<TensorOp> v;
    for (int i = 0; i <= static_cast<int>(TensorOp::Zeros); ++i)
      v.push_back(static_cast<TensorOp>(i));
    return v;
  }();
  return all;
}

std::string_view tensor_op_name(TensorOp op) {
  switch (op) {
    case TensorOp::Arange:
      return "hir.tensor.Arange";
    case TensorOp::ArgMax:
      return "hir.tensor.ArgMax";
    case TensorOp::CacheUpdate:
      return "hir.tensor.CacheUpdate";
    case TensorOp::Cast:
      return "hir.tensor.Cast";
    case TensorOp::Concat:
      return "hir.tensor.Concat";
    case TensorOp::FullLike:
      return "hir.tensor.FullLike";
    case TensorOp::IndexAdd:
      return "hir.tensor.IndexAdd";
    case TensorOp::IndexCopy:
      return "hir.tensor.IndexCopy";
    case TensorOp::IndexSelect:
      return "hir.tensor.IndexSelect";
    case TensorOp::InsertSlice:
      return "hir.tensor.InsertSlice";
    case TensorOp::Quant:
      return "hir.tensor.Quant";
    case TensorOp::Rank:
      return "hir.tensor.Rank";
    case TensorOp::Reduce:
      return "hir.tensor.Reduce";
    case TensorOp::RepeatInterleave:
      return "hir.tensor.RepeatInterleave";
    case TensorOp::Reshape:
      return "hir.tensor.Reshape";
    case TensorOp::ShapeOf:
      return "hir.tensor.ShapeOf";
    case TensorOp::Slice:
      return "hir.tensor.Slice";
    case TensorOp::Split:
      return "hir.tensor.Split";
    case TensorOp::Stack:
      return "hir.tensor.Stack";
    case TensorOp::TopK:
      return "hir.tensor.TopK";
    case TensorOp::Transpose:
      return "hir.tensor.Transpose";
    case TensorOp::Where:
      return "hir.tensor.Where";
    case TensorOp::Zeros:
      return "hir.tensor.Zeros";
  }
  TF_UNREACHABLE("bad TensorOp");
}

void register_hir_tensor_ops(OpRegistry& registry, OpHandlers& handlers) {
  TF_CHECK(&handlers.registry() == &registry,
           "register_hir_tensor_ops: handlers of another registry");
  for (TensorOp which : all_tensor_ops()) {
    Result<Op> op = registry.add(tensor_spec(which));
    TF_CHECK(op.ok(), "registering {}: {}", tensor_op_name(which), op.diagnostics()[0].message);
    if (AttrsFn f = attrs_handler(which))
      handlers.set<TypeInferAttrsHandler>(*op, f);
    else
      handlers.set<TypeInferHandler>(*op, plain_handler(which));
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
