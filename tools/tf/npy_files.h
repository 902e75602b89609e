// Writing a tensor as .npy files the way `tf eval` writes every tensor it is asked to (--out's
// outputs, --dump-dir's values): one file, or one per plane of a block-scaled tensor.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::cli {

/// Writes `t` into the existing folder `dir` as STEM.npy (a block-scaled tensor: its planes,
/// eval/value/npy_boundary.h, as STEM.npy, STEM.plane1.npy, ...) and says each file on `said`
/// (report.h's say_wrote with `what`; null: says nothing). The names of the files written, in
/// plane order; or the diagnostic of the first that cannot be made or written (those before it
/// stay written).
Result<std::vector<std::string>> write_tensor_npy(const eval::Tensor& t, const std::string& dir, const std::string& stem,
                                                  std::string_view what, std::ostream* said);

}  // namespace tf::cli
