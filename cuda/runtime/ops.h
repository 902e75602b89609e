// The effect ops of TIR on Views (docs/tir-semantics.md, "Effect ops"): every thread that
// reaches one runs it on the elements it owns of the destination, reading each operand at the
// same global coordinate (broadcast right-aligned, an extent-1 axis read at 0).
#pragma once

#include "cuda/runtime/cast_mode.h"
#include "cuda/runtime/dtypes.h"
#include "cuda/runtime/view.h"

namespace tf_rt {

/// The coordinate of operand `v` that destination coordinate `g` (of rank `rank`) reads.
template <typename T>
TF_DEV void operand_coord(const View<T>& v, const std::int64_t* g, int rank, std::int64_t* out) {
  for (int d = 0; d < v.rank; ++d) out[d] = v.shape[d] == 1 ? 0 : g[d + rank - v.rank];
}

/// copy(src, dst): the elements the thread owns in dst, or in src when dst is not distributed.
template <typename T>
TF_OP void copy(const View<T>& src, const View<T>& dst) {
  const View<T>& who = dst.distributed || !src.distributed ? dst : src;
  const std::int64_t n = who.owned_count();
  std::int64_t g[kMaxRank];
  for (std::int64_t k = 0; k < n; ++k) {
    who.owned_coord(k, g);
    dst.at(g) = src.at(g);
  }
}

/// fill(dst, value): the value already in dst's element type.
template <typename T>
TF_OP void fill(const View<T>& dst, T value) {
  const std::int64_t n = dst.owned_count();
  std::int64_t g[kMaxRank];
  for (std::int64_t k = 0; k < n; ++k) {
    dst.owned_coord(k, g);
    dst.at(g) = value;
  }
}

/// dst[g] = f(lhs[g'], rhs[g'']) computed in the operands' domain, narrowed to dst.
/// The stride of the last axis of `v` as addressed by at().
template <typename T>
TF_DEV std::int64_t last_stride(const View<T>& v) {
  return v.stride[v.rank - 1];
}

/// True when `v` has `dst`'s shape (no broadcasting): the fast walk of `binary` applies.
template <typename T, typename D>
TF_DEV bool same_shape(const View<T>& v, const View<D>& dst) {
  if (v.rank != dst.rank || dst.rank == 0) return false;
  for (int d = 0; d < dst.rank; ++d)
    if (v.shape[d] != dst.shape[d]) return false;
  return true;
}

template <typename F, typename D, typename L, typename R>
TF_OP void binary(const View<L>& lhs, const View<R>& rhs, const View<D>& dst, F f) {
  const std::int64_t n = dst.owned_count();
  if (same_shape(lhs, dst) && same_shape(rhs, dst)) {
    // Run by run along the last axis: each view's element address is affine there, so the first
    // and last elements of a run (checked by at()) bound the pointers stepped between them.
    const int last = dst.rank - 1;
    const std::int64_t run = dst.distributed ? dst.ext[last] : dst.shape[last];
    std::int64_t g[kMaxRank];
    for (std::int64_t k = 0; k < n; k += run) {
      dst.owned_coord(k, g);
      const L* a = &lhs.at(g);
      const R* b = &rhs.at(g);
      D* o = &dst.at(g);
      g[last] += run - 1;
      (void)lhs.at(g), (void)rhs.at(g), (void)dst.at(g);
      const std::int64_t sa = last_stride(lhs), sb = last_stride(rhs), so = last_stride(dst);
      for (std::int64_t i = 0; i < run; ++i) o[i * so] = Narrow<D>::from(f(widen(a[i * sa]), widen(b[i * sb])));
    }
    return;
  }
  std::int64_t g[kMaxRank], a[kMaxRank], b[kMaxRank];
  for (std::int64_t k = 0; k < n; ++k) {
    dst.owned_coord(k, g);
    operand_coord(lhs, g, dst.rank, a);
    operand_coord(rhs, g, dst.rank, b);
    dst.at(g) = Narrow<D>::from(f(widen(lhs.at(a)), widen(rhs.at(b))));
  }
}

/// dst[g] = Out::from(f(src[g'])): f's value converted to dst by `Out`.
template <typename Out, typename F, typename D, typename S>
TF_OP void unary_into(const View<S>& src, const View<D>& dst, F f) {
  const std::int64_t n = dst.owned_count();
  std::int64_t g[kMaxRank], a[kMaxRank];
  for (std::int64_t k = 0; k < n; ++k) {
    dst.owned_coord(k, g);
    operand_coord(src, g, dst.rank, a);
    dst.at(g) = Out::from(f(widen(src.at(a))));
  }
}

/// dst[g] = f(src[g']) narrowed to dst (its default mode).
template <typename F, typename D, typename S>
TF_OP void unary(const View<S>& src, const View<D>& dst, F f) {
  unary_into<Narrow<D>>(src, dst, f);
}


// ---- the element functions ----

TF_DEV bool is_nan(float x) { return x != x; }

/// The NaN a max, a min or a max reduction gives when a NaN takes part: the quiet NaN 0x7fc00000,
/// whatever the operands' payloads (docs/hir-semantics.md), as the evaluators give it; neither
/// the first NaN's payload (the host's a + b) nor a device's canonical 0x7fffffff.
TF_DEV float quiet_nan() {
  const std::uint32_t bits = 0x7fc00000u;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

struct Add { template <typename V> TF_DEV V operator()(V a, V b) const { return static_cast<V>(a + b); } };
struct Sub { template <typename V> TF_DEV V operator()(V a, V b) const { return static_cast<V>(a - b); } };
struct Mul { template <typename V> TF_DEV V operator()(V a, V b) const { return static_cast<V>(a * b); } };
struct Div { TF_DEV float operator()(float a, float b) const { return a / b; } };
/// IEEE 754-2019 maximum / minimum: NaN when either is NaN, +0 above -0.
struct Max {
  TF_DEV float operator()(float a, float b) const {
    if (is_nan(a) || is_nan(b)) return quiet_nan();
    if (a == b) return std::signbit(a) ? b : a;
    return a > b ? a : b;
  }
  TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const { return a > b ? a : b; }
  TF_DEV bool operator()(bool a, bool b) const { return a || b; }
};
struct Min {
  TF_DEV float operator()(float a, float b) const {
    if (is_nan(a) || is_nan(b)) return quiet_nan();
    if (a == b) return std::signbit(a) ? a : b;
    return a < b ? a : b;
  }
  TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const { return a < b ? a : b; }
  TF_DEV bool operator()(bool a, bool b) const { return a && b; }
};
struct Eq { template <typename V> TF_DEV bool operator()(V a, V b) const { return a == b; } };
struct Ne { template <typename V> TF_DEV bool operator()(V a, V b) const { return a != b; } };
struct Lt { template <typename V> TF_DEV bool operator()(V a, V b) const { return a < b; } };
struct Le { template <typename V> TF_DEV bool operator()(V a, V b) const { return a <= b; } };
struct Gt { template <typename V> TF_DEV bool operator()(V a, V b) const { return a > b; } };
struct Ge { template <typename V> TF_DEV bool operator()(V a, V b) const { return a >= b; } };
struct And { TF_DEV bool operator()(bool a, bool b) const { return a && b; } };
struct Or { TF_DEV bool operator()(bool a, bool b) const { return a || b; } };

/// Integer arithmetic wraps: int64 add / sub / mul computed on unsigned bits.
struct IAdd { TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const { return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b)); } };
struct ISub { TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const { return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b)); } };
struct IMul { TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const { return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b)); } };

