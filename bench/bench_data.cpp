#include "bench/bench_data.h"

#include <cmath>
#include <random>

namespace tf::bench {
namespace {
constexpr std::uint64_t kSeed = 20261129;
}  // namespace

const std::vector<float>& fp8_encode_inputs() {
  static const std::vector<float> kData = [] {
    std::mt19937_64 rng(kSeed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::uniform_int_distribution<int> exponent(-10, 8);
    std::vector<float> v(kElements);
    for (float& x : v) x = std::ldexp(normal(rng), exponent(rng));
    return v;
  }();
  return kData;
}

const std::vector<std::uint8_t>& fp8_codes() {
  static const std::vector<std::uint8_t> kData = [] {
    std::mt19937_64 rng(kSeed + 1);
    std::vector<std::uint8_t> v(kElements);
    for (std::uint8_t& c : v) c = static_cast<std::uint8_t>(rng());
    return v;
  }();
  return kData;
}

const std::vector<float>& mx_inputs() {
  static const std::vector<float> kData = [] {
    std::mt19937_64 rng(kSeed + 2);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> v(kElements);
    for (float& x : v) x = normal(rng);
    return v;
  }();
  return kData;
}

}  // namespace tf::bench
