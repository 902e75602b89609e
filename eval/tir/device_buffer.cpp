#include "eval/tir/device_buffer.h"

#include <algorithm>
#include <cstring>

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

bool Buffer::all_initialized(std::int64_t start, std::int64_t n) const {
  return n <= 0 || std::memchr(init_.data() + start, 0, static_cast<std::size_t>(n)) == nullptr;
}

void Buffer::reset_shadow(std::uint64_t launch) {
  // Charged as if every page were expanded: the most a launch can hold.
  if (shadow_.empty()) shadow_charge_ = ScratchCharge(count(), static_cast<std::int64_t>(sizeof(ElementShadow)));
  shadow_.reset(count());
  shadow_launch_ = launch;
}

}  // namespace tf::eval::tir