/// Python's floor division and modulo on int64 (mod takes the divisor's sign); MIN // -1 wraps
/// to MIN and MIN % -1 is 0; a zero divisor traps (HIR's evaluation error), never the host's
/// division fault.
struct IFloorDiv {
  TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    if (b == 0) prim::trap("integer division by zero");
    if (b == -1) return static_cast<std::int64_t>(std::uint64_t{0} - static_cast<std::uint64_t>(a));  // MIN wraps to MIN
    std::int64_t q = a / b;
    if (a % b != 0 && ((a < 0) != (b < 0))) --q;
    return q;
  }
};
/// min and max of two extents (dim arithmetic's dim_min and dim_max).
TF_DEV std::int64_t min_extent(std::int64_t a, std::int64_t b) { return a < b ? a : b; }
TF_DEV std::int64_t max_extent(std::int64_t a, std::int64_t b) { return a > b ? a : b; }
struct IMod {
  TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t b) const {
    if (b == 0) prim::trap("integer division by zero");
    if (b == -1) return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
  }
};
/// Integer power, wrapping; a negative exponent gives the truncated real value (1 for base 1,
/// +-1 for base -1, else 0), and 0 to a negative power traps (HIR's evaluation error).
struct IPow {
  TF_DEV std::int64_t operator()(std::int64_t a, std::int64_t e) const {
    if (e < 0) {
      if (a == 0) prim::trap("0 raised to a negative power");
      if (a == 1) return 1;
      if (a == -1) return (e % 2 == 0) ? 1 : -1;
      return 0;
    }
    std::uint64_t result = 1, base = static_cast<std::uint64_t>(a);
    for (std::uint64_t k = static_cast<std::uint64_t>(e); k != 0; k >>= 1) {
      if (k & 1) result *= base;
      base *= base;
    }
    return static_cast<std::int64_t>(result);
  }
};
/// pow on floats: f64 from the exact operands, rounded once to f32.
struct Pow { TF_DEV float operator()(float a, float b) const { return static_cast<float>(::pow(static_cast<double>(a), static_cast<double>(b))); } };

