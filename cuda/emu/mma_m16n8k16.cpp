#include "cuda/emu/mma_m16n8k16.h"

#include "cuda/emu/wide_sum.h"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>

namespace tf::emu {

namespace {

double bf16_value(std::uint16_t code) { return static_cast<double>(std::bit_cast<float>(std::uint32_t{code} << 16)); }

}  // namespace

float exact_dot_f32(float c, const double* a, const double* b, int k) {
  bool nan = false, pos_inf = false, neg_inf = false;
  WideSum sum;
  for (int i = -1; i < k; ++i) {
    const double term = i < 0 ? static_cast<double>(c) : a[i] * b[i];  // products of bf16 values are exact in double
    if (std::isnan(term))
      nan = true;
    else if (std::isinf(term))
      (term > 0 ? pos_inf : neg_inf) = true;
    else
      sum.add(term);
  }
  if (nan || (pos_inf && neg_inf)) return std::bit_cast<float>(0x7fc00000u);
  if (pos_inf || neg_inf) return pos_inf ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  return sum.rounded_f32();
}

void mma_m16n8k16_bf16(MmaLane* const* lanes) {
  double A[16][16], B[16][8];
  float C[16][8];
  // The planted bug (ir/support/plant.h; the emulation shares no code with the project, so it
  // reads TF_PLANT, which activate_plant sets): rows 0 and 1 of A's fragments swapped.
#ifdef TF_PLANTS
  static const bool row_swap = [] {
    const char* p = std::getenv("TF_PLANT");
    return p != nullptr && std::string_view(p) == "mma-fragment-row-swap";
  }();
#else
  constexpr bool row_swap = false;
#endif
  for (int lane = 0; lane < 32; ++lane) {
    const int group = row_swap && lane / 4 < 2 ? 1 - lane / 4 : lane / 4, tig = lane % 4;
    for (int i = 0; i < 8; ++i) A[group + 8 * ((i / 2) % 2)][2 * tig + i % 2 + 8 * (i / 4)] = bf16_value(lanes[lane]->a[i]);
  }
  for (int lane = 0; lane < 32; ++lane) {
    const int group = lane / 4, tig = lane % 4;
    for (int i = 0; i < 4; ++i) B[2 * tig + i % 2 + 8 * (i / 2)][group] = bf16_value(lanes[lane]->b[i]);
    for (int i = 0; i < 4; ++i) C[group + 8 * (i / 2)][2 * tig + i % 2] = lanes[lane]->c[i];
  }
  for (int lane = 0; lane < 32; ++lane) {
    const int group = lane / 4, tig = lane % 4;
    for (int i = 0; i < 4; ++i) {
      const int row = group + 8 * (i / 2), col = 2 * tig + i % 2;
      double column[16];
      for (int k = 0; k < 16; ++k) column[k] = B[k][col];
      lanes[lane]->d[i] = exact_dot_f32(C[row][col], A[row], column, 16);
    }
  }
}

}  // namespace tf::emu
