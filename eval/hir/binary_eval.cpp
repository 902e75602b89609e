// hir.math.Binary: every BinaryKind over right-aligned broadcast operands (upstream's HIR
// catalogue, D6).
//
// Floats (and block-scaled operands, dequantized) compute in f32: add sub mul div IEEE-exact,
// max / min NaN-propagating with +0 above -0 (scalar_math.h), pow in f64 rounded once, the
// comparisons with IEEE semantics (NaN compares unequal to everything). Integers and bool
// compute in int64: add sub mul pow wrap, floor_div / mod follow Python (floor; the remainder
// takes the divisor's sign), and a zero divisor (floor_div, mod, or 0 ** negative) is an eval
// error. Same-shape and scalar-operand f32 add / sub / mul / div run as Eigen expressions on
// the buffers; everything else goes through the broadcast row iterator (elementwise.h).
#include <fmt/format.h>

#include <Eigen/Core>
#include <cmath>

#include "eval/hir/elementwise.h"
#include "eval/hir/math_eval_handlers.h"
#include "eval/hir/scalar_math.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/math_kinds.h"
#include "ir/core/kind_attrs.h"

namespace tf::eval {
namespace {

using ArrayMap = Eigen::Map<Eigen::ArrayXf>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXf>;

// o = x <k> y for the four IEEE arithmetic kinds (x or y may be a scalar); false for others.
template <typename L, typename R>
bool assign_arith(BinaryKind k, const L& x, const R& y, ArrayMap& o) {
  switch (k) {
    case BinaryKind::Add:
      o = x + y;
      return true;
    case BinaryKind::Sub:
      o = x - y;
      return true;
    case BinaryKind::Mul:
      o = x * y;
      return true;
    case BinaryKind::Div:
      o = x / y;
      return true;
    case BinaryKind::FloorDiv:
    case BinaryKind::Mod:
    case BinaryKind::Max:
    case BinaryKind::Min:
    case BinaryKind::Pow:
    case BinaryKind::Eq:
    case BinaryKind::Ne:
    case BinaryKind::Lt:
    case BinaryKind::Le:
    case BinaryKind::Gt:
    case BinaryKind::Ge:
    case BinaryKind::And:
    case BinaryKind::Or:
      return false;  // the general broadcasting loop computes these
  }
  TF_UNREACHABLE("bad BinaryKind");
}

// An f32 add / sub / mul / div of two equal shapes, or of a one-element operand against the
// result shape, as one Eigen expression; false when the operands need general broadcasting.
bool eigen_arith(BinaryKind k, const F32Span& a, const F32Span& b, const Shape& as, const Shape& bs,
                 const Shape& out, float* r) {
  const Eigen::Index n = static_cast<Eigen::Index>(shape_size(out));
  ArrayMap o(r, n);
  if (as == out && bs == out)
    return assign_arith(k, ConstArrayMap(a.data(), n), ConstArrayMap(b.data(), n), o);
  if (as == out && b.size() == 1) return assign_arith(k, ConstArrayMap(a.data(), n), b[0], o);
  if (bs == out && a.size() == 1) return assign_arith(k, a[0], ConstArrayMap(b.data(), n), o);
  return false;
}

Result<Value> float_binary(BinaryKind k, const Tensor& x, const Tensor& y, const Shape& out,
                           DType dtype) {
  const F32Span a(x), b(y);
  const BroadcastPlan<2> plan = plan_broadcast<2>(out, {&x.shape(), &y.shape()});
  if (yields_bool(k)) {
    Tensor t = make_bool_result(out);
    std::uint8_t* r = t.mutable_data<std::uint8_t>();
    auto cmp = [&](auto f) { broadcast_binary(plan, a.data(), b.data(), r, f); };
    switch (k) {
      case BinaryKind::Eq:
        cmp([](float p, float q) -> std::uint8_t { return p == q; });
        break;
      case BinaryKind::Ne:
        cmp([](float p, float q) -> std::uint8_t { return p != q; });
        break;
      case BinaryKind::Lt:
        cmp([](float p, float q) -> std::uint8_t { return p < q; });
        break;
      case BinaryKind::Le:
        cmp([](float p, float q) -> std::uint8_t { return p <= q; });
        break;
      case BinaryKind::Gt:
        cmp([](float p, float q) -> std::uint8_t { return p > q; });
        break;
      case BinaryKind::Ge:
        cmp([](float p, float q) -> std::uint8_t { return p >= q; });
        break;
      case BinaryKind::And:
      case BinaryKind::Or:
      case BinaryKind::Add:
      case BinaryKind::Sub:
      case BinaryKind::Mul:
      case BinaryKind::Div:
      case BinaryKind::FloorDiv:
      case BinaryKind::Mod:
      case BinaryKind::Max:
      case BinaryKind::Min:
      case BinaryKind::Pow:
        // And / Or on floats: typeinfer refuses them (logical kinds need bool); the others do
        // not yield bool.
        TF_UNREACHABLE(fmt::format("Binary: kind {} on {} passed typeinfer", binary_kind_name(k),
                                   x.dtype().name()));
    }
    return Value(std::move(t));
  }
  F32Result r(dtype, out);
  if (!eigen_arith(k, a, b, x.shape(), y.shape(), out, r.data())) {
    auto run = [&](auto f) { broadcast_binary(plan, a.data(), b.data(), r.data(), f); };
    switch (k) {
      case BinaryKind::Add:
        run([](float p, float q) { return p + q; });
        break;
      case BinaryKind::Sub:
        run([](float p, float q) { return p - q; });
        break;
      case BinaryKind::Mul:
        run([](float p, float q) { return p * q; });
        break;
      case BinaryKind::Div:
        run([](float p, float q) { return p / q; });
        break;
      case BinaryKind::Max:
        run(&nan_max<float>);
        break;
      case BinaryKind::Min:
        run(&nan_min<float>);
        break;
      case BinaryKind::Pow:
        run(&pow_f32);
        break;
      case BinaryKind::FloorDiv:
      case BinaryKind::Mod:
      case BinaryKind::Eq:
      case BinaryKind::Ne:
      case BinaryKind::Lt:
      case BinaryKind::Le:
      case BinaryKind::Gt:
      case BinaryKind::Ge:
      case BinaryKind::And:
      case BinaryKind::Or:
        // floor_div / mod on floats: typeinfer refuses them (they need i32 / i64); the others
        // yield bool and were computed above.
        TF_UNREACHABLE(fmt::format("Binary: kind {} on {} passed typeinfer", binary_kind_name(k),
                                   x.dtype().name()));
    }
  }
  Result<Tensor> t = std::move(r).finish();
  TF_TRY(t);
  return Value(std::move(t).value());
}

// The first element of `b` that is 0 makes a division kind fail (every element of b is read
// when the result is not empty).
bool has_zero(const I64Span& b) {
  for (std::int64_t i = 0; i < b.size(); ++i)
    if (b.data()[i] == 0) return true;
  return false;
}

Result<Value> int_binary(BinaryKind k, const Tensor& x, const Tensor& y, const Shape& out,
                         DType dtype) {
  const I64Span a(x), b(y);
  const BroadcastPlan<2> plan = plan_broadcast<2>(out, {&x.shape(), &y.shape()});
  const std::string_view kname = binary_kind_name(k);
  if (yields_bool(k)) {
    Tensor t = make_bool_result(out);
    std::uint8_t* r = t.mutable_data<std::uint8_t>();
    auto cmp = [&](auto f) { broadcast_binary(plan, a.data(), b.data(), r, f); };
    using I = std::int64_t;
    switch (k) {
      case BinaryKind::Eq:
        cmp([](I p, I q) -> std::uint8_t { return p == q; });
        break;
      case BinaryKind::Ne:
        cmp([](I p, I q) -> std::uint8_t { return p != q; });
        break;
      case BinaryKind::Lt:
        cmp([](I p, I q) -> std::uint8_t { return p < q; });
        break;
      case BinaryKind::Le:
        cmp([](I p, I q) -> std::uint8_t { return p <= q; });
        break;
      case BinaryKind::Gt:
        cmp([](I p, I q) -> std::uint8_t { return p > q; });
        break;
      case BinaryKind::Ge:
        cmp([](I p, I q) -> std::uint8_t { return p >= q; });
        break;
      case BinaryKind::And:
        cmp([](I p, I q) -> std::uint8_t { return p != 0 && q != 0; });
        break;
      case BinaryKind::Or:
        cmp([](I p, I q) -> std::uint8_t { return p != 0 || q != 0; });
        break;
      case BinaryKind::Add:
      case BinaryKind::Sub:
      case BinaryKind::Mul:
      case BinaryKind::Div:
      case BinaryKind::FloorDiv:
      case BinaryKind::Mod:
      case BinaryKind::Max:
      case BinaryKind::Min:
      case BinaryKind::Pow:
        TF_UNREACHABLE(fmt::format("Binary: {} is not a bool kind", kname));
    }
    return Value(std::move(t));
  }
  const bool divides = k == BinaryKind::FloorDiv || k == BinaryKind::Mod;
  if (divides && shape_size(out) > 0 && has_zero(b))
    return eval_error(fmt::format("{}: integer division by zero", kname));
  I64Result r(dtype, out);
  auto run = [&](auto f) { broadcast_binary(plan, a.data(), b.data(), r.data(), f); };
  bool zero_to_negative = false;
  switch (k) {
    case BinaryKind::Add:
      run(&wrap_add);
      break;
    case BinaryKind::Sub:
      run(&wrap_sub);
      break;
    case BinaryKind::Mul:
      run(&wrap_mul);
      break;
    case BinaryKind::FloorDiv:
      run(&floor_div_i64);
      break;
    case BinaryKind::Mod:
      run(&floor_mod_i64);
      break;
    case BinaryKind::Max:
      run([](std::int64_t p, std::int64_t q) { return p > q ? p : q; });
      break;
    case BinaryKind::Min:
      run([](std::int64_t p, std::int64_t q) { return p < q ? p : q; });
      break;
    case BinaryKind::Pow:
      run([&](std::int64_t p, std::int64_t q) -> std::int64_t {
        if (p == 0 && q < 0) {
          zero_to_negative = true;
          return 0;
        }
        return pow_i64(p, q);
      });
      break;
    case BinaryKind::Div:
    case BinaryKind::Eq:
    case BinaryKind::Ne:
    case BinaryKind::Lt:
    case BinaryKind::Le:
    case BinaryKind::Gt:
    case BinaryKind::Ge:
    case BinaryKind::And:
    case BinaryKind::Or:
      // div on integers: typeinfer refuses it (div needs floats); the others yield bool and
      // were computed above.
      TF_UNREACHABLE(fmt::format("Binary: kind {} on {} passed typeinfer", kname, x.dtype().name()));
  }
  if (zero_to_negative)
    return eval_error("pow: integer 0 raised to a negative power (division by zero)");
  return Value(std::move(r).finish());
}

}  // namespace

Result<Value> eval_binary(const OpEvalArgs& a) {
  const BinaryKind k = binary_kind_of(a.call);
  const Tensor& x = a.tensor(0);
  const Tensor& y = a.tensor(1);
  TF_CHECK(x.dtype() == y.dtype(), "Binary operands of {} and {}", x.dtype().name(),
           y.dtype().name());
  Result<Shape> out = broadcast_runtime({x.shape(), y.shape()});
  TF_TRY(out);
  const DType d = x.dtype();
  if (d.is_integer() || d.is_bool()) return int_binary(k, x, y, *out, a.result_dtype());
  return float_binary(k, x, y, *out, a.result_dtype());
}

}  // namespace tf::eval
