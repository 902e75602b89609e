// The picture `tf layout --svg` draws: the layout as a grid of cells (rows = the first mode,
// columns = the rest, as CuTe's print_latex), each cell showing its offset and coloured by it,
// so equal offsets share a colour and a non-injective layout is visible at a glance.
#pragma once

#include <string>

#include "driver/layout_table.h"

namespace tf::cli {

/// A standalone SVG document for `table`, titled with `title` (the layout's tfir spelling).
std::string layout_svg(const LayoutTable& table, const std::string& title);

}  // namespace tf::cli
