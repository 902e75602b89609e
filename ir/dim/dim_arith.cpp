#include "ir/dim/dim_arith.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace tf {

namespace {

const char* symbol(DimOpKind kind) {
  switch (kind) {
    case DimOpKind::Add:
      return "+";
    case DimOpKind::Sub:
      return "-";
    case DimOpKind::Mul:
      return "*";
    case DimOpKind::FloorDiv:
      return "//";
    case DimOpKind::Mod:
      return "%";
    case DimOpKind::Min:
      return "min";
    case DimOpKind::Max:
      return "max";
  }
  TF_UNREACHABLE("bad DimOpKind");
}

Diagnostic overflow(DimOpKind kind, std::int64_t a, std::int64_t b) {
  return category_error(DiagCategory::Eval,
                        fmt::format("dim arithmetic {} {} {} overflows int64", a, symbol(kind), b));
}

}  // namespace

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  TF_CHECK(b != 0, "floor_div by zero");
  TF_CHECK(!(a == std::numeric_limits<std::int64_t>::min() && b == -1), "floor_div overflow");
  const std::int64_t q = a / b;
  // Truncation rounded toward zero; step down when the exact quotient was negative and inexact.
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
  TF_CHECK(b != 0, "floor_mod by zero");
  if (b == -1) return 0;  // a % -1 is 0; C++ INT64_MIN % -1 would trap
  const std::int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

Result<std::int64_t> apply_dim_op(DimOpKind kind, std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  switch (kind) {
    case DimOpKind::Add:
      if (__builtin_add_overflow(a, b, &r)) return overflow(kind, a, b);
      return r;
    case DimOpKind::Sub:
      if (__builtin_sub_overflow(a, b, &r)) return overflow(kind, a, b);
      return r;
    case DimOpKind::Mul:
      if (__builtin_mul_overflow(a, b, &r)) return overflow(kind, a, b);
      return r;
    case DimOpKind::FloorDiv:
    case DimOpKind::Mod:
      if (b == 0)
        return category_error(
            DiagCategory::Eval,
            fmt::format("dim arithmetic {} {} 0 divides by zero", a, symbol(kind)));
      if (kind == DimOpKind::Mod) return floor_mod(a, b);
      if (a == std::numeric_limits<std::int64_t>::min() && b == -1) return overflow(kind, a, b);
      return floor_div(a, b);
    case DimOpKind::Min:
      return std::min(a, b);
    case DimOpKind::Max:
      return std::max(a, b);
  }
  TF_UNREACHABLE("bad DimOpKind");
}

}  // namespace tf
