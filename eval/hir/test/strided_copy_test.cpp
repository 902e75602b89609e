// copy_box against a plain element-by-element loop, over random boxes, windows (stride 0 and
// merged axes included) and dtype widths (8, 4, 2, 1 bytes and the packed f4e2m1).
#include "eval/hir/strided_copy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "eval/hir/test/tensor_test_util.h"

namespace tf::eval::testing {
namespace {

// The flat index of box index `idx` through window `w`.
std::int64_t flat(const StridedWindow& w, const std::vector<std::int64_t>& idx) {
  std::int64_t f = w.offset;
  for (std::size_t k = 0; k < idx.size(); ++k) f += idx[k] * w.strides[k];
  return f;
}

TEST(StridedCopy, EqualsTheElementLoop) {
  std::mt19937_64 rng(7);
  const DType dtypes[] = {DType::i64(), DType::f32(), DType::bf16(), DType::fp8e4m3(),
                          DType::f4e2m1()};
  for (int trial = 0; trial < 400; ++trial) {
    const DType d = dtypes[trial % 5];
    const int rank = static_cast<int>(rng() % 4);
    std::vector<std::int64_t> box(rank);
    for (auto& e : box) e = 1 + static_cast<std::int64_t>(rng() % 4);
    // Both windows are random: axes visited in a shuffled order with growing strides (gaps
    // allowed), the source also with stride-0 axes that repeat an element; the destination stays
    // injective (no stride 0), so every box index writes its own element.
    auto window = [&](bool repeats, std::int64_t& reach) {
      StridedWindow w{static_cast<std::int64_t>(rng() % 3), std::vector<std::int64_t>(rank, 0)};
      std::vector<int> order(rank);
      for (int k = 0; k < rank; ++k) order[k] = k;
      std::shuffle(order.begin(), order.end(), rng);
      std::int64_t step = 1 + static_cast<std::int64_t>(rng() % 2);
      for (int k : order) {
        if (repeats && rng() % 5 == 0) continue;
        w.strides[k] = step;
        step *= box[k] + static_cast<std::int64_t>(rng() % 2);
      }
      reach = w.offset;
      for (int k = 0; k < rank; ++k) reach += (box[k] - 1) * w.strides[k];
      return w;
    };
    std::int64_t src_reach = 0, dst_reach = 0;
    const StridedWindow from = window(true, src_reach), to = window(false, dst_reach);
    const Tensor src = codes_of(d, {src_reach + 1}, pattern_codes(d, src_reach + 1));
    Tensor out = Tensor::make(d, {dst_reach + 1});
    copy_box(src, from, out, to, box);
    std::vector<std::int64_t> idx(rank, 0);
    for (std::int64_t i = 0; i < shape_size(box); ++i) {
      ASSERT_EQ(out.code(flat(to, idx)), src.code(flat(from, idx))) << "trial " << trial;
      for (int k = rank - 1; k >= 0 && ++idx[k] == box[k]; --k) idx[k] = 0;
    }
  }
}

}  // namespace
}  // namespace tf::eval::testing
