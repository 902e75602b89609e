#include "eval/hir/strided_copy.h"

#include <cstring>

namespace tf::eval {

namespace {

// A box after merging: axes of extent 1 dropped, axes contiguous in both windows fused.
struct Box {
  std::vector<std::int64_t> extents, from, to;
};

Box merge_axes(const StridedWindow& from, const StridedWindow& to,
               std::span<const std::int64_t> extents) {
  Box b;
  for (std::size_t k = 0; k < extents.size(); ++k) {
    if (extents[k] == 1) continue;
    const std::int64_t e = extents[k], fs = from.strides[k], ts = to.strides[k];
    // The previous (outer) kept axis fuses into this one when stepping it once equals running
    // this axis to its end in both windows.
    if (!b.extents.empty() && b.from.back() == fs * e && b.to.back() == ts * e) {
      b.extents.back() *= e;
      b.from.back() = fs;
      b.to.back() = ts;
      continue;
    }
    b.extents.push_back(e);
    b.from.push_back(fs);
    b.to.push_back(ts);
  }
  return b;
}

// The smallest and largest flat index a window addresses over a non-empty box.
std::pair<std::int64_t, std::int64_t> addressed_range(const StridedWindow& w,
                                                      std::span<const std::int64_t> extents) {
  std::int64_t lo = w.offset, hi = w.offset;
  for (std::size_t k = 0; k < extents.size(); ++k) {
    const std::int64_t reach = (extents[k] - 1) * w.strides[k];
    (reach < 0 ? lo : hi) += reach;
  }
  return {lo, hi};
}

}  // namespace

StridedWindow row_major_window(std::span<const std::int64_t> shape) {
  return StridedWindow{0, row_major_strides(shape)};
}

void copy_box(const Tensor& src, const StridedWindow& from, Tensor& dst, const StridedWindow& to,
              std::span<const std::int64_t> extents) {
  TF_CHECK(src.dtype() == dst.dtype() && !src.is_block_scaled() && !dst.is_block_scaled(),
           "copy_box from {} to {}", src.dtype().name(), dst.dtype().name());
  TF_CHECK(from.strides.size() == extents.size() && to.strides.size() == extents.size(),
           "copy_box: {} extents, {} / {} strides", extents.size(), from.strides.size(),
           to.strides.size());
  for (std::int64_t e : extents)
    if (e == 0) return;
  const auto [flo, fhi] = addressed_range(from, extents);
  const auto [tlo, thi] = addressed_range(to, extents);
  TF_CHECK(flo >= 0 && fhi < src.size() && tlo >= 0 && thi < dst.size(),
           "copy_box out of bounds: reads [{}, {}] of {}, writes [{}, {}] of {}", flo, fhi,
           src.size(), tlo, thi, dst.size());

  const Box b = merge_axes(from, to, extents);
  const int rank = static_cast<int>(b.extents.size());
  const int width = element_bytes(src.dtype());  // 0: packed f4e2m1
  const std::int64_t inner = rank == 0 ? 1 : b.extents.back();
  const std::int64_t fstep = rank == 0 ? 0 : b.from.back(), tstep = rank == 0 ? 0 : b.to.back();
  const std::uint8_t* in = src.bytes().data();
  std::uint8_t* out = dst.mutable_bytes().data();

  // An odometer over the outer axes; each position copies one inner row.
  std::vector<std::int64_t> idx(rank > 0 ? rank - 1 : 0, 0);
  std::int64_t f = from.offset, t = to.offset;
  while (true) {
    if (width > 0 && fstep == 1 && tstep == 1) {
      std::memcpy(out + t * width, in + f * width, static_cast<std::size_t>(inner * width));
    } else if (width > 0) {
      for (std::int64_t i = 0; i < inner; ++i)
        std::memcpy(out + (t + i * tstep) * width, in + (f + i * fstep) * width,
                    static_cast<std::size_t>(width));
    } else {
      for (std::int64_t i = 0; i < inner; ++i) dst.set_code(t + i * tstep, src.code(f + i * fstep));
    }
    int k = rank - 2;
    for (; k >= 0; --k) {
      f += b.from[k];
      t += b.to[k];
      if (++idx[k] < b.extents[k]) break;
      f -= b.from[k] * b.extents[k];
      t -= b.to[k] * b.extents[k];
      idx[k] = 0;
    }
    if (k < 0) return;
  }
}

Tensor copy_of(const Tensor& t) {
  Tensor out = Tensor::make_uninitialized(t.dtype(), t.shape());
  const std::span<const std::uint8_t> in = t.bytes();
  if (!in.empty()) std::memcpy(out.mutable_bytes().data(), in.data(), in.size());
  return out;
}

}  // namespace tf::eval
