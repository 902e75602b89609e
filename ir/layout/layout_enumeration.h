// Brute-force enumeration of static layouts: the oracle the layout laws check the algebra
// against (layout_law.h, the tests of ir/layout/test through testing/layout_oracle.h), never the
// library's own index arithmetic. Outside testing/ because the conformance runner replays a law
// case (docs/tfir.md section 7) with it.
//
// offset_table(L) walks L's coordinates with an odometer (leftmost leaf fastest, adding and
// removing strides as digits roll over), so it shares no division or modulo with crd2idx.
// Enumerated::extended(x) evaluates L beyond its size the way composition.h defines it: the
// last flat mode keeps stepping, so L(q*size + y) = L(y) + q * extent_last * stride_last.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "ir/layout/layout.h"

namespace tf::oracle {

/// The extents and strides of a static layout's leaves, left to right.
struct FlatLeaves {
  std::vector<std::int64_t> shape, stride;
};

/// L's leaves (precondition: L is static).
inline FlatLeaves flat_leaves(const Layout& l) {
  FlatLeaves f;
  for (const auto& s : leaves(l.shape())) f.shape.push_back(s.value());
  for (const auto& d : leaves(l.stride())) f.stride.push_back(d.value());
  return f;
}

/// The offsets of L's flat indices 0, 1, ..., size-1, by odometer.
inline std::vector<std::int64_t> offset_table(const Layout& l) {
  const FlatLeaves f = flat_leaves(l);
  std::int64_t n = 1;
  for (std::int64_t s : f.shape) n *= s;
  std::vector<std::int64_t> table;
  table.reserve(static_cast<std::size_t>(n));
  std::vector<std::int64_t> digit(f.shape.size(), 0);
  std::int64_t offset = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    table.push_back(offset);
    for (std::size_t k = 0; k < digit.size(); ++k) {
      ++digit[k];
      offset += f.stride[k];
      if (digit[k] < f.shape[k]) break;
      offset -= digit[k] * f.stride[k];
      digit[k] = 0;
    }
  }
  return table;
}

/// A layout enumerated once: its offset table and its extended-domain step.
class Enumerated {
 public:
  explicit Enumerated(const Layout& l) : offsets_(offset_table(l)) {
    const FlatLeaves f = flat_leaves(l);
    step_ = f.shape.empty() ? 0 : f.shape.back() * f.stride.back();
  }
  std::int64_t size() const { return static_cast<std::int64_t>(offsets_.size()); }
  /// L(i) for i in [0, size).
  std::int64_t operator[](std::int64_t i) const { return offsets_[static_cast<std::size_t>(i)]; }
  /// L(x) on CuTe's extended domain (any x >= 0).
  std::int64_t extended(std::int64_t x) const { return (*this)[x % size()] + (x / size()) * step_; }
  const std::vector<std::int64_t>& offsets() const { return offsets_; }

 private:
  std::vector<std::int64_t> offsets_;
  std::int64_t step_ = 0;
};

/// The set of offsets L reaches.
inline std::set<std::int64_t> image(const Layout& l) {
  const auto t = offset_table(l);
  return {t.begin(), t.end()};
}

/// True when L maps its domain one-to-one.
inline bool injective_by_enumeration(const Layout& l) {
  return image(l).size() == offset_table(l).size();
}

}  // namespace tf::oracle
