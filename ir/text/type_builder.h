// Building IR types from tfir syntax (docs/tfir.md section 3):
//   Tensor[(16, 8), f32]                              storage omitted: gmem, at every rank
//   Tensor[(N, 8), bf16, storage=smem]                shape entries: ints, dims, dim arithmetic
//   Tensor[(128, 12), f32, layout=Lr, storage=rmem]   a layout expression or a declared name
//   Tensor[(), i64, storage=None]   Tensor[(64, 128), MXFP4]   Tensor[(4,), "f32"]
//   Tuple[T, ...]   Tuple[]   Unit   Callable[(T, ...) -> R]   Callable[() -> R]
//
// Design note. Every string surface goes through the type system's own resolvers, so the text
// format accepts exactly what the IR does and reports it under the same rule ids: a dtype name,
// bare or quoted, through DType::from_name (TYPES.3.DTYPE.string-surfaces-use-from-name; an
// unknown one fails with TYPES.3.DTYPE.from-name-rejects-unknown and lists the valid set), a
// storage name through resolve_storage (TYPES.2.STORAGE.*). The one exception is the bare name
// `umat`: it is the printer's spelling of an unmaterialized HIR value and reads back as
// StorageKind::Umat, while the quoted surface string "umat" is refused by resolve_storage
// (TYPES.2.STORAGE.umat-not-surface). Structural checks are TensorType::make's; its
// diagnostics keep their rule ids and gain the position of the `Tensor[...]` node. Callable's
// parameter list is a tuple `(A, B)`, `()`, or one parenthesized type `(A)` (the syntax tree does
// not keep grouping parentheses, so a bare `A -> R` is accepted as the same thing).
#pragma once

#include <optional>

#include "ir/dtype/dtype.h"
#include "ir/support/result.h"
#include "ir/text/environment.h"
#include "ir/text/syntax.h"
#include "ir/type/ir_type.h"
#include "ir/type/storage.h"

namespace tf::text {

/// The IR type `node` denotes; names (dims, layouts, meshes) resolve in `env`.
Result<IRType> build_type(const SyntaxNode& node, const FileEnvironment& env);

/// A dtype: a bare or quoted name resolved by DType::from_name.
Result<DType> build_dtype(const SyntaxNode& node);

/// A storage: `None`, a bare or quoted name resolved by resolve_storage, or the bare printer
/// spelling `umat`.
Result<std::optional<StorageKind>> build_storage(const SyntaxNode& node);

}  // namespace tf::text
