// Block-scaled tensors in an emitted kernel (cuda/runtime/block_scaled.h; docs/cuda-backend.md,
// "Block-scaled tensors"): each plane is a plain tensor of the emitter (its own View), and the
// tensor a tf_rt::BlockScaled over them. A kernel parameter is one buffer of planes; an
// allocation allocates each plane as a plain allocation; a view is the same view of the codes,
// the scales of that view found at run time, the same tensor scale; copy moves each plane; a
// cast quantizes or dequantizes through the runtime.
#include <fmt/format.h>

#include "cuda/emit/emit_support.h"
#include "cuda/emit/kernel_emitter.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/math_kinds.h"
#include "ir/core/numerics_spaces.h"
#include "ir/numerics/block_format_of.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda::detail {

Result<Tensor> KernelEmitter::block_scaled_of(const Var& v, const TensorType& t, std::string name) {
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(t.dtype);
  if (!f.ok()) return not_emitted(fmt::format("tensors of {} (`{}` in {})", t.dtype.name(), v.name, fn_.name()));
  std::vector<std::int64_t> shape;
  for (const ShapeDim& d : t.shape) {
    if (!d.is_static()) return not_emitted(fmt::format("the block-scaled tensor `{}` of symbolic extent (in {})", v.name, fn_.name()));
    shape.push_back(d.value());
  }
  if (shape.empty() || shape.back() % f->block_size != 0)
    return not_emitted(fmt::format("the block-scaled tensor `{}` whose last axis is not whole blocks", v.name));
  Tensor out;
  out.dtype = t.dtype;
  out.shape = shape;
  for (std::int64_t e : shape) out.extents.push_back(std::to_string(e));
  out.name = name.empty() ? names_.user(v.name) : std::move(name);
  out.ir_name = v.name;
  out.block = f->block_size;
  out.row_major = true;
  out.storage = t.storage.value_or(StorageKind::Gmem);
  std::vector<std::int64_t> scales = shape;
  scales.back() /= f->block_size;
  std::vector<std::pair<DType, std::vector<std::int64_t>>> planes{{f->element, shape}, {f->block_scale, scales}};
  if (f->tensor_scale.valid()) planes.push_back({f->tensor_scale, {}});
  static constexpr const char* kPlaneNames[] = {"codes", "scales", "tensor_scale"};
  for (std::size_t k = 0; k < planes.size(); ++k) {
    Tensor p;
    p.dtype = planes[k].first;
    p.element = *ctype(p.dtype);
    p.shape = planes[k].second;
    for (std::int64_t e : p.shape) p.extents.push_back(std::to_string(e));
    p.ir_name = fmt::format("{}.{}", v.name, kPlaneNames[k]);
    p.name = names_.user(p.ir_name);
    p.storage = out.storage;
    p.row_major = true;  // a parameter's or an allocation's planes (a view sets its own)
    p.strides = row_major_strides(p.shape);
    out.planes.push_back(std::move(p));
  }
  out.element = fmt::format("tf_rt::BlockScaled<{}, {}>", out.planes[0].element, out.planes[1].element);
  return out;
}

void KernelEmitter::bind_planes(const Tensor& t) {
  const std::string tensor_scale = t.planes.size() > 2 ? t.planes[2].name : "tf_rt::View<float>{}";
  line(fmt::format("const {} {}{{{}, {}, {}}};", t.element, t.name, t.planes[0].name, t.planes[1].name, tensor_scale));
}

void KernelEmitter::block_scaled_param(const Tensor& t) {
  line(fmt::format("const std::int64_t {}_shape[] = {{{}}};", t.planes[0].name, int_list(t.planes[0].shape)));
  line(fmt::format("const std::int64_t {}_shape[] = {{{}}};", t.planes[1].name, int_list(t.planes[1].shape)));
  line(fmt::format("const {0} {1} = tf_rt::block_scaled_param<{2}, {3}>({1}_ptr, {4}, {5}_shape, {6}_shape, {7});", t.element,
                   t.name, t.planes[0].element, t.planes[1].element, t.shape.size(), t.planes[0].name, t.planes[1].name, t.block));
  static constexpr const char* kFields[] = {"codes", "scales", "tensor_scale"};
  for (std::size_t k = 0; k < t.planes.size(); ++k)
    line(fmt::format("const tf_rt::View<{}>& {} = {}.{};", t.planes[k].element, t.planes[k].name, t.name, kFields[k]));
  views_ += static_cast<std::int64_t>(t.planes.size());
}

