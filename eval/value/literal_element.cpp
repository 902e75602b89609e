#include "eval/value/literal_element.h"

#include <fmt/format.h>

#include <bit>
#include <cfenv>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/float_format.h"
#include "ir/text/build_support.h"
#include "ir/text/decimal.h"

namespace tf::eval {

namespace {

using text::error_at;
using text::SyntaxKind;
using text::SyntaxNode;

Result<std::uint64_t> bool_code(const SyntaxNode& node, const SyntaxNode& n, bool negative) {
  if (!negative && (text::is_name(n, "true") || text::is_name(n, "false")))
    return std::uint64_t{text::is_name(n, "true") ? 1u : 0u};
  if (n.kind == SyntaxKind::Integer) {
    std::optional<std::uint64_t> m = text::integer_magnitude(n.text);
    if (m && (*m == 0 || (*m == 1 && !negative))) return *m;
  }
  return error_at(node,
                  fmt::format("bool takes true, false, 0 or 1, found '{}'", text::to_string(node)));
}

Result<std::uint64_t> integer_code(const SyntaxNode& node, const SyntaxNode& n, bool negative,
                                   DType dtype) {
  if (n.kind != SyntaxKind::Integer)
    return error_at(node, fmt::format("{} takes integer literals, found '{}'", dtype.name(),
                                      text::to_string(node)));
  const int w = dtype.bit_width();
  const std::uint64_t max_positive = (std::uint64_t{1} << (w - 1)) - 1;
  std::optional<std::uint64_t> m = text::integer_magnitude(n.text);
  if (!m || *m > max_positive + (negative ? 1 : 0))
    return error_at(node, fmt::format("value {} is out of range for {} [{}, {}]",
                                      text::to_string(node), dtype.name(),
                                      -static_cast<std::int64_t>(max_positive) - 1, max_positive));
  const std::uint64_t code = negative ? 0 - *m : *m;
  return w == 64 ? code : code & ((std::uint64_t{1} << w) - 1);
}

Result<std::uint64_t> float_code(const SyntaxNode& node, const SyntaxNode& n, bool negative,
                                 DType dtype) {
  double v = 0;
  if (text::is_name(n, "inf")) {
    v = std::numeric_limits<double>::infinity();
  } else if (text::is_name(n, "nan")) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (n.kind == SyntaxKind::Integer || n.kind == SyntaxKind::Float) {
    std::optional<text::OddDouble> r = text::read_round_to_odd(n.text);
    if (!r) return error_at(n, fmt::format("'{}' is not a number", n.text));
    v = r->value;
  } else {
    return error_at(node, fmt::format("{} takes numbers, inf or nan, found '{}'", dtype.name(),
                                      text::to_string(node)));
  }
  // `inf` names the dtype's infinity where it has one, even where the default conversion
  // saturates finite overflow (fp8e5m2); without one it converts like any value.
  return numerics::encode_f64(negative ? -v : v, dtype, numerics::literal_cast_mode(dtype, v));
}

}  // namespace

Result<std::uint64_t> value_code(const SyntaxNode& node, DType dtype) {
  TF_CHECK(dtype.is_simple(), "value_code of the compound dtype {}", dtype.name());
  bool negative = false;
  const SyntaxNode* n = &node;
  while (n->kind == SyntaxKind::Negate) {
    negative = !negative;
    n = n->items[0].get();
  }
  if (dtype.is_bool()) return bool_code(node, *n, negative);
  if (dtype.is_integer()) return integer_code(node, *n, negative, dtype);
  return float_code(node, *n, negative, dtype);
}

Result<std::uint64_t> bits_code(const SyntaxNode& node, int bit_width, std::string_view what) {
  const std::uint64_t max =
      bit_width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bit_width) - 1;
  if (node.kind == SyntaxKind::Integer) {
    std::optional<std::uint64_t> m = text::integer_magnitude(node.text);
    if (m && *m <= max) return *m;
  }
  return error_at(node, fmt::format("a code of {} is an integer from 0 to {:#x}, found '{}'", what,
                                    max, text::to_string(node)));
}

}  // namespace tf::eval
