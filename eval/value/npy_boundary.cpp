#include "eval/value/npy_boundary.h"

#include <fmt/format.h>

#include <cstring>
#include <optional>

#include "ir/numerics/block_format_of.h"
#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval {

namespace {

Diagnostic usage(const std::string& what, std::string message) {
  return category_error(DiagCategory::Usage, fmt::format("{}: {}", what, message));
}

std::vector<Diagnostic> as_usage(std::vector<Diagnostic> ds, const std::string& what) {
  for (Diagnostic& d : ds) {
    d.category = DiagCategory::Usage;
    d.rule_id.clear();
    d.message = fmt::format("{}: {}", what, d.message);
  }
  return ds;
}

// The NumPy type a simple dtype is stored as, where NumPy has one.
std::optional<NpyType> storage_type(DType d) {
  if (d == DType::f32()) return NpyType::F32;
  if (d == DType::f16()) return NpyType::F16;
  if (d == DType::i32()) return NpyType::I32;
  if (d == DType::i64()) return NpyType::I64;
  if (d == DType::i8()) return NpyType::I8;
  if (d == DType::boolean()) return NpyType::Bool;
  return std::nullopt;
}

// Element i of `a` as an unsigned integer of its item size (U8, U16, Bool, I8 ...).
std::uint64_t item_bits(const NpyView& a, std::int64_t i) {
  const std::size_t size = npy_item_size(a.type);
  std::uint64_t v = 0;
  std::memcpy(&v, a.data.data() + static_cast<std::size_t>(i) * size, size);
  return v;
}

// The tensor of `d` whose buffer is `a`'s data (same element layout).
Tensor same_layout_tensor(const NpyView& a, DType d) {
  Tensor t = Tensor::make_uninitialized(d, a.shape);
  if (!a.data.empty()) std::memcpy(t.mutable_bytes().data(), a.data.data(), a.data.size());
  return t;
}

// Raw codes, one per item, each checked against the dtype's bit width.
Result<Tensor> codes_tensor(const NpyView& a, DType d, const std::string& what) {
  Tensor t = Tensor::make(d, a.shape);
  const int bits = d.bit_width();
  for (std::int64_t i = 0; i < a.size(); ++i) {
    const std::uint64_t code = item_bits(a, i);
    if (bits < 64 && (code >> bits) != 0)
      return usage(what,
                   fmt::format("element {} holds the code {:#x}, which does not fit the {}-bit "
                               "dtype {} (codes are 0 to {:#x})",
                               i, code, bits, d.name(), (std::uint64_t{1} << bits) - 1));
    t.set_code(i, code);
  }
  return t;
}

// The tensor of the array's own numbers: f16 / f32 / i8 / i32 / i64 / bool as themselves,
// u8 / u16 as i32 values. Precondition: not F64.
Tensor numeric_tensor(const NpyView& a) {
  switch (a.type) {
    case NpyType::F16:
      return same_layout_tensor(a, DType::f16());
    case NpyType::F32:
      return same_layout_tensor(a, DType::f32());
    case NpyType::I8:
      return same_layout_tensor(a, DType::i8());
    case NpyType::I32:
      return same_layout_tensor(a, DType::i32());
    case NpyType::I64:
      return same_layout_tensor(a, DType::i64());
    case NpyType::Bool:
      return same_layout_tensor(a, DType::boolean());
    case NpyType::U8:
    case NpyType::U16: {
      Tensor t = Tensor::make(DType::i32(), a.shape);
      for (std::int64_t i = 0; i < a.size(); ++i) t.set_code(i, item_bits(a, i));
      return t;
    }
    case NpyType::F64:
      break;
  }
  TF_UNREACHABLE("numeric_tensor of an f64 array");
}

// An <f8 array rounded once per element to the simple dtype `d` (D4 default mode).
Tensor f64_tensor(const NpyView& a, DType d) {
  Tensor t = Tensor::make(d, a.shape);
  const numerics::CastMode mode = numerics::default_cast_mode(d);
  for (std::int64_t i = 0; i < a.size(); ++i) {
    double v = 0;
    std::memcpy(&v, a.data.data() + static_cast<std::size_t>(i) * 8, 8);
    t.set_code(i, numerics::encode_f64(v, d, mode));
  }
  return t;
}

Result<Tensor> check_bool_bytes(Tensor t, const std::string& what) {
  for (std::int64_t i = 0; i < t.size(); ++i)
    if (t.bytes()[static_cast<std::size_t>(i)] > 1)
      return usage(what, fmt::format("bool element {} holds the byte {:#x}; a bool is 0 or 1", i,
                                     t.bytes()[static_cast<std::size_t>(i)]));
  return t;
}

Result<Tensor> quantized_from_npy(const NpyView& a, DType dtype, const std::string& what) {
  Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(dtype);
  if (!format) return as_usage(format.diagnostics(), what);
  if (a.type != NpyType::F32 && a.type != NpyType::F16)
    return usage(what,
                 fmt::format("{} inputs are given as float32 / float16 values to quantize, or by "
                             "their planes (a planes{{...}} literal); found a {} array",
                             dtype.name(), npy_descr(a.type)));
  const std::vector<float> values = to_f32(numeric_tensor(a));
  Result<numerics::BlockScaledValue> q =
      numerics::quantize(values, a.shape, *format, numerics::default_scale_method(*format));
  if (!q) return as_usage(q.diagnostics(), what);
  return Tensor::block_scaled(dtype, std::move(q).value());
}

}  // namespace