struct Neg {
  TF_DEV float operator()(float a) const { return -a; }
  TF_DEV std::int64_t operator()(std::int64_t a) const { return static_cast<std::int64_t>(0 - static_cast<std::uint64_t>(a)); }
};
struct Abs {
  TF_DEV float operator()(float a) const { return std::fabs(a); }
  TF_DEV std::int64_t operator()(std::int64_t a) const { return a < 0 ? Neg{}(a) : a; }
};
/// relu keeps -0 and NaN (max(x, 0) that leaves x when it is not below 0).
struct Relu {
  TF_DEV float operator()(float a) const { return a < 0.0f ? 0.0f : a; }
  TF_DEV std::int64_t operator()(std::int64_t a) const { return a < 0 ? 0 : a; }
};
struct Square {
  TF_DEV float operator()(float a) const { return a * a; }
  TF_DEV std::int64_t operator()(std::int64_t a) const { return IMul{}(a, a); }
};
/// The transcendental kinds: f64 from the exact operand, rounded once to f32.
struct Exp { TF_DEV float operator()(float a) const { return static_cast<float>(::exp(static_cast<double>(a))); } };
struct Rsqrt { TF_DEV float operator()(float a) const { return static_cast<float>(1.0 / ::sqrt(static_cast<double>(a))); } };
/// ceil and round (half to even) are exact in f32 and keep the sign of zero.
struct Ceil { TF_DEV float operator()(float a) const { return ::ceilf(a); } };
struct Round { TF_DEV float operator()(float a) const { return ::rintf(a); } };
/// sqrt: IEEE's correctly rounded sqrtf (nvcc's default -prec-sqrt=true).
struct Sqrt { TF_DEV float operator()(float a) const { return ::sqrtf(a); } };
struct Log { TF_DEV float operator()(float a) const { return static_cast<float>(::log(static_cast<double>(a))); } };
struct Exp2 { TF_DEV float operator()(float a) const { return static_cast<float>(::exp2(static_cast<double>(a))); } };
struct Log2 { TF_DEV float operator()(float a) const { return static_cast<float>(::log2(static_cast<double>(a))); } };
/// The activations: their formula in f64 from the exact operand, rounded once to f32 (softplus
/// is x itself above 20, torch's threshold).
struct Sigmoid { TF_DEV float operator()(float a) const { return static_cast<float>(1.0 / (1.0 + ::exp(-static_cast<double>(a)))); } };
struct Tanh { TF_DEV float operator()(float a) const { return static_cast<float>(::tanh(static_cast<double>(a))); } };
struct GeluTanh {
  TF_DEV float operator()(float a) const {
    const double x = a;
    return static_cast<float>(0.5 * x * (1.0 + ::tanh(0.79788456080286535587989211986876 * (x + 0.044715 * x * x * x))));
  }
};
struct GeluErf {
  TF_DEV float operator()(float a) const {
    const double x = a;
    return static_cast<float>(0.5 * x * (1.0 + ::erf(x * 0.70710678118654752440084436210485)));
  }
};
struct Silu { TF_DEV float operator()(float a) const { return static_cast<float>(static_cast<double>(a) / (1.0 + ::exp(-static_cast<double>(a)))); } };
struct Softplus {
  TF_DEV float operator()(float a) const { return a > 20.0f ? a : static_cast<float>(::log1p(::exp(static_cast<double>(a)))); }
};
/// cast: the value itself, narrowed to the destination by its default mode.
struct Cast {
  template <typename V> TF_DEV V operator()(V a) const { return a; }
};

