// Copy and cast with block-scaled operands (block_scaled_planes.h; docs/tir-semantics.md,
// "Block-scaled tensors"). A thread takes the codes it holds (all of them when undistributed) and
// the scales of the whole blocks they make up; a copy moves those as a plain copy would (the race
// shadow and the initialization state see plane accesses), a cast quantizes or dequantizes them
// with the HIR evaluator's cast (cast_tensor: the project's numerics).
#include <fmt/format.h>

#include <numeric>

#include "eval/tir/block_scaled_planes.h"
#include "eval/tir/thread_runner.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/math_kinds.h"

namespace tf::eval::tir {

namespace {

ElementList every_element(const View& v) {
  ElementList all(static_cast<std::size_t>(v.size));
  std::iota(all.begin(), all.end(), std::int64_t{0});
  return all;
}

// The elements of plane k a thread touches: its codes, the scales of their blocks, or (NVFP4's
// tensor scale) the whole plane.
ElementList plane_elements(std::size_t k, const ElementList& codes, const ElementList& scales, const View& plane) {
  return k == 0 ? codes : k == 1 ? scales : every_element(plane);
}

// `values` (n codes of `dtype`) as a tensor of `shape`.
Tensor shaped(const Tensor& values, DType dtype, Shape shape) {
  Tensor x = Tensor::make_uninitialized(dtype, std::move(shape));
  for (std::int64_t i = 0; i < x.size(); ++i) x.set_code(i, values.code(i));
  return x;
}

}  // namespace

Fault ThreadRunner::plain_operand(const View& v) {
  if (v.planes.empty()) return std::nullopt;
  Diagnostic d = eval_error_at(m_, current_, fmt::format("{} is a block-scaled {} tensor: only copy and a cast read or write its "
                                                 "planes (docs/tir-semantics.md, \"Block-scaled tensors\")",
                                                 v.name, v.dtype.name()));
  d.rule_id = "DTREP.LOGICAL.not-carrier-dtype";
  return d;
}

Result<ElementList> ThreadRunner::block_scales_of(const View& v, const ElementList& codes) {
  const std::int64_t block = block_of(v);
  ElementList scales;
  scales.reserve(codes.size() / static_cast<std::size_t>(block));
  for (std::size_t k = 0; k < codes.size(); k += static_cast<std::size_t>(block)) {
    const std::int64_t first = codes[k];
    bool whole = first % block == 0 && k + static_cast<std::size_t>(block) <= codes.size();
    for (std::int64_t j = 1; whole && j < block; ++j) whole = codes[k + static_cast<std::size_t>(j)] == first + j;
    if (!whole)
      return eval_error_at(m_, current_, fmt::format("{} holds part of a block of the block-scaled {}: its elements from "
                                                     "{} are not one whole block", thread_name(t_.pos), v.name, first));
    scales.push_back(first / block);
  }
  return scales;
}

Fault ThreadRunner::copy_planes(const View& src, const View& dst) {
  if (src.dtype != dst.dtype || src.planes.size() != dst.planes.size())
    return eval_error_at(m_, current_, fmt::format("copy of {} {} into {} {}: a block-scaled tensor copies into one of its dtype",
                                                   src.name, src.dtype.name(), dst.name, dst.dtype.name()));
  const View& s = *src.planes[0];
  const View& d = *dst.planes[0];
  Result<std::optional<ElementList>> e = copied_elements(s, d);
  if (!e.ok()) return e.diagnostics().front();
  if (!*e) return std::nullopt;  // the thread holds no part of the copy
  Result<ElementList> scales = block_scales_of(src, **e);
  if (!scales.ok()) return scales.diagnostics().front();
  for (std::size_t k = 0; k < src.planes.size(); ++k) {
    const ElementList which = plane_elements(k, **e, *scales, *src.planes[k]);
    Result<Gathered> g = gather(*src.planes[k], which, ReadUse::Move);
    if (!g.ok()) return g.diagnostics().front();
    if (Fault f = scatter(*dst.planes[k], which, g->values, &g->init)) return f;
  }
  return std::nullopt;
}

// The part of the cast the thread holds (every element of an undistributed one) is quantized or
// dequantized as whole blocks: n codes as an (n / B, B) tensor, so a thread's blocks are its own
// (an MX scale is its block's); NVFP4's tensor scale is the whole tensor's amax, so NVFP4 runs
// undistributed only (the grid rule keeps it to one thread).
Fault ThreadRunner::block_scaled_cast(const Call& c, const View& src, const View& dst) {
  if (unary_kind_of(c) != UnaryKind::Cast) return plain_operand(src.planes.empty() ? dst : src);  // only a cast takes planes
  const View& bs = src.planes.empty() ? dst : src;
  Result<std::optional<ElementList>> held_codes = held(*bs.planes[0]);
  if (!held_codes.ok()) return held_codes.diagnostics().front();
  if (!*held_codes) return std::nullopt;
  const ElementList& codes = **held_codes;
  if (bs.planes.size() > 2 && codes.size() != static_cast<std::size_t>(bs.size))
    return eval_error_at(m_, current_, fmt::format("{} casts part of the NVFP4 {}: its tensor scale is the whole tensor's",
                                                   thread_name(t_.pos), bs.name));
  Result<ElementList> scales = block_scales_of(bs, codes);
  if (!scales.ok()) return scales.diagnostics().front();
  const std::int64_t block = block_of(bs);
  const Shape blocks{static_cast<std::int64_t>(scales->size()), block};
  Tensor x;
  if (src.planes.empty()) {
    Result<Gathered> g = gather(src, codes, ReadUse::Data);
    if (!g.ok()) return g.diagnostics().front();
    x = shaped(g->values, src.dtype, blocks);
  } else {
    std::vector<Tensor> planes;
    for (std::size_t k = 0; k < src.planes.size(); ++k) {
      const View& p = *src.planes[k];
      Result<Gathered> g = gather(p, plane_elements(k, codes, *scales, p), ReadUse::Data);
      if (!g.ok()) return g.diagnostics().front();
      planes.push_back(std::move(g->values));
    }
    x = planes_tensor(src.dtype, blocks, planes);
  }
  Result<Tensor> r = cast_tensor(x, dst.dtype, cast_options(c, dst.dtype));
  if (!r.ok()) return eval_error_at(m_, current_, r.diagnostics().front().message);
  if (dst.planes.empty()) return scatter(dst, codes, *r, nullptr);
  const std::vector<Tensor> planes = plane_values(*r);
  for (std::size_t k = 0; k < planes.size(); ++k) {
    if (Fault f = scatter(*dst.planes[k], plane_elements(k, codes, *scales, *dst.planes[k]), planes[k], nullptr)) return f;
  }
  return std::nullopt;
}

}  // namespace tf::eval::tir
