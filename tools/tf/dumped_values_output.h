// How `tf eval --dump-values` shows the values it dumped (driver/value_dump.h): lines on stdout,
// .npy files and an index in a folder (--dump-dir), or JSON (--json).
//
// A line per value, after the result:
//     FILE:LINE:COL NAME = LITERAL                   the only evaluation of NAME
//     FILE:LINE:COL NAME (WHERE) = LITERAL           one of several: "(i=2)", "(@g call 2)", "(CTA 1)"
//     FILE:LINE:COL NAME = LITERAL  # NOTE           e.g. elements never written (shown as 0)
//     FILE:LINE:COL NAME: NOTE                       no value ("never evaluated in this run")
// LITERAL is the literal `tf eval` prints for a result (eval/value/tensor_text.h): every element,
// no elision, reading back to the same bits. "(no place)" stands for FILE:LINE:COL where the
// program has none.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "eval/value/dumped_value.h"
#include "ir/support/diagnostic.h"

namespace tf::cli {

/// Writes one line per value to `out` (header comment).
void print_dumped_values(const std::vector<eval::DumpedValue>& values, std::ostream& out);

/// Writes each value with one into `dir` (created if need be) as NAME.npy, the next value of the
/// same name NAME.2.npy, ... (a tuple element r[1] as r-1.npy; a block-scaled value's planes
/// beside it: write_tensor_npy), and `dir`/index.tsv: a header line, then per value (with or
/// without one) its place, name, where, type, files and note, tab-separated ("-" for none; the
/// files comma-separated). Says each file on `said` (say_wrote; null: nothing). Diagnostics of
/// the first file that cannot be written.
std::vector<Diagnostic> write_dumped_values(const std::vector<eval::DumpedValue>& values, const std::string& dir,
                                            std::ostream* said);

/// The JSON of the values, for `tf eval --json`'s "values": per value {"name", "file", "line",
/// "column", "where", "note"} and, when it has one, its tensor_json fields ("dtype", "shape",
/// "values", "bits", ...).
nlohmann::ordered_json dumped_values_json(const std::vector<eval::DumpedValue>& values);

}  // namespace tf::cli
