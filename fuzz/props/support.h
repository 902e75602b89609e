// What the property bodies of fuzz/props share: reading a generated program (a failure to read
// or verify is the generator's bug and fails the case), the witness of one function run on its
// inputs, and comparing values bit for bit.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "eval/value/tensor.h"
#include "eval/value/value.h"
#include "fuzz/campaign/property.h"
#include "ir/core/module.h"
#include "ir/text/file_reader.h"

namespace tf::fuzz {

/// `text` read and verified in the evaluator's context; fails the case ("a generated program
/// does not read" / "... does not verify") when it does not.
text::ReadFile read_generated(const std::string& text);

/// The witness of running `fn` of `program` at `level` on `inputs` (the function's leading
/// parameters, named as it names them; `fn` is a func or a prim_func) with `dims`; `expectations` as Witness says.
Witness function_witness(const std::string& program, const FunctionBase& fn, const std::string& level,
                         const std::vector<eval::Tensor>& inputs, const std::map<std::string, std::int64_t>& dims,
                         std::vector<std::string> expectations);

/// Every diagnostic of `ds` rendered, one per line.
std::string render_diagnostics(const std::vector<Diagnostic>& ds);

/// The tensors of `values` (each a tensor).
std::vector<eval::Tensor> tensors_of(const std::vector<eval::Value>& values);

/// Whether `a` and `b` are the same value: same tuple structure, same bits (NaN as one class).
bool same_value(const eval::Value& a, const eval::Value& b);

/// `expect output = LITERAL` of `v` in the bits style (a tuple: one line per item).
std::vector<std::string> exact_expectations(const eval::Value& v);

}  // namespace tf::fuzz
