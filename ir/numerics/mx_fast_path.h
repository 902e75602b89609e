// MX quantize (Ocp, Rceil) of f32 blocks on the f32 bits: the fast path of quantize, equal bit
// for bit to the exact reference mx::quantize_block (mx_scale.h) on every block.
//
// Design note: why the fast path equals the exact one. Per block it decides on the bits what
// the reference computes with exact arithmetic, and hands every case it does not cover to the
// reference itself.
//   amax      For non-negative f32 values the order of the bit patterns is the order of the
//             values, so the integer max of (bits & 0x7FFFFFFF) is the bits of the reference's
//             float amax. The same max is >= 0x7F800000 exactly when the block holds a NaN or an
//             Inf: such blocks, and blocks whose amax is an f32 subnormal, go to the reference.
//   scale     amax is 0 or normal, with biased exponent B and fraction field F.
//             Ocp:   floor(log2 amax) - emax = B - 127 - emax, clamped by E8M0 RZ SAT to
//                    [-127, 127], is the code max(B - emax, 0) (B <= 254, so no upper clamp).
//             Rceil: with m = floor(log2 max_elem) and F_max its fraction field, the reference's
//                    exact test amax <= max_elem * 2^(B - 127 - m) compares two numbers of the
//                    same binade, i.e. F <= F_max; so the code is B - m + (F > F_max), clamped
//                    to [0, 254] as E8M0 RP SAT clamps 2^e.
//             A zero amax gives B = F = 0 and code 0 in both (m >= 0), as the reference's 0x00.
//   element   The reference encodes v * 2^-s (s = code - 127) exactly. For a normal v whose
//             scaled biased exponent B_v - s is at least 1 that product is the normal f32 with
//             the same sign and fraction and the exponent field lowered by s: one integer
//             subtraction on the bits, exact. (It never overflows: every product is below 2^16,
//             since Ocp puts amax below 2^(emax+1), Rceil at most at max_elem, and a scale
//             saturated at 2^127 leaves amax * 2^-127 below 2.) ±0 scales to ±0. Any other
//             element (an f32 subnormal v, or a product that would be an f32 subnormal) is
//             re-encoded by the reference's encode_element after the block's branch-free loop.
//   encode    The scaled f32 goes through encode_narrow_float (narrow_float_encode.h), which
//             equals encode_f32 = encode_f64 of the same value (RNE, saturating, for fp8 / fp6 /
//             fp4), or for MXINT8 through the integer RNE of |v| * 64 to the quantum 1 with the
//             clamp to 127 and the sign applied in two's complement, which is encode_mxint8.
// test/mx_fast_path_test.cpp compares this with the reference block by block (six elements,
// both methods, generated blocks with ties, subnormal products, zero / NaN / Inf blocks and
// extreme amax; 200 cases, 10,000 in the fuzz variant).
#pragma once

#include <cstdint>
#include <span>

#include "ir/numerics/block_scale.h"
#include "ir/dtype/dtype.h"

namespace tf::numerics::mx {

/// Quantizes the consecutive blocks of `block_size` values in `values` (a whole number of
/// blocks) into the MX `element` with `method` (Ocp or Rceil): code i into codes[i], the E8M0
/// scale of block b into scales[b]. Bit-identical to mx::quantize_block on every block.
/// InternalError for a non-MX element, another method, block_size <= 0, a partial block or
/// planes shorter than values.size() / values.size() / block_size.
void quantize_blocks_fast(std::span<const float> values, std::int64_t block_size, DType element,
                          ScaleMethod method, std::span<std::uint8_t> codes,
                          std::span<std::uint8_t> scales);

}  // namespace tf::numerics::mx
