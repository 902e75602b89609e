// The tfir spelling of IR types (TFIR.md section 3):
//   Tensor[(16, 8), f32]                     rank > 0: storage gmem is the default, omitted
//   Tensor[(N, 8), bf16, storage=smem]
//   Tensor[(128, 12), f32, layout=ShardLayout(...), storage=rmem]
//   Tensor[(), i64]                          rank 0: storage None is the default, omitted
//   Tensor[(), f32, storage=rmem]            (the EMPTY_LAYOUT of rank 0 is never printed)
//   Tensor[(4,), f32, storage=None]          a non-default None is printed
//   Tuple[Tensor[(4,), f32], Tensor[(4,), i64]]   Tuple[]   Unit
//   Callable[(Tensor[(4,), f32]) -> Unit]
// Shapes print `()`, `(4,)`, `(16, 8)`; a symbolic dim prints as its expression (`N + 1`).
#pragma once

#include <iosfwd>
#include <string>

#include "ir/type/ir_type.h"
#include "ir/type/shape_dim.h"

namespace tf {

/// The tfir spelling of `t` ("<null>" for a null handle).
std::string to_string(const IRType& t);
/// The tfir spelling of one shape element.
std::string to_string(const ShapeDim& d);
/// Stream the tfir spelling (for gtest and RapidCheck messages).
std::ostream& operator<<(std::ostream& os, const IRType& t);
std::ostream& operator<<(std::ostream& os, const ShapeDim& d);

}  // namespace tf
