#include "tools/tf/tfir_input.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/tf/report.h"

namespace tf::cli {
namespace {

Diagnostic unreadable(const std::string& path, const std::string& reason) {
  Diagnostic d = category_error(DiagCategory::Usage, fmt::format("cannot read '{}': {}", path, reason));
  d.location.file = path;
  return d;
}

}  // namespace

Result<std::string> read_source_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return unreadable(path, "it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) return unreadable(path, std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return unreadable(path, "read error");
  return text.str();
}

void write_diagnostic(const Diagnostic& d, std::ostream& out, bool json) {
  if (json)
    out << diagnostic_json(d).dump() << '\n';
  else
    out << d.render() << '\n';
}

}  // namespace tf::cli
