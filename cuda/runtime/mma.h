// Mma with the SM80 atom SM80_16x8x16_F32BF16BF16F32_TN (docs/tir-semantics.md, "Collectives"):
// the warp's lanes each hold their fragments of A, B and the accumulator as register tensors laid
// out in the instruction's register order (the emitter checked that their ShardLayouts are the
// atom's and number the registers compactly), and the warp issues one mma.sync.
#pragma once

#include <cstring>

#include "cuda/runtime/dtypes.h"
#include "cuda/runtime/view.h"

namespace tf_rt {

/// acc += a * b over the warp: acc, a, b are the lane's fragments (4 f32, 8 bf16, 4 bf16).
TF_DEV void mma_m16n8k16(const View<float>& acc, const View<bf16>& a, const View<bf16>& b) {
  std::uint16_t a_codes[8], b_codes[4];
  std::memcpy(a_codes, a.base, sizeof a_codes);
  std::memcpy(b_codes, b.base, sizeof b_codes);
  prim::mma_m16n8k16_bf16(acc.base, a_codes, b_codes, acc.base);
}

}  // namespace tf_rt
