#include "cuda/cublas/matmul_shape.h"

#include <fmt/format.h>

#include <limits>

namespace tf::cublas {

namespace {

Diagnostic refused(const eval::Tensor& a, const eval::Tensor& b, std::string_view why) {
  return category_error(DiagCategory::Usage, fmt::format("cuBLAS matmul of {} and {}: {}", eval::shape_text(a.shape()),
                                                         eval::shape_text(b.shape()), why));
}

}  // namespace

Result<MatmulShape> matmul_shape(const eval::Tensor& a, const eval::Tensor& b) {
  if (a.rank() < 2 || a.rank() > 3 || b.rank() < 2 || b.rank() > 3)
    return refused(a, b, "operands are 2-D or 3-D (batched)");
  MatmulShape s;
  const eval::Shape& as = a.shape();
  const eval::Shape& bs = b.shape();
  s.m = as[as.size() - 2];
  s.k = as.back();
  s.n = bs.back();
  if (bs[bs.size() - 2] != s.k)
    return refused(a, b, fmt::format("a's K {} differs from b's K {}", s.k, bs[bs.size() - 2]));
  s.batched = a.rank() == 3 || b.rank() == 3;
  if (a.rank() == 3 && b.rank() == 3 && as[0] != bs[0]) return refused(a, b, "the batches differ");
  s.batch = a.rank() == 3 ? as[0] : b.rank() == 3 ? bs[0] : 1;
  s.a_stride = a.rank() == 3 ? s.m * s.k : 0;
  s.b_stride = b.rank() == 3 ? s.k * s.n : 0;
  constexpr std::int64_t kMax = std::numeric_limits<int>::max();
  for (std::int64_t extent : {s.batch, s.m, s.n, s.k}) {
    if (extent == 0) return refused(a, b, "an extent is 0 (nothing to multiply)");
    if (extent > kMax) return refused(a, b, fmt::format("extent {} is beyond cuBLAS's 32-bit dimensions", extent));
  }
  return s;
}

}  // namespace tf::cublas
