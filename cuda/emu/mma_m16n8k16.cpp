#include "cuda/emu/mma_m16n8k16.h"

#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>

namespace tf::emu {

namespace {

using boost::multiprecision::cpp_int;

double bf16_value(std::uint16_t code) { return static_cast<double>(std::bit_cast<float>(std::uint32_t{code} << 16)); }

// x (finite, not 0) as m * 2^e with m an integer of at most 53 bits.
void integer_and_exponent(double x, std::int64_t& m, int& e) {
  const double f = std::frexp(x, &e);  // x = f * 2^e, 0.5 <= |f| < 1
  m = static_cast<std::int64_t>(std::ldexp(f, 53));
  e -= 53;
}

// mag * 2^unit (mag > 0) rounded to f32, to nearest, ties to even, overflowing to infinity.
float round_to_f32(const cpp_int& mag, int unit) {
  const int top = static_cast<int>(boost::multiprecision::msb(mag));  // the value is below 2^(top + unit + 1)
  const int lsb = std::max(top - 23, -149 - unit);                   // 24 bits, or the subnormal step
  double value;
  if (lsb <= 0) {
    value = std::ldexp(static_cast<double>(mag), unit);  // at most 24 significant bits: exact
  } else {
    cpp_int q = mag >> lsb;
    const bool round = boost::multiprecision::bit_test(mag, static_cast<unsigned>(lsb - 1));
    const cpp_int below = mag & ((cpp_int(1) << (lsb - 1)) - 1);
    if (round && (below != 0 || boost::multiprecision::bit_test(q, 0))) ++q;
    value = std::ldexp(static_cast<double>(q), lsb + unit);
  }
  if (value > static_cast<double>(std::numeric_limits<float>::max())) return std::numeric_limits<float>::infinity();
  return static_cast<float>(value);
}

}  // namespace

float exact_dot_f32(float c, const double* a, const double* b, int k) {
  double terms[65];
  int n = 0;
  terms[n++] = static_cast<double>(c);
  for (int i = 0; i < k && n < 65; ++i) terms[n++] = a[i] * b[i];  // bf16 products are exact in double
  bool nan = false, pos_inf = false, neg_inf = false;
  int unit = std::numeric_limits<int>::max();
  std::int64_t m[65];
  int e[65];
  for (int i = 0; i < n; ++i) {
    if (std::isnan(terms[i])) nan = true;
    else if (std::isinf(terms[i])) (terms[i] > 0 ? pos_inf : neg_inf) = true;
    if (!std::isfinite(terms[i]) || terms[i] == 0) {
      m[i] = 0;
      e[i] = 0;
      continue;
    }
    integer_and_exponent(terms[i], m[i], e[i]);
    unit = std::min(unit, e[i]);
  }
  if (nan || (pos_inf && neg_inf)) return std::bit_cast<float>(0x7fc00000u);
  if (pos_inf || neg_inf) return pos_inf ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  cpp_int sum = 0;
  for (int i = 0; i < n; ++i)
    if (m[i] != 0) sum += cpp_int(m[i]) << (e[i] - unit);
  if (sum == 0) return 0.0f;
  const float r = round_to_f32(sum < 0 ? cpp_int(-sum) : sum, unit);
  return sum < 0 ? -r : r;
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
