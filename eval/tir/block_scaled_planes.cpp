#include "eval/tir/block_scaled_planes.h"

#include <fmt/format.h>

#include "ir/layout/layout_base.h"
#include "ir/numerics/block_format_of.h"

namespace tf::eval::tir {

namespace {

Diagnostic eval_error(std::string message) { return category_error(DiagCategory::Eval, std::move(message)); }

Result<numerics::BlockScaleFormat> format_of(DType dtype) {
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(dtype);
  if (!f.ok()) return eval_error(fmt::format("{} has no block-scale format the machine model runs", dtype.name()));
  return f;
}

// Scale j of a view whose block j is the run of codes from offset o: the tensor's scale o / B
// (block_scaled_view checked that every block is such a run, o a multiple of B).
class BlockScaleMap final : public ElementMap {
 public:
  BlockScaleMap(std::shared_ptr<const ElementMap> codes, std::int64_t block) : codes_(std::move(codes)), block_(block) {}
  std::int64_t offset(std::int64_t flat) const override {
    const std::int64_t o = codes_->offset(flat * block_);
    return o == kOutside ? kOutside : o / block_;
  }
  std::optional<std::int64_t> run(std::int64_t first, std::int64_t n) const override {
    std::optional<std::int64_t> o = codes_->run(first * block_, n * block_);
    if (!o) return std::nullopt;
    return *o / block_;
  }
  std::optional<Overflow> overflow(std::int64_t flat) const override { return codes_->overflow(flat * block_); }

