// The elements of tensor literals (docs/tfir.md section 4): the code one written value or one raw
// code stands for in a simple dtype.
//
// Design note. A literal value is rounded exactly once to its dtype (docs/decisions.md D4 default
// mode), even when it is written with more digits than a double holds. The spelling is read
// as a double rounded to odd (round toward zero, then the last bit set when the reading was
// inexact), and encode_f64 rounds that once more: rounding to odd at 53 bits followed by one
// rounding to a format of at most 51 significand bits (every simple float dtype) equals one
// rounding of the exact value, in every rounding mode (Boldo and Melquiond, "When double
// rounding is odd"). The reading uses strtod under FE_TOWARDZERO / FE_UPWARD / FE_DOWNWARD
// (glibc's strtod rounds correctly in the current mode); the caller's rounding mode is
// restored before returning.
//   float dtypes   decimal, hex float (0x1.8p+3), integer (7, 0x7f), inf, nan, each negatable;
//                  `inf` is the dtype's infinity where it has one (fp8e5m2 too, whose default
//                  mode saturates finite overflow), and converts by the default mode where it
//                  has none (fp8e4m3: 448; f6 / f4: +max; f8e8m0: 0xfe); nan is the canonical NaN
//   integer dtypes an integer literal (decimal or hex, negatable) in the dtype's range
//   bool           true / false, or the integers 0 / 1
// Every rejection is a Parse diagnostic positioned at the offending node.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/dtype/dtype.h"
#include "ir/support/result.h"
#include "ir/text/syntax.h"

namespace tf::eval {

/// The code of the value `node` spells in the simple dtype `dtype` (values form; rules in the
/// design note). Precondition (TF_CHECK): `dtype` is simple.
Result<std::uint64_t> value_code(const text::SyntaxNode& node, DType dtype);

/// The raw code `node` gives for a dtype of `bit_width` bits (bits form): a non-negative
/// integer literal below 2^bit_width (up to 2^64 - 1 for 64 bits). `what` names the plane or
/// dtype in the message ("fp8e4m3", "the block scales of MXFP4").
Result<std::uint64_t> bits_code(const text::SyntaxNode& node, int bit_width, std::string_view what);

}  // namespace tf::eval
