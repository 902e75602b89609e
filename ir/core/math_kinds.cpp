#include "ir/core/math_kinds.h"

#include <iterator>
#include <utility>

#include "ir/support/check.h"
#include "ir/support/record_table.h"

namespace tf {

namespace {

// One row of binary_kinds.def / unary_kinds.def, indexed by the enumerator.
struct BinaryRow {
  std::string_view name;
  BinaryClass cls;
  KindDomain domain;
  BinaryPartial partial;
  std::string_view functor, integer_functor;
};

struct UnaryRow {
  std::string_view name;
  KindDomain domain;
  KindCommutes commutes;
  std::string_view functor;
};

constexpr BinaryRow kBinaryRows[] = {
#define TF_BINARY_KIND(E, spelling, cls, domain, partial, functor, integer_functor)               \
  {spelling, BinaryClass::cls, KindDomain::domain, BinaryPartial::partial, #functor, \
   #integer_functor},
#include "ir/core/binary_kinds.def"
};

constexpr UnaryRow kUnaryRows[] = {
#define TF_UNARY_KIND(E, spelling, domain, commutes, functor) \
  {spelling, KindDomain::domain, KindCommutes::commutes, #functor},
#include "ir/core/unary_kinds.def"
};

static_assert(std::size(kBinaryRows) == std::size(kAllBinaryKinds));
static_assert(std::size(kUnaryRows) == std::size(kAllUnaryKinds));

constexpr std::string_view kBinarySpellings[] = {
#define TF_BINARY_KIND(E, spelling, ...) spelling,
#include "ir/core/binary_kinds.def"
};

constexpr std::string_view kUnarySpellings[] = {
#define TF_UNARY_KIND(E, spelling, ...) spelling,
#include "ir/core/unary_kinds.def"
};

const BinaryRow& row(BinaryKind k) { return record_row(kBinaryRows, k, "BinaryKind"); }
const UnaryRow& row(UnaryKind k) { return record_row(kUnaryRows, k, "UnaryKind"); }

// The spellings of `kinds`, joined by ", ".
template <typename Kinds, typename Name>
std::string joined(const Kinds& kinds, Name name) {
  std::string s;
  for (auto k : kinds) s += (s.empty() ? "" : ", ") + std::string(name(k));
  return s;
}

}  // namespace

const EnumSpace kBinaryKindSpace{"BinaryKind", kBinarySpellings,
                                 "unknown kind '{spelling}'; the kinds are {list}"};
const EnumSpace kUnaryKindSpace{"UnaryKind", kUnarySpellings,
                                "unknown kind '{spelling}'; the kinds are {list}"};

std::string binary_kind_list() { return joined(kAllBinaryKinds, &binary_kind_name); }
std::string unary_kind_list() { return joined(kAllUnaryKinds, &unary_kind_name); }

bool domain_admits(KindDomain domain, DType d) {
  switch (domain) {
    case KindDomain::Numeric:
      return d.is_float() || d.is_integer();
    case KindDomain::Float:
      return d.is_float();
    case KindDomain::Index:
      return d == DType::i32() || d == DType::i64();
    case KindDomain::Bool:
      return d.is_bool();
    case KindDomain::Any:
    case KindDomain::Conversion:
      return true;
  }
  TF_UNREACHABLE("bad KindDomain");
}

std::string_view binary_kind_name(BinaryKind kind) { return row(kind).name; }

std::optional<BinaryKind> binary_kind_from_name(std::string_view name) {
  if (std::optional<std::uint16_t> code = kBinaryKindSpace.code_of(name))
    return static_cast<BinaryKind>(*code);
  return std::nullopt;
}

BinaryClass binary_class(BinaryKind kind) { return row(kind).cls; }
bool is_comparison(BinaryKind kind) { return binary_class(kind) == BinaryClass::Compare; }
bool is_logical(BinaryKind kind) { return binary_class(kind) == BinaryClass::Logical; }
bool yields_bool(BinaryKind kind) { return binary_class(kind) != BinaryClass::Arith; }
KindDomain binary_domain(BinaryKind kind) { return row(kind).domain; }
BinaryPartial binary_partial(BinaryKind kind) { return row(kind).partial; }

std::string_view binary_runtime_functor(BinaryKind kind, DType d) {
  const BinaryRow& r = row(kind);
  if (!domain_admits(r.domain, d)) return "";
  return d.is_integer() ? r.integer_functor : r.functor;
}

std::string_view unary_kind_name(UnaryKind kind) { return row(kind).name; }

std::optional<UnaryKind> unary_kind_from_name(std::string_view name) {
  if (std::optional<std::uint16_t> code = kUnaryKindSpace.code_of(name))
    return static_cast<UnaryKind>(*code);
  return std::nullopt;
}

KindDomain unary_domain(UnaryKind kind) { return row(kind).domain; }
bool is_float_only(UnaryKind kind) { return unary_domain(kind) == KindDomain::Float; }
KindCommutes unary_commutes(UnaryKind kind) { return row(kind).commutes; }

std::string_view unary_runtime_functor(UnaryKind kind, DType d) {
  const UnaryRow& r = row(kind);
  return domain_admits(r.domain, d) ? r.functor : "";
}

std::optional<std::string_view> upstream_kind_alias(std::string_view name) {
  static constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
      {"cmp_eq", "eq"},       {"cmp_ne", "ne"},     {"cmp_lt", "lt"},
      {"cmp_le", "le"},       {"cmp_gt", "gt"},     {"cmp_ge", "ge"},
      {"logical_and", "and"}, {"logical_or", "or"}, {"logical_not", "not"},
      {"minimum", "min"},     {"maximum", "max"}};
  for (const auto& [alias, kind] : kAliases)
    if (alias == name) return kind;
  return std::nullopt;
}

}  // namespace tf
