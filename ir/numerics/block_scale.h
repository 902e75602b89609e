// Block-scaled quantize / dequantize (docs/decisions.md D3): MX formats (E8M0 scale per 32
// elements) and NVFP4 (E4M3 scale per 16 elements, one f32 tensor scale).
//
// Design note. A block-scaled tensor groups along its last logical axis: blocks of
// `block_size` consecutive elements of that axis. Its value is its planes: one element code per
// logical element and one scale code per block (plus the f32 tensor scale of NVFP4). Because
// the blocks run along the innermost axis of a row-major tensor, block b covers the flat
// elements [b * block_size, (b + 1) * block_size) and scale b is the row-major index over
// shape[:-1] x (shape[-1] / block_size). Elements round to nearest even and saturate.
// The scale methods (exact; docs/block-scaling.md gives the reasons):
//   Ocp   shared exponent floor(log2 amax) - emax_elem (OCP MX section 6.3), E8M0 0x00 floor
//   Rceil scale = 2^ceil(log2(amax / max_elem)) (cuBLAS / cuDNN / TransformerEngine)
//   Nvfp4 TransformerEngine's NVFP4 recipe (docs/block-scaling.md, "Quantize, NVFP4"), f32
//   arithmetic
// NaN / Inf policy: for Ocp and Rceil a block holding a NaN or an Inf gets scale 0xFF (NaN) and
// its element codes encode V_i as if the scale were 2^0; for Nvfp4 such a block gets the E4M3
// NaN scale 0x7F, its elements encode x_i as if the multiplier were 1, and non-finite values
// are left out of the tensor amax. Every such block dequantizes to NaN.
// Element and scale codes come from encode_f64 / encode_f32 (convert.h); MX element values are
// formed exactly in double (V_i * 2^-e is exact there) and rounded once. That exact MX path is
// mx::quantize_block (mx_scale.h); quantize runs mx::quantize_blocks_fast (mx_fast_path.h),
// which works on the f32 bits and equals it bit for bit on every block.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "ir/dtype/dtype.h"
#include "ir/support/result.h"

namespace tf::numerics {

/// The scale methods (scale_methods.def).
enum class ScaleMethod : std::uint8_t {
#define TF_SCALE_METHOD(E, spelling) E,
#include "ir/numerics/scale_methods.def"
};

/// Every ScaleMethod, in declaration order.
inline constexpr ScaleMethod kAllScaleMethods[] = {
#define TF_SCALE_METHOD(E, spelling) ScaleMethod::E,
#include "ir/numerics/scale_methods.def"
};

/// "ocp", "rceil" or "nvfp4".
const char* scale_method_name(ScaleMethod m);
/// Parses "ocp" / "rceil" / "nvfp4"; nullopt for anything else.
std::optional<ScaleMethod> scale_method_from_name(std::string_view name);

/// The numeric shape of a block-scaled dtype: what quantize needs of its descriptor.
struct BlockScaleFormat {
  DType element;       ///< fp8e4m3, fp8e5m2, f6e3m2, f6e2m3, f4e2m1 or i8 (MXINT8: k * 2^-6)
  DType block_scale;   ///< f8e8m0 (MX) or fp8e4m3 (NVFP4)
  std::int64_t block_size = 32;
  DType tensor_scale;  ///< f32 for NVFP4; invalid (default) when there is none
};

/// The MX format with `element` (one f8e8m0 scale per 32 elements, no tensor scale).
BlockScaleFormat mx_format(DType element);
/// NVFP4: f4e2m1 elements, one fp8e4m3 scale per 16 elements, one f32 tensor scale.
BlockScaleFormat nvfp4_format();

/// Whether `method` applies to `format`: Ocp / Rceil need an f8e8m0 block scale and no tensor
/// scale; Nvfp4 needs f4e2m1 elements, an fp8e4m3 block scale and an f32 tensor scale.
bool method_supported(const BlockScaleFormat& format, ScaleMethod method);

/// The planes of a quantized tensor, row-major.
struct BlockScaledValue {
  std::vector<std::int64_t> shape;         ///< the logical shape
  std::vector<std::uint8_t> element_codes; ///< one code per logical element (not packed)
  std::vector<std::uint8_t> block_scales;  ///< shape[:-1] x (shape[-1] / block_size) codes
  std::optional<std::uint32_t> tensor_scale_bits;  ///< f32 bits of s_global (NVFP4 only)
};

/// How a valid shape splits into blocks.
struct BlockGrid {
  std::int64_t element_count = 0;  ///< product of the shape
  std::int64_t block_count = 0;    ///< element_count / block_size
  std::int64_t block_size = 0;
};

/// Checks `shape` against `format`: rank >= 1, no negative extent, an element count that fits
/// in int64, a last axis that is a multiple of the block (DTREP.LEVELEXTENT.int-cardinality),
/// and a well-formed format (known element / scale dtypes, positive block size). Usage
/// diagnostics otherwise.
Result<BlockGrid> block_grid(std::span<const std::int64_t> shape, const BlockScaleFormat& format);

/// Checks that the planes of `value` fit `format`: the shape passes block_grid, the planes
/// have one code per element / per block, each code fits its dtype's bit width, and the tensor
/// scale is present exactly when the format has one.
Result<BlockGrid> check_planes(const BlockScaledValue& value, const BlockScaleFormat& format);

/// Quantizes `values` (row-major, of logical `shape`) into `format` with `method`.
/// Rejects (DTREP.LEVELEXTENT.int-cardinality) a last axis that is not a multiple of the block;
/// rejects (usage) a rank-0 shape, a values/shape size mismatch, a malformed format and a method
/// the format does not support (see method_supported).
Result<BlockScaledValue> quantize(std::span<const float> values,
                                  std::span<const std::int64_t> shape,
                                  const BlockScaleFormat& format, ScaleMethod method);

/// Same as quantize, writing into `out` instead of returning a new value: on success `out`
/// holds exactly what quantize returns, and its planes keep their storage when it is large
/// enough (quantizing tensors of one shape again and again allocates once). Returns the
/// diagnostics quantize would return, empty on success; on failure `out` is left unchanged.
std::vector<Diagnostic> quantize_into(std::span<const float> values,
                                      std::span<const std::int64_t> shape,
                                      const BlockScaleFormat& format, ScaleMethod method,
                                      BlockScaledValue& out);

/// The f32 value of every logical element (DTREP.BLOCKSCALED.logical-value): element x block
/// scale (x tensor scale), computed exactly and rounded once to f32 (nearest even, overflow to
/// +-Inf). A NaN scale makes its whole block NaN. The planes must pass check_planes
/// (InternalError otherwise).
std::vector<float> dequantize(const BlockScaledValue& value, const BlockScaleFormat& format);

}  // namespace tf::numerics
