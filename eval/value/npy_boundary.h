// The D4 boundary between NumPy arrays (npy.h) and Tensors: what an .npy input means for a
// dtype, and how a tensor of every dtype is written out.
//
// Design note. NumPy has no fp8 / fp6 / fp4 / e8m0 / bf16 types, so those travel as raw codes
// in unsigned arrays; everything else travels as numbers.
// Reading (tensor_from_npy), for a simple dtype:
//   - the dtype's own storage type (f32 <f4, f16 <f2, i32 <i4, i64 <i8, i8 |i1, bool |b1) is
//     taken bit for bit (a bool byte other than 0 / 1 is refused);
//   - |u1 for a dtype of at most 8 bits (fp8e4m3, fp8e5m2, f8e8m0, f6e3m2, f6e2m3, f4e2m1,
//     i8, bool) and <u2 for a 16-bit dtype (f16, bf16) carry raw codes, one per element,
//     taken bit for bit; a code that does not fit the dtype's bit width is refused;
//   - any other array is converted as values with the dtype's D4 default mode: <f8 rounds each
//     value once (encode_f64), the others go through cast_tensor (integers wrap, floats to
//     integers truncate and saturate, NaN -> 0). Plain f4e2m1 has no value conversion (seed
//     000: the evaluator's Cast refuses it), so it is reached by |u1 codes only.
// A block-scaled dtype is read from <f4 / <f2 values, quantized with the D3 default scale
// method (ocp for MX, nvfp4 for NVFP4; the values are exact in f32, so quantization sees the
// written values), or from its planes (block_scaled_from_npy). Other arrays are refused with a
// message naming both ways; <f8 is refused because quantization takes f32 input and a silent
// f64 -> f32 rounding would round twice.
// Writing (tensor_to_npy): f32, f16, i32, i64, i8, bool in their own types; bf16 as <u2 codes;
// fp8e4m3, fp8e5m2, f8e8m0, f6e3m2, f6e2m3, f4e2m1 as |u1 codes, one per element (f4e2m1
// unpacked); a block-scaled tensor as its planes: [0] element codes |u1 of the logical shape,
// [1] block scale codes |u1 of shape shape[:-1] + (shape[-1] / block_size,), and for NVFP4
// [2] the tensor scale as a <f4 array of shape () holding its f32 bits.
// Every refusal is a Usage diagnostic whose message starts with `what` (an input name or file).
#pragma once

#include <span>
#include <string>
#include <vector>

#include "eval/value/npy.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::eval {

/// The tensor of `dtype` that `array` stands for (reading rules in the design note).
Result<Tensor> tensor_from_npy(const NpyView& array, DType dtype, const std::string& what);

/// The tensor an untyped .npy input stands for: f32, f16, i8, i32, i64 and bool arrays keep
/// their own dtype; <f8 becomes f32 (each value rounded once, nearest even); |u1 and <u2 are
/// refused (raw codes need a dtype: the message says to name one).
Result<Tensor> natural_tensor_from_npy(const NpyView& array, const std::string& what);

/// The block-scaled tensor of `dtype` whose planes are `planes`, laid out as tensor_to_npy
/// writes them (design note). Usage diagnostics: a dtype without a block-scale format, a wrong
/// plane count, type or shape, a code that does not fit its dtype (numerics::check_planes).
Result<Tensor> block_scaled_from_npy(std::span<const NpyArray> planes, DType dtype,
                                     const std::string& what);

/// The arrays `tensor` is written as (one for a simple dtype, the planes for a block-scaled
/// one; design note). Diagnostic (Usage) only for a block-scaled tensor whose dtype has no
/// block-scale format (a compound dtype that quantize does not know).
Result<std::vector<NpyArray>> tensor_to_npy(const Tensor& tensor);

}  // namespace tf::eval
