// A 128-bit digest of text, for naming compiled shared objects in the disk cache (disk_cache.h).
// Not cryptographic: two FNV-1a passes with different offset bases, each finished by splitmix64's
// mixer. A hit is only trusted after its stored translation unit compares equal to the one asked
// for, so a collision costs a compile, never a wrong module.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tf::cuda {

/// Digests a sequence of byte strings: each add() takes one, framed by its length, so that
/// ("ab", "c") and ("a", "bc") digest differently.
class ContentHash {
 public:
  /// Adds `bytes` (its length first).
  ContentHash& add(std::string_view bytes);
  /// The digest of everything added so far, as 32 lowercase hexadecimal digits.
  std::string hex() const;

 private:
  void mix(std::string_view bytes);
  std::uint64_t a_ = 0xcbf29ce484222325ull;  // FNV-1a's offset basis
  std::uint64_t b_ = 0x84222325cbf29ce4ull ^ 0x9e3779b97f4a7c15ull;  // another basis for the second lane
};

}  // namespace tf::cuda
