#include "cuda/driver/content_hash.h"

#include <fmt/format.h>

namespace tf::cuda {

namespace {

constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

void ContentHash::mix(std::string_view bytes) {
  for (char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    a_ = (a_ ^ c) * kFnvPrime;
    b_ = (b_ ^ static_cast<unsigned char>(c + 0x5b)) * kFnvPrime;  // the second lane sees other bytes
  }
}

ContentHash& ContentHash::add(std::string_view bytes) {
  const std::uint64_t n = bytes.size();
  char length[8];
  for (int i = 0; i < 8; ++i) length[i] = static_cast<char>((n >> (8 * i)) & 0xff);
  mix(std::string_view(length, 8));
  mix(bytes);
  return *this;
}

std::string ContentHash::hex() const {
  return fmt::format("{:016x}{:016x}", splitmix(a_), splitmix(b_ ^ splitmix(a_)));
}

}  // namespace tf::cuda
