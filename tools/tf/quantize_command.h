// `tf quantize VALUE... --to FORMAT [--shape D,D,...] [--scale-method ocp|rceil|nvfp4] [--json]`:
// quantize an f32 tensor into a block-scaled dtype (docs/decisions.md D3) and show every plane:
// each block's scale code and value, each element's code and dequantized value, and NVFP4's tensor
// scale. Values are rounded to f32 first (quantize reads an f32 tensor). Without --shape the
// values form one row, padded with zeros to a whole number of blocks.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tf::cli {

struct QuantizeRequest {
  std::vector<std::string> values;
  std::string to;
  std::vector<std::int64_t> shape;  ///< empty: one padded row
  std::optional<std::string> scale_method;
  bool json = false;
};

int run_quantize(const QuantizeRequest& request, std::ostream& out, std::ostream& err);
void add_quantize_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
