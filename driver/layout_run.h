// What a layout or mesh means, as `tf layout` (tools/tf/layout_command.h) and the Python module's
// layout_json show it. EXPR is any tfir layout or mesh expression (docs/tfir.md section 3):
// Layout, ComposedLayout, ShardLayout, Mesh, a static mesh slice, or a name given with a
// definition. Shows the coordinate -> offset table, size, cosize and injectivity; for a mesh or
// slice also its participant set and the barrier it maps to (seed 002 section 1.5). EXPR may
// also be a call of the layout algebra (layout_algebra.h: composition, complement, the divides
// and products, inverses, coalesce, filter), whose result is shown the same way.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tf::cli {

struct LayoutRequest {
  std::string expression;
  std::vector<std::string> definitions;  ///< "NAME=EXPR", in order; later ones may use earlier
  bool json = false;
  std::string svg_path;  ///< empty: no picture
};

/// Shows `request.expression` on `out` (a table, or with `json` one JSON object) and draws it
/// into `svg_path` when one is given; diagnostics on `err` (report.h). Returns the exit code:
/// kExitOk, or kExitBadInput for an expression or definition that does not read or denote a
/// layout, or an SVG file that cannot be written.
int run_layout(const LayoutRequest& request, std::ostream& out, std::ostream& err);

}  // namespace tf::cli