 private:
  std::shared_ptr<const ElementMap> codes_;
  std::int64_t block_;
};

std::shared_ptr<View> plane_view(std::string name, DType dtype, Shape shape) {
  auto v = std::make_shared<View>();
  v->name = std::move(name);
  v->dtype = dtype;
  v->size = shape_size(shape);
  v->shape = std::move(shape);
  return v;
}

}  // namespace

Result<std::vector<PlaneShape>> plane_shapes(DType dtype, const Shape& shape) {
  Result<numerics::BlockScaleFormat> f = format_of(dtype);
  if (!f.ok()) return f.diagnostics();
  Result<numerics::BlockGrid> grid = numerics::block_grid(shape, *f);
  if (!grid.ok())
    return eval_error(fmt::format("a {} tensor of shape {}: {}", dtype.name(), shape_text(shape), grid.diagnostics().front().message));
  Shape scales = shape;
  scales.back() /= f->block_size;
  std::vector<PlaneShape> planes{{f->element, shape, "codes"}, {f->block_scale, scales, "scales"}};
  if (f->tensor_scale.valid()) planes.push_back({f->tensor_scale, Shape{1}, "tensor_scale"});
  return planes;
}

Result<ViewRef> block_scaled_buffers(std::string name, const TensorType& type, const Shape& shape,
                                     const PlaneAllocator& allocate, bool private_engine, ViewCaches& cache) {
  const bool sharded = type.layout && type.layout->as_shard() != nullptr;
  if (type.layout && *type.layout != empty_layout() && !sharded)
    return eval_error(fmt::format("{}: a block-scaled tensor in TIR memory is row-major, plane by plane; its type "
                                  "takes no plain layout (docs/tir-semantics.md, \"Block-scaled tensors\")", name));
  Result<std::vector<PlaneShape>> planes = plane_shapes(type.dtype, shape);
  if (!planes.ok()) return planes.diagnostics();
  std::shared_ptr<View> v = plane_view(name, type.dtype, shape);
  for (std::size_t k = 0; k < planes->size(); ++k) {
    const PlaneShape& p = (*planes)[k];
    std::shared_ptr<View> plane = plane_view(fmt::format("{}.{}", name, p.name), p.dtype, p.shape);
    if (sharded && k == 0) {  // the codes laid out and distributed by the type's ShardLayout
      TensorTypeRef& codes = cache.codes_types[&type];
      if (!codes) {
        Result<TensorTypeRef> made = TensorType::make(type.shape, p.dtype, type.layout, type.storage);
        if (!made.ok()) return made.diagnostics();
        codes = *made;
      }
      Result<ViewCaches::TypeLayout> placed = type_layout(*codes, shape, private_engine, cache);
      if (!placed.ok()) return placed.diagnostics();
      plane->buffer = allocate(k, p.dtype, placed->count, plane->name);
      plane->map = placed->map;
      plane->dist = placed->dist;
    } else if (sharded && k == 1) {  // the scales of those codes
      const std::int64_t block = shape.back() / std::max<std::int64_t>(p.shape.back(), 1);
      plane->buffer = allocate(k, p.dtype, (v->planes[0]->buffer->count() + block - 1) / block, plane->name);
      plane->map = std::make_shared<BlockScaleMap>(v->planes[0]->map, block);
    } else {
      plane->buffer = allocate(k, p.dtype, plane->size, plane->name);
      plane->map = identity_map();
    }
    v->planes.push_back(std::move(plane));
  }
  return ViewRef(std::move(v));
}

std::int64_t block_of(const View& v) {
  Result<numerics::BlockScaleFormat> f = numerics::block_scale_format_of(v.dtype);
  TF_CHECK(f.ok(), "the block-scaled view {} of {} without a format", v.name, v.dtype.name());
  return f->block_size;
}

Result<ViewRef> block_scaled_view(std::string name, const ViewRef& memory, const LayoutBase& layout,
                                  const Shape& shape, ViewCaches& cache, const std::vector<std::int64_t>& start) {
  if (memory->planes[0]->dist)
    return eval_error(fmt::format("tensor_view {} of the distributed block-scaled {}: a view of a thread's part of a "
                                  "block-scaled tensor is not run yet", name, memory->name));
  Result<std::vector<PlaneShape>> planes = plane_shapes(memory->dtype, shape);
  if (!planes.ok()) return planes.diagnostics();
  Result<ViewRef> codes = tensor_view(fmt::format("{}.codes", name), memory->planes[0], layout, shape, cache, start);
  if (!codes.ok()) return codes.diagnostics();
  const std::int64_t block = (*planes)[0].shape.back() / std::max<std::int64_t>((*planes)[1].shape.back(), 1);
  // A ShardLayout view keeps every element's logical index (element i is memory's element i),
  // so it keeps memory's blocks; a thread's part of it is checked when an op reads it
  // (block_scales_of). A plain layout is walked block by block.
  const std::int64_t blocks = layout.as_shard() != nullptr ? 0 : shape_size((*planes)[1].shape);
  for (std::int64_t j = 0; j < blocks; ++j) {
    if ((*codes)->map->offset(j * block) == ElementMap::kOutside) continue;  // reported when touched
    std::optional<std::int64_t> run = (*codes)->map->run(j * block, block);
    if (!run) {  // the map cannot say: element by element
      const std::int64_t o = (*codes)->map->offset(j * block);
      bool consecutive = true;
      for (std::int64_t k = 1; k < block && consecutive; ++k) consecutive = (*codes)->map->offset(j * block + k) == o + k;
      if (consecutive) run = o;
    }
    if (!run || *run % block != 0)
      return eval_error(fmt::format("tensor_view {} of {} cannot keep the blocks of the block-scaled {}: its block {} "
                                    "is not one whole block of {} (cast to a simple dtype first)",
                                    name, memory->name, memory->dtype.name(), j, memory->name));
  }
  std::shared_ptr<View> v = plane_view(name, memory->dtype, shape);
  v->planes.push_back(*codes);
  std::shared_ptr<View> scales = plane_view(fmt::format("{}.scales", name), (*planes)[1].dtype, (*planes)[1].shape);
  scales->buffer = memory->planes[1]->buffer;
  scales->map = std::make_shared<BlockScaleMap>((*codes)->map, block);
  v->planes.push_back(std::move(scales));
  for (std::size_t k = 2; k < memory->planes.size(); ++k) v->planes.push_back(memory->planes[k]);
  return ViewRef(std::move(v));
}

Tensor planes_tensor(DType dtype, const Shape& shape, const std::vector<Tensor>& planes) {
  numerics::BlockScaledValue value;
  value.shape = shape;
  auto bytes = [](const Tensor& t) {
    std::vector<std::uint8_t> out(static_cast<std::size_t>(t.size()));
    for (std::int64_t i = 0; i < t.size(); ++i) out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(t.code(i));
    return out;
  };
  value.element_codes = bytes(planes.at(0));
  value.block_scales = bytes(planes.at(1));
  if (planes.size() > 2) value.tensor_scale_bits = static_cast<std::uint32_t>(planes[2].code(0));
  return Tensor::block_scaled(dtype, std::move(value));
}

std::vector<Tensor> plane_values(const Tensor& t) {
  const numerics::BlockScaledValue& value = t.planes();
  Result<std::vector<PlaneShape>> planes = plane_shapes(t.dtype(), t.shape());
  TF_CHECK(planes.ok(), "the block-scaled {} {} without its planes", t.dtype().name(), shape_text(t.shape()));
  std::vector<Tensor> out;
  for (const PlaneShape& p : *planes) out.push_back(Tensor::make(p.dtype, p.shape));
  for (std::size_t i = 0; i < value.element_codes.size(); ++i) out[0].set_code(static_cast<std::int64_t>(i), value.element_codes[i]);
  for (std::size_t i = 0; i < value.block_scales.size(); ++i) out[1].set_code(static_cast<std::int64_t>(i), value.block_scales[i]);
  if (out.size() > 2) out[2].set_code(0, value.tensor_scale_bits.value_or(0));
  return out;
}

ViewContents block_scaled_contents(const View& v) {
  ViewContents c;
  std::vector<Tensor> planes;
  for (std::size_t k = 0; k < v.planes.size(); ++k) {
    ViewContents p = view_contents(*v.planes[k]);
    if (p.unwritten > 0 && c.unwritten == 0) c.first_unwritten = k == 0 ? p.first_unwritten : 0;
    c.unwritten += p.unwritten;
    planes.push_back(std::move(p.values));
  }
  c.values = planes_tensor(v.dtype, v.shape, planes);
  return c;
}

}  // namespace tf::eval::tir
