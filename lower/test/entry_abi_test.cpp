// EntryABI: a separate type from CallableType, whose ParamABI holds a name and a TensorType.
#include "lower/entry_abi.h"

#include <gtest/gtest.h>

#include <type_traits>

#include "ir/core/test/ir_test_util.h"
#include "ir/tir/sequential.h"
#include "ir/type/callable_type.h"
#include "ir/type/type_print.h"

namespace tf::lower {
namespace {

using test::tensor;
using test::var;

tir::PrimFunctionRef host_fn(std::vector<VarRef> params, tir::Target target = tir::Target::Host) {
  return tir::PrimFunction::make("entry", std::move(params), tir::Sequential::empty(), 1, target).value();
}

TEST(EntryAbi, IsNotCallableType) {
  // covers (compile-time): TYPES.7.CALLABLE.entryabi-separate
  static_assert(!std::is_convertible_v<EntryABI, CallableTypeRef>);
  static_assert(!std::is_convertible_v<CallableTypeRef, EntryABI>);
  static_assert(!std::is_convertible_v<EntryABI, IRType>);
  static_assert(!std::is_base_of_v<IRTypeNode, EntryABI>);
  SUCCEED();
}

TEST(EntryAbi, ParamsAreNameAndTensorTypeOnly) {
  // covers: TYPES.7.CALLABLE.paramabi-fields, TYPES.7.CALLABLE.paramabi-no-restatement
  VarRef a = var("a", tensor({128, 12}, DType::f32()));
  VarRef out = var("out", tensor({128, 12}, DType::bf16(), StorageKind::Gmem));
  Result<EntryABI> abi = entry_abi_of(*host_fn({a, out}));
  ASSERT_TRUE(abi.ok());
  EXPECT_EQ(abi->name, "entry");
  EXPECT_EQ(abi->output_count, 1);
  ASSERT_EQ(abi->params.size(), 2u);
  // Exactly two members: a structured binding of two names compiles only for two fields.
  const auto& [name, type] = abi->params[1];
  EXPECT_EQ(name, "out");
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(type)>, TensorTypeRef>);
  EXPECT_EQ(type->dtype, DType::bf16());  // dtype, shape, storage are read through the type
  EXPECT_EQ(to_string(IRType(type)), "Tensor[(128, 12), bf16]");
}

TEST(EntryAbi, OnlyHostFunctionsOfTensorsHaveOne) {
  VarRef a = var("a", tensor({4}, DType::f32()));
  Result<EntryABI> device = entry_abi_of(*host_fn({a}, tir::Target::Cuda));
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.diagnostics()[0].message, "entry is a cuda function; an EntryABI describes a host entry");
}

}  // namespace
}  // namespace tf::lower
