#include "eval/hir/compute_values.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/value/memory_budget.h"
#include "ir/numerics/convert.h"
#include "ir/numerics/float_facts.h"
#include "ir/dtype/block_scaled.h"

namespace tf::eval::compute {

bool is_integral(DType dtype) { return dtype.is_integer() || dtype.is_bool(); }

std::optional<int> normalize_axis(std::int64_t axis, int rank) {
  const std::int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank) return std::nullopt;
  return static_cast<int>(a);
}

Result<Tensor> round_to(DType dtype, Shape shape, std::span<const float> values) {
  if (dtype.is_simple()) return from_f32(dtype, std::move(shape), values);
  Tensor wide = from_f32(DType::f32(), std::move(shape), values);
  return cast_tensor(wide, dtype, default_cast_options(dtype));
}

Result<Tensor> round_to(DType dtype, Shape shape, std::span<const double> values) {
  if (dtype.is_compound()) {
    std::vector<float> narrow(values.begin(), values.end());  // f64 -> f32 is IEEE RNE
    return round_to(dtype, std::move(shape), std::span<const float>(narrow));
  }
  Tensor t = Tensor::make_uninitialized(dtype, std::move(shape));
  TF_CHECK(static_cast<std::int64_t>(values.size()) == t.size(), "round_to: {} values for {}",
           values.size(), t.size());
  if (dtype == DType::f32()) {
    // The host's f64 -> f32 conversion is the IEEE round-to-nearest-even of the default
    // environment (-fno-fast-math), the same rounding encode_f64 computes, and much faster.
    float* out = t.mutable_data<float>();
    for (std::size_t i = 0; i < values.size(); ++i) out[i] = static_cast<float>(values[i]);
    return t;
  }
  if (element_bytes(dtype) == 0) std::fill(t.mutable_bytes().begin(), t.mutable_bytes().end(), 0);
  const numerics::CastMode mode = numerics::default_cast_mode(dtype);
  for (std::size_t i = 0; i < values.size(); ++i)
    t.set_code(static_cast<std::int64_t>(i), numerics::encode_f64(values[i], dtype, mode));
  return t;
}

std::vector<std::int64_t> odometer_offsets(const std::vector<std::int64_t>& extents,
                                           const std::vector<std::int64_t>& strides) {
  // The count is checked (an empty walk may have other extents whose product passes 2^63), and
  // the offsets must fit the memory budget's room before they are built.
  const std::int64_t count = shape_size(extents);
  std::vector<std::int64_t> out;
  if (count == 0) return out;
  { const ScratchCharge check(count, sizeof(std::int64_t)); }
  out.reserve(static_cast<std::size_t>(count));
  std::vector<std::int64_t> idx(extents.size(), 0);
  std::int64_t off = 0;
  for (std::int64_t n = 0; n < count; ++n) {
    out.push_back(off);
    for (int d = static_cast<int>(extents.size()) - 1; d >= 0; --d) {
      off += strides[d];
      if (++idx[d] < extents[d]) break;
      off -= strides[d] * extents[d];
      idx[d] = 0;
    }
  }
  return out;
}

double least_value(DType dtype) {
  if (dtype.is_compound()) {
    const BlockScaledDType* b = dtype.compound().as_block_scaled();
    TF_CHECK(b != nullptr, "least_value of the compound dtype {}", dtype.name());
    return least_value(b->element());
  }
  if (dtype.is_bool()) return 0;
  if (dtype.is_integer()) return std::ldexp(-1.0, dtype.bit_width() - 1);
  const numerics::FloatFacts facts = numerics::float_facts(dtype);
  if (facts.neg_inf_code) return -std::numeric_limits<double>::infinity();
  if (dtype.simple().is_signed()) return -facts.max_finite;
  return numerics::decode_f64(0, dtype);  // unsigned (f8e8m0): code 0 is the least value
}

}  // namespace tf::eval::compute
