// `tf dtypes [--json]`: every dtype with its facts. Simple float dtypes: bits, exponent and
// mantissa bits, bias, max finite, min normal, min subnormal, Inf and NaN encodings. Integers:
// bits and range. Compound (block-scaled) dtypes: planes, levels and bits per element.
#pragma once

#include <ostream>

namespace CLI {
class App;
}

namespace tf::cli {

int run_dtypes(bool json, std::ostream& out);
void add_dtypes_command(CLI::App& app, int& exit_code);

}  // namespace tf::cli
