#include "eval/value/literal_random.h"

#include <fmt/format.h>

#include <cmath>
#include <random>

#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "eval/value/literal_type.h"
#include "ir/text/build_support.h"

namespace tf::eval {

namespace {

using text::error_at;
using text::SyntaxNode;

// The smallest and largest value of an integer or bool dtype.
std::pair<std::int64_t, std::int64_t> integer_range(DType dtype) {
  if (dtype.is_bool()) return {0, 1};
  const int w = dtype.bit_width();
  const std::int64_t max = w == 64 ? INT64_MAX : (std::int64_t{1} << (w - 1)) - 1;
  return {-max - 1, max};
}

struct Bounds {
  double lo = -1, hi = 1;          // float dtypes
  std::int64_t ilo = -8, ihi = 8;  // integer dtypes (bool: 0, 2)
};

Result<Bounds> read_bounds(const SyntaxNode& node, DType dtype) {
  Bounds b;
  if (dtype.is_bool()) b.ilo = 0, b.ihi = 2;
  const bool integral = !dtype.is_float();
  for (const char* key : {"lo", "hi"}) {
    text::Syntax v = node.keyword(key);
    if (!v) continue;
    const bool is_lo = key[0] == 'l';
    if (integral) {
      Result<std::int64_t> i = text::integer_value(*v);
      if (!i)
        return error_at(*v, fmt::format("{}= of a random {} tensor is an integer, found '{}'", key,
                                        dtype.name(), text::to_string(*v)));
      (is_lo ? b.ilo : b.ihi) = *i;
    } else {
      Result<double> d = text::float_value(*v);
      if (!d || !std::isfinite(*d))
        return error_at(*v, fmt::format("{}= of a random tensor is a finite number, found '{}'",
                                        key, text::to_string(*v)));
      (is_lo ? b.lo : b.hi) = *d;
    }
  }
  return b;
}

}  // namespace

double random_float(std::uint64_t raw, double lo, double hi) {
  const double u = static_cast<double>(raw >> 11) * 0x1p-53;
  return lo + (hi - lo) * u;
}

std::int64_t random_integer(std::uint64_t raw, std::int64_t lo, std::int64_t hi) {
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  const auto offset =
      static_cast<std::uint64_t>((static_cast<unsigned __int128>(raw) * range) >> 64);
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
}

Result<Tensor> random_tensor(const SyntaxNode& node, DType dtype, Shape shape) {
  if (!node.items.empty())
    return error_at(*node.items[0],
                    "random(...) takes keyword arguments only: random(seed=S, lo=L, hi=H)");
  for (const auto& [key, value] : node.keywords)
    if (key != "seed" && key != "lo" && key != "hi")
      return error_at(*value, fmt::format("random(...) has no argument '{}' (seed, lo, hi)", key));
  text::Syntax seed_node = node.keyword("seed");
  if (!seed_node) return error_at(literal_anchor(node), "random(...) needs a seed: random(seed=1)");
  Result<std::uint64_t> seed = [&]() -> Result<std::uint64_t> {
    if (seed_node->kind == text::SyntaxKind::Integer) {
      Result<std::int64_t> s = text::integer_value(*seed_node);
      if (s && *s >= 0) return static_cast<std::uint64_t>(*s);
    }
    return error_at(*seed_node,
                    fmt::format("the seed is a non-negative integer below 2^63, found '{}'",
                                text::to_string(*seed_node)));
  }();
  if (!seed) return seed.diagnostics();
  Result<Bounds> bounds = read_bounds(node, dtype);
  if (!bounds) return bounds.diagnostics();
  const SyntaxNode& where = node.keyword("hi")   ? *node.keyword("hi")
                            : node.keyword("lo") ? *node.keyword("lo")
                                                 : literal_anchor(node);
  const bool integral = !dtype.is_float();
  if (integral ? bounds->ilo >= bounds->ihi : !(bounds->lo < bounds->hi))
    return error_at(where, "random(...) needs lo < hi (values are drawn from [lo, hi))");
  if (!integral && !std::isfinite(bounds->hi - bounds->lo))
    return error_at(where, "random(...) needs hi - lo to be finite");
  if (integral) {
    auto [min, max] = integer_range(dtype);
    if (bounds->ilo < min || bounds->ihi - 1 > max)
      return error_at(
          where, fmt::format("random {} values must lie in [{}, {}]: lo >= {} and hi - 1 <= {}",
                             dtype.name(), min, max, min, max));
  }
  Tensor t = Tensor::make(dtype, std::move(shape));
  std::mt19937_64 gen(*seed);
  const numerics::CastMode mode = numerics::default_cast_mode(dtype);
  for (std::int64_t i = 0; i < t.size(); ++i) {
    const std::uint64_t raw = gen();
    if (integral) {
      t.set_code(i, static_cast<std::uint64_t>(random_integer(raw, bounds->ilo, bounds->ihi)));
    } else {
      t.set_code(i, numerics::encode_f64(random_float(raw, bounds->lo, bounds->hi), dtype, mode));
    }
  }
  return t;
}

}  // namespace tf::eval
