// Helpers shared by the compute-op tests: an error matcher, a tolerance comparison, small
// generators (eval_testing.h has the rest: error_text, same_tensor, tensor_of).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {

/// `actual` has `expected`'s dtype and shape and every value within atol + rtol * |expected|
/// (NaN only against NaN).
inline ::testing::AssertionResult all_close(const Tensor& actual, const Tensor& expected,
                                            double rtol, double atol) {
  if (actual.dtype() != expected.dtype() || actual.shape() != expected.shape())
    return ::testing::AssertionFailure()
           << "dtype / shape differ: " << actual.dtype().name() << shape_text(actual.shape())
           << " vs " << expected.dtype().name() << shape_text(expected.shape());
  const std::vector<double> a = values_of(actual), e = values_of(expected);
  for (std::size_t i = 0; i < a.size(); ++i) {
    const bool ok = std::isnan(e[i]) ? std::isnan(a[i])
                                     : std::fabs(a[i] - e[i]) <= atol + rtol * std::fabs(e[i]);
    if (!ok)
      return ::testing::AssertionFailure()
             << "element " << i << ": " << a[i] << " vs expected " << e[i];
  }
  return ::testing::AssertionSuccess();
}

/// 0, 1, 2, ... as `dtype` of `shape`.
inline Tensor arange_of(DType dtype, Shape shape) {
  std::vector<double> v(static_cast<std::size_t>(shape_size(shape)));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
  return tensor_of(dtype, std::move(shape), v);
}

/// Small integers in [-3, 3] from a fixed linear congruential sequence (exact in every dtype).
inline std::vector<double> small_ints(std::size_t n, unsigned seed) {
  std::vector<double> v(n);
  unsigned s = seed;
  for (double& x : v) {
    s = s * 1103515245u + 12345u;
    x = static_cast<double>(static_cast<int>((s >> 16) % 7u) - 3);
  }
  return v;
}

}  // namespace tf::eval::testing
