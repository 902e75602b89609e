#include "ir/core/numerics_spaces.h"

#include <iterator>

namespace tf::numerics {

namespace {

constexpr std::string_view kRoundingSpellings[] = {
#define TF_ROUNDING(E, spelling) spelling,
#include "ir/numerics/roundings.def"
};
static_assert(std::size(kRoundingSpellings) == std::size(kAllRoundings));

constexpr std::string_view kScaleMethodSpellings[] = {
#define TF_SCALE_METHOD(E, spelling) spelling,
#include "ir/numerics/scale_methods.def"
};
static_assert(std::size(kScaleMethodSpellings) == std::size(kAllScaleMethods));

}  // namespace

const EnumSpace kRoundingSpace{"Rounding", kRoundingSpellings,
                               "{attr} must be {alternatives}, got '{spelling}'"};
const EnumSpace kScaleMethodSpace{"ScaleMethod", kScaleMethodSpellings,
                                  "{attr} must be {alternatives}, got '{spelling}'"};

}  // namespace tf::numerics
