// Tensor literals (docs/tfir.md section 4): building the Tensor a literal's syntax denotes, for
// case inputs and expectations and for `tf eval` arguments.
//
// Design note. The forms, for a type T = Tensor[shape, dtype] whose shape resolves as
// literal_type.h says:
//   T{v, ...}                  row-major values, one per element, each rounded once to the dtype
//                              with its D4 default mode (literal_element.h: integers exact and in
//                              range, floats incl. hex floats, inf, -inf, nan; bool true / false)
//   T bits{0x38, ...}          raw element codes of a simple dtype, each below 2^bit_width
//   T planes{bits{...}, ...}   a block-scaled tensor's planes: element codes, then one bits{} per
//                              scale level in the order of the dtype's levels (block scales, then
//                              the NVFP4 tensor scale as one f32 code); numerics::check_planes
//   T splat(v)                 every element the value v
//   T random(seed=S, lo=L, hi=H)   literal_random.h
//   npy("x.npy")  npy("x.npy", dtype=bf16)   a NumPy file, relative to LiteralContext::base_dir;
//                              with a dtype (or LiteralContext::npy_dtype) through tensor_from_npy,
//                              else natural_tensor_from_npy (npy_boundary.h)
//   1.5  2  true  -inf         rank-0 scalars of f32, i64, bool (docs/tfir.md section 4)
//   bf16(0.5)  i32(7)  fp8e4m3(0x3c)   typed rank-0 scalars; floats narrower than 16 bits are
//                              given by their code, as in a function body
// A block-scaled T takes planes{}, or values / splat / random whose values are rounded once to
// f32 and quantized with the D3 default scale method (what cast(x_f32, dtype=T) computes).
// Every malformed literal is a diagnostic positioned at the offending node (category Parse, or
// the rule id a type or dim rule names; npy files: category Usage), never an exception.
#pragma once

#include <string>
#include <string_view>

#include "eval/value/literal_type.h"
#include "eval/value/tensor.h"
#include "ir/support/result.h"
#include "ir/support/source_location.h"
#include "ir/text/environment.h"
#include "ir/text/syntax.h"

namespace tf::eval {

/// What a literal's names and paths resolve against.
struct LiteralContext {
  DimValues dims;                              ///< a case's `dim N = 2` values, by name
  const text::FileEnvironment* env = nullptr;  ///< the file's declared dims / layouts; may be null
  std::string base_dir;                        ///< where relative npy("...") paths start ("": cwd)
  DType npy_dtype;  ///< the dtype an npy("...") without dtype= takes (e.g. the parameter's);
                    ///< invalid (default): the array's own dtype
};

/// The tensor `node` denotes (forms in the design note).
Result<Tensor> build_literal(const text::SyntaxNode& node, const LiteralContext& context);

/// Parses `text` as one literal expression and builds it. `where` is the position of the
/// first character of `text` in its file, so diagnostics point into that file (a case line's
/// value); a `where` without a line counts from line 1, column 1 of `where.file`.
Result<Tensor> parse_literal(std::string_view text, const SourceLocation& where,
                             const LiteralContext& context);

}  // namespace tf::eval
