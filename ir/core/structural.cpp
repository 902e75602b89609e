#include "ir/core/structural.h"

#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "ir/layout/layout_hash.h"
#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/function_call.h"
#include "ir/core/pattern.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/core/var.h"
#include "ir/dim/dim_var.h"
#include "ir/support/hash_combine.h"
#include "ir/core/grid_region.h"
#include "ir/type/callable_type.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {

// Types and patterns have no child walk that would check their field names; check them here.
#define TF_TYPE_NODE(Name) \
  static_assert(names_every_field<Name>, #Name ": kFieldNames must name every structural field");
#include "ir/type/type_nodes.def"
#define TF_PATTERN_NODE(Name) \
  static_assert(names_every_field<Name>, #Name ": kFieldNames must name every structural field");
#include "ir/core/pattern_nodes.def"

namespace {

// ---- one equality and one hash overload per field type ------------------------------------

bool field_equal(std::int64_t a, std::int64_t b) {
  return a == b;
}
bool field_equal(std::monostate, std::monostate) {  // an attribute's None
  return true;
}
bool field_equal(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}
bool field_equal(bool a, bool b) {
  return a == b;
}
bool field_equal(const std::string& a, const std::string& b) {
  return a == b;
}
bool field_equal(const EnumAttr& a, const EnumAttr& b) {
  return a == b;
}
bool field_equal(DType a, DType b) {
  return a == b;
}
bool field_equal(Op a, Op b) {
  return a == b;
}
bool field_equal(StorageKind a, StorageKind b) {
  return a == b;
}
bool field_equal(const LayoutBase& a, const LayoutBase& b) {
  return a == b;
}
bool field_equal(const Mesh& a, const Mesh& b) {
  return a == b;
}
bool field_equal(const Pattern& a, const Pattern& b) {
  return structural_equal(a, b);
}
bool field_equal(const Atom& a, const Atom& b) {
  if (!a || !b) return !a && !b;
  return a->equals(*b);
}
bool field_equal(const ShapeDim& a, const ShapeDim& b) {
  return a == b;
}
bool field_equal(const Expr& a, const Expr& b) {
  return structural_equal(a, b);
}
bool field_equal(const IRType& a, const IRType& b) {
  return structural_equal(a, b);
}
// A typed node handle (VarRef in ShapeOf) compares as the Expr it is.
template <ExprNodeStruct T>
bool field_equal(const Ref<const T>& a, const Ref<const T>& b) {
  return structural_equal(Expr(a), Expr(b));
}

std::size_t field_hash(std::int64_t v) {
  return std::hash<std::int64_t>()(v);
}
std::size_t field_hash(std::monostate) {
  return 0x6e0e;
}
std::size_t field_hash(double v) {
  return std::hash<std::uint64_t>()(std::bit_cast<std::uint64_t>(v));
}
std::size_t field_hash(bool v) {
  return v ? 0x51ed27 : 0x2545f4;
}
std::size_t field_hash(const std::string& s) {
  return std::hash<std::string>()(s);
}
std::size_t field_hash(const EnumAttr& e) {  // by the space's name: stable across runs
  return hash_combine(std::hash<std::string_view>()(e.space != nullptr ? e.space->name : ""),
                      e.code);
}
std::size_t field_hash(DType d) {
  return d.hash();
}
std::size_t field_hash(Op op) {
  return std::hash<std::string_view>()(op.name());
}
std::size_t field_hash(StorageKind k) {
  return static_cast<std::size_t>(k);
}
std::size_t field_hash(const LayoutBase& l) {
  return structural_hash(l);
}
std::size_t field_hash(const Mesh& m) {
  return structural_hash(m);
}
std::size_t field_hash(const Pattern& p) {
  return structural_hash(p);
}
std::size_t field_hash(const Atom& a) {
  return a ? a->hash() : 0xa70;
}
std::size_t field_hash(const ShapeDim& d) {
  return d.is_static() ? field_hash(d.value()) : hash_combine(0x5d1e, structural_hash(d.expr()));
}
std::size_t field_hash(const Expr& e) {
  return structural_hash(e);
}
std::size_t field_hash(const IRType& t) {
  return structural_hash(t);
}
template <ExprNodeStruct T>
std::size_t field_hash(const Ref<const T>& e) {
  return structural_hash(Expr(e));
}

#include "ir/core/structural_fields.inc"

}  // namespace

bool structural_equal(const Expr& a, const Expr& b) {
  if (a.same_as(b)) return true;
  if (!a || !b || a->kind() != b->kind()) return false;
  switch (a->kind()) {
#define TF_EXPR_NODE(Name)                                                \
  case ExprKind::Name:                                                    \
    return fields_equal(static_cast<const Name&>(*a).structural_fields(), \
                        static_cast<const Name&>(*b).structural_fields());
#include "ir/core/expr_nodes.def"
  }
  TF_UNREACHABLE("bad ExprKind");
}

std::size_t structural_hash(const Expr& e) {
  if (!e) return 0;
  const std::size_t seed = 0xe000 + static_cast<std::size_t>(e->kind());
  switch (e->kind()) {
#define TF_EXPR_NODE(Name) \
  case ExprKind::Name:     \
    return fields_hash(seed, static_cast<const Name&>(*e).structural_fields());
#include "ir/core/expr_nodes.def"
  }
  TF_UNREACHABLE("bad ExprKind");
}

bool structural_equal(const IRType& a, const IRType& b) {
  if (a.same_as(b)) return true;
  if (!a || !b || a->kind() != b->kind()) return false;
  switch (a->kind()) {
#define TF_TYPE_NODE(Name)                                                \
  case TypeKind::Name:                                                    \
    return fields_equal(static_cast<const Name&>(*a).structural_fields(), \
                        static_cast<const Name&>(*b).structural_fields());
#include "ir/type/type_nodes.def"
  }
  TF_UNREACHABLE("bad TypeKind");
}

std::size_t structural_hash(const IRType& t) {
  if (!t) return 0;
  const std::size_t seed = 0x7000 + static_cast<std::size_t>(t->kind());
  switch (t->kind()) {
#define TF_TYPE_NODE(Name) \
  case TypeKind::Name:     \
    return fields_hash(seed, static_cast<const Name&>(*t).structural_fields());
#include "ir/type/type_nodes.def"
  }
  TF_UNREACHABLE("bad TypeKind");
}

bool structural_equal(const Pattern& a, const Pattern& b) {
  if (a.same_as(b)) return true;
  if (!a || !b || a->kind() != b->kind()) return false;
  switch (a->kind()) {
#define TF_PATTERN_NODE(Name)                                             \
  case PatternKind::Name:                                                 \
    return fields_equal(static_cast<const Name&>(*a).structural_fields(), \
                        static_cast<const Name&>(*b).structural_fields());
#include "ir/core/pattern_nodes.def"
  }
  TF_UNREACHABLE("bad PatternKind");
}

std::size_t structural_hash(const Pattern& p) {
  if (!p) return 0;
  const std::size_t seed = 0x9a00 + static_cast<std::size_t>(p->kind());
  switch (p->kind()) {
#define TF_PATTERN_NODE(Name) \
  case PatternKind::Name:     \
    return fields_hash(seed, static_cast<const Name&>(*p).structural_fields());
#include "ir/core/pattern_nodes.def"
  }
  TF_UNREACHABLE("bad PatternKind");
}

}  // namespace tf
