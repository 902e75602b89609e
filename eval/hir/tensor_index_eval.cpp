// IndexSelect, IndexCopy, IndexAdd, InsertSlice and CacheUpdate: slabs and windows read or
// written at run-time positions (tensor_eval_handlers.h). Positions are checked before any
// copy, so a bad index is an eval error, never an out-of-bounds access. A slab j along `dim`
// of a tensor of shape S is the box S with S[dim] = 1 at offset j * stride[dim].
#include <fmt/format.h>

#include "eval/hir/element_move.h"
#include "eval/hir/strided_copy.h"
#include "eval/hir/tensor_eval_handlers.h"
#include "eval/hir/tensor_eval_util.h"
#include "ir/numerics/convert.h"
#include "ir/support/checked_int.h"

namespace tf::eval::tensor_ops {

namespace {

// The window of slab `j` along `dim` of a tensor of `shape`.
StridedWindow slab(const Shape& shape, int dim, std::int64_t j) {
  std::vector<std::int64_t> strides = row_major_strides(shape);
  return {j * strides[dim], std::move(strides)};
}

// The checks IndexCopy and IndexAdd share: dim in range, src like dst off dim, one index
// entry per src slab, each inside dst's extent. The index entries on success.
Result<std::vector<std::int64_t>> index_update_entries(const OpEvalArgs& a, int& dim) {
  const Tensor &dst = a.tensor(0), &index = a.tensor(1), &src = a.tensor(2);
  Result<int> d = normalize_axis(int_attr(a, "dim"), dst.rank(), "dim");
  TF_TRY(d);
  dim = *d;
  if (src.dtype() != dst.dtype())
    return eval_error(fmt::format("src dtype {} differs from dst dtype {}", src.dtype().name(),
                                  dst.dtype().name()));
  bool same = src.rank() == dst.rank();
  for (int k = 0; same && k < dst.rank(); ++k) same = k == dim || src.shape()[k] == dst.shape()[k];
  if (!same)
    return eval_error(fmt::format("src shape {} does not match dst shape {} off dim {}",
                                  shape_text(src.shape()), shape_text(dst.shape()), dim));
  if (index.rank() != 1 || index.shape()[0] != src.shape()[dim])
    return eval_error(fmt::format("index of shape {} needs one entry per src slab ({} on dim {})",
                                  shape_text(index.shape()), src.shape()[dim], dim));
  return index_entries(index, dst.shape()[dim], "index");
}

// The sign-extended value of an integer code of `bits` bits.
std::int64_t signed_value(std::uint64_t code, int bits) {
  if (bits >= 64) return static_cast<std::int64_t>(code);
  const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return static_cast<std::int64_t>((code ^ sign) - sign);
}

// out[t] += src[f] for one element pair: floats in f32, rounded to the dtype (D4 default mode)
// after this add; integers in int64, wrapped to the width; bool as logical or (1 + 1 != 0).
void add_into(Tensor& out, std::int64_t t, const Tensor& src, std::int64_t f,
              numerics::CastMode mode) {
  const DType dtype = out.dtype();
  if (dtype.is_float()) {
    const float sum =
        numerics::decode_f32(out.code(t), dtype) + numerics::decode_f32(src.code(f), dtype);
    out.set_code(t, numerics::encode_f32(sum, dtype, mode));
  } else if (dtype.is_bool()) {
    out.set_code(t, (out.code(t) | src.code(f)) != 0 ? 1 : 0);
  } else {
    const int bits = dtype.bit_width();
    const std::uint64_t sum = static_cast<std::uint64_t>(signed_value(out.code(t), bits)) +
                              static_cast<std::uint64_t>(signed_value(src.code(f), bits));
    out.set_code(t, sum);
  }
}

}  // namespace

Result<Value> eval_index_select(const OpEvalArgs& a) {
  const Tensor& x = a.tensor(0);
  Result<int> dim = normalize_axis(int_attr(a, "dim"), x.rank(), "dim");
  TF_TRY(dim);
  Result<std::vector<std::int64_t>> index = index_entries(a.tensor(1), x.shape()[*dim], "index");
  TF_TRY(index);
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const Shape shape = with_extent(in[0].shape(), *dim, static_cast<std::int64_t>(index->size()));
    const Shape box = with_extent(in[0].shape(), *dim, 1);
    Tensor out = Tensor::make_uninitialized(in[0].dtype(), shape);
    for (std::size_t j = 0; j < index->size(); ++j)
      copy_box(in[0], slab(in[0].shape(), *dim, (*index)[j]), out,
               slab(shape, *dim, static_cast<std::int64_t>(j)), box);
    return std::vector<Tensor>{out};
  };
  Result<Tensor> out = move_element({&x, 1}, mover, op_name(a));
  TF_TRY(out);
  return Value(*out);
}

Result<Value> eval_index_copy(const OpEvalArgs& a) {
  int dim = 0;
  Result<std::vector<std::int64_t>> index = index_update_entries(a, dim);
  TF_TRY(index);
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const Tensor &dst = in[0], &src = in[1];
    const Shape box = with_extent(src.shape(), dim, 1);
    Tensor out = copy_of(dst);
    // In order j = 0, 1, ...: of duplicate entries the last write wins.
    for (std::size_t j = 0; j < index->size(); ++j)
      copy_box(src, slab(src.shape(), dim, static_cast<std::int64_t>(j)), out,
               slab(dst.shape(), dim, (*index)[j]), box);
    return std::vector<Tensor>{out};
  };
  const Tensor inputs[] = {a.tensor(0), a.tensor(2)};
  Result<Tensor> out = move_element(inputs, mover, op_name(a));
  TF_TRY(out);
  return Value(*out);
}

