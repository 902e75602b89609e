// Copy and cast with block-scaled operands (block_scaled_planes.h; docs/tir-semantics.md,
// "Block-scaled tensors"). A copy moves each plane as a plain copy would (the race shadow and the
// initialization state see plane accesses). A quantizing cast reads its whole source and writes
// every plane of its destination; a dequantizing cast reads every plane and writes its whole
// destination: the HIR evaluator's cast (cast_tensor: the project's numerics), one thread doing
// all of it, as a block-scaled view is not distributed.
#include <fmt/format.h>

#include <numeric>

#include "eval/tir/block_scaled_planes.h"
#include "eval/tir/thread_runner.h"
#include "eval/value/tensor_convert.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/numerics_spaces.h"

namespace tf::eval::tir {

namespace {

ElementList every_element(const View& v) {
  ElementList all(static_cast<std::size_t>(v.size));
  std::iota(all.begin(), all.end(), std::int64_t{0});
  return all;
}

}  // namespace

Fault ThreadRunner::plain_operand(const View& v) {
  if (v.planes.empty()) return std::nullopt;
  return eval_error_at(m_, current_, fmt::format("{} is a block-scaled {} tensor: only copy and a cast read or write its "
                                                 "planes (docs/tir-semantics.md, \"Block-scaled tensors\")",
                                                 v.name, v.dtype.name()));
}

Fault ThreadRunner::copy_planes(const View& src, const View& dst) {
  if (src.dtype != dst.dtype || src.planes.size() != dst.planes.size())
    return eval_error_at(m_, current_, fmt::format("copy of {} {} into {} {}: a block-scaled tensor copies into one of its dtype",
                                                   src.name, src.dtype.name(), dst.name, dst.dtype.name()));
  for (std::size_t k = 0; k < src.planes.size(); ++k)
    if (Fault f = copy_views(*src.planes[k], *dst.planes[k])) return f;
  return std::nullopt;
}

Fault ThreadRunner::block_scaled_cast(const Call& c, const View& src, const View& dst) {
  // A plain view's values in its logical shape.
  auto read = [&](const View& v) -> Result<Tensor> {
    Result<Gathered> g = gather(v, every_element(v), ReadUse::Data);
    if (!g.ok()) return g.diagnostics();
    Tensor x = Tensor::make_uninitialized(v.dtype, v.shape);
    for (std::int64_t i = 0; i < x.size(); ++i) x.set_code(i, g->values.code(i));
    return x;
  };
  Tensor x;
  if (src.planes.empty()) {
    Result<Tensor> r = read(src);
    if (!r.ok()) return r.diagnostics().front();
    x = std::move(r).value();
  } else {
    std::vector<Tensor> planes;
    for (const ViewRef& p : src.planes) {
      Result<Tensor> r = read(*p);
      if (!r.ok()) return r.diagnostics().front();
      planes.push_back(std::move(r).value());
    }
    x = planes_tensor(src.dtype, src.shape, planes);
  }
  CastOptions options = default_cast_options(dst.dtype);
  if (auto rounding = optional_enum_value<numerics::Rounding>(c.attr("rounding"))) options.mode.rounding = *rounding;
  if (const bool* saturate = std::get_if<bool>(&c.attr("saturate"))) options.mode.saturate = *saturate;
  if (auto method = optional_enum_value<numerics::ScaleMethod>(c.attr("scale_method"))) options.scale_method = *method;
  Result<Tensor> r = cast_tensor(x, dst.dtype, options);
  if (!r.ok()) return eval_error_at(m_, current_, r.diagnostics().front().message);
  if (dst.planes.empty()) return scatter(dst, every_element(dst), *r, nullptr);
  const std::vector<Tensor> planes = plane_values(*r);
  for (std::size_t k = 0; k < planes.size(); ++k)
    if (Fault f = scatter(*dst.planes[k], every_element(*dst.planes[k]), planes[k], nullptr)) return f;
  return std::nullopt;
}

}  // namespace tf::eval::tir
