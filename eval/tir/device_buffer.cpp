#include "eval/tir/device_buffer.h"

#include <algorithm>

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

ElementShadow& Buffer::shadow(std::int64_t i, std::uint64_t launch) {
  if (shadow_.empty() || shadow_launch_ != launch) {
    if (shadow_.empty()) {
      shadow_charge_ = ScratchCharge(count(), static_cast<std::int64_t>(sizeof(ElementShadow)));
      shadow_.resize(static_cast<std::size_t>(count()));
    } else {
      std::fill(shadow_.begin(), shadow_.end(), ElementShadow{});
    }
    read_sets_.clear();
    shadow_launch_ = launch;
  }
  return shadow_[static_cast<std::size_t>(i)];
}

}  // namespace tf::eval::tir
