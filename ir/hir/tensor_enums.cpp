#include "ir/hir/tensor_enums.h"

namespace tf::hir {

namespace {

constexpr std::string_view kQuantSchemeSpellings[] = {"per_token_group"};

}  // namespace

const EnumSpace kQuantSchemeSpace{"QuantScheme", kQuantSchemeSpellings,
                                  "{attr} must be {alternatives}, got '{spelling}'"};

}  // namespace tf::hir
