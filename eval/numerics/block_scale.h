// Block-scaled quantize / dequantize (DESIGN.md D3): MX formats (E8M0 scale per 32 elements)
// and NVFP4 (E4M3 scale per 16 elements, one f32 tensor scale).
//
// A block-scaled tensor groups along its last logical axis: blocks of `block_size` consecutive
// elements of that axis. Its value is its planes: one element code per logical element and one
// scale code per block (plus the f32 tensor scale of NVFP4). Elements round to nearest even and
// saturate. The scale methods are exact and documented in docs/numerics.md:
//   Ocp   shared exponent floor(log2 amax) - emax_elem (OCP MX section 6.3)
//   Rceil scale = 2^ceil(log2(amax / max_elem)) (cuBLAS / cuDNN / TransformerEngine)
//   Nvfp4 TransformerEngine's NVFP4 recipe (research/numerics.md section 3.3), f32 arithmetic
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ir/dtype/dtype.h"
#include "ir/support/result.h"

namespace tf::numerics {

enum class ScaleMethod : std::uint8_t { Ocp, Rceil, Nvfp4 };

/// "ocp", "rceil" or "nvfp4".
const char* scale_method_name(ScaleMethod m);
std::optional<ScaleMethod> scale_method_from_name(std::string_view name);

/// The numeric shape of a block-scaled dtype: what quantize needs of its descriptor.
struct BlockScaleFormat {
  DType element;       ///< fp8e4m3, fp8e5m2, f6e3m2, f6e2m3, f4e2m1 or i8 (MXINT8: k * 2^-6)
  DType block_scale;   ///< f8e8m0 (MX) or fp8e4m3 (NVFP4)
  std::int64_t block_size = 32;
  DType tensor_scale;  ///< f32 for NVFP4; invalid (default) when there is none
};

/// The planes of a quantized tensor, row-major.
struct BlockScaledValue {
  std::vector<std::int64_t> shape;         ///< the logical shape
  std::vector<std::uint8_t> element_codes; ///< one code per logical element (not packed)
  std::vector<std::uint8_t> block_scales;  ///< shape[:-1] x (shape[-1] / block_size) codes
  std::optional<std::uint32_t> tensor_scale_bits;  ///< f32 bits of s_global (NVFP4 only)
};

/// Quantizes `values` (row-major, of logical `shape`) into `format` with `method`.
/// Rejects (DTREP.LEVELEXTENT.int-cardinality) a last axis that is not a multiple of the block,
/// a rank-0 shape, a values/shape size mismatch, and a method the format does not support
/// (Nvfp4 needs an fp8e4m3 block scale and a tensor scale; Ocp / Rceil need f8e8m0).
Result<BlockScaledValue> quantize(std::span<const float> values,
                                  std::span<const std::int64_t> shape,
                                  const BlockScaleFormat& format, ScaleMethod method);

/// The f32 value of every logical element: element x block scale (x tensor scale), computed
/// exactly and rounded once to f32. A NaN scale makes its whole block NaN.
std::vector<float> dequantize(const BlockScaledValue& value, const BlockScaleFormat& format);

}  // namespace tf::numerics
