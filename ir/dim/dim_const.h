// DimConst(value): the integer-literal member of the dim family (seed 000 section 4), an
// int-valued Constant of type TensorType::meta_scalar(i64).
#pragma once

#include <cstdint>

#include "ir/core/constant.h"

namespace tf {

/// The dim literal `value`: Constant(value) of type meta_scalar(i64) (shape (), storage None).
ConstantRef dim_const(std::int64_t value);

}  // namespace tf
