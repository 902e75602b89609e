// EntryABI: what the host sees of a compiled entry function (upstream's runtime function ABI):
// its name and one ParamABI per user-facing parameter, the trailing `output_count` of them being
// outputs.
//
// Design note. Seed 000 section 7 keeps this host ABI apart from the IR's CallableType: the two
// are different types in different layers (this one in lower/, with the pass that inserts host
// entries), neither converts into the other, and a ParamABI reaches a parameter's dtype, shape,
// storage and layout through its TensorType instead of restating them
// (TYPES.7.CALLABLE.entryabi-separate, paramabi-fields, paramabi-no-restatement). The ABI of a
// host PrimFunction lists its tensor parameters only: the hidden `<param>_shape_<axis>` scalars
// of a device kernel are filled by the host from the tensors' runtime shapes and never appear
// here (seed 002 section 2.2).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/support/result.h"
#include "ir/tir/prim_function.h"
#include "ir/type/tensor_type.h"

namespace tf::lower {

/// One user-facing parameter: its name and its tensor type (nothing restated beside it).
struct ParamABI {
  std::string name;
  TensorTypeRef type;
};

/// A host entry's ABI.
struct EntryABI {
  std::string name;
  std::vector<ParamABI> params;  ///< in declaration order
  std::int64_t output_count = 0;  ///< the trailing params that are outputs
};

/// The ABI of the host PrimFunction `fn`. Diagnostic (category Type) when `fn` is not a host
/// function or a parameter is not a tensor.
Result<EntryABI> entry_abi_of(const tir::PrimFunction& fn);

}  // namespace tf::lower
