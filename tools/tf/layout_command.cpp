#include "tools/tf/layout_command.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "driver/layout_run.h"

namespace tf::cli {

void add_layout_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<LayoutRequest>();
  CLI::App* cmd = app.add_subcommand(
      "layout",
      "Show what a layout or mesh means: the coordinate -> offset table, size, cosize and\n"
      "injectivity; for a mesh or a slice its participants and the barrier it maps to.\n"
      "Or evaluate the layout algebra (CuTe's names and results) and show the result:\n"
      "  composition(A, B)  complement(A[, M])  right_inverse(A)  left_inverse(A)  coalesce(A)\n"
      "  filter(A)  logical_divide(A, T)  logical_product(A, T)\n"
      "  zipped_divide / tiled_divide / flat_divide(A, T)\n"
      "  zipped_product / tiled_product / flat_product(A, T)\n"
      "  blocked_product(A, B)  raked_product(A, B)\n"
      "Operands are Layout expressions or --def names; calls nest. A tiler T is a layout, an\n"
      "integer n (n:1), _ (keep the mode) or a tuple of them, one per mode: (4, 8).\n"
      "Example: tf layout 'Layout((4, 8), (1, 4))'\n"
      "         tf layout 'warp[0:2, :]' --def warp='Mesh((Topology(\"thread\", 32),), "
      "Layout((4, 8), (8, 1)))'\n"
      "         tf layout 'blocked_product(A, Layout((3, 4), (1, 3)))' --def "
      "A='Layout((2, 5), (5, 1))'");
  cmd->add_option("expr", req->expression,
                  "a tfir layout or mesh expression (docs/tfir.md), or a layout-algebra call")
      ->required();
  cmd->add_option("--def", req->definitions,
                  "NAME=EXPR: declare a name the expression (or a later --def) may use");
  cmd->add_flag("--json", req->json,
                "one JSON object: size, cosize, injective, offsets; participants and barrier for "
                "a mesh");
  cmd->add_option("--svg", req->svg_path, "also draw the layout as an SVG grid into this file");
  cmd->callback([req, &exit_code] { exit_code = run_layout(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
