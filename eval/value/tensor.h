// Tensor: a logical tensor value of the evaluators, every element held as its dtype's exact bits.
//
// Design note (docs/decisions.md D3; docs/hir-semantics.md, "Values"). A Tensor is a dtype, a
// row-major logical shape and its storage. A simple dtype stores one contiguous buffer of element
// codes:
//   f32, i32            4 bytes per element (f32 codes are the IEEE bits, so data<float>() works)
//   i64                 8 bytes
//   f16, bf16           2 bytes (the 16-bit code)
//   fp8e4m3, fp8e5m2, f8e8m0, i8, bool, f6e3m2, f6e2m3   1 byte (f6 in the low 6 bits; bool 0 / 1)
//   f4e2m1              packed two per byte, low nibble first (element 2k in bits 0-3 of byte k)
// A block-scaled dtype (MXFP4, NVFP4, ...) stores its planes (numerics::BlockScaledValue: one
// element code per logical element, the block scales, the NVFP4 tensor scale), grouped along
// the last logical axis as D3 says.
// The buffer is shared: copying a Tensor is O(1). A Tensor is immutable once handed out; the
// code that creates it (Tensor::make) fills it through the mutable accessors first.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "ir/numerics/block_scale.h"
#include "ir/dtype/dtype.h"
#include "ir/support/check.h"

namespace tf::eval {

/// A logical, row-major shape.
using Shape = std::vector<std::int64_t>;

/// The number of elements of `shape` (1 for rank 0; 0 when any extent is 0, whatever the others
/// are). Precondition (TF_CHECK): extents >= 0. A product beyond int64 is a value no budget holds:
/// MemoryBudgetExceeded (refuse_oversized_request), which the evaluator reports for the op.
std::int64_t shape_size(std::span<const std::int64_t> shape);

/// Row-major strides (in elements) of `shape` (a stride past int64, which only an empty tensor
/// can have, is 0).
std::vector<std::int64_t> row_major_strides(std::span<const std::int64_t> shape);

/// "(2, 3)" — a shape as tfir spells it ("()" for rank 0, "(4,)" for rank 1).
std::string shape_text(std::span<const std::int64_t> shape);

/// Bytes of storage per element of the simple dtype `dtype`: 4, 8, 2 or 1; 0 for the packed
/// f4e2m1.
int element_bytes(DType dtype);

/// Bytes of storage of `count` elements of the simple dtype `dtype`.
std::int64_t storage_bytes(DType dtype, std::int64_t count);

/// A tensor value (design note).
class Tensor {
 public:
  /// An empty f32 tensor of shape (0,) (a placeholder; every real value comes from make).
  Tensor();

  /// A tensor of the simple dtype `dtype` and `shape`, every code 0 (the value +0 / 0 / false;
  /// for f8e8m0 code 0 is 2^-127).
  static Tensor make(DType dtype, Shape shape);
  /// The same without zeroing the buffer: for producers that write every element.
  static Tensor make_uninitialized(DType dtype, Shape shape);
  /// A tensor of the block-scaled dtype `dtype` holding `planes` (whose shape is its shape).
  static Tensor block_scaled(DType dtype, numerics::BlockScaledValue planes);
  /// make() for any dtype: a block-scaled one gets every plane's codes 0 (its shape must be one
  /// its format takes: TF_CHECK). For buffers a run writes (a backend's outputs).
  static Tensor make_zeros(DType dtype, Shape shape);

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  int rank() const { return static_cast<int>(shape_.size()); }
  /// The number of logical elements.
  std::int64_t size() const { return size_; }
  bool is_block_scaled() const { return planes_ != nullptr; }

  /// The code of element `i` (flat row-major index) of a simple-dtype tensor, zero-extended.
  std::uint64_t code(std::int64_t i) const;
  /// Sets the code of element `i`; bits above the dtype's width are dropped.
  void set_code(std::int64_t i, std::uint64_t code);

  /// Typed access to a buffer of element width sizeof(T) (f32 as float, i32 as int32_t, f16 as
  /// uint16_t, ...). Precondition (TF_CHECK): the dtype is simple, not packed, and its element
  /// width is sizeof(T).
  template <typename T>
  const T* data() const {
    check_width(sizeof(T));
    return reinterpret_cast<const T*>(bytes_.get());
  }
  template <typename T>
  T* mutable_data() {
    check_width(sizeof(T));
    return reinterpret_cast<T*>(bytes_.get());
  }

  /// The raw buffer of a simple-dtype tensor (storage_bytes(dtype, size) bytes).
  std::span<const std::uint8_t> bytes() const;
  std::span<std::uint8_t> mutable_bytes();

  /// The planes of a block-scaled tensor. Precondition (TF_CHECK): is_block_scaled().
  const numerics::BlockScaledValue& planes() const;

 private:
  void check_width(std::size_t width) const;

  DType dtype_;
  Shape shape_;
  std::int64_t size_ = 0;
  std::int64_t byte_count_ = 0;
  std::shared_ptr<std::uint8_t[]> bytes_;
  std::shared_ptr<const numerics::BlockScaledValue> planes_;
};

/// True when `a` and `b` have the same dtype, shape and element codes (planes for block-scaled).
bool same_bits(const Tensor& a, const Tensor& b);

}  // namespace tf::eval