Result<Value> eval_index_add(const OpEvalArgs& a) {
  const Tensor &dst = a.tensor(0), &src = a.tensor(2);
  if (std::optional<Diagnostic> e = refuse_block_scaled(dst, op_name(a))) return *e;
  int dim = 0;
  Result<std::vector<std::int64_t>> index = index_update_entries(a, dim);
  TF_TRY(index);
  const numerics::CastMode mode =
      dst.dtype().is_float() ? numerics::default_cast_mode(dst.dtype()) : numerics::CastMode{};
  const Shape box = with_extent(src.shape(), dim, 1);
  Tensor out = copy_of(dst);
  // Elements no index names keep their codes exactly; each add rounds once (D6 per add).
  for (std::size_t j = 0; j < index->size(); ++j)
    for_each_box_index(box, slab(src.shape(), dim, static_cast<std::int64_t>(j)),
                       slab(dst.shape(), dim, (*index)[j]),
                       [&](std::int64_t f, std::int64_t t) { add_into(out, t, src, f, mode); });
  return Value(out);
}

Result<Value> eval_insert_slice(const OpEvalArgs& a) {
  const Tensor &dst = a.tensor(0), &update = a.tensor(1);
  Result<std::vector<std::int64_t>> offsets = scalar_ints(a.args[2], "offsets");
  TF_TRY(offsets);
  const int r = dst.rank();
  if (update.dtype() != dst.dtype())
    return eval_error(fmt::format("update dtype {} differs from dst dtype {}",
                                  update.dtype().name(), dst.dtype().name()));
  if (update.rank() != r || static_cast<int>(offsets->size()) != r)
    return eval_error(
        fmt::format("dst of rank {} needs an update of that rank and {} offsets, "
                    "got rank {} and {}",
                    r, r, update.rank(), offsets->size()));
  for (int k = 0; k < r; ++k) {
    const std::int64_t o = (*offsets)[k], u = update.shape()[k], e = dst.shape()[k];
    if (o < 0 || u > e || o > e - u)
      return eval_error(fmt::format(
          "the window [{}, {}) on axis {} is out of range for dst extent {}", o, sum_text(o, u), k, e));
  }
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const std::vector<std::int64_t> strides = row_major_strides(in[0].shape());
    StridedWindow to{0, strides};
    for (int k = 0; k < r; ++k) to.offset += (*offsets)[k] * strides[k];
    Tensor out = copy_of(in[0]);
    copy_box(in[1], row_major_window(in[1].shape()), out, to, in[1].shape());
    return std::vector<Tensor>{out};
  };
  const Tensor inputs[] = {dst, update};
  Result<Tensor> out = move_element(inputs, mover, op_name(a));
  TF_TRY(out);
  return Value(*out);
}

Result<Value> eval_cache_update(const OpEvalArgs& a) {
  const Tensor &cache = a.tensor(0), &fresh = a.tensor(3);  // `new` is a C++ keyword
  Result<std::int64_t> cur_pos = scalar_int(a.tensor(1), "cur_pos");
  TF_TRY(cur_pos);
  Result<std::int64_t> s = scalar_int(a.tensor(2), "s");
  TF_TRY(s);
  if (fresh.dtype() != cache.dtype())
    return eval_error(fmt::format("new dtype {} differs from cache dtype {}", fresh.dtype().name(),
                                  cache.dtype().name()));
  if (cache.rank() != 4 || fresh.rank() != 4)
    return eval_error(fmt::format("cache and new must be rank 4 [B, len, H, D], got {} and {}",
                                  shape_text(cache.shape()), shape_text(fresh.shape())));
  for (int k : {0, 2, 3})
    if (cache.shape()[k] != fresh.shape()[k])
      return eval_error(fmt::format("cache {} and new {} differ on axis {}",
                                    shape_text(cache.shape()), shape_text(fresh.shape()), k));
  const std::int64_t cache_len = cache.shape()[1], new_len = fresh.shape()[1];
  if (*cur_pos < 0) return eval_error(fmt::format("cur_pos {} is negative", *cur_pos));
  if (*s < 1 || *s > new_len)
    return eval_error(fmt::format("s {} is out of range [1, new.len = {}]", *s, new_len));
  if (*cur_pos > cache_len - *s)
    return eval_error(
        fmt::format("cur_pos {} + s {} is out of range for cache.len {}", *cur_pos, *s, cache_len));
  ElementMover mover = [&](std::span<const Tensor> in) -> Result<std::vector<Tensor>> {
    const Shape& cs = in[0].shape();
    const Shape box = {cs[0], *s, cs[2], cs[3]};
    const std::vector<std::int64_t> strides = row_major_strides(cs);
    Tensor out = copy_of(in[0]);
    copy_box(in[1], row_major_window(in[1].shape()), out, {*cur_pos * strides[1], strides}, box);
    return std::vector<Tensor>{out};
  };
  const Tensor inputs[] = {cache, fresh};
  Result<Tensor> out = move_element(inputs, mover, op_name(a));
  TF_TRY(out);
  return Value(*out);
}

}  // namespace tf::eval::tensor_ops
