// The reproducer of a finding (docs/tfir.md section 7): one self-contained tfir file, the program
// and one case with `bits{}` inputs, with comments naming the tool version, the property, the
// seed and the case, so that `tf conform FILE` replays it and fails for the same reason. A raw
// witness (a mutant that need not read) is written as it stands; `tf check FILE` replays it.
#pragma once

#include <cstdint>
#include <string>

#include "fuzz/campaign/property.h"

namespace tf::fuzz {

/// Where a finding came from.
struct FindingOrigin {
  std::string property;
  std::uint64_t seed = 0;
  std::int64_t case_index = 0;  ///< in the whole campaign's case sequence
  std::string kind;             ///< failure_kind of the description
};

/// The tool's version ("TileFoundry-C++ 0.1.0").
std::string tool_version();

/// The reproducer's text for `w`, found as `origin` says.
std::string reproducer_text(const Witness& w, const FindingOrigin& origin);

/// The command that replays the reproducer file `path`: `tf conform PATH`, or `tf check PATH` for
/// a raw one (Finding::raw_reproducer).
std::string replay_command(const std::string& path, bool raw);

/// The command that runs the finding's case again from its seed:
/// `tf fuzz --property P --seed S --from K --cases 1`.
std::string rerun_command(const FindingOrigin& origin);

}  // namespace tf::fuzz
