#include "ir/support/regular_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace tf {
namespace {

namespace fs = std::filesystem;

Diagnostic unreadable(const std::string& path, const std::string& reason) {
  Diagnostic d =
      category_error(DiagCategory::Usage, fmt::format("cannot read '{}': {}", path, reason));
  d.location.file = path;
  return d;
}

// What a non-regular file is, for the message.
const char* kind_of(fs::file_type t) {
  switch (t) {
    case fs::file_type::directory: return "it is a directory";
    case fs::file_type::fifo: return "it is a FIFO, not a regular file";
    case fs::file_type::character: return "it is a character device, not a regular file";
    case fs::file_type::block: return "it is a block device, not a regular file";
    case fs::file_type::socket: return "it is a socket, not a regular file";
    case fs::file_type::not_found:
    case fs::file_type::none:
    case fs::file_type::regular:
    case fs::file_type::symlink:
    case fs::file_type::unknown: break;
  }
  return "it is not a regular file";
}

}  // namespace

Result<std::string> read_regular_file(const std::string& path, std::uintmax_t max_bytes) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);  // follows symlinks; a loop is an error
  if (st.type() == fs::file_type::not_found)
    return unreadable(path, std::make_error_code(std::errc::no_such_file_or_directory).message());
  if (ec) return unreadable(path, ec.message());
  if (st.type() != fs::file_type::regular) return unreadable(path, kind_of(st.type()));
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return unreadable(path, ec.message());
  if (size > max_bytes)
    return unreadable(path, fmt::format("it holds {} bytes, more than the limit of {} bytes", size,
                                        max_bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) return unreadable(path, std::strerror(errno));
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (in.bad() || static_cast<std::uintmax_t>(in.gcount()) != size)
    return unreadable(path, "read error (the file changed while it was read?)");
  return bytes;
}

}  // namespace tf
