// The per-block arithmetic of the MX formats (E8M0 scale): element extremes, the two scale
// methods, and element encode / decode relative to a power-of-two scale.
//
// Design note. Everything here is exact. floor(log2 x) comes from the f32 exponent field (a
// float log2 can round to the next integer, docs/block-scaling.md, `ocp`) and handles
// subnormal x. The Rceil exponent compares amax with max_elem * 2^e in double, where both sides
// are exact, instead of dividing. V / 2^e is formed in double, where it is exact for every f32
// V and every e in [-127, 127], and then rounded once by encode_f64. The E8M0 clipping and
// saturation come from encode_f64 on the exact power of two, so this file never restates the
// E8M0 rules.
#pragma once

#include <cstdint>
#include <span>

#include "ir/numerics/block_scale.h"
#include "ir/dtype/dtype.h"

namespace tf::numerics::mx {

/// True for the six MX element dtypes: fp8e4m3, fp8e5m2, f6e3m2, f6e2m3, f4e2m1, i8.
bool is_mx_element(DType element);

/// The unbiased exponent of the element's largest normal: E4M3 8, E5M2 15, E3M2 4, E2M3 2,
/// E2M1 2, i8 (MXINT8) 0. InternalError for a non-MX element.
int element_emax(DType element);

/// The element's largest finite magnitude: 448, 57344, 28, 7.5, 6, 127/64 (MXINT8).
double element_max(DType element);

/// floor(log2 |x|) for a finite non-zero f32 x, exact for subnormals (2^-149 gives -149).
int floor_log2(float x);

/// The OCP scale code of a block whose finite amax is `amax` (>= 0): E8M0 RZ SAT of
/// 2^(floor(log2 amax) - emax_elem), i.e. that exponent clamped to [-127, 127]; 0x00 for 0.
std::uint8_t ocp_scale_code(float amax, DType element);

/// The RCEIL scale code of a block whose finite amax is `amax` (>= 0): E8M0 RP SAT of the exact
/// amax / max_elem, i.e. 2^ceil(log2(amax / max_elem)) clipped to [2^-127, 2^127]; 0x00 for 0.
std::uint8_t rceil_scale_code(float amax, DType element);

/// The element code of v / 2^scale_exp (exact), rounded to nearest even and saturated:
/// encode_f64 for the float elements; MXINT8 is clamp(RNE(v / 2^scale_exp * 64), -127, 127)
/// as an int8 bit pattern, with NaN giving 0. scale_exp must lie in [-127, 127].
std::uint8_t encode_element(float v, int scale_exp, DType element);

/// The exact quantization of one MX block, the reference every faster path must equal: writes
/// one element code per value of `block` into `codes` (at least as long) and returns the E8M0
/// scale code. A block holding a NaN or an Inf gets 0xFF and encode_element(v_i, 0); otherwise
/// the scale is ocp_scale_code / rceil_scale_code of the block's amax and the codes are
/// encode_element(v_i, scale - 127). `method` must be Ocp or Rceil (InternalError otherwise).
std::uint8_t quantize_block(std::span<const float> block, DType element, ScaleMethod method,
                            std::span<std::uint8_t> codes);

/// The exact value of an element code (MXINT8: the int8 k times 2^-6).
double decode_element(std::uint8_t code, DType element);

}  // namespace tf::numerics::mx
