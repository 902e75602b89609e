// Test helpers for the TIR machine model: read a tfir program, verify it, run a prim_func.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "eval/hir/test/eval_testing.h"
#include "eval/tir/tir_evaluator.h"

namespace tf::eval::tir::testing {

/// Reads and verifies `source` (`tfir 1` optional), then runs prim_func `fn` on `inputs`.
/// Read / verify diagnostics are the failure too.
Result<TirRun> run_tir(std::string_view source, std::string_view fn, std::vector<Tensor> inputs,
                       TirEvalOptions options = {});

/// The rule id of the first diagnostic, or "ok".
std::string outcome(const Result<TirRun>& r);

/// The text of the repository's file at `path` (relative to its root); empty when unreadable.
std::string repository_file(std::string_view path);

}  // namespace tf::eval::tir::testing
