#include "cuda/emit/kernel_emitter.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "cuda/emit/emit_support.h"
#include "ir/layout/composed_layout.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/shard_layout.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda::detail {

namespace {

// The strides of `sl`'s layout over its flat domain when they number the box a thread owns
// compactly (each leaf a thread holds more than one of steps by the product of the extents of the
// leaves with smaller strides: the registers 0 .. box size - 1, each once), else nullopt. An MMA
// atom's fragments are written so (their strides are the instruction's register order).
std::optional<std::vector<std::int64_t>> compact_strides(const ShardLayout& sl, const std::vector<std::int64_t>& box) {
  const Layout* l = sl.layout().as_layout();
  if (l == nullptr) return std::nullopt;
  const std::vector<std::int64_t> strides = ints_of(l->stride());
  if (strides.size() != box.size()) return std::nullopt;
  std::vector<std::size_t> held;
  for (std::size_t i = 0; i < box.size(); ++i)
    if (box[i] > 1) held.push_back(i);
  std::sort(held.begin(), held.end(), [&](std::size_t a, std::size_t b) { return strides[a] < strides[b]; });
  std::int64_t next = 1;
  for (std::size_t i : held) {
    if (strides[i] != next) return std::nullopt;
    next *= box[i];
  }
  std::vector<std::int64_t> out(box.size(), 0);
  for (std::size_t i : held) out[i] = strides[i];
  return out;
}

// A plain layout (view_shape : view_strides, + offset) counts the elements of a base of shape
// `held` row-major; the base lies in memory by `memory` strides. When every view axis steps one
// base axis j by k times its row-major stride, and the offset's coordinates plus the steps stay
// inside each base axis (no carry), the view is strided in memory: axis i by k * memory[j], the
// offset by the offset's coordinates. Else nullopt.
std::optional<std::pair<std::vector<std::int64_t>, std::int64_t>> through_strides(const std::vector<std::int64_t>& held,
                                                                                  const std::vector<std::int64_t>& memory,
                                                                                  const std::vector<std::int64_t>& view_shape,
                                                                                  const std::vector<std::int64_t>& view_strides,
                                                                                  std::int64_t offset) {
  if (held.size() != memory.size() || view_shape.size() != view_strides.size() || offset < 0) return std::nullopt;
  // A view with no element reads nothing: any strides do. A base with no element (an extent 0,
  // whose row-major strides hold a 0) has no place for the elements of any other view.
  if (std::find(view_shape.begin(), view_shape.end(), 0) != view_shape.end())
    return std::make_pair(std::vector<std::int64_t>(view_shape.size(), 0), std::int64_t{0});
  if (std::find(held.begin(), held.end(), 0) != held.end()) return std::nullopt;
  const std::vector<std::int64_t> rows = row_major_strides(held);
  std::vector<std::int64_t> reach(held.size(), 0);  // the offset's coordinate plus the largest steps, per base axis
  std::int64_t rest = offset, memory_offset = 0;
  for (std::size_t j = 0; j < held.size(); ++j) {
    reach[j] = rest / rows[j];
    memory_offset += reach[j] * memory[j];
    rest %= rows[j];
  }
  std::vector<std::int64_t> out(view_shape.size(), 0);
  for (std::size_t i = 0; i < view_shape.size(); ++i) {
    if (view_shape[i] == 1) continue;
    std::optional<std::size_t> axis;
    for (std::size_t j = 0; j < held.size() && !axis; ++j)  // the outermost axis whose stride divides
      if (held[j] > 1 && view_strides[i] % rows[j] == 0) axis = j;
    if (!axis || view_strides[i] < 0) return std::nullopt;
    const std::int64_t k = view_strides[i] / rows[*axis];
    reach[*axis] += k * (view_shape[i] - 1);
    out[i] = k * memory[*axis];
  }
  for (std::size_t j = 0; j < held.size(); ++j)
    if (reach[j] >= held[j] && held[j] > 0) return std::nullopt;
  return std::make_pair(out, memory_offset);
}

}  // namespace

Result<Domain> KernelEmitter::domain_of(const ShardLayout& sl, const std::vector<std::int64_t>& shape) {
  Domain d;
  d.leaves = ints_of(flatten(sl.shape()));
  if (d.leaves == shape) {
    d.per_axis.assign(shape.size(), 1);
    return d;
  }
  const IntTuple top = sl.shape();
  if (!top.is_tuple() || top.children().size() != shape.size())
    return not_emitted("a ShardLayout whose domain is not its tensor's shape");
  for (std::size_t a = 0; a < shape.size(); ++a) {
    const std::vector<std::int64_t> mode = ints_of(top[a]);
    if (product(mode) != shape[a]) return not_emitted("a ShardLayout whose domain is not its tensor's shape");
    d.per_axis.push_back(static_cast<int>(mode.size()));
  }
  if (d.leaves.size() > 8) return not_emitted("a domain of more than eight leaves");
  d.nested = true;
  return d;
}