Result<bool> KernelEmitter::emit_block_scaled_alloc(Tensor& t, const TensorType& type) {
  const ShardLayout* sl = type.layout ? type.layout->as_shard() : nullptr;
  if (type.layout && *type.layout != empty_layout() && sl == nullptr)
    return not_emitted(fmt::format("the block-scaled allocation `{}` with a plain layout (its planes are row-major)", t.ir_name));
  if (sl != nullptr && t.planes.size() > 2)
    return not_emitted(fmt::format("the distributed NVFP4 allocation `{}` (its tensor scale is the whole tensor's)", t.ir_name));
  for (std::size_t k = 0; k < t.planes.size(); ++k) {
    Tensor& p = t.planes[k];
    if (sl != nullptr && k == 1) {  // the scales of the codes a thread holds: box / B registers
      const std::int64_t count = std::max<std::int64_t>(product(t.planes[0].box) / t.block, 1);
      line(fmt::format("{} {}_regs[{}];", p.element, p.name, count));
      line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::block_scales({2}, tf_rt::plane_storage({1}_regs, {3}), {4});", p.element,
                       p.name, t.planes[0].name, count, t.block));
      registers_ += count * static_cast<std::int64_t>(sizeof(std::uint64_t));
      p.distributed = true;
      p.strides.clear();
      continue;
    }
    std::vector<ShapeDim> dims(p.shape.begin(), p.shape.end());
    Result<TensorTypeRef> plane = TensorType::make(dims, p.dtype, k == 0 && sl != nullptr ? type.layout : std::nullopt, type.storage);
    TF_TRY(plane);
    Result<bool> a = emit_alloc(p, **plane);
    TF_TRY(a);
  }
  t.distributed = t.planes[0].distributed;
  bind_planes(t);
  views_ += static_cast<std::int64_t>(t.planes.size());
  return true;
}

Result<bool> KernelEmitter::emit_block_scaled_view(Tensor& t, const Call& c, const Tensor& src) {
  if (t.planes.empty() || t.planes.size() != src.planes.size()) return not_emitted("a view of a block-scaled tensor as another dtype");
  if (src.planes[0].distributed) return not_emitted(fmt::format("a view of a thread's part of the block-scaled `{}`", src.ir_name));
  Result<bool> codes = emit_view(t.planes[0], c, &src.planes[0]);
  TF_TRY(codes);
  line(fmt::format("const tf_rt::View<{}> {} = tf_rt::block_scales({}, {}, {});", t.planes[1].element, t.planes[1].name,
                   t.planes[0].name, src.planes[1].name, t.block));
  if (t.planes.size() > 2) t.planes[2] = src.planes[2];  // the whole tensor's scale, every thread's to read
  t.storage = src.storage;
  t.row_major = t.planes[0].row_major;
  t.distributed = t.planes[1].distributed = t.planes[0].distributed;
  t.planes[1].strides.clear();
  bind_planes(t);
  views_ += 2;
  return true;
}

Result<bool> KernelEmitter::emit_block_scaled_cast(const Call& c, const Tensor& src, const Tensor& dst) {
  if (unary_kind_of(c) != UnaryKind::Cast) return not_emitted("a unary other than a cast of a block-scaled tensor");
  // The runtime walks the codes the thread holds and reads or writes the plain operand at the
  // same coordinates, so both are distributed alike (or neither is).
  const Tensor& plain = src.planes.empty() ? src : dst;
  const Tensor& codes = src.planes.empty() ? dst.planes[0] : src.planes[0];
  const bool alike = plain.layout == codes.layout || (plain.layout != nullptr && codes.layout != nullptr && *plain.layout == *codes.layout);
  if (!plain.logical.empty() || plain.distributed != codes.distributed || !alike)
    return not_emitted(fmt::format("a block-scaled cast whose operands `{}` and `{}` are distributed differently", src.ir_name,
                                   dst.ir_name));
  if (!dst.planes.empty() && !src.planes.empty()) return not_emitted("a cast between block-scaled dtypes");
  if (dst.planes.empty()) {  // dequantize: the logical values, then dst's default rounding
    if (!std::holds_alternative<std::monostate>(c.attr("rounding")) || !std::holds_alternative<std::monostate>(c.attr("saturate")))
      return not_emitted("a dequantizing cast with an explicit rounding or saturation");
    line(fmt::format("tf_rt::dequantize({}, {}, {}, {});", src.name, dst.name, src.planes.size() > 2, src.block));
    return true;
  }
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(dst.dtype);
  TF_TRY(f);
  const numerics::ScaleMethod method =
      optional_enum_value<numerics::ScaleMethod>(c.attr("scale_method")).value_or(numerics::default_scale_method(*f));
  if (method == numerics::ScaleMethod::Nvfp4)
    line(fmt::format("tf_rt::quantize_nvfp4({}, {}, {});", src.name, dst.name, dst.block));
  else
    line(fmt::format("tf_rt::quantize_mx({}, {}, {}, {});", src.name, dst.name, method == numerics::ScaleMethod::Rceil, dst.block));
  return true;
}

}  // namespace tf::cuda::detail
