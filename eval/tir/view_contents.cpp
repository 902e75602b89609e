#include "eval/tir/view_contents.h"

#include "eval/tir/block_scaled_planes.h"

#include <algorithm>

namespace tf::eval::tir {

ViewContents view_contents(const View& v) {
  if (!v.planes.empty()) return block_scaled_contents(v);
  ViewContents c{Tensor::make_uninitialized(v.dtype, v.shape)};
  const Buffer& b = *v.buffer;
  const bool identity = v.map->identity() && b.count() == v.size;
  if (identity) std::copy(b.data().bytes().begin(), b.data().bytes().end(), c.values.mutable_bytes().begin());
  for (std::int64_t i = 0; i < v.size; ++i) {
    const std::int64_t off = identity ? i : v.map->offset(i);
    const bool written = b.initialized(off);
    if (!written) {
      if (c.unwritten++ == 0) c.first_unwritten = i;
      c.values.set_code(i, 0);
    } else if (!identity) {
      c.values.set_code(i, b.data().code(off));
    }
  }
  return c;
}

}  // namespace tf::eval::tir