void KernelEmitter::flatten_tensor(Tensor& t, const Domain& d) {
  line(fmt::format("const int {}_leaves[] = {{{}}};", t.name, fmt::join(d.per_axis, ", ")));
  line(fmt::format("const std::int64_t {}_leaf_extents[] = {{{}}};", t.name, int_list(d.leaves)));
  t.logical = t.shape;
  t.shape = d.leaves;
  t.extents.clear();
  for (std::int64_t e : d.leaves) t.extents.push_back(std::to_string(e));
}

Result<std::string> KernelEmitter::aligned(const Tensor& x, const Tensor& like) {
  if (x.logical == like.logical) return x.name;
  if (!x.logical.empty() || x.distributed || x.symbolic || x.shape != like.logical)
    return not_emitted(fmt::format("`{}` beside the fragment `{}` (an operand over another domain)", x.ir_name, like.ir_name));
  return fmt::format("tf_rt::split_view({}, {}_leaves, {}_leaf_extents)", x.name, like.name, like.name);
}

Result<bool> KernelEmitter::emit_alloc(Tensor& t, const TensorType& type) {
  if (!t.planes.empty()) return emit_block_scaled_alloc(t, type);
  const StorageKind storage = type.storage.value_or(StorageKind::Gmem);
  const ShardLayout* sl = type.layout ? type.layout->as_shard() : nullptr;
  if (type.layout && sl == nullptr) {  // a plain Layout: row-major (a rank-0 tensor's empty one) is the storage order
    const Layout* l = type.layout->as_layout();
    if (l == nullptr || (!t.shape.empty() && (t.symbolic || ints_of(l->stride()) != row_major_strides(t.shape))))
      return not_emitted("an allocation laid out other than row-major");
  }
  if (t.symbolic && (sl != nullptr || storage != StorageKind::Rmem))
    return not_emitted("a distributed or shared allocation of symbolic extent");
  t.storage = storage;
  if (sl != nullptr && storage != StorageKind::Rmem) return not_emitted("a distributed allocation in shared or global memory");
  if (sl != nullptr) {
    Result<Domain> domain = domain_of(*sl, t.shape);
    TF_TRY(domain);
    if (domain->nested) flatten_tensor(t, *domain);
  }
  const std::string shape = fmt::format("{}_shape", t.name);
  line(fmt::format("const std::int64_t {}[] = {{{}}};", shape, extent_list(t)));
  // Every size is checked before it is used: an element count that wraps was emitted as a
  // one-element array the kernel then wrote past (issue 34).
  const std::optional<std::int64_t> checked = checked_bytes(t.shape, t.dtype);
  if (!checked) return not_emitted(fmt::format("the tensor `{}`, whose size in bytes does not fit in 64 bits", t.ir_name));
  const std::int64_t elements = product(t.shape), bytes = *checked;
  if (storage == StorageKind::Rmem) {
    // CUDA gives a thread at most 512 KiB of local memory; larger register tensors (their boxes,
    // or for a symbolic extent its largest size) have no CUDA form (found by the emulation law: a
    // tensor of two 5,000-wide DimVars asked for a 200 MB fiber stack).
    const std::int64_t held = sl != nullptr ? *checked_bytes(box_of(*sl, t.shape), t.dtype) : bytes;
    if (held > kMaxLocalBytes - local_bytes_)
      return not_emitted(fmt::format("a register tensor of {} bytes (`{}`) beside {} bytes of others, more than the 512 KiB of "
                                     "local memory a CUDA thread has",
                                     held, t.ir_name, local_bytes_));
    local_bytes_ += held;
    if (sl != nullptr) {
      Result<std::pair<std::string, std::string>> s = shard(*sl, t.shape);
      TF_TRY(s);
      const std::vector<std::int64_t> box = box_of(*sl, t.shape);
      t.split = split_axes(*sl, t.shape.size());
      t.layout = sl;
      t.box = box;
      line(fmt::format("{} {}_regs[{}];", t.element, t.name, std::max<std::int64_t>(product(box), 1)));
      const std::optional<std::vector<std::int64_t>> order =
          t.logical.empty() ? std::nullopt : compact_strides(*sl, box);
      if (order) {  // a fragment: its registers in its ShardLayout's order (an MMA atom's: the instruction's)
        line(fmt::format("const std::int64_t {}_local_strides[] = {{{}}};", t.name, int_list(*order)));
        line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::fragment_tensor({1}_regs, {2}, {3}, {4}, {5}, {1}_local_strides);",
                         t.element, t.name, t.shape.size(), shape, s->first, s->second));
        t.fragment = true;
        t.strides = *order;
      } else {
        t.strides = row_major_strides(box);
        line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::local_tensor({1}_regs, {2}, {3}, {4}, {5});", t.element, t.name,
                         t.shape.size(), shape, s->first, s->second));
      }
      registers_ += product(box) * static_cast<std::int64_t>(sizeof(std::uint64_t));
      t.distributed = true;
      return true;
    }
    line(fmt::format("{} {}_regs[{}];", t.element, t.name, std::max<std::int64_t>(elements, 1)));
    line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::row_major({1}_regs, {2}, {3});", t.element, t.name, t.shape.size(), shape));
    registers_ += std::max<std::int64_t>(elements, 1) * static_cast<std::int64_t>(sizeof(std::uint64_t));
    if (!t.symbolic) t.strides = row_major_strides(t.shape);
    t.row_major = true;
    return true;
  }
  if (storage != StorageKind::Smem && storage != StorageKind::Gmem) return not_emitted(fmt::format("an allocation in {}", to_string(storage)));
  Result<std::int64_t> placed = place(storage, bytes, fmt::format("`{}`", t.ir_name));
  TF_TRY(placed);
  const std::int64_t at = *placed;
  const char* arena = storage == StorageKind::Smem ? "tf_smem" : "tf_gmem";
  line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::bounded(tf_rt::row_major(reinterpret_cast<{0}*>({2} + {3}), {4}, {5}), {2}_bytes - {3});",
                   t.element, t.name, arena, at, t.shape.size(), shape));
  t.strides = row_major_strides(t.shape);
  t.row_major = true;
  return true;
}

