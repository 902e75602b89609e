#include "eval/value/tensor_convert.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "ir/numerics/block_format_of.h"
#include "ir/numerics/convert.h"

namespace tf::eval {
namespace {

using numerics::decode_f32;
using numerics::decode_f64;
using numerics::encode_f64;

// An int64 as a double rounded to odd at 53 bits: exact below 2^53, and beyond it a value from
// which one more rounding to any format of at most 51 significand bits is correctly rounded.
double int_to_f64_round_to_odd(std::int64_t x) {
  std::uint64_t u = x < 0 ? 0 - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
  if (u < (std::uint64_t{1} << 53)) return static_cast<double>(x);
  int shift = 64 - std::countl_zero(u) - 53;
  std::uint64_t m = u >> shift;
  if ((u & ((std::uint64_t{1} << shift) - 1)) != 0) m |= 1;
  double d = std::ldexp(static_cast<double>(m), shift);
  return x < 0 ? -d : d;
}

std::int64_t sign_extend(std::uint64_t code, int bits) {
  if (bits >= 64) return static_cast<std::int64_t>(code);
  std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return static_cast<std::int64_t>((code ^ sign) - sign);
}

Result<numerics::BlockScaleFormat> format_of(DType dtype) {
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(dtype);
  if (f.ok()) return f;
  Diagnostic d = f.diagnostics().front();
  d.category = DiagCategory::Eval;
  return d;
}

}  // namespace

F32Span::F32Span(const Tensor& t) : size_(t.size()) {
  if (!t.is_block_scaled() && t.dtype() == DType::f32()) {
    data_ = t.data<float>();
    return;
  }
  charge_ = ScratchCharge(size_, sizeof(float));
  owned_ = to_f32(t);
  data_ = owned_.data();
}

std::vector<float> to_f32(const Tensor& t) {
  std::vector<float> out(static_cast<std::size_t>(t.size()));
  if (t.is_block_scaled()) {
    Result<numerics::BlockScaleFormat> f = format_of(t.dtype());
    TF_CHECK(f.ok(), "a block-scaled tensor of {} without a format", t.dtype().name());
    return numerics::dequantize(t.planes(), *f);
  }
  DType d = t.dtype();
  if (d == DType::f32()) {
    if (!out.empty())  // an empty vector's data() may be null, which memcpy must not get
      std::memcpy(out.data(), t.data<float>(), out.size() * sizeof(float));
  } else if (d == DType::fp8e4m3()) {
    numerics::decode_fp8e4m3_to_f32(t.bytes(), out);
  } else if (d == DType::fp8e5m2()) {
    numerics::decode_fp8e5m2_to_f32(t.bytes(), out);
  } else if (d.is_float()) {
    for (std::int64_t i = 0; i < t.size(); ++i) out[i] = decode_f32(t.code(i), d);
  } else {
    for (std::int64_t i = 0; i < t.size(); ++i) {
      double v = int_to_f64_round_to_odd(sign_extend(t.code(i), d.is_bool() ? 64 : d.bit_width()));
      out[i] = static_cast<float>(v);  // one rounding from a round-to-odd double: exact RNE
    }
  }
  return out;
}

Tensor from_f32(DType dtype, Shape shape, std::span<const float> values) {
  Tensor t = Tensor::make_uninitialized(dtype, std::move(shape));
  TF_CHECK(static_cast<std::int64_t>(values.size()) == t.size(), "from_f32: {} values for {} elements",
           values.size(), t.size());
  numerics::CastMode mode = numerics::default_cast_mode(dtype);
  if (dtype == DType::f32()) {
    if (!values.empty()) std::memcpy(t.mutable_data<float>(), values.data(), values.size() * sizeof(float));
  } else if (dtype == DType::fp8e4m3()) {
    numerics::encode_f32_to_fp8e4m3(values, t.mutable_bytes(), mode.saturate);
  } else if (dtype == DType::fp8e5m2()) {
    numerics::encode_f32_to_fp8e5m2(values, t.mutable_bytes(), mode.saturate);
  } else {
    if (element_bytes(dtype) == 0) std::memset(t.mutable_bytes().data(), 0, t.bytes().size());
    for (std::int64_t i = 0; i < t.size(); ++i)
      t.set_code(i, numerics::encode_f32(values[i], dtype, mode));
  }
  return t;
}

std::vector<std::int64_t> to_i64(const Tensor& t) {
  DType d = t.dtype();
  TF_CHECK(d.is_integer() || d.is_bool(), "to_i64 of a {} tensor", d.name());
  std::vector<std::int64_t> out(static_cast<std::size_t>(t.size()));
  int bits = d.is_bool() ? 64 : d.bit_width();
  for (std::int64_t i = 0; i < t.size(); ++i) out[i] = sign_extend(t.code(i), bits);
  return out;
}

Tensor from_i64(DType dtype, Shape shape, std::span<const std::int64_t> values) {
  TF_CHECK(dtype.is_integer() || dtype.is_bool(), "from_i64 to {}", dtype.name());
  Tensor t = Tensor::make_uninitialized(dtype, std::move(shape));
  TF_CHECK(static_cast<std::int64_t>(values.size()) == t.size(), "from_i64: {} values for {} elements",
           values.size(), t.size());
  for (std::int64_t i = 0; i < t.size(); ++i) {
    std::int64_t v = values[i];
    t.set_code(i, dtype.is_bool() ? (v != 0 ? 1 : 0) : static_cast<std::uint64_t>(v));
  }
  return t;
}

double element_f64(const Tensor& t, std::int64_t i) {
  DType d = t.dtype();
  if (d.is_float()) return decode_f64(t.code(i), d);
  return static_cast<double>(sign_extend(t.code(i), d.is_bool() ? 64 : d.bit_width()));
}

CastOptions default_cast_options(DType target) {
  CastOptions o;
  if (target.is_simple()) {
    o.mode = numerics::default_cast_mode(target);
  } else if (Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(target); f.ok()) {
    o.scale_method = numerics::default_scale_method(*f);
  }
  return o;
}

Result<Tensor> cast_tensor(const Tensor& x, DType target, const CastOptions& options) {
  if (target.is_compound()) {
    Result<numerics::BlockScaleFormat> f = format_of(target);
    TF_TRY(f);
    std::vector<float> values = to_f32(x);
    Result<numerics::BlockScaledValue> q =
        numerics::quantize(values, x.shape(), *f, options.scale_method);
    if (!q.ok()) {
      std::vector<Diagnostic> ds = q.diagnostics();
      for (Diagnostic& d : ds) d.category = DiagCategory::Eval;
      return ds;
    }
    return Tensor::block_scaled(target, std::move(q).value());
  }
  if (std::optional<Diagnostic> refusal = numerics::eval_cast_target_error(target)) return *refusal;
  if (x.is_block_scaled()) {
    std::vector<float> values = to_f32(x);
    if (target == DType::f32()) return from_f32(target, x.shape(), values);
    Tensor wide = from_f32(DType::f32(), x.shape(), values);
    return cast_tensor(wide, target, options);
  }
  DType source = x.dtype();
  Tensor out = Tensor::make(target, x.shape());
  if (source == target) {
    std::memcpy(out.mutable_bytes().data(), x.bytes().data(), x.bytes().size());
    return out;
  }
  bool int_source = source.is_integer() || source.is_bool();
  bool int_target = target.is_integer();
  for (std::int64_t i = 0; i < x.size(); ++i) {
    std::uint64_t code = x.code(i);
    if (int_source) {
      std::int64_t v = sign_extend(code, source.is_bool() ? 64 : source.bit_width());
      if (int_target) {
        out.set_code(i, static_cast<std::uint64_t>(v));  // wraps to the width
      } else if (target.is_bool()) {
        out.set_code(i, v != 0 ? 1 : 0);
      } else {
        out.set_code(i, encode_f64(int_to_f64_round_to_odd(v), target, options.mode));
      }
    } else {
      out.set_code(i, encode_f64(decode_f64(code, source), target, options.mode));
    }
  }
  return out;
}

}  // namespace tf::eval
