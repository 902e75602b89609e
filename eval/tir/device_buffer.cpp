#include "eval/tir/device_buffer.h"

#include <algorithm>
#include <mutex>

#include "ir/support/check.h"

namespace tf::eval::tir {

const char* space_name(Space s) {
  switch (s) {
    case Space::Global: return "gmem";
    case Space::Shared: return "smem";
    case Space::Register: return "rmem";
    case Space::Host: return "host";
  }
  TF_UNREACHABLE("bad Space");
}

Buffer::Buffer(std::uint64_t id, Space space, DType dtype, std::int64_t count, std::string name)
    : id_(id),
      space_(space),
      name_(std::move(name)),
      data_(eval::Tensor::make(dtype, {count})),
      init_charge_(count, 1) {
  init_.assign(static_cast<std::size_t>(count), 0);
}

std::int64_t Buffer::element_bytes() const {
  const int b = eval::element_bytes(data_.dtype());
  return b == 0 ? 1 : b;
}

void Buffer::initialize_all() { std::fill(init_.begin(), init_.end(), std::uint8_t{1}); }

namespace {

// Shadow storage of buffers that are gone, kept for the next buffers: reusing it costs a fill,
// where fresh storage costs a page fault per 4 KiB (a 1M-element buffer's shadow is 32 MB). At
// most a few vectors and 256 MB are kept.
class ShadowPool {
 public:
  std::vector<ElementShadow> take(std::size_t n) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = free_.begin(); it != free_.end(); ++it)
      if (it->capacity() >= n) {
        std::vector<ElementShadow> v = std::move(*it);
        kept_bytes_ -= v.capacity() * sizeof(ElementShadow);
        free_.erase(it);
        v.assign(n, ElementShadow{});
        return v;
      }
    return std::vector<ElementShadow>(n);
  }
  void give(std::vector<ElementShadow> v) {
    const std::size_t bytes = v.capacity() * sizeof(ElementShadow);
    std::lock_guard<std::mutex> lock(mutex_);
    if (bytes == 0 || free_.size() >= 4 || kept_bytes_ + bytes > (std::size_t{256} << 20)) return;
    kept_bytes_ += bytes;
    free_.push_back(std::move(v));
  }

 private:
  std::mutex mutex_;
  std::vector<std::vector<ElementShadow>> free_;
  std::size_t kept_bytes_ = 0;
};

ShadowPool& shadow_pool() {
  static ShadowPool* pool = new ShadowPool();  // never destroyed: buffers may outlive statics
  return *pool;
}

}  // namespace

Buffer::~Buffer() {
  if (!shadow_.empty()) shadow_pool().give(std::move(shadow_));
}

void Buffer::reset_shadow(std::uint64_t launch) {
  if (shadow_.empty()) {
    shadow_charge_ = ScratchCharge(count(), static_cast<std::int64_t>(sizeof(ElementShadow)));
    shadow_ = shadow_pool().take(static_cast<std::size_t>(count()));
  } else {
    std::fill(shadow_.begin(), shadow_.end(), ElementShadow{});
  }
  read_sets_.clear();
  shadow_launch_ = launch;
}

}  // namespace tf::eval::tir
