#include "eval/tir/mma_arith.h"

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "eval/tir/exact_sum.h"

namespace tf::eval::tir {

namespace {

constexpr float kCanonicalNaN = std::bit_cast<float>(0x7fffffffu);

// The f32 value of v rounded toward zero (v finite, v a double).
float to_f32_toward_zero(double v) {
  if (v == 0) return std::signbit(v) ? -0.0f : 0.0f;
  const double limit = static_cast<double>(std::numeric_limits<float>::max());
  if (std::fabs(v) >= limit) return v > 0 ? std::numeric_limits<float>::max() : -std::numeric_limits<float>::max();
  float f = static_cast<float>(v);  // to nearest
  if (std::fabs(static_cast<double>(f)) > std::fabs(v)) f = std::nextafter(f, 0.0f);
  return f;
}

}  // namespace

float fused_truncated_sum(double c, std::span<const double> products, int fraction_bits) {
  std::vector<double> terms{c};
  terms.insert(terms.end(), products.begin(), products.end());
  bool nan = false, pos_inf = false, neg_inf = false;
  int top = std::numeric_limits<int>::min();
  for (double t : terms) {
    if (std::isnan(t)) nan = true;
    else if (std::isinf(t)) (t > 0 ? pos_inf : neg_inf) = true;
    else if (t != 0) top = std::max(top, std::ilogb(t));
  }
  if (nan || (pos_inf && neg_inf)) return kCanonicalNaN;
  if (pos_inf) return std::numeric_limits<float>::infinity();
  if (neg_inf) return -std::numeric_limits<float>::infinity();
  if (top == std::numeric_limits<int>::min()) return 0.0f;
  // Every term as an integer multiple of 2^(top - fraction_bits), truncated toward zero: each
  // is below 2^(fraction_bits + 1) in magnitude, so 17 of them sum exactly in int64.
  const int lsb = top - fraction_bits;
  std::int64_t sum = 0;
  for (double t : terms) sum += static_cast<std::int64_t>(std::trunc(std::ldexp(t, -lsb)));
  return to_f32_toward_zero(std::ldexp(static_cast<double>(sum), lsb));
}

// Steps of `step` products, each result the next step's C.
float fused_steps(double c, std::span<const double> products, std::size_t step, int fraction_bits) {
  double running = c;
  for (std::size_t k = 0; k < products.size(); k += step) {
    const std::size_t n = std::min(step, products.size() - k);
    running = fused_truncated_sum(running, products.subspan(k, n), fraction_bits);
  }
  return static_cast<float>(running);
}

float mma_element(MmaMode mode, double c, std::span<const double> a, std::span<const double> b) {
  std::vector<double> products(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) products[k] = a[k] * b[k];
  return mma_sum(mode, c, products);
}

float mma_sum(MmaMode mode, double c, std::span<const double> products) {
  switch (mode) {
    case MmaMode::Exact: {
      ExactSum s;
      s.add(c);
      for (double p : products) s.add(p);
      return s.to_f32();
    }
    case MmaMode::Sm80: return fused_steps(c, products, 8, 24);
    case MmaMode::Sm90: return fused_steps(c, products, 16, 25);
  }
  return 0.0f;
}

}  // namespace tf::eval::tir
