// The concrete dtype and shape of a tensor literal's type, `Tensor[(N, 8), f32]`.
//
// Design note. The type goes through the text format's own type builder (build_type), so a
// literal accepts exactly the types a signature does (dtype names, dim arithmetic, layout= and
// storage= keywords, which a value ignores). Symbolic extents are then evaluated under the
// case's dim values, given by name (`dim N = 2`): a dim the file declares is bound with
// DimBinding::bind, so a value outside its envelope is reported under the file's rule id; a
// dim the file does not declare (or every dim, when there is no file) is declared for this
// literal alone with the single-point envelope [v, v + 1). Such DimVars are interned for the
// process lifetime, as every DimVar is (one per distinct name and value).
// A literal holds at most kMaxLiteralElements elements: a bigger one is refused rather than
// allocated (no input may exhaust memory and crash the tool).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "eval/value/tensor.h"
#include "ir/support/result.h"
#include "ir/text/environment.h"
#include "ir/text/syntax.h"

namespace tf::eval {

/// Dim values by name, as a case gives them (`dim N = 2`).
using DimValues = std::map<std::string, std::int64_t>;

/// The most elements a literal may have (2^28).
inline constexpr std::int64_t kMaxLiteralElements = std::int64_t{1} << 28;

/// A literal's dtype and concrete row-major shape.
struct LiteralType {
  DType dtype;
  Shape shape;
};

/// The node that diagnostics about a whole literal point at: the `Tensor` name that starts a
/// literal `Tensor[...]...` (the literal and subscript nodes themselves sit at the `[`), or
/// `literal` itself for a literal without a type.
const text::SyntaxNode& literal_anchor(const text::SyntaxNode& literal);

/// The dtype and shape `node` (a `Tensor[...]` subscript) denotes, names resolved in `env`
/// (may be null: no declared names) and symbolic extents evaluated under `dims` (design note).
/// Diagnostics positioned at the `Tensor` name (or inside the type): not a Tensor type, an unknown
/// dim or dtype, a dim without a value, a value outside the dim's envelope, a negative extent, too
/// many elements.
Result<LiteralType> resolve_literal_type(const text::SyntaxNode& node,
                                         const text::FileEnvironment* env, const DimValues& dims);

}  // namespace tf::eval
