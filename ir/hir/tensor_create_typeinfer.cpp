// The typeinfer rules of Arange, Zeros, FullLike, Cast, Rank and ShapeOf (tensor_ops.h).
#include <fmt/format.h>

#include "ir/dtype/block_scaled.h"
#include "ir/hir/cast_rules.h"
#include "ir/hir/tensor_typeinfer.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/core/numerics_spaces.h"
#include "ir/numerics/cast_mode.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

// The Type attribute as a TensorType, or a diagnostic naming what it is.
const TensorType* tensor_type_attr(Op op, const AttrValue& v, std::vector<Diagnostic>& diags) {
  const IRType* t = std::get_if<IRType>(&v);
  TF_CHECK(t != nullptr && *t, "{}: the type attribute holds no type", op.name());
  if (const TensorType* tt = (*t)->as<TensorType>()) return tt;
  diags.push_back(type_error(op, fmt::format("type must be a TensorType, got {}", short_text(*t))));
  return nullptr;
}

// The Cast checks of a simple target (cast_rules.h): a rounding / saturate pair it offers.
void check_simple_target(Op op, DType target, std::optional<numerics::Rounding> rounding,
                         std::optional<bool> saturate, std::vector<Diagnostic>& diags) {
  if (!rounding && !saturate) return;
  const numerics::Rounding r = rounding ? *rounding : default_cast_rounding(target);
  const bool sat = saturate ? *saturate : default_cast_saturate(target);
  if (cast_mode_offered_by(target, r, sat)) return;
  diags.push_back(type_error(
      op, fmt::format("a cast to {} does not offer rounding={} saturate={}; {} offers {}",
                      target.name(), numerics::rounding_name(r), sat ? "true" : "false",
                      target.name(), offered_cast_modes(target))));
}

// The Cast checks of a block-scaled target (D3): rn, saturating, a scale method it takes.
void check_block_scaled_target(Op op, DType target, std::optional<numerics::Rounding> rounding,
                               std::optional<bool> saturate,
                               std::optional<numerics::ScaleMethod> method,
                               std::vector<Diagnostic>& diags) {
  if (rounding && *rounding != numerics::Rounding::NearestEven)
    diags.push_back(type_error(op, fmt::format("a cast to the block-scaled {} rounds its elements "
                                               "to nearest even: rounding must be rn, got {}",
                                               target.name(), numerics::rounding_name(*rounding))));
  if (saturate && !*saturate)
    diags.push_back(type_error(op, fmt::format("a cast to the block-scaled {} saturates its "
                                               "elements: saturate=false is not offered",
                                               target.name())));
  if (method)
    if (std::optional<std::string> why = scale_method_mismatch(target, *method))
      diags.push_back(type_error(op, *why));
}

std::optional<bool> optional_bool(const AttrValue& v) {
  if (std::holds_alternative<std::monostate>(v)) return std::nullopt;
  return bool_attr(v);
}

}  // namespace

Result<IRType> infer_arange_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.empty() && attrs.size() == 3, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* t = tensor_type_attr(op, attrs[0], diags);
  if (t && t->rank() != 1)
    diags.push_back(type_error(op, fmt::format("type must be rank 1, got rank {} ({})", t->rank(),
                                               short_text(std::get<IRType>(attrs[0])))));
  if (t && !is_index_dtype(t->dtype))
    diags.push_back(
        type_error(op, fmt::format("type dtype must be i32 or i64, got {}", t->dtype.name())));
  if (const std::int64_t step = int_attr(attrs[2]); step <= 0)
    diags.push_back(type_error(op, fmt::format("step must be a positive int, got {}", step)));
  if (!diags.empty()) return diags;
  return std::get<IRType>(attrs[0]);
}

Result<IRType> infer_zeros_type(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.empty() && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  if (tensor_type_attr(op, attrs[0], diags) == nullptr) return diags;
  return std::get<IRType>(attrs[0]);
}

Result<IRType> infer_full_like_type(Op op, const std::vector<Expr>& args,
                                    const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  if (tensor_operand(op, args, 0, diags) == nullptr) return diags;
  return args[0]->type();
}

Result<IRType> infer_cast_type(Op op, const std::vector<Expr>& args,
                               const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 1 && attrs.size() == 4, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  const DType target = std::get<DType>(attrs[0]);
  const auto rounding = optional_enum_value<numerics::Rounding>(attrs[1]);
  const std::optional<bool> saturate = optional_bool(attrs[2]);
  const auto method = optional_enum_value<numerics::ScaleMethod>(attrs[3]);
  if (as_block_scaled(target) != nullptr) {
    check_block_scaled_target(op, target, rounding, saturate, method, diags);
  } else {
    if (method)
      diags.push_back(type_error(op, fmt::format("scale_method applies only to a block-scaled "
                                                 "target dtype, got {}",
                                                 target.name())));
    if (target.is_simple()) check_simple_target(op, target, rounding, saturate, diags);
  }
  if (x == nullptr || !diags.empty()) return diags;
  Result<TensorTypeRef> t = make_result_tensor(op, x->shape, target, x->layout, x->storage);
  TF_TRY(t);
  return IRType(*t);
}

Result<IRType> infer_rank_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  if (tensor_operand(op, args, 0, diags) == nullptr) return diags;
  return IRType(TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Umat).value());
}

Result<IRType> infer_shape_of_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  if (x == nullptr) return diags;
  return IRType(
      TensorType::make({ShapeDim(x->rank())}, DType::i64(), std::nullopt, StorageKind::Umat)
          .value());
}

}  // namespace tf::hir
