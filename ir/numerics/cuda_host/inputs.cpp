#include "ir/numerics/cuda_host/inputs.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <stdexcept>
#include <type_traits>

namespace tf::numerics::cuda_host {
namespace {

// How a format uses its top encodings (docs/numerics.md "Element formats").
enum class Top { Ieee, E4m3, FiniteOnly, E8m0 };
struct Format {
  int exponent_bits;
  int mantissa_bits;
  Top top;
};

// fp8e4m3, fp8e5m2, f8e8m0, f6e2m3, f6e3m2, f4e2m1, f16, bf16.
constexpr Format kFormats[] = {
    {4, 3, Top::E4m3},       {5, 2, Top::Ieee},       {8, 0, Top::E8m0},  {2, 3, Top::FiniteOnly},
    {3, 2, Top::FiniteOnly}, {2, 1, Top::FiniteOnly}, {5, 10, Top::Ieee}, {8, 7, Top::Ieee}};

// The non-negative finite values of `f`, ascending, as exact doubles.
std::vector<double> positive_values(const Format& f) {
  std::vector<double> out;
  if (f.top == Top::E8m0) {
    for (int b = 0; b <= 254; ++b) out.push_back(std::ldexp(1.0, b - 127));
    return out;
  }
  const int bias = (1 << (f.exponent_bits - 1)) - 1;
  const int max_e = (1 << f.exponent_bits) - 1;
  const int max_m = (1 << f.mantissa_bits) - 1;
  for (int e = 0; e <= max_e; ++e) {
    for (int m = 0; m <= max_m; ++m) {
      if (f.top == Top::Ieee && e == max_e) continue;
      if (f.top == Top::E4m3 && e == max_e && m == max_m) continue;
      out.push_back(e == 0 ? std::ldexp(m, 1 - bias - f.mantissa_bits)
                           : std::ldexp((1 << f.mantissa_bits) + m, e - bias - f.mantissa_bits));
    }
  }
  return out;
}

// Values, midpoints, the overflow tie above max and half the smallest non-zero value.
std::vector<double> interesting_points(const Format& f) {
  std::vector<double> v = positive_values(f);
  std::vector<double> out = v;
  for (std::size_t i = 0; i + 1 < v.size(); ++i) out.push_back((v[i] + v[i + 1]) / 2);
  const double max = v.back();
  out.push_back(f.top == Top::E8m0 ? max * 1.5 : max + (max - v[v.size() - 2]) / 2);
  out.push_back((v[0] == 0 ? v[1] : v[0]) / 2);
  return out;
}

template <typename Bits>
void add_neighbours(std::vector<Bits>& out, std::type_identity_t<Bits> magnitude,
                    std::type_identity_t<Bits> sign_bit, std::type_identity_t<Bits> max_magnitude) {
  for (int d = -2; d <= 2; ++d) {
    if (d < 0 && magnitude < Bits(-d)) continue;
    const Bits m = magnitude + Bits(d);
    if (m > max_magnitude) continue;
    out.push_back(m);
    out.push_back(m | sign_bit);
  }
}

template <typename Bits>
void sort_unique(std::vector<Bits>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

constexpr std::uint64_t kSeed = 20261129;

}  // namespace

std::vector<std::uint32_t> f32_inputs() {
  constexpr std::uint32_t kSign = 0x80000000u, kMaxMag = 0x7FFFFFFFu;
  std::vector<std::uint32_t> out = {0x7FC00000u, 0x7FC00001u, 0x7F800001u, 0x7FA00000u,
                                    0x7FBFFFFFu, 0x7FFFFFFFu, 0x7F800100u};
  for (std::uint32_t nan : std::vector<std::uint32_t>(out)) out.push_back(nan | kSign);
  for (const Format& f : kFormats) {
    for (double p : interesting_points(f)) {
      const float x = static_cast<float>(p);
      if (static_cast<double>(x) != p) throw std::logic_error("point not exact in f32");
      add_neighbours(out, std::bit_cast<std::uint32_t>(x), kSign, kMaxMag);
    }
  }
  for (int k = -149; k <= 127; ++k)
    add_neighbours(out, std::bit_cast<std::uint32_t>(std::ldexp(1.0f, k)), kSign, kMaxMag);
  add_neighbours(out, 0x7F800000u, kSign, kMaxMag);  // Inf and the largest finite values

  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < 300000; ++i) out.push_back(static_cast<std::uint32_t>(rng()));
  for (int i = 0; i < 300000; ++i) {
    const std::uint64_t r = rng();
    const std::uint32_t exponent = 127 - 30 + static_cast<std::uint32_t>((r >> 32) % 61);
    out.push_back(static_cast<std::uint32_t>((exponent << 23) | (r & 0x7FFFFFu) | (r & kSign)));
  }
  sort_unique(out);
  return out;
}

std::vector<std::uint64_t> f64_inputs() {
  constexpr std::uint64_t kSign = 0x8000000000000000ull, kMaxMag = 0x7FFFFFFFFFFFFFFFull;
  std::vector<std::uint64_t> out;
  for (std::uint32_t b : f32_inputs())
    out.push_back(std::bit_cast<std::uint64_t>(static_cast<double>(std::bit_cast<float>(b))));
  for (std::uint64_t nan : {0x7FF8000000000000ull, 0x7FF0000000000001ull, 0x7FF4000000000000ull,
                            0x7FFFFFFFFFFFFFFFull}) {
    out.push_back(nan);
    out.push_back(nan | kSign);
  }
  for (const Format& f : kFormats)
    for (double p : interesting_points(f))
      add_neighbours(out, std::bit_cast<std::uint64_t>(p), kSign, kMaxMag);
  for (int k = -1074; k <= 1023; ++k)
    add_neighbours(out, std::bit_cast<std::uint64_t>(std::ldexp(1.0, k)), kSign, kMaxMag);
  add_neighbours(out, 0x7FF0000000000000ull, kSign, kMaxMag);

  std::mt19937_64 rng(kSeed + 1);
  for (int i = 0; i < 200000; ++i) out.push_back(rng());
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t r = rng();
    const std::uint64_t exponent = 1023 - 30 + (rng() % 61);
    out.push_back((exponent << 52) | (r & 0xFFFFFFFFFFFFFull) | (r & kSign));
  }
  sort_unique(out);
  return out;
}

}  // namespace tf::numerics::cuda_host
