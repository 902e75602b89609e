// hash_combine: mixing one hash into another (boost's recipe, 64-bit constant), for the
// structural hashes of the IR.
#pragma once

#include <cstddef>

namespace tf {

/// `seed` with `h` mixed in; order-sensitive.
inline std::size_t hash_combine(std::size_t seed, std::size_t h) {
  return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace tf