Result<bool> KernelEmitter::emit_view(Tensor& t, const Call& c, const Tensor* over) {
  Result<const Tensor*> src = over != nullptr ? Result<const Tensor*>(over) : operand(c.args[0], c);
  TF_TRY(src);
  if (!(*src)->planes.empty()) return emit_block_scaled_view(t, c, **src);
  if (t.symbolic || (*src)->symbolic) return symbolic_window(t, c);
  const bool reshaped = !std::holds_alternative<std::monostate>(c.attr("shape"));
  const auto* layout = std::get_if<LayoutBase>(&c.attr("layout"));
  if (layout == nullptr) return not_emitted("tensor_view without a layout");
  const std::string shape = fmt::format("{}_shape", t.name);
  t.storage = (*src)->storage;
  if (!(*src)->logical.empty()) return not_emitted("a view of a tensor over a nested domain (a fragment)");
  // The tensor the view is placed over: a distributed source's own part (views nest).
  // A plain layout counts the elements of what it is placed over row-major: that must be
  // contiguous in its storage, unless a ShardLayout keeps the shape (and so the strides).
  std::string base = (*src)->name;
  std::vector<std::int64_t> held = (*src)->shape;
  bool contiguous = (*src)->row_major;
  if ((*src)->distributed) {
    base = fmt::format("tf_rt::local_part({})", (*src)->name);
    held = (*src)->box;
    contiguous = !(*src)->strides.empty() && (*src)->strides == row_major_strides(held);
  }
  const bool keeps_shape = layout->as_shard() != nullptr && held == t.shape;
  // A plain layout over a strided base still has a strided form when its index never carries
  // between the base's axes (a tile of a thread's rows: through_strides).
  const bool plain_layout = layout->as_shard() == nullptr;
  if (!contiguous && !keeps_shape && !(plain_layout && !reshaped && !(*src)->strides.empty()))
    return not_emitted("a view that changes the shape of a strided view, or of a thread's part that is not contiguous");
  if (const ShardLayout* sl = layout->as_shard()) {
    if (reshaped) return not_emitted("tensor_view with a ShardLayout and shape=");
    if (!sl->layout().is_layout()) return not_emitted("a ShardLayout over a composed layout");
    Result<Domain> domain = domain_of(*sl, t.shape);
    TF_TRY(domain);
    if (domain->nested) {  // the source split into the domain's leaves, then distributed over them
      if (!keeps_shape) return not_emitted("a view over a nested domain that reshapes its source");
      flatten_tensor(t, *domain);
      base = fmt::format("tf_rt::split_view({}, {}_leaves, {}_leaf_extents)", base, t.name, t.name);
    }
    line(fmt::format("const std::int64_t {}[] = {{{}}};", shape, int_list(t.shape)));
    Result<std::pair<std::string, std::string>> s = shard(*sl, t.shape);
    TF_TRY(s);
    t.split = split_axes(*sl, t.shape.size());
    t.layout = sl;
    t.box = box_of(*sl, t.shape);
    if (!domain->nested) t.strides = keeps_shape ? (*src)->strides : row_major_strides(t.shape);
    line(fmt::format("const tf_rt::View<{}> {} = tf_rt::shard_view({}, {}, {}, {}, {});", t.element, t.name, base,
                     t.shape.size(), shape, s->first, s->second));
    t.distributed = true;
    return true;
  }
  std::optional<Layout> plain;
  std::int64_t offset = 0;
  if (const Layout* l = layout->as_layout()) plain = *l;
  if (const ComposedLayout* cl = layout->as_composed(); cl != nullptr && cl->inner_is_identity() && cl->outer()) {
    plain = *cl->outer();
    offset = cl->offset();
  }
  if (!plain) return not_emitted("a view through a composed layout with an inner layout");
  // The window start (a loop's offset, view.h): one coordinate per axis of what the view is
  // placed over moves by that axis's stride in its storage, whatever the strides; one flat start
  // on a tensor of rank 2 or more counts its elements row-major, so that tensor must be contiguous.
  std::string start;
  if (c.args.size() > 1) {
    const bool flat = c.args.size() == 2 && held.size() != 1;
    if (flat && !contiguous) return not_emitted("a view with a flat start over a strided view or a thread's part that is not contiguous");
    const std::vector<std::int64_t> steps = contiguous || (*src)->strides.empty() ? row_major_strides(held) : (*src)->strides;
    for (std::size_t k = 1; k < c.args.size(); ++k) {
      Result<std::string> x = coordinate(c.args[k]);
      TF_TRY(x);
      const std::int64_t step = flat ? 1 : steps[k - 1];
      start += step == 1 ? fmt::format(" + {}", *x) : fmt::format(" + {} * {}", *x, int_literal(step));
    }
  }
  line(fmt::format("const std::int64_t {}[] = {{{}}};", shape, int_list(t.shape)));
  std::vector<std::int64_t> strides = ints_of(plain->stride());
  if (!contiguous) {
    std::optional<std::pair<std::vector<std::int64_t>, std::int64_t>> through =
        through_strides(held, (*src)->strides, ints_of(plain->shape()), strides, offset);
    if (!through) return not_emitted("a view whose index carries between the axes of a strided view or of a thread's part");
    strides = through->first;
    offset = through->second;
  }
  if (reshaped) {  // `shape=` reads the layout's view row-major: a contiguous one is a row-major view
    const std::vector<std::int64_t> laid = ints_of(plain->shape());
    if (strides != row_major_strides(laid)) return not_emitted("tensor_view with shape= over a layout that is not row-major");
    strides = row_major_strides(t.shape);
  }
  line(fmt::format("const std::int64_t {}_strides[] = {{{}}};", t.name, int_list(strides)));
  line(fmt::format("const tf_rt::View<{}> {} = tf_rt::strided_view({}, {}, {}, {}_strides, {});", t.element, t.name, base,
                   t.shape.size(), shape, t.name, int_literal(offset) + start));
  t.strides = strides;
  t.row_major = strides == row_major_strides(t.shape);
  return true;
}

