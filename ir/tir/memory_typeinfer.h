// The typeinfer rules of the TIR value ops (tir.memory.*, seed 002 section 2.3). Each is the
// handler register_tir_ops installs; the result-type decisions are in tir_ops.h's design note.
//
//  - AllocTensor() [tensor_type=T]: T, which must be a TensorType that can live in TIR memory
//    (check_tir_memory_type).
//  - PtrOf(x): x's type; x a memory-resident tensor.
//  - MemorySpan(x): Tensor[x.shape, x.dtype, storage=x.storage] (no layout); x memory-resident.
//  - TensorView(memory) [layout=L, shape=S]: Tensor[shape, memory.dtype, layout=L,
//    storage=memory.storage], where shape is S when given (a reshape,
//    TIR.2.3.MEMORY.tensorview-shape-override), otherwise read off L: for a ShardLayout the
//    extent of each top-level mode of its (global) domain shape, the logical view of that domain
//    (a nested mode's extents multiply: the MMA fragment domain ((8, 2), (2, 4, 2)) views as
//    (16, 16)); for a Layout or ComposedLayout its flattened leaves, the one shape whose rank is
//    the layout's domain rank (TYPES.2.TENSOR.layout-rank-match). A symbolic leaf with bounds
//    becomes its DimVar; a nested mode with a symbolic leaf needs S. With S and a static
//    non-Shard L, size(S) must equal size(L). The TensorType's own checks then apply.
//  - TensorView(memory, c_0, ..., c_k-1) [layout=L, shape=S]: the same type; the trailing
//    operands are the window's start in memory, read at run time (a loop's K offset): one
//    rank-0 integer per axis of memory (its logical coordinates), or one (a flat row-major
//    start). L is then a plain Layout or a ComposedLayout (the start moves what L indexes; a
//    ShardLayout distributes a whole tensor and takes no start). The values are run time: a
//    start past memory is an out-of-bounds access when an element is touched, not a type error.
#pragma once

#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/op.h"
#include "ir/support/result.h"
#include "ir/type/tensor_type.h"

namespace tf::tir {

/// The diagnostics of a TensorType a TIR allocation or parameter may not have: storage umat
/// (TIR.2.3.OPS.no-umat) or storage None at rank > 0 (TIR.2.3.OPS.none-storage-rank0-only).
/// `what` names the tensor in the messages. Empty when the type is fine.
std::vector<Diagnostic> check_tir_memory_type(const TensorType& t, std::string_view what);

/// The typeinfer_attrs handler of AllocTensor.
Result<IRType> infer_alloc_tensor(Op op, const std::vector<Expr>& args,
                                  const std::vector<AttrValue>& attrs);
/// The typeinfer handler of PtrOf.
Result<IRType> infer_ptr_of(Op op, const std::vector<Expr>& args);
/// The typeinfer handler of MemorySpan.
Result<IRType> infer_memory_span(Op op, const std::vector<Expr>& args);
/// The typeinfer_attrs handler of TensorView.
Result<IRType> infer_tensor_view(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs);

}  // namespace tf::tir
