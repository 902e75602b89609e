#include "eval/value/tensor.h"

#include "eval/value/memory_budget.h"
#include "ir/numerics/block_format_of.h"

#include <fmt/format.h>

#include <cstring>
#include <limits>

namespace tf::eval {

std::int64_t shape_size(std::span<const std::int64_t> shape) {
  bool empty = false;
  for (std::int64_t e : shape) {
    TF_CHECK(e >= 0, "negative extent {}", e);
    empty = empty || e == 0;
  }
  if (empty) return 0;  // whatever the other extents are
  std::int64_t n = 1;
  for (std::int64_t e : shape)
    if (__builtin_mul_overflow(n, e, &n)) refuse_oversized_request();
  return n;
}

std::vector<std::int64_t> row_major_strides(std::span<const std::int64_t> shape) {
  std::vector<std::int64_t> strides(shape.size(), 1);
  for (std::size_t k = shape.size(); k-- > 1;)
    if (__builtin_mul_overflow(strides[k], shape[k], &strides[k - 1]))
      strides[k - 1] = 0;  // only an empty tensor's extents get here: it addresses nothing
  return strides;
}

std::string shape_text(std::span<const std::int64_t> shape) {
  if (shape.size() == 1) return fmt::format("({},)", shape[0]);
  return fmt::format("({})", fmt::join(shape, ", "));
}

int element_bytes(DType dtype) {
  TF_CHECK(dtype.is_simple(), "element_bytes of the compound dtype {}", dtype.name());
  int bits = dtype.bit_width();
  if (bits == 4) return 0;
  if (bits <= 8) return 1;
  return bits / 8;
}

std::int64_t storage_bytes(DType dtype, std::int64_t count) {
  int width = element_bytes(dtype);
  return width == 0 ? (count + 1) / 2 : count * width;
}

Tensor::Tensor()
    : dtype_(DType::f32()), shape_{0}, bytes_(std::shared_ptr<std::uint8_t[]>(new std::uint8_t[1])) {}

namespace {

// The element count of `shape` and its storage bytes in `dtype`; bytes is INT64_MAX when either
// leaves int64 (a request no budget admits).
struct Extent {
  std::int64_t count = 1;
  std::int64_t bytes = 0;
};
Extent checked_extent(DType dtype, const Shape& shape) {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  Extent x;
  bool empty = false;
  for (std::int64_t e : shape) {
    TF_CHECK(e >= 0, "negative extent {}", e);
    empty = empty || e == 0;
  }
  if (empty) return {0, 0};  // an empty tensor, whatever its other extents
  for (std::int64_t e : shape)
    if (__builtin_mul_overflow(x.count, e, &x.count)) return {kMax, kMax};
  const int width = element_bytes(dtype);
  if (width == 0) x.bytes = x.count / 2 + x.count % 2;
  else if (__builtin_mul_overflow(x.count, std::int64_t{width}, &x.bytes)) x.bytes = kMax;
  return x;
}

}  // namespace

Tensor Tensor::make_uninitialized(DType dtype, Shape shape) {
  // Charged to the evaluation's memory budget before anything is allocated (memory_budget.h).
  const Extent extent = checked_extent(dtype, shape);
  const std::int64_t bytes = extent.bytes;
  std::shared_ptr<MemoryAccount> account = charge_memory(bytes);
  TF_CHECK(bytes < std::numeric_limits<std::int64_t>::max(), "tensor storage overflows int64");
  Tensor t;
  t.dtype_ = dtype;
  t.size_ = extent.count;
  t.shape_ = std::move(shape);
  t.byte_count_ = bytes;
  auto* buffer = new std::uint8_t[std::max<std::int64_t>(t.byte_count_, 1)];
  t.bytes_ = std::shared_ptr<std::uint8_t[]>(buffer, [account, bytes](std::uint8_t* p) {
    delete[] p;
    if (account) account->live -= bytes;
  });
  t.planes_ = nullptr;
  return t;
}

Tensor Tensor::make(DType dtype, Shape shape) {
  Tensor t = make_uninitialized(dtype, std::move(shape));
  std::memset(t.bytes_.get(), 0, static_cast<std::size_t>(t.byte_count_));
  return t;
}

Tensor Tensor::make_zeros(DType dtype, Shape shape) {
  if (dtype.is_simple()) return make(dtype, std::move(shape));
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(dtype);
  TF_CHECK(f.ok(), "make_zeros of {} without a block-scale format", dtype.name());
  Result<numerics::BlockGrid> grid = numerics::block_grid(shape, *f);
  TF_CHECK(grid.ok(), "make_zeros of {} {}: not whole blocks", dtype.name(), shape_text(shape));
  numerics::BlockScaledValue planes;
  planes.element_codes.assign(static_cast<std::size_t>(grid->element_count), 0);
  planes.block_scales.assign(static_cast<std::size_t>(grid->block_count), 0);
  if (f->tensor_scale.valid()) planes.tensor_scale_bits = 0;
  planes.shape = std::move(shape);
  return block_scaled(dtype, std::move(planes));
}

Tensor Tensor::block_scaled(DType dtype, numerics::BlockScaledValue planes) {
  TF_CHECK(dtype.is_compound(), "block_scaled with the simple dtype {}", dtype.name());
  Tensor t;
  t.dtype_ = dtype;
  t.shape_ = planes.shape;
  t.size_ = shape_size(t.shape_);
  t.byte_count_ = 0;
  t.bytes_ = nullptr;
  // The planes exist already (the numerics build them); charging them now keeps the budget's
  // account of what is live exact, and refuses a value that does not fit before it is kept.
  const auto bytes = static_cast<std::int64_t>(planes.element_codes.size() + planes.block_scales.size());
  std::shared_ptr<MemoryAccount> account = charge_memory(bytes);
  t.planes_ = std::shared_ptr<const numerics::BlockScaledValue>(
      new numerics::BlockScaledValue(std::move(planes)),
      [account, bytes](const numerics::BlockScaledValue* p) {
        delete p;
        if (account) account->live -= bytes;
      });
  return t;
}

std::uint64_t Tensor::code(std::int64_t i) const {
  TF_CHECK(bytes_ != nullptr && i >= 0 && i < size_, "code({}) of a tensor of {} elements", i, size_);
  const std::uint8_t* p = bytes_.get();
  switch (element_bytes(dtype_)) {
    case 0: return (p[i / 2] >> ((i % 2) * 4)) & 0xF;
    case 1: return p[i];
    case 2: { std::uint16_t v; std::memcpy(&v, p + 2 * i, 2); return v; }
    case 4: { std::uint32_t v; std::memcpy(&v, p + 4 * i, 4); return v; }
    default: { std::uint64_t v; std::memcpy(&v, p + 8 * i, 8); return v; }
  }
}

void Tensor::set_code(std::int64_t i, std::uint64_t code) {
  TF_CHECK(bytes_ != nullptr && i >= 0 && i < size_, "set_code({}) of a tensor of {} elements", i, size_);
  std::uint8_t* p = bytes_.get();
  int bits = dtype_.bit_width();
  if (bits < 64) code &= (std::uint64_t{1} << bits) - 1;
  switch (element_bytes(dtype_)) {
    case 0: {
      int shift = static_cast<int>(i % 2) * 4;
      p[i / 2] = static_cast<std::uint8_t>((p[i / 2] & ~(0xF << shift)) | (code << shift));
      return;
    }
    case 1: p[i] = static_cast<std::uint8_t>(code); return;
    case 2: { auto v = static_cast<std::uint16_t>(code); std::memcpy(p + 2 * i, &v, 2); return; }
    case 4: { auto v = static_cast<std::uint32_t>(code); std::memcpy(p + 4 * i, &v, 4); return; }
    default: std::memcpy(p + 8 * i, &code, 8); return;
  }
}

std::span<const std::uint8_t> Tensor::bytes() const {
  TF_CHECK(bytes_ != nullptr, "bytes() of the block-scaled tensor of {}", dtype_.name());
  return {bytes_.get(), static_cast<std::size_t>(byte_count_)};
}

std::span<std::uint8_t> Tensor::mutable_bytes() {
  TF_CHECK(bytes_ != nullptr, "mutable_bytes() of the block-scaled tensor of {}", dtype_.name());
  return {bytes_.get(), static_cast<std::size_t>(byte_count_)};
}

const numerics::BlockScaledValue& Tensor::planes() const {
  TF_CHECK(planes_ != nullptr, "planes() of the simple-dtype tensor of {}", dtype_.name());
  return *planes_;
}

void Tensor::check_width(std::size_t width) const {
  TF_CHECK(bytes_ != nullptr && element_bytes(dtype_) == static_cast<int>(width),
           "typed access of width {} to a tensor of {}", width, dtype_.name());
}

bool same_bits(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
  if (a.is_block_scaled()) {
    const auto& p = a.planes();
    const auto& q = b.planes();
    return p.element_codes == q.element_codes && p.block_scales == q.block_scales &&
           p.tensor_scale_bits == q.tensor_scale_bits;
  }
  auto x = a.bytes();
  auto y = b.bytes();
  if (element_bytes(a.dtype()) == 0 && a.size() % 2 == 1) {
    // The unused high nibble of the last byte is not part of the value.
    for (std::int64_t i = 0; i < a.size(); ++i)
      if (a.code(i) != b.code(i)) return false;
    return true;
  }
  return std::equal(x.begin(), x.end(), y.begin(), y.end());
}

}  // namespace tf::eval
