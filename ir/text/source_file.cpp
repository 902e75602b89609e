#include "ir/text/source_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tf::text {
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

}  // namespace tf::text
