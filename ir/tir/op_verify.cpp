// The verify handlers of the memory, nn, tensor, arith and async ops (op_verify.h). Launch's is
// in launch.cpp, Sync's in sync.cpp, Mma's in mma_verify.cpp.
#include "ir/tir/op_verify.h"

#include <fmt/format.h>

#include <set>

#include "ir/core/kind_attrs.h"
#include "ir/core/math_kinds.h"
#include "ir/core/numerics_spaces.h"
#include "ir/numerics/block_format_of.h"
#include "ir/numerics/cast_mode.h"
#include "ir/tir/op_check.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/type_print.h"

namespace tf::tir {

namespace {

using detail::op_rule_error;
using detail::op_type_error;
using detail::require_memory;
using detail::require_same_dtype;
using detail::require_same_shape;
using detail::tensor_operand;

// The tensor types of operands 0 .. n-1 (nullptr for those that are not tensors).
std::vector<const TensorType*> tensors(const Call& call, std::size_t n,
                                       std::vector<Diagnostic>& diags) {
  std::vector<const TensorType*> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(tensor_operand(call.op, call.args, i, diags));
  return out;
}

// A pointwise src -> dst op: same shape, dst in memory, and the same dtype unless the op
// converts (Unary of kind cast: the destination's dtype is the cast's target).
std::vector<Diagnostic> verify_pointwise(const Call& call, bool converts = false) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 2, diags);
  if (t[1] != nullptr) require_memory(call.op, "dst", *t[1], diags);
  if (t[0] != nullptr && t[1] != nullptr) {
    if (!converts) require_same_dtype(call.op, "src", *t[0], "dst", *t[1], diags);
    require_same_shape(call.op, "src", *t[0], "dst", *t[1], diags);
  }
  return diags;
}


}  // namespace

std::vector<Diagnostic> verify_copy(const Call& call) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 2, diags);
  if (t[1] != nullptr) require_memory(call.op, "destination", *t[1], diags);
  if (t[0] != nullptr && t[1] != nullptr) {
    require_same_dtype(call.op, "source", *t[0], "destination", *t[1], diags);
    require_same_shape(call.op, "source", *t[0], "destination", *t[1], diags);
  }
  return diags;
}

std::vector<Diagnostic> verify_fill(const Call& call) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 2, diags);
  if (t[0] != nullptr) require_memory(call.op, "tensor", *t[0], diags);
  if (t[1] != nullptr && t[1]->rank() != 0)
    diags.push_back(op_rule_error(
        call.op, "TIR.2.3.MEMORY.fill-rank0-value",
        fmt::format("value is the rank-0 scalar broadcast into tensor, but it has shape {}",
                    detail::shape_text(*t[1]))));
  return diags;
}

std::vector<Diagnostic> verify_relu(const Call& call) {
  return verify_pointwise(call);
}

// A cast's explicit mode: only on kind=cast, and one the destination dtype offers (the table of
// docs/numerics.md; an absent half is the destination's default). A block-scaled operand makes
// the cast a quantize (dst block-scaled: scale_method is the format's, absent its default) or a
// dequantize (src block-scaled); no other unary kind takes one, and a block-scaled value is not
// cast into another (dequantize first).
std::vector<Diagnostic> verify_unary(const Call& call) {
  const bool is_cast = unary_kind_of(call) == UnaryKind::Cast;
  std::vector<Diagnostic> diags = verify_pointwise(call, is_cast);
  const TensorType* src_type = call.args.size() > 1 ? call.args[0]->type()->as<TensorType>() : nullptr;
  const TensorType* dst_type = call.args.size() > 1 ? call.args[1]->type()->as<TensorType>() : nullptr;
  const bool quantizes = dst_type != nullptr && dst_type->dtype.is_compound();
  const bool dequantizes = src_type != nullptr && src_type->dtype.is_compound();
  if ((quantizes || dequantizes) && !is_cast)
    diags.push_back(op_type_error(call.op, fmt::format("a block-scaled operand takes a cast, not kind={}",
                                                       unary_kind_name(unary_kind_of(call)))));
  if (quantizes && dequantizes)
    diags.push_back(op_type_error(call.op, fmt::format("a cast from {} to {}: block-scaled values convert through a "
                                                       "simple dtype (dequantize, then quantize)",
                                                       src_type->dtype.name(), dst_type->dtype.name())));
  if (const auto method = optional_enum_value<numerics::ScaleMethod>(call.attr("scale_method"))) {
    if (!quantizes)
      diags.push_back(op_type_error(call.op, "scale_method is a quantizing cast's (its dst is block-scaled)"));
    else if (Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(dst_type->dtype);
             format.ok() && !numerics::method_supported(*format, *method))
      diags.push_back(op_type_error(call.op, fmt::format("scale_method={} does not apply to {}",
                                                         numerics::scale_method_name(*method), dst_type->dtype.name())));
  }
  const std::optional<numerics::Rounding> rounding = optional_enum_value<numerics::Rounding>(call.attr("rounding"));
  const bool* saturate = std::get_if<bool>(&call.attr("saturate"));
  if (!rounding && saturate == nullptr) return diags;
  if (!is_cast) {
    diags.push_back(op_type_error(call.op, fmt::format("rounding and saturate are a cast's mode, but kind is {}",
                                                       unary_kind_name(unary_kind_of(call)))));
    return diags;
  }
  const TensorType* dst = call.args[1]->type()->as<TensorType>();
  if (dst == nullptr || dst->dtype.is_compound()) return diags;
  numerics::CastMode mode = numerics::default_cast_mode(dst->dtype);
  if (rounding) mode.rounding = *rounding;
  if (saturate != nullptr) mode.saturate = *saturate;
  if (!numerics::cast_mode_offered(dst->dtype, mode))
    diags.push_back(op_type_error(call.op, fmt::format("a cast to {} does not offer rounding={} saturate={} (docs/numerics.md)",
                                                       dst->dtype.name(), numerics::rounding_name(mode.rounding),
                                                       mode.saturate ? "true" : "false")));
  return diags;
}

