// Seeded inputs shared by the numerics benchmarks (16,777,216 elements each, built once).
//
//   fp8_encode_inputs: N(0,1) x 2^k with k uniform in [-10, 8] -- spans E4M3 subnormals,
//                      normals and saturation (|x| > 448), so neither side gets one easy branch.
//   fp8_codes:         uniform random bytes (every E4M3 code, NaN codes included).
//   mx_inputs:         N(0,1), 2^19 blocks of 32 (typical activations).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tf::bench {

inline constexpr std::size_t kElements = std::size_t{1} << 24;

const std::vector<float>& fp8_encode_inputs();
const std::vector<std::uint8_t>& fp8_codes();
const std::vector<float>& mx_inputs();

}  // namespace tf::bench
