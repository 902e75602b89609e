// Reading an input file: only a regular file, only up to a stated size, and every filesystem
// failure a diagnostic (never an exception or an unbounded read). What the tfir reader, the .npy
// reader, the rule catalogue and the coverage scan use to open what a user names.
#pragma once

#include <cstdint>
#include <string>

#include "ir/support/result.h"

namespace tf {

/// The largest input file read: 1 GiB (a tfir program or a rule catalogue is kilobytes; an
/// .npy input of 2^28 f32 values fits).
inline constexpr std::uintmax_t kMaxInputFileBytes = std::uintmax_t{1} << 30;

/// The bytes of the file at `path`. Fails with one Usage diagnostic located at the file,
/// "cannot read 'PATH': REASON", when it does not exist, is a directory or anything but a regular
/// file (a FIFO, a device such as /dev/zero, a socket), is a symlink that does not resolve (a
/// loop), holds more than `max_bytes`, or cannot be opened or read.
Result<std::string> read_regular_file(const std::string& path,
                                      std::uintmax_t max_bytes = kMaxInputFileBytes);

}  // namespace tf