// A view of a tensor of symbolic extent: a rank-0 window at run-time coordinates (a per-element
// loop's element, lower/element_loops.h), one coordinate per axis moved by the strides the tensor
// has at run time; or a window of static shape over a tensor that is row-major in its storage,
// at one flat start over a kernel parameter (a grid-stride loop's chunk of rows,
// lower/grid_rule.cpp) or at one coordinate per axis (quant's loop over a DimVar first axis), the
// plain layout's strides counting that storage. Other views of a symbolic extent have no static
// layout to emit.
Result<bool> KernelEmitter::symbolic_window(Tensor& t, const Call& c) {
  Result<const Tensor*> src = operand(c.args[0], c);
  TF_TRY(src);
  const auto* layout = std::get_if<LayoutBase>(&c.attr("layout"));
  const Layout* plain = layout != nullptr ? layout->as_layout() : nullptr;
  const bool reshaped = !std::holds_alternative<std::monostate>(c.attr("shape"));
  const bool per_axis = (*src)->shape.size() >= 2 && c.args.size() == (*src)->shape.size() + 1;
  if (plain != nullptr && !t.symbolic && !t.shape.empty() && (*src)->row_major && !(*src)->distributed &&
      (*src)->logical.empty() && (c.args.size() == 2 || per_axis) && !reshaped) {
    std::string x = per_axis ? "0" : "";
    for (std::size_t k = 1; k < c.args.size(); ++k) {
      Result<std::string> at = coordinate(c.args[k]);
      TF_TRY(at);
      x += per_axis ? fmt::format(" + {} * {}.stride[{}]", *at, (*src)->name, k - 1) : *at;
    }
    const std::vector<std::int64_t> strides = ints_of(plain->stride());
    t.storage = (*src)->storage;
    line(fmt::format("const std::int64_t {}_shape[] = {{{}}};", t.name, int_list(t.shape)));
    line(fmt::format("const std::int64_t {}_strides[] = {{{}}};", t.name, int_list(strides)));
    line(fmt::format("const tf_rt::View<{}> {} = tf_rt::strided_view({}, {}, {}_shape, {}_strides, {});", t.element, t.name,
                     (*src)->name, t.shape.size(), t.name, t.name, x));
    t.strides = strides;
    t.row_major = strides == row_major_strides(t.shape);
    return true;
  }
  const bool scalar = plain != nullptr && leaves(plain->shape()).empty() && t.shape.empty() && !t.symbolic;
  if (!scalar || (*src)->distributed || !(*src)->logical.empty() || c.args.size() != (*src)->shape.size() + 1 || reshaped)
    return not_emitted("a view of symbolic extent");
  std::string start = "0";
  for (std::size_t k = 1; k < c.args.size(); ++k) {
    Result<std::string> x = coordinate(c.args[k]);
    TF_TRY(x);
    start += fmt::format(" + {} * {}.stride[{}]", *x, (*src)->name, k - 1);
  }
  t.storage = (*src)->storage;
  line(fmt::format("const std::int64_t {}_shape[] = {{0}};", t.name));
  line(fmt::format("const std::int64_t {}_strides[] = {{0}};", t.name));
  line(fmt::format("const tf_rt::View<{}> {} = tf_rt::strided_view({}, 0, {}_shape, {}_strides, {});", t.element, t.name,
                   (*src)->name, t.name, t.name, start));
  t.strides = {};
  t.row_major = true;
  return true;
}

