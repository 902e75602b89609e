// Elementwise evaluation: right-aligned broadcasting over a row iterator, and the compute
// domains of the elementwise family (f32, int64, raw codes) with their once-rounding outputs.
//
// Design note. An elementwise op reads N operands against one result shape. plan_broadcast
// turns the operands' shapes into per-operand element strides over the result (0 on an axis
// the operand broadcasts), drops the result's extent-1 axes and merges adjacent axes that every
// operand walks contiguously, so a same-shape operation is one row and `(M, N) + (N,)` is M
// rows of N. for_each_row then hands each innermost row to a kernel as offsets and per-operand
// steps (0 or 1); the kernels specialise those steps so the inner loops stay simple enough to
// vectorise. Only general broadcasting pays for index arithmetic, once per row.
//
// Compute domains (docs/decisions.md D6): floats widen exactly to f32 (F32Span borrows an f32
// buffer), compute in f32 and round once to the result dtype (F32Result writes an f32 result in
// place and rounds any other dtype once in finish()); integers and bool compute in int64 (I64Span
// borrows an i64 buffer) and wrap to the result width (I64Result).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "eval/value/tensor.h"
#include "ir/support/result.h"

namespace tf::eval {

/// The right-aligned (NumPy) broadcast of `shapes`, or an eval_error naming the shapes and the
/// first incompatible axis counted from the end. The result of one shape is that shape.
Result<Shape> broadcast_runtime(const std::vector<Shape>& shapes);

/// How N operands are read against one result shape (design note).
template <std::size_t N>
struct BroadcastPlan {
  std::int64_t size = 0;                             ///< result elements
  Shape extents;                                     ///< merged extents; the last is the row
  std::array<std::vector<std::int64_t>, N> strides;  ///< per operand, over `extents`
};

/// The plan that reads operands of shapes `ins` against `out`. Precondition (TF_CHECK): each
/// shape broadcasts to `out` (broadcast_runtime accepted them).
template <std::size_t N>
BroadcastPlan<N> plan_broadcast(const Shape& out, const std::array<const Shape*, N>& ins);

/// Calls `row(out_offset, in_offsets, in_steps, count)` once per innermost row of `plan`, in
/// row-major order: element k of the row is result element out_offset + k and element
/// in_offsets[i] + k * in_steps[i] of operand i. Nothing is called for an empty result.
template <std::size_t N, typename Row>
void for_each_row(const BroadcastPlan<N>& plan, Row&& row) {
  if (plan.size == 0) return;
  const std::size_t rank = plan.extents.size();
  const std::int64_t count = plan.extents.back();
  std::array<std::int64_t, N> steps{};
  for (std::size_t i = 0; i < N; ++i) steps[i] = plan.strides[i].back();
  std::vector<std::int64_t> index(rank, 0);
  std::array<std::int64_t, N> offsets{};
  for (std::int64_t out = 0; out < plan.size; out += count) {
    row(out, offsets, steps, count);
    // Advance the outer index (axes 0 .. rank-2) like an odometer, offsets incrementally.
    for (std::size_t ax = rank - 1; ax-- > 0;) {
      for (std::size_t i = 0; i < N; ++i) offsets[i] += plan.strides[i][ax];
      if (++index[ax] < plan.extents[ax]) break;
      for (std::size_t i = 0; i < N; ++i) offsets[i] -= plan.strides[i][ax] * plan.extents[ax];
      index[ax] = 0;
    }
  }
}

/// out[k] = f(a[k], b[k]) over the broadcast `plan`, with the row steps specialised.
template <typename A, typename B, typename R, typename F>
void broadcast_binary(const BroadcastPlan<2>& plan, const A* a, const B* b, R* out, F f) {
  for_each_row(plan, [&](std::int64_t o, const std::array<std::int64_t, 2>& in,
                         const std::array<std::int64_t, 2>& step, std::int64_t n) {
    const A* pa = a + in[0];
    const B* pb = b + in[1];
    R* po = out + o;
    if (step[0] == 1 && step[1] == 1) {
      for (std::int64_t k = 0; k < n; ++k) po[k] = f(pa[k], pb[k]);
    } else if (step[0] == 0 && step[1] == 1) {
      const A va = *pa;
      for (std::int64_t k = 0; k < n; ++k) po[k] = f(va, pb[k]);
    } else if (step[0] == 1 && step[1] == 0) {
      const B vb = *pb;
      for (std::int64_t k = 0; k < n; ++k) po[k] = f(pa[k], vb);
    } else {
      for (std::int64_t k = 0; k < n; ++k) po[k] = f(pa[k * step[0]], pb[k * step[1]]);
    }
  });
}

/// The int64 values of an integer or bool tensor, borrowing an i64 buffer (else a copy: i32 /
/// i8 sign-extend, bool is 0 / 1). Precondition (TF_CHECK): an integer or bool dtype.
class I64Span {
 public:
  explicit I64Span(const Tensor& t);
  const std::int64_t* data() const { return data_; }
  std::int64_t size() const { return size_; }

 private:
  std::vector<std::int64_t> owned_;
  const std::int64_t* data_ = nullptr;
  std::int64_t size_ = 0;
};

/// The destination of an f32 computation whose result has dtype `dtype` and `shape`: the result
/// tensor's own buffer for f32, else a scratch buffer that finish() rounds once to `dtype` with
/// its default mode (a block-scaled dtype quantizes with its default options).
class F32Result {
 public:
  F32Result(DType dtype, Shape shape);
  float* data() { return data_; }
  std::int64_t size() const { return size_; }
  /// The result tensor.
  Result<Tensor> finish() &&;

 private:
  DType dtype_;
  Shape shape_;
  Tensor tensor_;  ///< the f32 result when dtype_ is f32
  std::vector<float> scratch_;
  float* data_ = nullptr;
  std::int64_t size_ = 0;
};

/// The destination of an int64 computation whose result has the integer or bool dtype `dtype`:
/// in place for i64, else a scratch buffer that finish() wraps to the width (bool: x != 0).
class I64Result {
 public:
  I64Result(DType dtype, Shape shape);
  std::int64_t* data() { return data_; }
  std::int64_t size() const { return size_; }
  /// The result tensor.
  Tensor finish() &&;

 private:
  DType dtype_;
  Shape shape_;
  Tensor tensor_;  ///< the i64 result when dtype_ is i64
  std::vector<std::int64_t> scratch_;
  std::int64_t* data_ = nullptr;
  std::int64_t size_ = 0;
};

/// A bool tensor of `shape` to be filled through data() (one byte per element, 0 or 1).
Tensor make_bool_result(Shape shape);

}  // namespace tf::eval
