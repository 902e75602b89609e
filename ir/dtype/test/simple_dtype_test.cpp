// Seed 000 section 3: the simple DType descriptors (TYPES.3.DTYPE.*), under docs/decisions.md D1.
#include "ir/dtype/dtype.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace tf {
namespace {

// Enum-style surfaces and aliases, probed as concepts so that their absence is a compile-time
// fact (a requires-expression must be dependent to be a value instead of an error).
template <typename T>
concept HasValue = requires(T d) { d.value(); };
template <typename T>
concept HasMembers = requires { T::members(); } || requires { T::__members__(); };
template <typename T>
concept Indexable = requires(T d) { d[0]; } || requires(T d) { d["f32"]; };
template <typename T>
concept Iterable = requires(T d) { d.begin(); } || requires(T d) { std::begin(d); };
template <typename T>
concept HasF8e4m3 = requires { T::f8e4m3(); };
template <typename T>
concept HasFloat32 = requires { T::Float32(); } || requires { T::E4M3(); };
template <typename T>
concept HasLayout = requires(T d) { d.layout(); } || requires(T d) { d.storage(); };
template <typename T>
concept HasRegister = requires(T d) { T::register_dtype(d); } || requires { T::make(); };

struct Row {
  DType dtype;
  const char* name;
  DTypeFamily family;
  int bit_width, exponent_bits, mantissa_bits;
  bool is_signed;
};

// covers: TYPES.3.DTYPE.row-f32, TYPES.3.DTYPE.row-f16, TYPES.3.DTYPE.row-bf16
// covers: TYPES.3.DTYPE.row-fp8e4m3, TYPES.3.DTYPE.row-f8e8m0, TYPES.3.DTYPE.row-f4e2m1
// covers: TYPES.3.DTYPE.row-i32, TYPES.3.DTYPE.row-i64, TYPES.3.DTYPE.row-bool
// covers: TYPES.3.DTYPE.name-equals-attribute, TYPES.3.DTYPE.base-fields
TEST(SimpleDType, SeedTableRows) {
  const Row rows[] = {
      {DType::f32(), "f32", DTypeFamily::Float, 32, 8, 23, true},
      {DType::f16(), "f16", DTypeFamily::Float, 16, 5, 10, true},
      {DType::bf16(), "bf16", DTypeFamily::Float, 16, 8, 7, true},
      {DType::fp8e4m3(), "fp8e4m3", DTypeFamily::Float, 8, 4, 3, true},
      {DType::f8e8m0(), "f8e8m0", DTypeFamily::Float, 8, 8, 0, false},
      {DType::f4e2m1(), "f4e2m1", DTypeFamily::Float, 4, 2, 1, true},
      {DType::i32(), "i32", DTypeFamily::Integer, 32, 0, 0, true},
      {DType::i64(), "i64", DTypeFamily::Integer, 64, 0, 0, true},
      {DType::boolean(), "bool", DTypeFamily::Bool, 1, 0, 0, false},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.name);
    EXPECT_EQ(r.dtype.name(), r.name);
    EXPECT_EQ(r.dtype.family(), r.family);
    EXPECT_EQ(r.dtype.bit_width(), r.bit_width);
    EXPECT_EQ(r.dtype.simple().exponent_bits(), r.exponent_bits);
    EXPECT_EQ(r.dtype.simple().mantissa_bits(), r.mantissa_bits);
    if (r.family != DTypeFamily::Float) {
      EXPECT_EQ(r.dtype.simple().is_signed(), r.is_signed);
    }
  }
  EXPECT_EQ(DType::f16().name(), "f16");
  EXPECT_EQ(DType::f16().bit_width(), 16);
}

// covers: TYPES.3.DTYPE.float-class, TYPES.3.DTYPE.integer-class, TYPES.3.DTYPE.bool-class
TEST(SimpleDType, DescriptorClasses) {
  EXPECT_TRUE(DType::bf16().is_float());
  EXPECT_EQ(DType::bf16().simple().exponent_bits(), 8);
  EXPECT_EQ(DType::bf16().simple().mantissa_bits(), 7);
  EXPECT_TRUE(DType::i32().is_integer());
  EXPECT_TRUE(DType::i32().simple().is_signed());
  EXPECT_TRUE(DType::boolean().is_bool());
  // BoolDType has no family-specific facts: the float and integer fields are all zero / false.
  EXPECT_EQ(DType::boolean().simple().exponent_bits(), 0);
  EXPECT_EQ(DType::boolean().simple().mantissa_bits(), 0);
  EXPECT_FALSE(DType::boolean().simple().is_signed());
  EXPECT_EQ(DType::boolean().simple().specials(), SpecialEncoding::None);
}

// covers: TYPES.3.DTYPE.immutable
TEST(SimpleDType, DescriptorsAreImmutable) {
  static_assert(!std::is_copy_assignable_v<SimpleDTypeInfo>);
  static_assert(!std::is_move_assignable_v<SimpleDTypeInfo>);
  static_assert(!std::is_copy_constructible_v<SimpleDTypeInfo>);
  static_assert(std::is_same_v<decltype(DType::f32().info()), const DTypeInfo*>);
  static_assert(std::is_same_v<decltype(DType::f32().simple()), const SimpleDTypeInfo&>);
  // bit_width() is a value, not an lvalue: there is nothing to assign to.
  static_assert(!std::is_lvalue_reference_v<decltype(DType::f32().bit_width())>);
  EXPECT_EQ(DType::f32().bit_width(), 32);
}

