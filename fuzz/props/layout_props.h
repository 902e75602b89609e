// The property of the layout algebra: layout-laws runs one law of
// ir/layout/testing/layout_laws.h per case, chosen at random (tagged with its name).
#pragma once

namespace tf::fuzz {

/// The body of the property (one case).
void layout_laws_case();

}  // namespace tf::fuzz
