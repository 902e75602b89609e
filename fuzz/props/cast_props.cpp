#include "fuzz/props/cast_props.h"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <bit>

#include "eval/value/tensor_text.h"
#include "fuzz/campaign/property.h"
#include "fuzz/gen/cast_input_gen.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/cuda_host/header_conversions.h"
#include "ir/support/testing/pick.h"

namespace tf::fuzz {
namespace {

// The HIR program of one cast of `c`, with its input and the header's code expected.
Witness cast_witness(const numerics::cuda_host::EncodeCase& c, std::uint32_t input, std::uint64_t expected) {
  Witness w;
  const std::string target(c.target.name());
  w.program = fmt::format(
      "tfir 1\nfunc f(x: Tensor[(1,), f32]) -> Tensor[(1,), {0}] {{\n    y = cast(x, dtype={0}, rounding={1}, saturate={2})\n"
      "    return y\n}}\n",
      target, numerics::rounding_name(c.mode.rounding), c.mode.saturate ? "true" : "false");
  w.function = "f";
  w.level = "hir";
  eval::Tensor x = eval::Tensor::make(DType::f32(), {1});
  x.mutable_data<std::uint32_t>()[0] = input;
  w.inputs.emplace_back("x", x);
  w.expectations = {fmt::format("output = Tensor[(1,), {}] bits{{{}}}", target, eval::code_text(expected, c.target.bit_width()))};
  return w;
}

}  // namespace

void casts_vs_cuda_case() {
  const auto cases = numerics::cuda_host::encode_cases();
  const numerics::cuda_host::EncodeCase& c = cases[pick<std::size_t>(0, cases.size())];
  const SimpleDTypeInfo& info = c.target.simple();
  const std::uint32_t bits = *gen_cast_input(info.exponent_bits(), info.mantissa_bits());
  RC_TAG(c.name);
  const float x = std::bit_cast<float>(bits);
  const std::uint64_t theirs = c.header_f32(x);
  const auto check = [&](std::uint64_t ours, const char* kind) {
    if (ours == theirs || (c.is_nan(ours) && c.is_nan(theirs))) return;
    // The witness only for a failing case: formatting it costs more than the conversions.
    if (c.target != DType::f4e2m1()) record_witness(cast_witness(c, bits, theirs));
    fail(kind, fmt::format("{}: {:#010x} -> {:#x}, the header's {:#x}", c.name, bits, ours, theirs));
  };
  check(numerics::encode_f32(x, c.target, c.mode), "an f32 conversion differs from the CUDA headers'");
  check(numerics::encode_f64(static_cast<double>(x), c.target, c.mode), "an f64 conversion differs from the CUDA headers'");
}

}  // namespace tf::fuzz