/// dst[g] = src[g'] converted to dst in the mode (R, S): a cast with an explicit rounding or
/// saturate (cast_mode.h).
template <Rounding R, Saturate S, typename D, typename Src>
TF_OP void cast_in(const View<Src>& src, const View<D>& dst) {
  unary_into<NarrowIn<D, R, S>>(src, dst, Cast{});
}

struct Not { TF_DEV bool operator()(bool a) const { return !a; } };

}  // namespace tf_rt

namespace tf_rt {

/// The reductions (TIR's Reduce kinds).
enum class ReduceKind { Sum, Mean, Max, AbsMax };

/// The reduction of `n` values `x(0..n)` of one dtype, in index order: floats sum in f64 from -0
/// and round once, an empty sum being +0 (mean divides the f64 sum by n: an empty axis is NaN); max is exact,
/// NaN wins, between -0 and +0 the first wins, an empty axis gives `lowest`; abs_max is the max
/// of |x|, 0 when empty. Integers sum and take |x| wrapping; bool sum and max are "any".
template <typename V>
struct Reducer;
template <>
struct Reducer<float> {
  template <typename F>
  TF_DEV static double run(ReduceKind k, std::int64_t n, F x, float lowest) {
    if (k == ReduceKind::Sum || k == ReduceKind::Mean) {
      if (n == 0) return k == ReduceKind::Sum ? 0.0 : 0.0 / 0.0;  // an empty sum is +0 (found by the cuda-emu sweep)
      double acc = -0.0;
      for (std::int64_t i = 0; i < n; ++i) acc += static_cast<double>(x(i));
      return k == ReduceKind::Mean ? acc / static_cast<double>(n) : acc;
    }
    if (n == 0) return k == ReduceKind::Max ? static_cast<double>(lowest) : 0.0;
    float best = k == ReduceKind::AbsMax ? std::fabs(x(0)) : x(0);
    for (std::int64_t i = 1; i < n; ++i) {
      const float v = k == ReduceKind::AbsMax ? std::fabs(x(i)) : x(i);
      if (best != best) break;
      if (v != v || v > best) best = v;
    }
    return static_cast<double>(best != best ? quiet_nan() : best);
  }
};
template <>
struct Reducer<std::int64_t> {
  template <typename F>
  TF_DEV static std::int64_t run(ReduceKind k, std::int64_t n, F x, std::int64_t lowest) {
    if (k == ReduceKind::Sum) {
      std::uint64_t acc = 0;
      for (std::int64_t i = 0; i < n; ++i) acc += static_cast<std::uint64_t>(x(i));
      return static_cast<std::int64_t>(acc);
    }
    if (n == 0) return k == ReduceKind::Max ? lowest : 0;
    std::int64_t best = k == ReduceKind::AbsMax ? Abs{}(x(0)) : x(0);
    for (std::int64_t i = 1; i < n; ++i) {
      const std::int64_t v = k == ReduceKind::AbsMax ? Abs{}(x(i)) : x(i);
      if (v > best) best = v;
    }
    return best;
  }
};
template <>
struct Reducer<bool> {
  template <typename F>
  TF_DEV static bool run(ReduceKind, std::int64_t n, F x, bool) {
    for (std::int64_t i = 0; i < n; ++i)
      if (x(i)) return true;
    return false;
  }
};

/// reduce(src, dst): each element the thread owns of dst reduces src over the axes `reduced`
/// marks, in row-major index order of those axes; dst keeps src's rank (extent 1 there) or drops
/// them. `lowest` is the dtype's least value (an empty max).
template <typename D, typename S>
TF_OP void reduce(const View<S>& src, const View<D>& dst, const bool* reduced, ReduceKind kind,
                   typename Compute<S>::type lowest) {
  using V = typename Compute<S>::type;
  const bool keepdim = dst.rank == src.rank;
  std::int64_t count = 1;
  for (int d = 0; d < src.rank; ++d)
    if (reduced[d]) count *= src.shape[d];
  const std::int64_t n = dst.owned_count();
  std::int64_t g[kMaxRank], s[kMaxRank];
  for (std::int64_t k = 0; k < n; ++k) {
    dst.owned_coord(k, g);
    auto element = [&](std::int64_t i) -> V {
      int kept = 0;
      for (int d = src.rank - 1; d >= 0; --d) {
        if (reduced[d]) {
          s[d] = i % src.shape[d];
          i /= src.shape[d];
        }
      }
      for (int d = 0; d < src.rank; ++d)
        if (!reduced[d]) s[d] = keepdim ? g[d] : g[kept++];
      return widen(src.at(s));
    };
    dst.at(g) = Narrow<D>::from(Reducer<V>::run(kind, count, element, lowest));
  }
}

}  // namespace tf_rt

