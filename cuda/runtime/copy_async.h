// copy_async (TIR tir.async.CopyAsync, docs/tir-semantics.md "cp.async"): the thread queues the
// copies of the elements it owns into its open cp.async group; cp_async_commit and
// cp_async_wait<N> are the primitives' (prim.h).
//
// Design note. The elements go run by run along the last axis. Where a run is contiguous on both
// sides it moves in the widest chunks both addresses allow, 16 bytes (cp.async.cg), then 8 and 4
// (cp.async.ca); what is left (a 1- or 2-byte element at an unaligned end) is copied at once,
// which a GPU may do too (the copy lands at some point before the retiring wait). Under the
// emulation every chunk waits in the group until the wait.
#pragma once

#include "cuda/runtime/view.h"

namespace tf_rt {

/// The widest cp.async chunk (16, 8, 4 bytes) that both addresses allow with `left` bytes left,
/// or `element` when none does.
TF_DEV int async_chunk(const unsigned char* d, const unsigned char* s, std::int64_t left, int element) {
  for (int c = 16; c >= 4; c /= 2)
    if (left >= c && reinterpret_cast<std::uintptr_t>(d) % c == 0 && reinterpret_cast<std::uintptr_t>(s) % c == 0) return c;
  return element;
}

/// copy_async(src, dst): src in global, dst in shared memory, one shape.
template <typename T>
TF_OP void copy_async(const View<T>& src, const View<T>& dst) {
  const View<T>& who = dst.distributed || !src.distributed ? dst : src;
  const std::int64_t n = who.owned_count();
  std::int64_t g[kMaxRank];
  const int last = who.rank - 1;
  const std::int64_t run = last < 0 ? 1 : (who.distributed ? who.ext[last] : who.shape[last]);
  const bool contiguous = last >= 0 && src.stride[last] == 1 && dst.stride[last] == 1 && !src.local && !dst.local;
  for (std::int64_t k = 0; k < n; k += run) {
    who.owned_coord(k, g);
    if (!contiguous) {
      for (std::int64_t i = 0; i < run; ++i, ++g[last < 0 ? 0 : last])
        prim::cp_async(&dst.at(g), &src.at(g), static_cast<int>(sizeof(T)));
      continue;
    }
    auto* d = reinterpret_cast<unsigned char*>(&dst.at(g));
    const auto* s = reinterpret_cast<const unsigned char*>(&src.at(g));
    g[last] += run - 1;
    (void)dst.at(g), (void)src.at(g);  // the run's last element is in bounds too
    const std::int64_t bytes = run * static_cast<std::int64_t>(sizeof(T));
    for (std::int64_t i = 0; i < bytes;) {
      const int c = async_chunk(d + i, s + i, bytes - i, static_cast<int>(sizeof(T)));
      prim::cp_async(d + i, s + i, c);
      i += c;
    }
  }
}

}  // namespace tf_rt
