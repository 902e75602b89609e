// Reading a program of the repository (a conformance case file) and making seeded random inputs
// for one of its functions, as the GPU check's in-process steps need them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "eval/value/tensor.h"
#include "ir/core/module.h"
#include "ir/support/result.h"
#include "ir/text/file_reader.h"

namespace tf::gpu_check {

/// The file at `path` read and verified in the CLI's context (driver/ir_session.h); its
/// diagnostics when it does not read or verify.
Result<text::ReadFile> read_program(const std::string& path);

/// One `T random(seed=seed + i)` literal (docs/tfir.md section 4) per input parameter i of the
/// prim_func `function` of `module`, T its parameter type, so that `tf run --input` with the same
/// literal text gives the same tensor. Diagnostic when there is no such prim_func or a type does
/// not make a literal.
Result<std::vector<eval::Tensor>> random_prim_inputs(const Module& module, const std::string& function,
                                                     std::uint64_t seed);

/// The literal text random_prim_inputs uses for parameter `i` (for a report's reproduction line).
Result<std::vector<std::string>> random_prim_input_texts(const Module& module, const std::string& function,
                                                         std::uint64_t seed);

}  // namespace tf::gpu_check
