#include "ir/text/source_file.h"

#include "ir/support/regular_file.h"

namespace tf::text {

Result<std::string> read_source_file(const std::string& path) { return read_regular_file(path); }

}  // namespace tf::text
