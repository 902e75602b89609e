// RapidCheck generator of f32 inputs for a conversion to a narrow float format, with the values
// where conversions go wrong weighted in. Built from the format's field widths alone (sign,
// exponent_bits, mantissa_bits, IEEE-style bias), never from the conversion code under test:
//   10%  specials: +-0, +-Inf, quiet and signalling NaNs, +-FLT_MAX, +-the smallest subnormal
//   20%  a value of the target's grid (either sign, any exponent field, any mantissa field)
//   35%  the midpoint between a grid value and the next (a rounding tie)
//   15%  such a midpoint one f32 ulp up or down
//   10%  a random f32 bit pattern
//   10%  a random value with a binary exponent in [-30, 30]
// Grid values whose exponent field is all ones are generated like the others: for a format with
// Inf / NaN codes there they land past the finite range, which is worth converting too.
#pragma once

#include <rapidcheck.h>

#include <cstdint>

namespace tf::fuzz {

/// An f32 input for a conversion to a float format with `exponent_bits` and `mantissa_bits`
/// (header comment), as its bit pattern.
rc::Gen<std::uint32_t> gen_cast_input(int exponent_bits, int mantissa_bits);

}  // namespace tf::fuzz