std::vector<Diagnostic> verify_binary(const Call& call) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 3, diags);
  if (t[2] != nullptr) require_memory(call.op, "dst", *t[2], diags);
  return diags;
}

std::vector<Diagnostic> verify_rms_norm(const Call& call) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 3, diags);
  const TensorType* src = t[0];
  const TensorType* dst = t[1];
  const TensorType* weight = t[2];
  if (dst != nullptr) require_memory(call.op, "dst", *dst, diags);
  if (src != nullptr && dst != nullptr) {
    require_same_dtype(call.op, "src", *src, "dst", *dst, diags);
    require_same_shape(call.op, "src", *src, "dst", *dst, diags);
  }
  if (src != nullptr && src->rank() == 0)
    diags.push_back(
        op_type_error(call.op, "src is reduced over its last axis, so it has rank >= 1"));
  if (weight != nullptr && weight->rank() != 1) {
    diags.push_back(op_rule_error(
        call.op, "TIR.2.3.NN.rmsnorm-weight-1d",
        fmt::format("weight is a 1-D scale, but it has shape {}", detail::shape_text(*weight))));
  } else if (weight != nullptr && src != nullptr && src->rank() > 0) {
    const ShapeDim& w = weight->shape[0];
    const ShapeDim& last = src->shape.back();
    if (w.is_static() && last.is_static() && w.value() != last.value())
      diags.push_back(
          op_type_error(call.op, fmt::format("weight has {} elements but src's last axis has {}",
                                             w.value(), last.value())));
  }
  const auto* eps = std::get_if<double>(&call.attr("eps"));
  if (eps != nullptr && !(*eps >= 0))
    diags.push_back(op_type_error(call.op, fmt::format("eps is >= 0, got {}", *eps)));
  return diags;
}

std::vector<Diagnostic> verify_reduce(const Call& call) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 2, diags);
  if (t[1] != nullptr) require_memory(call.op, "dst", *t[1], diags);
  if (call.args.size() == 3 && !is_no_workspace(call.args[2])) {
    const TensorType* ws = tensor_operand(call.op, call.args, 2, diags);
    if (ws != nullptr) require_memory(call.op, "workspace", *ws, diags);
  }
  if (const auto* axes = std::get_if<std::vector<std::int64_t>>(&call.attr("axes"));
      axes != nullptr && t[0] != nullptr) {
    std::set<std::int64_t> seen;
    for (std::int64_t a : *axes) {
      if (a < 0 || a >= t[0]->rank())
        diags.push_back(op_type_error(
            call.op, fmt::format("axis {} is outside [0, {}) (src's rank)", a, t[0]->rank())));
      else if (!seen.insert(a).second)
        diags.push_back(op_type_error(call.op, fmt::format("axis {} is named twice", a)));
    }
  }
  return diags;
}

std::vector<Diagnostic> verify_copy_async(const Call& call) {
  std::vector<Diagnostic> diags;
  std::vector<const TensorType*> t = tensors(call, 2, diags);
  if (t[0] != nullptr && t[0]->storage != StorageKind::Gmem)
    diags.push_back(
        op_rule_error(call.op, "TIR.2.3.ASYNC.copyasync-gmem-to-smem",
                      fmt::format("source is a gmem staging source, but its storage is {}",
                                  t[0]->storage ? to_string(*t[0]->storage) : "None")));
  if (t[1] != nullptr && t[1]->storage != StorageKind::Smem)
    diags.push_back(op_rule_error(
        call.op, "TIR.2.3.ASYNC.copyasync-gmem-to-smem",
        fmt::format("destination is an smem staging destination, but its storage is {}",
                    t[1]->storage ? to_string(*t[1]->storage) : "None")));
  if (t[0] != nullptr && t[1] != nullptr) {
    require_same_dtype(call.op, "source", *t[0], "destination", *t[1], diags);
    require_same_shape(call.op, "source", *t[0], "destination", *t[1], diags);
  }
  return diags;
}

std::vector<Diagnostic> verify_cp_async_commit(const Call& /*call*/) {
  return {};
}

std::vector<Diagnostic> verify_cp_async_wait(const Call& call) {
  const auto* n = std::get_if<std::int64_t>(&call.attr("n"));
  if (n != nullptr && *n < 0)
    return {
        op_rule_error(call.op, "TIR.2.3.ASYNC.wait-non-negative",
                      fmt::format("n is a non-negative count of committed groups, got {}", *n))};
  return {};
}

}  // namespace tf::tir
