// Block-scaled tensors in the generated code (docs/cuda-backend.md, "Block-scaled tensors").
//
// Design note. A block-scaled tensor is its planes, each a View of its own: the element codes
// (one byte each) over the logical shape, the block scales (e8m0 for the MX formats, e4m3 for
// NVFP4) over shape[:-1] x (shape[-1] / B), and NVFP4's f32 tensor scale, one element. A kernel
// parameter is one buffer holding the planes one after another (block_scaled_param). A view keeps
// whole blocks, so the scales of a view of the codes are found from the codes view alone
// (block_scales). Quantize and dequantize are written here from docs/block-scaling.md, apart from
// ir/numerics (docs/decisions.md D9): the element codes and NVFP4's e4m3 scale come from the CUDA
// headers' conversions (Narrow), the MX scale exponent from the exact exponent of amax.
#pragma once

#include <cfloat>
#include <cmath>

#include "cuda/runtime/dtypes.h"
#include "cuda/runtime/view.h"

namespace tf_rt {

/// Where the tensor scale lies in a block-scaled parameter's buffer: after `count` element codes
/// and count / block scale codes, at the next multiple of 4 bytes.
TF_DEV std::int64_t tensor_scale_offset(std::int64_t count, std::int64_t block) {
  return (count + count / block + 3) / 4 * 4;
}

/// The planes of a block-scaled tensor.
template <typename E, typename S>
struct BlockScaled {
  View<E> codes;
  View<S> scales;
  View<float> tensor_scale;  ///< NVFP4 only (rank 0 otherwise, never read)
};

/// The planes of a block-scaled kernel parameter of `rank` extents `shape` over its buffer `p`
/// (design note; `shape` and `scale_shape` must outlive the result).
template <typename E, typename S>
TF_DEV BlockScaled<E, S> block_scaled_param(unsigned char* p, int rank, const std::int64_t* shape,
                                            const std::int64_t* scale_shape, std::int64_t block) {
  std::int64_t count = 1;
  for (int d = 0; d < rank; ++d) count *= shape[d];
  BlockScaled<E, S> b;
  b.codes = row_major(reinterpret_cast<E*>(p), rank, shape);
  b.scales = row_major(reinterpret_cast<S*>(p + count), rank, scale_shape);
  b.tensor_scale = row_major(reinterpret_cast<float*>(p + tensor_scale_offset(count, block)), 0, kOrigin);
  return b;
}

/// Storage for a plane: `count` elements from `base` (the base and capacity block_scales takes).
template <typename S>
TF_DEV View<S> plane_storage(S* base, std::int64_t count) {
  View<S> v;
  v.base = base;
  v.capacity = count;
  return v;
}

/// The scales of `codes`, a view of the codes of a tensor whose scales lie in `of`'s storage:
/// the same view divided by B along the last axis (offset, strides over memory or over a
/// register box, a distributed view's box). Each block of the view is one whole block of the
/// tensor (the machine model refuses other views; here they trap).
template <typename E, typename S>
TF_DEV View<S> block_scales(const View<E>& codes, const View<S>& of, std::int64_t block) {
  View<S> v;
  v.base = of.base;
  v.capacity = of.capacity;
  v.rank = codes.rank;
  v.distributed = codes.distributed;
  v.local = codes.local;
  v.owns = codes.owns;
  const int last = codes.rank - 1;
  bool whole = last >= 0 && codes.offset % block == 0 && codes.shape[last] % block == 0 && codes.stride[last] == 1;
  for (int d = 0; d < codes.rank; ++d) {
    const bool l = d == last;
    v.shape[d] = l ? codes.shape[d] / block : codes.shape[d];
    v.stride[d] = l ? 1 : codes.stride[d] / block;
    v.lo[d] = l ? codes.lo[d] / block : codes.lo[d];
    v.ext[d] = l ? codes.ext[d] / block : codes.ext[d];
    if (!l && codes.shape[d] > 1 && codes.stride[d] % block != 0) whole = false;
    if (l && codes.distributed && (codes.lo[d] % block != 0 || codes.ext[d] % block != 0)) whole = false;
  }
  if (!whole) prim::trap("a view that splits the blocks of a block-scaled tensor");
  v.offset = codes.offset / block;
  return v;
}

/// What the MX methods need of an element type: the exponent of its top binade (OCP's emax_elem,
/// also floor(log2 max_elem)) and its largest value.
template <typename E> struct MxElement;
template <> struct MxElement<e4m3> { static constexpr int emax = 8; static constexpr double max = 448; };
template <> struct MxElement<e5m2> { static constexpr int emax = 15; static constexpr double max = 57344; };
template <> struct MxElement<e3m2> { static constexpr int emax = 4; static constexpr double max = 28; };
template <> struct MxElement<e2m3> { static constexpr int emax = 2; static constexpr double max = 7.5; };
template <> struct MxElement<e2m1> { static constexpr int emax = 2; static constexpr double max = 6; };
template <> struct MxElement<std::int8_t> { static constexpr int emax = 0; static constexpr double max = 127.0 / 64; };

/// The element code of the exact value `v` (V / X): the element's conversion, round to nearest
/// even, saturating (NaN: the fp8 NaN, +max for f6 and f4).
template <typename E>
TF_DEV E mx_element(double v) { return Narrow<E>::from(v); }
/// MXINT8 holds k meaning k * 2^-6: k = v * 64 rounded to nearest even, clamped to [-127, 127]
/// (-128 never produced), NaN to 0.
template <>
TF_DEV std::int8_t mx_element<std::int8_t>(double v) {
  if (v != v) return 0;
  const double k = ::rint(v * 64);
  return static_cast<std::int8_t>(k > 127 ? 127 : k < -127 ? -127 : k);
}

/// The exact value of an element code (MXINT8's k * 2^-6).
template <typename E>
TF_DEV double mx_value(E e) { return static_cast<double>(widen(e)); }
template <>
TF_DEV double mx_value<std::int8_t>(std::int8_t k) { return static_cast<double>(k) / 64; }

/// floor(log2 a) of a finite a > 0, exact for subnormals too (a double holds them as normals).
TF_DEV int floor_log2(float a) {
  int e = 0;
  ::frexp(static_cast<double>(a), &e);
  return e - 1;
}

/// The largest |x| over the finite values of the block of `codes` from owned element `first`, and
/// whether the block holds a NaN or an infinity.
template <typename Src, typename E>
TF_DEV float block_amax(const View<Src>& x, const View<E>& codes, std::int64_t first, std::int64_t block, bool& special) {
  std::int64_t g[kMaxRank];
  float amax = 0;
  special = false;
  for (std::int64_t k = 0; k < block; ++k) {
    codes.owned_coord(first + k, g);
    const float v = widen(x.at(g));
    if (!(v - v == 0)) special = true;  // NaN or an infinity
    else if (::fabsf(v) > amax) amax = ::fabsf(v);
  }
  return amax;
}

/// The coordinate of the scale of the block holding element `g` (its last coordinate / B).
TF_DEV void scale_coord(const std::int64_t* g, int rank, std::int64_t block, std::int64_t* s) {
  for (int d = 0; d < rank; ++d) s[d] = d == rank - 1 ? g[d] / block : g[d];
}

/// Quantizes x into an MX tensor (e8m0 scales), block by block, by the thread that runs it: the
/// scale from the block's amax (ocp: 2^(floor(log2 amax) - emax); rceil: 2^ceil(log2(amax /
/// max)), decided exactly), clamped to e8m0's [2^-127, 2^127]; a zero block has scale 0x00; a
/// block holding a NaN or an infinity has the NaN scale 0xFF and its elements taken at scale 2^0.
template <typename Src, typename E>
TF_OP void quantize_mx(const View<Src>& x, const BlockScaled<E, e8m0>& q, bool rceil, std::int64_t block) {
  const std::int64_t n = q.codes.owned_count();
  std::int64_t g[kMaxRank], s[kMaxRank];
  for (std::int64_t first = 0; first < n; first += block) {
    bool special = false;
    const float amax = block_amax(x, q.codes, first, block, special);
    int code = 0;
    if (special) {
      code = 0xFF;
    } else if (amax > 0) {
      const int a = floor_log2(amax), m = MxElement<E>::emax;
      const int e = !rceil ? a - m : amax <= ::ldexp(MxElement<E>::max, a - m) ? a - m : a - m + 1;
      code = e + 127 < 0 ? 0 : e + 127 > 254 ? 254 : e + 127;
    }
    q.codes.owned_coord(first, g);
    scale_coord(g, q.codes.rank, block, s);
    q.scales.at(s).__x = static_cast<__nv_fp8_storage_t>(code);
    const double unscale = special ? 1.0 : ::ldexp(1.0, 127 - code);  // V / X, exact in double
    for (std::int64_t k = 0; k < block; ++k) {
      q.codes.owned_coord(first + k, g);
      q.codes.at(g) = mx_element<E>(static_cast<double>(widen(x.at(g))) * unscale);
    }
  }
}

/// Quantizes x into NVFP4 by TransformerEngine's recipe in f32 (docs/block-scaling.md, "Quantize,
/// NVFP4"): the tensor scale from the finite values' amax, each block's e4m3 scale rounded to
/// nearest, the codes of x times the block's multiplier; a block holding a NaN or an infinity has
/// the NaN scale 0x7F and the codes of x itself.
template <typename Src>
TF_OP void quantize_nvfp4(const View<Src>& x, const BlockScaled<e2m1, e4m3>& q, std::int64_t block) {
  const std::int64_t n = q.codes.owned_count();
  std::int64_t g[kMaxRank], s[kMaxRank];
  float gamax = 0;
  for (std::int64_t k = 0; k < n; ++k) {
    q.codes.owned_coord(k, g);
    const float v = widen(x.at(g));
    if (v - v == 0 && ::fabsf(v) > gamax) gamax = ::fabsf(v);
  }
  float s_enc = 2688.0f / gamax;
  if (s_enc > FLT_MAX) s_enc = FLT_MAX;
  if (gamax == 0 || s_enc == 0) s_enc = 1;
  for (std::int64_t first = 0; first < n; first += block) {
    bool special = false;
    const float bamax = block_amax(x, q.codes, first, block, special);
    e4m3 scale;
    float mult = 1;
    if (special) {
      scale.__x = 0x7F;
    } else {
      const float inv6 = 1.0f / 6.0f;
      const float s_enc_6 = s_enc * inv6;
      scale = Narrow<e4m3>::from(bamax * s_enc_6);
      const float inv_enc = 1.0f / s_enc;
      const float dec = widen(scale) * inv_enc;
      mult = 1.0f / dec;
      if (mult > FLT_MAX) mult = FLT_MAX;
    }
    q.codes.owned_coord(first, g);
    scale_coord(g, q.codes.rank, block, s);
    q.scales.at(s) = scale;
    for (std::int64_t k = 0; k < block; ++k) {
      q.codes.owned_coord(first + k, g);
      const float v = widen(x.at(g));
      q.codes.at(g) = Narrow<e2m1>::from(special ? v : v * mult);
    }
  }
  q.tensor_scale.at(kOrigin) = 1.0f / s_enc;
}

/// out = the logical value of q (element x block scale (x tensor scale), exact in double, rounded
/// once to f32), narrowed to out's element type in its default mode. `nvfp4`: q has a tensor
/// scale.
template <typename E, typename S, typename D>
TF_OP void dequantize(const BlockScaled<E, S>& q, const View<D>& out, bool nvfp4, std::int64_t block) {
  const std::int64_t n = q.codes.owned_count();
  std::int64_t g[kMaxRank], s[kMaxRank];
  const double tensor_scale = nvfp4 ? static_cast<double>(q.tensor_scale.at(kOrigin)) : 1.0;
  for (std::int64_t k = 0; k < n; ++k) {
    q.codes.owned_coord(k, g);
    scale_coord(g, q.codes.rank, block, s);
    const double v = mx_value(q.codes.at(g)) * static_cast<double>(widen(q.scales.at(s))) * tensor_scale;
    out.at(g) = Narrow<D>::from(static_cast<float>(v));
  }
}

}  // namespace tf_rt