Result<Tensor> tensor_from_npy(const NpyView& a, DType dtype, const std::string& what) {
  if (dtype.is_compound()) return quantized_from_npy(a, dtype, what);
  if (storage_type(dtype) == a.type) {
    Tensor t = same_layout_tensor(a, dtype);
    return dtype.is_bool() ? check_bool_bytes(std::move(t), what) : Result<Tensor>(std::move(t));
  }
  const int bits = dtype.bit_width();
  if ((a.type == NpyType::U8 && bits <= 8) || (a.type == NpyType::U16 && bits == 16))
    return codes_tensor(a, dtype, what);
  if (numerics::eval_cast_target_error(dtype))
    return usage(what, fmt::format("{} values cannot be converted to {}; give its codes as a uint8 "
                                   "array",
                                   npy_descr(a.type), dtype.name()));
  if (a.type == NpyType::F64) return f64_tensor(a, dtype);
  Result<Tensor> t = cast_tensor(numeric_tensor(a), dtype, default_cast_options(dtype));
  if (!t) return as_usage(t.diagnostics(), what);
  return t;
}

Result<Tensor> natural_tensor_from_npy(const NpyView& a, const std::string& what) {
  if (a.type == NpyType::U8 || a.type == NpyType::U16)
    return usage(what, fmt::format("a {} array holds raw codes; name their dtype, e.g. "
                                   "npy(\"file.npy\", dtype={})",
                                   npy_descr(a.type), a.type == NpyType::U8 ? "fp8e4m3" : "bf16"));
  if (a.type == NpyType::F64) return f64_tensor(a, DType::f32());
  Tensor t = numeric_tensor(a);
  return t.dtype().is_bool() ? check_bool_bytes(std::move(t), what) : Result<Tensor>(std::move(t));
}

Result<Tensor> block_scaled_from_npy(std::span<const NpyArray> planes, DType dtype,
                                     const std::string& what) {
  Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(dtype);
  if (!format) return as_usage(format.diagnostics(), what);
  const bool has_tensor_scale = format->tensor_scale.valid();
  const std::size_t count = has_tensor_scale ? 3 : 2;
  if (planes.size() != count)
    return usage(
        what,
        fmt::format("{} has {} planes (element codes, block scales{}), found {} arrays",
                    dtype.name(), count, has_tensor_scale ? ", tensor scale" : "", planes.size()));
  const NpyArray& codes = planes[0];
  Result<numerics::BlockGrid> grid = numerics::block_grid(codes.shape, *format);
  if (!grid) return as_usage(grid.diagnostics(), what);
  std::vector<std::int64_t> scale_shape = codes.shape;
  scale_shape.back() /= format->block_size;
  const NpyArray& scales = planes[1];
  if (codes.type != NpyType::U8 || scales.type != NpyType::U8)
    return usage(what,
                 fmt::format("the element codes and block scales of {} are uint8 arrays, found {} "
                             "and {}",
                             dtype.name(), npy_descr(codes.type), npy_descr(scales.type)));
  if (scales.shape != scale_shape)
    return usage(what,
                 fmt::format("the block scales of a {} tensor of shape {} have shape {}, found {}",
                             dtype.name(), shape_text(codes.shape), shape_text(scale_shape),
                             shape_text(scales.shape)));
  numerics::BlockScaledValue value;
  value.shape = codes.shape;
  value.element_codes = codes.data;
  value.block_scales = scales.data;
  if (has_tensor_scale) {
    const NpyArray& s = planes[2];
    if (s.type != NpyType::F32 || s.size() != 1)
      return usage(
          what, fmt::format("the tensor scale of {} is one float32, found a {} array of shape {}",
                            dtype.name(), npy_descr(s.type), shape_text(s.shape)));
    value.tensor_scale_bits = static_cast<std::uint32_t>(item_bits(s, 0));
  }
  Result<numerics::BlockGrid> checked = numerics::check_planes(value, *format);
  if (!checked) return as_usage(checked.diagnostics(), what);
  return Tensor::block_scaled(dtype, std::move(value));
}

Result<std::vector<NpyArray>> tensor_to_npy(const Tensor& t) {
  if (t.is_block_scaled()) {
    Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(t.dtype());
    if (!format) return as_usage(format.diagnostics(), std::string(t.dtype().name()));
    const numerics::BlockScaledValue& p = t.planes();
    std::vector<std::int64_t> scale_shape = p.shape;
    if (!scale_shape.empty()) scale_shape.back() /= format->block_size;
    std::vector<NpyArray> out{NpyArray{NpyType::U8, p.shape, p.element_codes},
                              NpyArray{NpyType::U8, scale_shape, p.block_scales}};
    if (p.tensor_scale_bits) {
      NpyArray s{NpyType::F32, {}, std::vector<std::uint8_t>(4)};
      std::memcpy(s.data.data(), &*p.tensor_scale_bits, 4);
      out.push_back(std::move(s));
    }
    return out;
  }
  const DType d = t.dtype();
  NpyArray a;
  a.shape = t.shape();
  if (std::optional<NpyType> own = storage_type(d)) {
    a.type = *own;
  } else if (d.bit_width() == 16) {
    a.type = NpyType::U16;
  } else {
    a.type = NpyType::U8;
  }
  if (element_bytes(d) == 0) {  // packed f4e2m1: one code per byte
    a.data.resize(static_cast<std::size_t>(t.size()));
    for (std::int64_t i = 0; i < t.size(); ++i)
      a.data[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(t.code(i));
  } else {
    a.data.assign(t.bytes().begin(), t.bytes().end());
  }
  return std::vector<NpyArray>{std::move(a)};
}

}  // namespace tf::eval
