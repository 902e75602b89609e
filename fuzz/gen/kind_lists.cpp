#include "fuzz/gen/kind_lists.h"

#include "ir/core/math_kinds.h"
#include "ir/support/check.h"

namespace tf::fuzz {

namespace {

DType dtype_named(std::string_view name) {
  Result<DType> d = DType::from_name(name);
  TF_CHECK(d.ok(), "a generator asked for the kinds of the unknown dtype {}", name);
  return *d;
}

}  // namespace

std::vector<std::string> binary_kinds_of(std::string_view dtype, bool bool_results) {
  const DType d = dtype_named(dtype);
  std::vector<std::string> kinds;
  for (BinaryKind k : kAllBinaryKinds)
    if (domain_admits(binary_domain(k), d) && (bool_results || !yields_bool(k)))
      kinds.emplace_back(binary_kind_name(k));
  return kinds;
}

std::vector<std::string> unary_kinds_of(std::string_view dtype) {
  const DType d = dtype_named(dtype);
  std::vector<std::string> kinds;
  for (UnaryKind k : kAllUnaryKinds)
    if (unary_domain(k) != KindDomain::Conversion && domain_admits(unary_domain(k), d))
      kinds.emplace_back(unary_kind_name(k));
  return kinds;
}

bool binary_kind_yields_bool(std::string_view kind) {
  const std::optional<BinaryKind> k = binary_kind_from_name(kind);
  TF_CHECK(k.has_value(), "{} is not a binary kind", kind);
  return yields_bool(*k);
}

}  // namespace tf::fuzz
