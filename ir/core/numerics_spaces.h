// The enum spaces (enum_space.h) of the numerics enums that travel as attributes: Rounding
// (roundings.def; hir.tensor.Cast's `rounding`) and ScaleMethod (scale_methods.def; Cast's
// `scale_method`). Their spellings come from those records; the spaces live here, not next to
// the records, because an EnumSpace is an IR notion and ir/numerics sits below ir/core.
#pragma once

#include "ir/core/enum_space.h"
#include "ir/numerics/block_scale.h"
#include "ir/numerics/cast_mode.h"

namespace tf::numerics {

/// The spellings of the Roundings ("rn", "rz", "rp"), by enumerator; a spelling outside it:
/// "rounding must be rn, rz or rp, got 'rd'".
extern const EnumSpace kRoundingSpace;
/// The spellings of the ScaleMethods ("ocp", "rceil", "nvfp4"), by enumerator; a spelling
/// outside it: "scale_method must be ocp, rceil or nvfp4, got 'amax'".
extern const EnumSpace kScaleMethodSpace;

/// Rounding's space (makes Rounding a SpacedEnum).
inline const EnumSpace& enum_space_of(Rounding) { return kRoundingSpace; }
/// ScaleMethod's space (makes ScaleMethod a SpacedEnum).
inline const EnumSpace& enum_space_of(ScaleMethod) { return kScaleMethodSpace; }

}  // namespace tf::numerics
