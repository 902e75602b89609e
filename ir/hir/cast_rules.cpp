#include "ir/hir/cast_rules.h"

#include <fmt/format.h>

#include "ir/dtype/block_scaled.h"
#include "ir/support/check.h"

namespace tf::hir {

namespace {

// The modes a simple target offers (cast_rules.h table; eval/numerics/cast_mode.cpp).
struct Offered {
  bool rn = false, rz = false, rp = false;
  bool saturating = false, non_saturating = false;
  std::string_view default_rounding;
  bool default_saturate = true;
};

Offered offered(DType target) {
  TF_CHECK(target.valid() && target.is_simple(), "cast modes exist only for simple dtypes");
  const SimpleDTypeInfo& s = target.simple();
  switch (s.family()) {
    case DTypeFamily::Bool:
      return {true, true, true, true, true, "rn", true};
    case DTypeFamily::Integer:
      return {false, true, false, true, false, "rz", true};
    case DTypeFamily::Compound:
      break;
    case DTypeFamily::Float:
      switch (s.specials()) {
        case SpecialEncoding::Ieee:
          if (s.bit_width() <= 8) return {true, false, false, true, true, "rn", true};
          return {true, false, false, true, true, "rn", false};
        case SpecialEncoding::FiniteNanAllOnes:
          return {true, false, false, true, true, "rn", true};
        case SpecialEncoding::UnsignedNanAllOnes:
          return {false, true, true, true, true, "rp", true};
        case SpecialEncoding::FiniteOnly:
          return {true, true, false, true, false, "rn", true};
        case SpecialEncoding::None:
          break;
      }
      break;
  }
  TF_UNREACHABLE(fmt::format("no cast modes for dtype {}", target.name()));
}

}  // namespace

std::string_view default_cast_rounding(DType target) {
  return offered(target).default_rounding;
}

bool default_cast_saturate(DType target) {
  return offered(target).default_saturate;
}

bool cast_mode_offered_by(DType target, std::string_view rounding, bool saturate) {
  const Offered o = offered(target);
  const bool rounding_ok =
      (rounding == "rn" && o.rn) || (rounding == "rz" && o.rz) || (rounding == "rp" && o.rp);
  return rounding_ok && (saturate ? o.saturating : o.non_saturating);
}

std::string offered_cast_modes(DType target) {
  const Offered o = offered(target);
  std::string roundings;
  for (auto [on, name] : {std::pair{o.rn, "rn"}, {o.rz, "rz"}, {o.rp, "rp"}}) {
    if (!on) continue;
    roundings += (roundings.empty() ? "" : " or ") + std::string(name);
  }
  const char* saturate = o.saturating && o.non_saturating ? "true or false"
                         : o.saturating                   ? "true only"
                                                          : "false only";
  return fmt::format("rounding {} with saturate {}", roundings, saturate);
}

bool is_cast_rounding(std::string_view rounding) {
  return rounding == "rn" || rounding == "rz" || rounding == "rp";
}

bool is_scale_method(std::string_view method) {
  return method == "ocp" || method == "rceil" || method == "nvfp4";
}

std::optional<std::string> scale_method_mismatch(DType target, std::string_view method) {
  const BlockScaledDType* b = as_block_scaled(target);
  TF_CHECK(b != nullptr, "scale_method_mismatch on a dtype that is not block-scaled");
  const auto levels = b->levels();
  const bool mx =
      levels.size() == 1 && !levels[0].is_whole() && levels[0].scale() == DType::f8e8m0();
  const bool nvfp4 = levels.size() == 2 && !levels[0].is_whole() && levels[1].is_whole() &&
                     levels[0].scale() == DType::fp8e4m3() && levels[1].scale() == DType::f32() &&
                     b->element() == DType::f4e2m1();
  if (method == "nvfp4" && !nvfp4)
    return fmt::format(
        "scale_method nvfp4 needs f4e2m1 elements with an fp8e4m3 block scale "
        "and a Whole f32 tensor scale; {} is not such a format",
        target.name());
  if (method != "nvfp4" && !mx)
    return fmt::format(
        "scale_method {} needs one block level with an f8e8m0 scale (an MX "
        "format); {} is not one",
        method, target.name());
  return std::nullopt;
}

}  // namespace tf::hir
