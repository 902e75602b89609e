// DType: the element-type descriptors of seed 000 section 3 and seed 003 (docs/decisions.md D1).
//
// Design note. A DType is a small value type: a handle to a process-lifetime, immutable
// descriptor. The 13 simple dtypes are constant-initialized singletons (no static
// constructors); compound dtypes (seed 003) are created once by the registry and never freed.
// There is no mutation API, no enum-style iteration and no custom registration of simple
// dtypes (TYPES.3.DTYPE.no-custom-registration): copying a DType copies the handle, so a copy
// is the same descriptor (the C++ meaning of "copy returns the same object").
// Equality and hashing use the complete descriptor fields for simple dtypes
// (TYPES.3.DTYPE.equality-complete-fields) and the structure for compound ones (seed 003).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "ir/support/result.h"

namespace tf {

/// The descriptor class of a dtype (seed 000: FloatDType / IntegerDType / BoolDType; seed 003:
/// CompoundDType, of which BlockScaledDType is the built-in kind).
enum class DTypeFamily : std::uint8_t { Float, Integer, Bool, Compound };

/// How a float format spends its top encodings on specials (docs/numerics.md "Element formats").
enum class SpecialEncoding : std::uint8_t {
  None,               ///< integers and bool
  Ieee,               ///< f32, f16, bf16, fp8e5m2: exponent all-ones is Inf (m = 0) or NaN
  FiniteNanAllOnes,   ///< fp8e4m3 (E4M3FN): no Inf; NaN only at S.1111.111
  UnsignedNanAllOnes, ///< f8e8m0 (E8M0FNU): no sign, no zero, no Inf; NaN only at 0xFF
  FiniteOnly,         ///< f6e3m2, f6e2m3, f4e2m1: every code is a finite number
};

class CompoundDType;
class CompoundRegistry;
namespace detail {
struct SimpleDTypeCatalog;
}  // namespace detail

/// Base of every descriptor. Descriptors are never copied or destroyed while the process runs.
/// Only the simple catalog and CompoundDType derive from it (its constructor is private).
class DTypeInfo {
 public:
  DTypeInfo(const DTypeInfo&) = delete;
  DTypeInfo& operator=(const DTypeInfo&) = delete;

  /// The canonical name (seed 000: the DSL spelling; seed 003: the registry key).
  std::string_view name() const { return name_; }
  /// The descriptor class.
  DTypeFamily family() const { return family_; }

 protected:
  ~DTypeInfo() = default;
  /// The name of a compound descriptor is set by CompoundDType once it owns the string.
  std::string_view name_;

 private:
  friend class SimpleDTypeInfo;
  friend class CompoundDType;
  constexpr DTypeInfo(std::string_view name, DTypeFamily family) : name_(name), family_(family) {}

  DTypeFamily family_;
};

/// A simple (single-carrier) dtype: the Float / Integer / Bool descriptors of seed 000.
/// The 13 instances live in dtype.cpp; nothing else can construct one
/// (TYPES.3.DTYPE.no-custom-registration).
class SimpleDTypeInfo final : public DTypeInfo {
 private:
  friend struct detail::SimpleDTypeCatalog;
  constexpr SimpleDTypeInfo(std::string_view name, DTypeFamily family, int bit_width,
                            int exponent_bits, int mantissa_bits, bool is_signed,
                            SpecialEncoding specials, std::string_view seed003_name)
      : DTypeInfo(name, family), bit_width_(bit_width), exponent_bits_(exponent_bits),
        mantissa_bits_(mantissa_bits), is_signed_(is_signed), specials_(specials),
        seed003_name_(seed003_name) {}

 public:
  /// Logical bits per element (seed 000 table).
  int bit_width() const { return bit_width_; }
  /// Float only (0 otherwise).
  int exponent_bits() const { return exponent_bits_; }
  /// Float only: explicit mantissa bits (0 otherwise).
  int mantissa_bits() const { return mantissa_bits_; }
  /// Integer: two's complement signed. Float: has a sign bit (false only for f8e8m0).
  bool is_signed() const { return is_signed_; }
  /// How the top encodings are spent on specials.
  SpecialEncoding specials() const { return specials_; }
  /// The spelling seed 003 uses for this descriptor ("E4M3", "Float32", ...), or "".
  /// Documentation only: it is not accepted by from_name (D1).
  std::string_view seed003_name() const { return seed003_name_; }

