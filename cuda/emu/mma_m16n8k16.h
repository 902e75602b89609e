// The warp-wide mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 of the emulation, computed
// from the 32 lanes' registers through the PTX ISA's fragment tables (PTX ISA, "Matrix Fragments
// for mma.m16n8k16 with floating point type"), not through the IR's fragment ShardLayouts: the
// differential check against the TIR evaluator is what tests that those layouts match the
// instruction.
//
// Design note. With groupID = lane / 4 and tig = lane % 4 (threadID_in_group):
//   A (16 x 16, row): register a_i (i = 0..7) holds row groupID + 8 * ((i / 2) % 2),
//                     column 2 * tig + i % 2 + 8 * (i / 4);
//   B (16 x 8, col):  b_i (i = 0..3) holds row (k) 2 * tig + i % 2 + 8 * (i / 2), column groupID;
//   C, D (16 x 8):    c_i (i = 0..3) holds row groupID + 8 * (i / 2), column 2 * tig + i % 2.
// Each D element is C plus the sixteen products, summed exactly (an integer multiple of the
// least term's unit in Boost.Multiprecision's cpp_int) and rounded once to f32, to nearest,
// ties to even: the TIR evaluator's `exact` mode, reached by another route. A NaN product or
// operand, or infinities of both signs, give the quiet NaN 0x7fc00000; infinities of one sign
// that infinity; an exactly zero sum is +0.
#pragma once

#include <cstdint>

namespace tf::emu {

/// One lane's operands and result of an m16n8k16 bf16 MMA, in PTX register order.
struct MmaLane {
  const std::uint16_t* a = nullptr;  ///< 8 bf16 codes
  const std::uint16_t* b = nullptr;  ///< 4 bf16 codes
  const float* c = nullptr;          ///< 4 accumulators
  float d[4] = {};                   ///< the result (copied out by the lane)
};

/// Computes every lane's d from all 32 lanes' a, b, c (lanes[l] is lane l).
void mma_m16n8k16_bf16(MmaLane* const* lanes);

/// The exactly rounded f32 value of c + sum of the k products a[i] * b[i] (design note).
float exact_dot_f32(float c, const double* a, const double* b, int k);

}  // namespace tf::emu
