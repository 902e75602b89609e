// The tfir spelling of IR types (docs/tfir.md section 3):
//   Tensor[(16, 8), f32]                     storage gmem is the default at every rank, omitted
//   Tensor[(N, 8), bf16, storage=smem]
//   Tensor[(128, 12), f32, layout=ShardLayout(...), storage=rmem]
//   Tensor[(), f32]                          a gmem scalar
//   Tensor[(), i64, storage=None]            the meta-scalar (dims, shape elements): None is printed
//   Tensor[(), f32, storage=rmem]            (the EMPTY_LAYOUT of rank 0 is never printed)
//   Tuple[Tensor[(4,), f32], Tensor[(4,), i64]]   Tuple[]   Unit
//   Callable[(Tensor[(4,), f32]) -> Unit]
// Shapes print `()`, `(4,)`, `(16, 8)`; a symbolic dim prints as its expression (`N + 1`).
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>

#include "ir/type/ir_type.h"
#include "ir/type/shape_dim.h"
#include "ir/type/storage.h"

namespace tf {

/// The tfir spelling of `t` ("<null>" for a null handle).
std::string to_string(const IRType& t);
/// The spelling of `t` for a message: at most `max_nodes` nodes (types and shape elements; a
/// symbolic extent as short_text of its expression, a layout cut after 160 characters), each list
/// cut short by one `...` once they are spent: `Tuple[Tensor[(4,), f32], Tensor[(4,), f32], ...]`. What every diagnostic that
/// quotes a type quotes, so that a tuple of 10^5 types or a rank-5000 shape gives a message of a
/// few lines, not of 100 KB (README: a message quotes at most 48 nodes).
std::string short_text(const IRType& t, std::size_t max_nodes = 48);
/// The storage keyword of a tensor type's spelling: `, storage=smem` (or `storage=None`), or
/// "" for gmem, which an omitted storage means at every rank (docs/tfir.md).
std::string storage_keyword(std::optional<StorageKind> storage);
/// The tfir spelling of one shape element.
std::string to_string(const ShapeDim& d);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const IRType& t);
std::ostream& operator<<(std::ostream& os, const ShapeDim& d);

}  // namespace tf
