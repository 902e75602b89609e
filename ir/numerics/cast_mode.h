// CastMode: the rounding and saturation of a conversion (docs/decisions.md D4).
//
// Defaults are what a CUDA static_cast computes, so the oracle and the backend agree by
// construction:
//   fp8e4m3 / fp8e5m2   rn, saturate (saturate=false: NaN / +-Inf on overflow, __NV_NOSAT)
//   f8e8m0              rp (also rz), saturate to 0xFE (saturate=false: 0xFF on overflow)
//   f6e3m2 f6e2m3 f4e2m1 rn (also rz), always saturating; NaN -> +max
//   f16 / bf16          rn, overflow to +-Inf (saturate=true: +-max finite, as PTX .satfinite)
//   f32 (from f64)      rn, overflow to +-Inf (saturate=true: +-FLT_MAX)
//   i8 / i32 / i64      rz (truncation), always saturating, NaN -> 0 (PTX cvt.rzi.sat)
//   bool                x != 0 (NaN -> true); no rounding, so every mode is accepted
//
// Offered modes (check_cast_mode): rn for fp8 / f16 / bf16 / f32 with either saturate; rz or rp
// for f8e8m0 with either saturate; rn or rz with saturate=true for f6 / f4; rz with
// saturate=true for integers. Modes that CUDA does not offer for a target are rejected.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/dtype/dtype.h"
#include "ir/support/result.h"

namespace tf::numerics {

/// The rounding modes (roundings.def): rn (nearest, ties to even), rz (truncate), rp (up).
enum class Rounding : std::uint8_t {
#define TF_ROUNDING(E, spelling) E,
#include "ir/numerics/roundings.def"
};

/// Every Rounding, in declaration order.
inline constexpr Rounding kAllRoundings[] = {
#define TF_ROUNDING(E, spelling) Rounding::E,
#include "ir/numerics/roundings.def"
};

/// "rn", "rz" or "rp".
const char* rounding_name(Rounding r);
/// Parses "rn" / "rz" / "rp"; nullopt for anything else.
std::optional<Rounding> rounding_from_name(std::string_view name);

struct CastMode {
  Rounding rounding = Rounding::NearestEven;
  bool saturate = true;
  friend bool operator==(const CastMode&, const CastMode&) = default;
};

/// The D4 default mode for a conversion whose target is the simple dtype `target`.
CastMode default_cast_mode(DType target);

/// The mode that turns a literal's value into its code: default_cast_mode(target), except that an
/// infinity of a dtype that has infinities (IEEE specials: fp8e5m2, f16, bf16, f32) keeps it
/// instead of saturating: a literal `inf`, or a narrow literal written by an infinite code
/// (`fp8e5m2(0x7c)`), names the infinity, not the largest finite value.
CastMode literal_cast_mode(DType target, double value);

/// Accepts `mode` when the target supports it (the table above); otherwise a usage
/// diagnostic that lists the modes the target offers. bool ignores the mode and accepts every
/// one; a compound target is rejected (block-scaled casts quantize, see block_scale.h).
Result<CastMode> check_cast_mode(DType target, CastMode mode);

/// True when check_cast_mode(target, mode) would succeed, without building a diagnostic.
bool cast_mode_offered(DType target, CastMode mode);

/// The evaluator's refusal of a Cast whose target is `target`: plain f4e2m1 has no evaluator
/// Cast (seed 000 section 3; E2M1 codes are reachable only through block-scaled dtypes), so it
/// gets a diagnostic naming TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported. nullopt for every other
/// dtype. The conversion functions of convert.h still handle f4e2m1 (block scaling uses them).
std::optional<Diagnostic> eval_cast_target_error(DType target);

}  // namespace tf::numerics