// covers: TYPES.3.DTYPE.not-enum
TEST(SimpleDType, NotAnEnum) {
  static_assert(std::is_class_v<DType> && !std::is_enum_v<DType>);
  EXPECT_EQ(DType::f32().family(), DTypeFamily::Float);
  EXPECT_EQ(DType::i32().family(), DTypeFamily::Integer);
  EXPECT_EQ(DType::boolean().family(), DTypeFamily::Bool);
}

// covers (compile-time): TYPES.3.DTYPE.no-enum-surfaces
TEST(SimpleDType, NoEnumSurfaces) {
  static_assert(!HasValue<DType>);
  static_assert(!HasMembers<DType>);
  static_assert(!Indexable<DType>);
  static_assert(!Iterable<DType>);
  SUCCEED();
}

// covers: TYPES.3.DTYPE.singleton
TEST(SimpleDType, ProcessLifetimeSingletons) {
  EXPECT_EQ(DType::f32().info(), DType::f32().info());
  EXPECT_EQ(DType::from_name("f32")->info(), DType::f32().info());
  DType copy = DType::f32();
  EXPECT_EQ(copy.info(), DType::f32().info());
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    EXPECT_EQ(DType::from_name(d->name())->info(), d->info());
}

// covers: TYPES.3.DTYPE.no-custom-registration
TEST(SimpleDType, NoCustomRegistration) {
  static_assert(!std::is_constructible_v<DType, const DTypeInfo*>);
  static_assert(!std::is_constructible_v<DType, const SimpleDTypeInfo*>);
  static_assert(!std::is_default_constructible_v<SimpleDTypeInfo>);
  static_assert(!HasRegister<DType>);
  EXPECT_EQ(simple_dtypes_end() - simple_dtypes_begin(), 13);
  EXPECT_FALSE(DType::from_name("f128").ok());
  EXPECT_FALSE(DType::from_name("u8").ok());
}

// covers: TYPES.3.DTYPE.equality-complete-fields
TEST(SimpleDType, EqualityUsesAllFields) {
  EXPECT_NE(DType::f16(), DType::bf16());
  EXPECT_NE(DType::i32(), DType::i64());
  EXPECT_NE(DType::fp8e4m3(), DType::fp8e5m2());
  EXPECT_EQ(DType::f16(), DType::f16());
  EXPECT_NE(DType(), DType::f32());
}

// covers: TYPES.3.DTYPE.hash-complete-fields
TEST(SimpleDType, HashUsesAllFields) {
  std::unordered_map<DType, int> m;
  m[DType::f16()] = 1;
  m[DType::bf16()] = 2;
  m[DType::i32()] = 3;
  m[DType::i64()] = 4;
  EXPECT_EQ(m.size(), 4u);
  EXPECT_EQ(m.at(DType::f16()), 1);
  EXPECT_EQ(m.at(DType::bf16()), 2);
  EXPECT_EQ(DType::f16().hash(), DType::from_name("f16")->hash());
  EXPECT_NE(DType::f16().hash(), DType::bf16().hash());
}

// covers: TYPES.3.DTYPE.independent-of-layout-storage
TEST(SimpleDType, IndependentOfLayoutAndStorage) {
  static_assert(sizeof(DType) == sizeof(void*), "a DType is only a descriptor handle");
  static_assert(!HasLayout<DType>);
  static_assert(std::is_trivially_copyable_v<DType>);
  EXPECT_EQ(DType::f32().info(), DType::from_name("f32")->info());
}

// covers: TYPES.3.DTYPE.fp8e4m3-canonical, TYPES.3.DTYPE.no-fp8-alias
TEST(SimpleDType, Fp8e4m3IsTheOnlyFp8E4M3Spelling) {
  EXPECT_EQ(DType::fp8e4m3().name(), "fp8e4m3");
  EXPECT_EQ(DType::from_name("fp8e4m3")->info(), DType::fp8e4m3().info());
  static_assert(!HasF8e4m3<DType>);
  static_assert(!HasFloat32<DType>);
  Result<DType> alias = DType::from_name("f8e4m3");
  ASSERT_FALSE(alias.ok());
  EXPECT_EQ(alias.diagnostics()[0].rule_id, "TYPES.3.DTYPE.from-name-rejects-unknown");
  // Seed 003's E4M3 is a prose name for the same descriptor (seed003_name), not a spelling.
  EXPECT_EQ(DType::fp8e4m3().simple().seed003_name(), "E4M3");
  EXPECT_FALSE(DType::from_name("E4M3").ok());
}

// covers: TYPES.3.DTYPE.low-precision-set
TEST(SimpleDType, LowPrecisionSet) {
  std::string low;
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    if (is_low_precision(*d)) low += std::string(d->name()) + " ";
  EXPECT_EQ(low, "fp8e4m3 f8e8m0 f4e2m1 ");
  EXPECT_FALSE(is_low_precision(DType::nvfp4()));
  EXPECT_FALSE(is_low_precision(DType()));
}

// The dtype-level half of the rule: a low-precision dtype is an ordinary element descriptor
// (same handle type, family and hashing as any other), so nothing downstream can tell it apart
// except through is_low_precision. The TensorType typeinfer half comes with type inference.
// covers: TYPES.3.DTYPE.low-precision-typeinfer
TEST(SimpleDType, LowPrecisionIsAnOrdinaryElementType) {
  for (DType d : {DType::fp8e4m3(), DType::f8e8m0(), DType::f4e2m1()}) {
    SCOPED_TRACE(std::string(d.name()));
    EXPECT_TRUE(d.is_simple());
    EXPECT_TRUE(d.is_float());
    EXPECT_EQ(*DType::from_name(d.name()), d);
    std::unordered_map<DType, int> m{{d, 7}};
    EXPECT_EQ(m.at(d), 7);
  }
}

}  // namespace
}  // namespace tf