Result<std::int64_t> KernelEmitter::place(StorageKind where, std::int64_t bytes, const std::string& what) {
  const bool shared = where == StorageKind::Smem;
  std::int64_t& cursor = shared ? smem_ : gmem_;
  const std::int64_t limit = shared ? kMaxSmemBytes : kMaxGmemBytes;
  if (bytes < 0 || bytes > limit - cursor)
    return not_emitted(fmt::format("{} of {} bytes in {} beside {} bytes placed before it: more than the {} a {}", what, bytes,
                                   shared ? "shared memory" : "the global workspace", cursor,
                                   shared ? "227 KiB of shared memory" : "1 TiB of global memory",
                                   shared ? "CUDA block can have (sm_90)" : "GPU has"));
  const std::int64_t at = cursor;
  cursor += (bytes + 15) / 16 * 16;  // at most limit + 15: far from int64's end
  return at;
}

// What one thread owns of a tensor of `shape` distributed by `sl`: each Split divides its axis.
std::vector<std::int64_t> KernelEmitter::box_of(const ShardLayout& sl, const std::vector<std::int64_t>& shape) {
  std::vector<std::int64_t> box = shape;
  const std::vector<std::int64_t> mesh_extents = ints_of(sl.mesh().axes().shape());
  for (std::size_t i = 0; i < sl.attrs().size(); ++i)
    if (sl.attrs()[i].is_split() && static_cast<std::size_t>(sl.attrs()[i].axis()) < box.size())
      box[static_cast<std::size_t>(sl.attrs()[i].axis())] /= mesh_extents[i];
  return box;
}

std::vector<bool> KernelEmitter::split_axes(const ShardLayout& sl, std::size_t rank) {
  std::vector<bool> out(rank, false);
  for (const ShardAttr& a : sl.attrs())
    if (a.is_split() && static_cast<std::size_t>(a.axis()) < rank) out[static_cast<std::size_t>(a.axis())] = true;
  return out;
}

}  // namespace tf::cuda::detail
