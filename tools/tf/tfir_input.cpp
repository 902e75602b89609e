#include "tools/tf/tfir_input.h"

#include "driver/report.h"
#include "ir/support/json_text.h"

namespace tf::cli {

void write_diagnostic(const Diagnostic& d, std::ostream& out, bool json) {
  if (json)
    out << json_text(diagnostic_json(d)) << '\n';
  else
    out << d.render() << '\n';
}

}  // namespace tf::cli
