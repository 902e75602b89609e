#include "ir/numerics/fp_environment.h"

#include <cfenv>
#include <string>

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

namespace tf::numerics {

std::optional<Diagnostic> check_fp_environment() {
  std::string problems;
  if (std::fegetround() != FE_TONEAREST) problems += " the rounding mode is not round-to-nearest;";
#if defined(__x86_64__) || defined(_M_X64)
  unsigned csr = _mm_getcsr();
  if (csr & 0x8000u) problems += " MXCSR flush-to-zero (FTZ) is set;";
  if (csr & 0x0040u) problems += " MXCSR denormals-are-zero (DAZ) is set;";
#endif
  if (problems.empty()) return std::nullopt;
  problems.pop_back();
  return category_error(DiagCategory::Internal,
                        "the host floating-point environment is not exact:" + problems);
}

}  // namespace tf::numerics
