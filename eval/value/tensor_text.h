// Printing tensors as tfir literals (docs/tfir.md section 4) that parse_literal (literal.h) reads
// back to the same bits, and the element spellings the comparison messages use.
//
// Design note. Round trip is the contract: for every tensor t, parse_literal(tensor_literal(t))
// has t's dtype, shape and codes (NaN compared as a class: every NaN prints as `nan` and reads
// back as the dtype's canonical NaN code).
//   floats   the shortest decimal that reads back as the value in f32 (fmt's `{}` of the f32
//            value: every value of a float dtype of at most 32 bits is exact in f32), `-0`,
//            `inf`, `-inf`, `nan`. A decimal within half an f32 step of a value of a coarser
//            grid rounds back to that value under round-to-nearest, which is the default mode
//            of every float dtype but f8e8m0; f8e8m0 rounds up (rp), so its values print as
//            the shortest decimal only when that decimal is exact ("0.5", "8") and otherwise
//            as a hex float ("0x1p-127").
//   integers decimal; bool `true` / `false`.
//   Bits style: raw codes in hex with one digit per 4 bits of the dtype ("0x3c00" for f16,
//            "0x7" for f4e2m1); a block-scaled tensor always prints its planes.
#pragma once

#include <cstdint>
#include <string>

#include "eval/value/tensor.h"

namespace tf::eval {

/// How a simple-dtype tensor's elements are spelled.
enum class LiteralStyle { Values, Bits };

/// `Tensor[(2, 2), f32]` — the literal type of `t`.
std::string literal_type_text(const Tensor& t);

/// The literal of `t`: `Tensor[(2, 2), f32]{1, 2, 3, 4}`, `Tensor[(2,), bf16] bits{0x3f80,
/// 0x4000}`, or `Tensor[(1, 32), MXFP4] planes{bits{...}, bits{...}}` (design note).
std::string tensor_literal(const Tensor& t, LiteralStyle style = LiteralStyle::Values);

/// `code` in hex with one digit per 4 bits of a `bit_width`-bit dtype ("0x3f800000", "0x3c",
/// "0x7" for f4e2m1).
std::string code_text(std::uint64_t code, int bit_width);

/// The value of element `i` (row-major) as a literal spells it ("1.5", "-0", "nan", "true",
/// "-3"); the dequantized f32 value for a block-scaled tensor (which dequantizes the whole
/// tensor: O(size) per call, meant for messages).
std::string element_text(const Tensor& t, std::int64_t i);

/// `x` as the shortest decimal that reads back as the same f32 ("0.1", "-0", "1e-45"), or
/// "nan" / "inf" / "-inf".
std::string f32_text(float x);

}  // namespace tf::eval
