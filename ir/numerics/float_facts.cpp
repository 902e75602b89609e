#include "ir/numerics/float_facts.h"

#include "ir/numerics/convert.h"
#include "ir/numerics/float_format.h"
#include "ir/support/check.h"

namespace tf::numerics {
namespace {

std::string nan_rule(const FloatFormat& f) {
  switch (f.specials) {
    case SpecialEncoding::Ieee: return "exponent all-ones, mantissa != 0";
    case SpecialEncoding::FiniteNanAllOnes: return "0x7f, 0xff only";
    case SpecialEncoding::UnsignedNanAllOnes: return "0xff only";
    case SpecialEncoding::FiniteOnly: return "none (a NaN input converts to +max)";
    case SpecialEncoding::None: break;
  }
  TF_UNREACHABLE("float format without specials kind");
}

}  // namespace

FloatFacts float_facts(DType dtype) {
  const FloatFormat f = FloatFormat::of(dtype);  // InternalError for non-float dtypes
  FloatFacts facts;
  facts.bias = f.bias;
  facts.max_finite_code = f.max_finite_magnitude();
  facts.max_finite = decode_f64(facts.max_finite_code, dtype);
  if (f.has_subnormals) {
    facts.min_normal = decode_f64(std::uint64_t{1} << f.mantissa_bits, dtype);
    facts.min_subnormal = decode_f64(1, dtype);
  } else {
    facts.min_normal = decode_f64(0, dtype);  // f8e8m0 0x00 = 2^-127
  }
  if (f.specials == SpecialEncoding::Ieee) {
    facts.pos_inf_code = f.inf_magnitude();
    facts.neg_inf_code = f.sign_bit() | f.inf_magnitude();
  }
  if (f.bit_width <= 8)
    for (std::uint64_t code = 0; code < (std::uint64_t{1} << f.bit_width); ++code)
      if (f.is_nan(code)) facts.nan_codes.push_back(code);
  facts.nan_rule = nan_rule(f);
  return facts;
}

}  // namespace tf::numerics