 private:
  int bit_width_;
  int exponent_bits_;
  int mantissa_bits_;
  bool is_signed_;
  SpecialEncoding specials_;
  std::string_view seed003_name_;
};

/// A handle to a dtype descriptor. Default-constructed handles are invalid (valid() == false).
/// Handles to real descriptors come only from the accessors below, from_name and the compound
/// registry: the constructor from a descriptor pointer is private.
class DType {
 public:
  constexpr DType() = default;

  // The built-in simple dtypes (seed 000's nine rows plus D1's four). The C++ accessor of
  // `bool` is boolean() because bool is a keyword; its name() is "bool".
  static DType f32();
  static DType f16();
  static DType bf16();
  static DType fp8e4m3();
  static DType fp8e5m2();
  static DType f8e8m0();
  static DType f6e3m2();
  static DType f6e2m3();
  static DType f4e2m1();
  static DType i8();
  static DType i32();
  static DType i64();
  static DType boolean();

  // The seven built-in block-scaled formats of seed 003 (D1), created at first use. Their
  // name() is the seed's spelling: "MXFP8_E4M3", ..., "NVFP4". Defined in builtin_formats.cpp.
  static DType mxfp8_e4m3();
  static DType mxfp8_e5m2();
  static DType mxfp6_e3m2();
  static DType mxfp6_e2m3();
  static DType mxfp4();
  static DType mxint8();
  static DType nvfp4();

  /// The single string -> descriptor surface (TYPES.3.DTYPE.from-name-resolves): resolves the
  /// canonical name of a simple dtype or of a registered compound dtype. An unknown name gets
  /// a diagnostic naming TYPES.3.DTYPE.from-name-rejects-unknown that lists the valid set.
  static Result<DType> from_name(std::string_view name);

  /// False only for a default-constructed handle.
  bool valid() const { return info_ != nullptr; }
  /// The canonical name ("f32", "bool", "NVFP4").
  std::string_view name() const { return info_->name(); }
  /// The descriptor class.
  DTypeFamily family() const { return info_->family(); }
  bool is_float() const { return family() == DTypeFamily::Float; }
  bool is_integer() const { return family() == DTypeFamily::Integer; }
  bool is_bool() const { return family() == DTypeFamily::Bool; }
  bool is_compound() const { return family() == DTypeFamily::Compound; }
  bool is_simple() const { return !is_compound(); }

  /// The simple descriptor; InternalError for a compound dtype.
  const SimpleDTypeInfo& simple() const;
  /// The compound descriptor; InternalError for a simple dtype.
  const CompoundDType& compound() const;
  /// Shorthand for simple().bit_width().
  int bit_width() const { return simple().bit_width(); }

  /// The descriptor itself (its address is the descriptor identity).
  const DTypeInfo* info() const { return info_; }

  /// Simple dtypes compare all descriptor fields; compound dtypes compare identity (the
  /// registry keeps one descriptor per name and per block-scaled structure).
  friend bool operator==(DType a, DType b);
  friend bool operator!=(DType a, DType b) { return !(a == b); }
  /// Consistent with ==.
  std::size_t hash() const;

 private:
  friend struct detail::SimpleDTypeCatalog;
  friend class CompoundRegistry;
  constexpr explicit DType(const DTypeInfo* info) : info_(info) {}

  const DTypeInfo* info_ = nullptr;
};

/// The 13 simple dtypes in a fixed documentation order (f32 first, bool last). This is what
/// `tf dtypes` lists; it is not an enum-style surface over DType itself.
const DType* simple_dtypes_begin();
const DType* simple_dtypes_end();

/// True exactly for the low-precision dtypes of seed 000: fp8e4m3, f8e8m0 and f4e2m1, the
/// element types whose values enter and leave a computation through Cast
/// (TYPES.3.DTYPE.low-precision-set). D1's additions (fp8e5m2, f6e3m2, f6e2m3, i8) are not in
/// seed 000's list and are not classified low-precision here.
bool is_low_precision(DType dtype);

}  // namespace tf

template <>
struct std::hash<tf::DType> {
  std::size_t operator()(tf::DType d) const { return d.hash(); }
};
