// EnumSpace and EnumAttr: the typed value of an enum attribute (AttrKind::Enum; attr_value.h).
//
// Design note. An enum attribute (a Binary's `kind`, a Cast's `rounding`, Gelu's
// `approximate`) takes one of a closed list of spellings. Each list is an EnumSpace: a constant
// record with the enum's name ("BinaryKind") and its spellings indexed by code, derived from
// the enum's own record (binary_kinds.def, roundings.def, ...), so that a code is the value of
// the C++ enumerator it spells. The attribute's ParamDef names its space, and a value is an
// EnumAttr: the space and a code. Values compare by (space, code) and hash by (space name,
// code); no layer below the text reader and the printers ever sees a spelling: the reader
// turns a spelling into a code (code_of) and the printers a code into its spelling.
//
// A C++ enum that has a space declares `const EnumSpace& enum_space_of(E)` in its own namespace
// (found by argument-dependent lookup), which makes it a SpacedEnum: enum_attr(e) builds the
// value naming `e`, and enum_value<E> / optional_enum_value<E> (attr_value.h) read it back.
//
// A spelling outside the space is the op's type error, worded by the space's `unknown`
// template (unknown_enum_spelling), so each attribute keeps the message its type rule gave
// before values were typed ("unknown kind 'xor'; the kinds are add, ...").
//
// Spaces are namespace-scope constants initialised from constant expressions (constant
// initialisation), so a ParamDef may name one during static initialisation of another file.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "ir/support/diagnostic.h"

namespace tf {

/// The closed list of spellings of one enum, indexed by code.
struct EnumSpace {
  std::string_view name;                        ///< the enum's name, "BinaryKind"
  std::span<const std::string_view> spellings;  ///< spellings[code]
  /// The wording of a spelling outside the space, a fmt template with the named arguments
  /// {attr} (the attribute's name), {spelling} (as written), {list} (every spelling, joined
  /// by ", ") and {alternatives} ("a, b or c").
  std::string_view unknown;

  /// The code spelled `spelling` (exactly), or nothing.
  std::optional<std::uint16_t> code_of(std::string_view spelling) const;
  /// The spelling of `code`. Precondition (TF_CHECK): code < spellings.size().
  std::string_view spelling(std::uint16_t code) const;
  /// Every spelling, joined by ", " ("mean, sum, abs_max, max").
  std::string list() const;
  /// Every spelling as alternatives: "tanh or none", "rn, rz or rp".
  std::string alternatives() const;
};

/// The value of an enum attribute: a code of `space`. Compares by (space, code).
struct EnumAttr {
  const EnumSpace* space = nullptr;  ///< never null in a value a Call holds
  std::uint16_t code = 0;

  /// The spelling of the value (for printers and messages).
  std::string_view spelling() const;

  friend bool operator==(const EnumAttr&, const EnumAttr&) = default;
};

/// A C++ enum with an EnumSpace: `enum_space_of(E)` is declared in E's namespace.
template <typename E>
concept SpacedEnum = std::is_enum_v<E> && requires(E e) {
  { enum_space_of(e) } -> std::same_as<const EnumSpace&>;
};

/// The attribute value naming enumerator `e` of its space.
template <SpacedEnum E>
EnumAttr enum_attr(E e) {
  return EnumAttr{&enum_space_of(e), static_cast<std::uint16_t>(e)};
}

/// The value of `space` spelled `spelling`, or nothing.
std::optional<EnumAttr> enum_attr_of(const EnumSpace& space, std::string_view spelling);

/// The type error (category Type, "<op_name>: <the space's unknown wording>") for `spelling`,
/// which is none of `space`'s, given to attribute `attr` of op `op_name`; with the nearest
/// spellings in a "did you mean" note (ir/support/nearest_names.h).
Diagnostic unknown_enum_spelling(std::string_view op_name, std::string_view attr,
                                 const EnumSpace& space, std::string_view spelling);

}  // namespace tf
