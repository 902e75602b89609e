#include "ir/numerics/cast_mode.h"

#include <fmt/format.h>

#include <cmath>
#include <iterator>
#include <string>

#include "ir/numerics/float_format.h"
#include "ir/support/check.h"
#include "ir/support/record_table.h"

namespace tf::numerics {
namespace {

/// The modes a simple target offers: a set of roundings and the saturate values allowed.
struct OfferedModes {
  bool rn = false, rz = false, rp = false;
  bool saturating = false, non_saturating = false;
  CastMode default_mode;
};

OfferedModes offered_modes(DType target) {
  TF_CHECK(target.valid() && target.is_simple(), "cast modes exist only for simple dtypes");
  const SimpleDTypeInfo& s = target.simple();
  using R = Rounding;
  switch (s.family()) {
    case DTypeFamily::Bool:
      return {true, true, true, true, true, {R::NearestEven, true}};
    case DTypeFamily::Integer:
      return {false, true, false, true, false, {R::TowardZero, true}};
    case DTypeFamily::Compound:
      break;
    case DTypeFamily::Float:
      switch (s.specials()) {
        case SpecialEncoding::Ieee:
          if (s.bit_width() <= 8)  // fp8e5m2: __NV_SATFINITE by default
            return {true, false, false, true, true, {R::NearestEven, true}};
          return {true, false, false, true, true, {R::NearestEven, false}};
        case SpecialEncoding::FiniteNanAllOnes:
          return {true, false, false, true, true, {R::NearestEven, true}};
        case SpecialEncoding::UnsignedNanAllOnes:
          return {false, true, true, true, true, {R::TowardPosInf, true}};
        case SpecialEncoding::FiniteOnly:
          return {true, true, false, true, false, {R::NearestEven, true}};
        case SpecialEncoding::None:
          break;
      }
      break;
  }
  TF_UNREACHABLE(fmt::format("no cast modes for dtype {}", target.name()));
}

bool offers(const OfferedModes& o, CastMode mode) {
  const bool rounding_ok = (mode.rounding == Rounding::NearestEven && o.rn) ||
                           (mode.rounding == Rounding::TowardZero && o.rz) ||
                           (mode.rounding == Rounding::TowardPosInf && o.rp);
  const bool saturate_ok = mode.saturate ? o.saturating : o.non_saturating;
  return rounding_ok && saturate_ok;
}

std::string describe(const OfferedModes& o) {
  std::string roundings;
  for (auto [on, name] : {std::pair{o.rn, "rn"}, {o.rz, "rz"}, {o.rp, "rp"}}) {
    if (!on) continue;
    if (!roundings.empty()) roundings += " or ";
    roundings += name;
  }
  const char* saturate = o.saturating && o.non_saturating ? "true or false"
                         : o.saturating                   ? "true only"
                                                          : "false only";
  return fmt::format("rounding {} with saturate {}", roundings, saturate);
}

}  // namespace

const char* rounding_name(Rounding r) {
  static constexpr const char* kNames[] = {
#define TF_ROUNDING(E, spelling) spelling,
#include "ir/numerics/roundings.def"
  };
  return record_row(kNames, r, "Rounding");
}

std::optional<Rounding> rounding_from_name(std::string_view name) {
  for (Rounding r : kAllRoundings)
    if (rounding_name(r) == name) return r;
  return std::nullopt;
}

CastMode default_cast_mode(DType target) { return offered_modes(target).default_mode; }

bool cast_mode_offered(DType target, CastMode mode) {
  return target.valid() && target.is_simple() && offers(offered_modes(target), mode);
}

CastMode literal_cast_mode(DType target, double value) {
  CastMode mode = default_cast_mode(target);
  if (std::isinf(value) && FloatFormat::of(target).specials == SpecialEncoding::Ieee) mode.saturate = false;
  return mode;
}

Result<CastMode> check_cast_mode(DType target, CastMode mode) {
  if (!target.valid() || !target.is_simple())
    return category_error(DiagCategory::Usage,
                          fmt::format("cast modes apply to simple dtypes; {} is block-scaled "
                                      "(casting to it quantizes)",
                                      target.valid() ? target.name() : "<invalid>"));
  const OfferedModes offered = offered_modes(target);
  if (offers(offered, mode)) return mode;
  Diagnostic d = category_error(
      DiagCategory::Usage,
      fmt::format("cast to {} does not offer rounding={} saturate={}", target.name(),
                  rounding_name(mode.rounding), mode.saturate ? "true" : "false"));
  d.notes.push_back(fmt::format("{} offers {}", target.name(), describe(offered)));
  return d;
}

std::optional<Diagnostic> eval_cast_target_error(DType target) {
  if (target != DType::f4e2m1()) return std::nullopt;
  Diagnostic d = rule_error("TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported",
                            "unsupported dtype: the evaluator has no Cast to f4e2m1");
  d.notes.push_back("E2M1 codes are reachable through block-scaled dtypes (MXFP4, NVFP4)");
  return d;
}

}  // namespace tf::numerics
