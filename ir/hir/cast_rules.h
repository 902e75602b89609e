// The attribute rules of hir.tensor.Cast (docs/decisions.md D3, D4): which rounding / saturate
// pairs a target offers, what a cast uses when it names none, and which scale methods a
// block-scaled target takes.
//
// The modes are the exact numerics' (ir/numerics/cast_mode.h: default_cast_mode and
// cast_mode_offered); this file words them for the Cast attribute checks. Per target:
//   bool                   every rounding, either saturate (bool ignores the mode)
//   integers               rz with saturate=true                       default rz, true
//   f32 f16 bf16           rn, either saturate                         default rn, false
//   fp8e4m3 fp8e5m2        rn, either saturate                         default rn, true
//   f8e8m0                 rz or rp, either saturate                   default rp, true
//   f6e3m2 f6e2m3 f4e2m1   rn or rz with saturate=true                 default rn, true
//   block-scaled           rn with saturate=true (D3: elements round to nearest even and
//                          saturate); scale_method ocp / rceil need one integer level with an
//                          f8e8m0 scale, nvfp4 needs f4e2m1 elements, one integer fp8e4m3 level
//                          and a Whole f32 level (ir/numerics/block_scale.h method_supported,
//                          which decides it here too)
#pragma once

#include <optional>
#include <string>

#include "ir/dtype/dtype.h"
#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"

namespace tf::hir {

/// The rounding a cast to the simple dtype `target` uses when it names none: rp for f8e8m0,
/// rz for integers, rn otherwise.
numerics::Rounding default_cast_rounding(DType target);
/// The saturate flag a cast to the simple dtype `target` uses when it names none.
bool default_cast_saturate(DType target);
/// Whether a cast to the simple dtype `target` offers `rounding` with `saturate` (the table
/// above).
bool cast_mode_offered_by(DType target, numerics::Rounding rounding, bool saturate);
/// "rounding rz or rp with saturate true or false": what a simple target offers.
std::string offered_cast_modes(DType target);

/// Why `method` does not apply to `target` (a block-scaled dtype), or nothing when it does.
std::optional<std::string> scale_method_mismatch(DType target, numerics::ScaleMethod method);

}  // namespace tf::hir
