#include "tools/tf/tfir_input.h"

#include "tools/tf/report.h"

namespace tf::cli {

void write_diagnostic(const Diagnostic& d, std::ostream& out, bool json) {
  if (json)
    out << diagnostic_json(d).dump() << '\n';
  else
    out << d.render() << '\n';
}

}  // namespace tf::cli
