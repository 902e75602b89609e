// `tf layout EXPR [--def NAME=EXPR]... [--json] [--svg FILE]`: what a layout or mesh means.
// EXPR is any tfir layout or mesh expression (docs/tfir.md section 3): Layout, ComposedLayout,
// ShardLayout, Mesh, a static mesh slice, or a name given with --def. Prints the
// coordinate -> offset table, size, cosize and injectivity; for a mesh or slice also its
// participant set and the barrier it maps to (seed 002 section 1.5). EXPR may also be a call
// of the layout algebra (layout_algebra.h: composition, complement, the divides and products,
// inverses, coalesce, filter), whose result is shown the same way.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tf::cli {

struct LayoutRequest {
  std::string expression;
  std::vector<std::string> definitions;  ///< "NAME=EXPR", in order; later ones may use earlier
  bool json = false;
  std::string svg_path;  ///< empty: no picture
};

int run_layout(const LayoutRequest& request, std::ostream& out, std::ostream& err);
void add_layout_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