namespace tf_rt {

/// rms_norm(src, dst, weight, eps) over the last axis, on each row the thread owns of dst (whole
/// rows): ms = f32(sum of x^2 in f64 / n), r = 1 / sqrt(ms + eps) in f32, y = (x * r) * w in f32,
/// rounded once to dst.
template <typename D, typename S, typename W>
TF_OP void rms_norm(const View<S>& src, const View<D>& dst, const View<W>& weight, float eps) {
  const int last = dst.rank - 1;
  const std::int64_t n = dst.shape[last];
  const std::int64_t count = dst.owned_count();
  std::int64_t g[kMaxRank], w[kMaxRank] = {};
  float r = 0.0f;
  for (std::int64_t k = 0; k < count; ++k) {
    dst.owned_coord(k, g);
    if (g[last] == 0 || k == 0) {  // a new row: its statistic
      std::int64_t h[kMaxRank];
      for (int d = 0; d < dst.rank; ++d) h[d] = g[d];
      double squares = 0.0;
      for (std::int64_t i = 0; i < n; ++i) {
        h[last] = i;
        const double x = static_cast<double>(widen(src.at(h)));
        squares += x * x;
      }
      const float ms = static_cast<float>(squares / static_cast<double>(n));
      r = 1.0f / ::sqrtf(ms + eps);
    }
    w[0] = g[last];
    dst.at(g) = Narrow<D>::from((widen(src.at(g)) * r) * widen(weight.at(w)));
  }
}

}  // namespace tf_rt

namespace tf_rt {

/// A Reduce whose source is split along a reduced axis, among the block's threads: each thread
/// writes what it holds of src into `staging` (shared memory for all of src, row-major), the
/// block meets, each thread reduces its elements of dst from the whole in index order (the
/// machine model computes the collective once, in that order), and the block meets again before
/// the staging can be written by a later use of the site.
template <typename D, typename S>
TF_OP void reduce_collective(const View<S>& src, const View<D>& dst, const bool* reduced, ReduceKind kind,
                              typename Compute<S>::type lowest, S* staging) {
  const View<S> whole = row_major(staging, src.rank, src.shape);
  copy(src, whole);
  prim::sync_block();
  reduce(whole, dst, reduced, kind, lowest);
  prim::sync_block();
}

}  // namespace tf_rt
