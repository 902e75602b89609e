#include "ir/hir/cast_rules.h"

#include <fmt/format.h>

#include "ir/dtype/block_scaled.h"
#include "ir/numerics/block_format_of.h"
#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"
#include "ir/support/check.h"

namespace tf::hir {

namespace {

numerics::CastMode default_mode(DType target) {
  TF_CHECK(target.valid() && target.is_simple(), "cast modes exist only for simple dtypes");
  return numerics::default_cast_mode(target);
}

}  // namespace

numerics::Rounding default_cast_rounding(DType target) { return default_mode(target).rounding; }

bool default_cast_saturate(DType target) { return default_mode(target).saturate; }

bool cast_mode_offered_by(DType target, numerics::Rounding rounding, bool saturate) {
  return numerics::cast_mode_offered(target, {rounding, saturate});
}

std::string offered_cast_modes(DType target) {
  std::string roundings;
  bool saturating = false, non_saturating = false;
  for (numerics::Rounding r : numerics::kAllRoundings) {
    const bool with = numerics::cast_mode_offered(target, {r, true});
    const bool without = numerics::cast_mode_offered(target, {r, false});
    if (!with && !without) continue;
    roundings += (roundings.empty() ? "" : " or ") + std::string(numerics::rounding_name(r));
    saturating |= with;
    non_saturating |= without;
  }
  const char* saturate = saturating && non_saturating ? "true or false"
                         : saturating                 ? "true only"
                                                      : "false only";
  return fmt::format("rounding {} with saturate {}", roundings, saturate);
}

std::optional<std::string> scale_method_mismatch(DType target, numerics::ScaleMethod method) {
  TF_CHECK(as_block_scaled(target) != nullptr, "scale_method_mismatch on a dtype that is not block-scaled");
  const Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(target);
  if (format.ok() && numerics::method_supported(*format, method)) return std::nullopt;
  if (method == numerics::ScaleMethod::Nvfp4)
    return fmt::format(
        "scale_method nvfp4 needs f4e2m1 elements with an fp8e4m3 block scale "
        "and a Whole f32 tensor scale; {} is not such a format",
        target.name());
  return fmt::format(
      "scale_method {} needs one block level with an f8e8m0 scale (an MX "
      "format); {} is not one",
      numerics::scale_method_name(method), target.name());
}

}  // namespace tf::hir
