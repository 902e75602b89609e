// What decides a compiled module besides its translation unit, as one string for the disk cache's
// key (disk_cache.h): the compiler command with its flags, the compilers' versions, and the
// contents of the headers an emitted unit includes (cuda/runtime/, cuda/emu/emu.h,
// ir/tir/launch_limits.h, and the CUDA headers the runtime takes its narrow types from). The
// headers and each version are read once per process.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace tf::cuda {

/// `command` (a compile command with its paths replaced by placeholders), then what
/// `<tool> --version` prints for each of `tools`, and the digest of the included headers; "" when a
/// tool does not run or a header of this repository cannot be read (no disk cache then: the
/// compile's inputs are not known).
std::string compile_inputs(std::string_view command, std::initializer_list<std::string_view> tools);

}  // namespace tf::cuda
