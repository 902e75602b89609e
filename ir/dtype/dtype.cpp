#include "ir/dtype/dtype.h"

#include <array>

#include "ir/dtype/compound.h"
#include "ir/support/check.h"

namespace tf {

namespace detail {

// The only place that can construct SimpleDTypeInfo and turn a descriptor into a DType.
// Seed 000 section 3's table, plus fp8e5m2, f6e3m2, f6e2m3 and i8 (D1). Everything here is
// constant-initialized: no static constructor runs.
struct SimpleDTypeCatalog {
  using F = DTypeFamily;
  using S = SpecialEncoding;

  static constexpr SimpleDTypeInfo kF32{"f32", F::Float, 32, 8, 23, true, S::Ieee, "Float32"};
  static constexpr SimpleDTypeInfo kF16{"f16", F::Float, 16, 5, 10, true, S::Ieee, ""};
  static constexpr SimpleDTypeInfo kBF16{"bf16", F::Float, 16, 8, 7, true, S::Ieee, ""};
  static constexpr SimpleDTypeInfo kE4M3{"fp8e4m3", F::Float, 8, 4, 3, true,
                                         S::FiniteNanAllOnes, "E4M3"};
  static constexpr SimpleDTypeInfo kE5M2{"fp8e5m2", F::Float, 8, 5, 2, true, S::Ieee, "E5M2"};
  static constexpr SimpleDTypeInfo kE8M0{"f8e8m0", F::Float, 8, 8, 0, false,
                                         S::UnsignedNanAllOnes, "E8M0"};
  static constexpr SimpleDTypeInfo kE3M2{"f6e3m2", F::Float, 6, 3, 2, true, S::FiniteOnly,
                                         "E3M2"};
  static constexpr SimpleDTypeInfo kE2M3{"f6e2m3", F::Float, 6, 2, 3, true, S::FiniteOnly,
                                         "E2M3"};
  static constexpr SimpleDTypeInfo kE2M1{"f4e2m1", F::Float, 4, 2, 1, true, S::FiniteOnly,
                                         "E2M1"};
  static constexpr SimpleDTypeInfo kI8{"i8", F::Integer, 8, 0, 0, true, S::None, "Int8"};
  static constexpr SimpleDTypeInfo kI32{"i32", F::Integer, 32, 0, 0, true, S::None, ""};
  static constexpr SimpleDTypeInfo kI64{"i64", F::Integer, 64, 0, 0, true, S::None, ""};
  static constexpr SimpleDTypeInfo kBool{"bool", F::Bool, 1, 0, 0, false, S::None, ""};

  static constexpr DType of(const SimpleDTypeInfo& info) { return DType(&info); }

  static const std::array<DType, 13> kAll;
};

// Defined after the class is complete so that the constexpr `of` can run.
constexpr std::array<DType, 13> SimpleDTypeCatalog::kAll = {
    of(kF32),  of(kF16),  of(kBF16), of(kE4M3), of(kE5M2), of(kE8M0), of(kE3M2),
    of(kE2M3), of(kE2M1), of(kI8),   of(kI32),  of(kI64),  of(kBool)};

}  // namespace detail

namespace {

using Catalog = detail::SimpleDTypeCatalog;

std::size_t hash_combine(std::size_t h, std::size_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

bool same_simple_fields(const SimpleDTypeInfo& a, const SimpleDTypeInfo& b) {
  return a.name() == b.name() && a.family() == b.family() && a.bit_width() == b.bit_width() &&
         a.exponent_bits() == b.exponent_bits() && a.mantissa_bits() == b.mantissa_bits() &&
         a.is_signed() == b.is_signed() && a.specials() == b.specials();
}

std::size_t simple_dtype_hash(const SimpleDTypeInfo& s) {
  std::size_t h = std::hash<std::string_view>()(s.name());
  for (int v : {static_cast<int>(s.family()), s.bit_width(), s.exponent_bits(),
                s.mantissa_bits(), static_cast<int>(s.is_signed()),
                static_cast<int>(s.specials())})
    h = hash_combine(h, std::hash<int>()(v));
  return h;
}

}  // namespace

DType DType::f32() { return Catalog::of(Catalog::kF32); }
DType DType::f16() { return Catalog::of(Catalog::kF16); }
DType DType::bf16() { return Catalog::of(Catalog::kBF16); }
DType DType::fp8e4m3() { return Catalog::of(Catalog::kE4M3); }
DType DType::fp8e5m2() { return Catalog::of(Catalog::kE5M2); }
DType DType::f8e8m0() { return Catalog::of(Catalog::kE8M0); }
DType DType::f6e3m2() { return Catalog::of(Catalog::kE3M2); }
DType DType::f6e2m3() { return Catalog::of(Catalog::kE2M3); }
DType DType::f4e2m1() { return Catalog::of(Catalog::kE2M1); }
DType DType::i8() { return Catalog::of(Catalog::kI8); }
DType DType::i32() { return Catalog::of(Catalog::kI32); }
DType DType::i64() { return Catalog::of(Catalog::kI64); }
DType DType::boolean() { return Catalog::of(Catalog::kBool); }

const DType* simple_dtypes_begin() { return Catalog::kAll.data(); }
const DType* simple_dtypes_end() { return Catalog::kAll.data() + Catalog::kAll.size(); }

const SimpleDTypeInfo& DType::simple() const {
  TF_CHECK(valid() && is_simple(), "simple() on a compound or invalid dtype");
  return static_cast<const SimpleDTypeInfo&>(*info_);
}

const CompoundDType& DType::compound() const {
  TF_CHECK(valid() && is_compound(), "compound() on a simple or invalid dtype");
  return static_cast<const CompoundDType&>(*info_);
}

bool operator==(DType a, DType b) {
  if (a.info_ == b.info_) return true;
  if (!a.valid() || !b.valid() || a.family() != b.family()) return false;
  if (a.is_simple()) return same_simple_fields(a.simple(), b.simple());
  // Compound dtypes are unique per name and block-scaled structure (the registry rejects
  // duplicates), so two distinct compound descriptors are never equal.
  return false;
}

std::size_t DType::hash() const {
  if (!valid()) return 0;
  if (is_simple()) return simple_dtype_hash(simple());
  return std::hash<const void*>()(info_);
}

bool is_low_precision(DType dtype) {
  return dtype == DType::fp8e4m3() || dtype == DType::f8e8m0() || dtype == DType::f4e2m1();
}

}  // namespace tf
