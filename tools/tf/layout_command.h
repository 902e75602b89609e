// `tf layout EXPR [--def NAME=EXPR]... [--json] [--svg FILE]`: what a layout or mesh means.
// EXPR is any tfir layout or mesh expression (docs/tfir.md section 3): Layout, ComposedLayout,
// ShardLayout, Mesh, a static mesh slice, or a name given with --def. Prints the
// coordinate -> offset table, size, cosize and injectivity; for a mesh or slice also its
// participant set and the barrier it maps to (seed 002 section 1.5). EXPR may also be a call
// of the layout algebra (driver/layout_algebra.h: composition, complement, the divides and
// products, inverses, coalesce, filter), whose result is shown the same way. The command line
// only: what it shows is driver/layout_run.h's run_layout.
#pragma once

namespace CLI {
class App;
}

namespace tf::cli {

/// Adds the `layout` subcommand (driver/layout_run.h's run_layout) to `app`.
void add_layout_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
