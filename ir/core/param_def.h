// ParamDef: one declared parameter of an op's schema, an operand or an attribute.
//
// Design note. Every op declares its parameters when it is registered (OpSpec::params), in
// order (upstream docs/spec/core-ir.md): the operand-kind entries, in their order, fix the
// positions of Call::args (a variadic last operand binds every argument left: Concat, Stack,
// TensorView's coordinates); the
// attribute-kind entries name the keyword attributes of the op and the value kind each takes
// (`tf ops` lists them, the parser checks keywords against them). An attribute may be
// optional (None is accepted) and may carry a default, which is filled when the call site
// omits it; an attribute without a default and not optional is required. Defaults are plain
// values of the attribute's kind. An enum attribute names the EnumSpace of its spellings
// (enum_space.h) and its default is an EnumAttr of that space (enum_attr(ReduceKind::Mean)).
// Attribute values of the richer kinds (types, layouts, meshes, atoms, patterns) have no
// default.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/core/enum_space.h"
#include "ir/dtype/dtype.h"
#include "ir/support/result.h"
#include "ir/type/storage.h"

namespace tf {

/// Whether a parameter is a positional operand (an Expr in Call::args) or a keyword attribute.
enum class ParamKind : std::uint8_t { Operand, Attribute };

/// The value family of an attribute (docs/tfir.md section 5: a literal, a dtype, a storage, a
/// tuple, a type, a layout, a mesh, an atom or a pattern; also a dim, such as TopK's `k`, and a
/// tuple of dims, such as Slice's `sizes`). Operands have kind None.
enum class AttrKind : std::uint8_t {
  None,
  Int,
  Float,
  Bool,
  String,
  Enum,
  DType,
  Storage,
  IntTuple,
  Type,
  Layout,
  Mesh,
  Atom,
  Pattern,
  Dim,
  DimTuple
};

/// "operand" / "attribute".
std::string_view param_kind_name(ParamKind kind);
/// "none", "int", "float", "bool", "string", "enum", "dtype", "storage", "int_tuple", "type",
/// "layout", "mesh", "atom", "pattern", "dim", "dim_tuple".
std::string_view attr_kind_name(AttrKind kind);

/// A default attribute value; monostate is an explicit None default.
using AttrDefault = std::variant<std::monostate, std::int64_t, double, bool, std::string,
                                 EnumAttr, DType, StorageKind, std::vector<std::int64_t>>;

/// One declared parameter of an op.
struct ParamDef {
  std::string name;                          ///< identifier, unique within the op
  ParamKind kind = ParamKind::Operand;       ///< operand or attribute
  AttrKind attr_kind = AttrKind::None;       ///< an attribute's value family; None for operands
  bool optional = false;                     ///< an attribute that accepts None
  bool variadic = false;                     ///< the last operand, binding the arguments left
  std::optional<AttrDefault> default_value;  ///< an attribute's call-site default
  const EnumSpace* enum_space = nullptr;     ///< an Enum attribute's spellings; null otherwise

  /// An operand named `name`.
  static ParamDef operand(std::string name);
  /// A variadic operand named `name`: the op's last operand, binding every argument from its
  /// position on (none included).
  static ParamDef variadic_operand(std::string name);
  /// A required attribute of value family `kind`.
  static ParamDef attribute(std::string name, AttrKind kind);
  /// An attribute of family `kind` with default `value` (monostate: None, which makes the
  /// attribute optional).
  static ParamDef attribute(std::string name, AttrKind kind, AttrDefault value);
  /// A required Enum attribute taking the spellings of `space`.
  static ParamDef enum_attribute(std::string name, const EnumSpace& space);
  /// An Enum attribute of `space` with default `value`: an EnumAttr of `space`
  /// (enum_attr(ReduceKind::Mean)), or monostate (None, which makes the attribute optional).
  static ParamDef enum_attribute(std::string name, const EnumSpace& space, AttrDefault value);

  /// True for an attribute the call site must give (no default, not optional).
  bool required() const {
    return kind == ParamKind::Attribute && !default_value.has_value() && !optional;
  }

  friend bool operator==(const ParamDef&, const ParamDef&) = default;
};

/// Diagnostics (category Usage) for a parameter list that cannot be a schema: a name that is
/// not an identifier or is repeated, an operand with an attribute kind, optional flag, default
/// or enum space, an attribute of kind None or marked variadic, an Enum attribute without an
/// enum space or another attribute with one, a variadic operand that is not the last operand,
/// or a default whose value does not belong to the attribute's family (an Enum default: an
/// EnumAttr of the attribute's space; a family that has no defaults). Empty when the list is
/// valid.
std::vector<Diagnostic> check_params(std::string_view op_name, const std::vector<ParamDef>& params);

}  // namespace tf
