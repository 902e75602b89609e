// Reading a source file from disk, with a diagnostic instead of an exception when it cannot be.
#pragma once

#include <string>

#include "ir/support/result.h"

namespace tf::text {

/// The whole text of the file at `path` (read_regular_file: a regular file of at most
/// kMaxInputFileBytes). Fails with one Usage diagnostic located at the file ("cannot read
/// 'PATH': REASON") otherwise.
Result<std::string> read_source_file(const std::string& path);

}  // namespace tf::text
