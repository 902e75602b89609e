// The typeinfer rules of IndexAdd, IndexCopy, IndexSelect, InsertSlice, CacheUpdate and Where
// (tensor_ops.h).
#include <fmt/format.h>

#include "ir/core/constant.h"
#include "ir/core/tuple.h"
#include "ir/hir/broadcast.h"
#include "ir/hir/tensor_typeinfer.h"
#include "ir/hir/tensor_typeinfer_util.h"
#include "ir/hir/typeinfer_util.h"
#include "ir/support/checked_int.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"

namespace tf::hir {

namespace {

// An index operand: rank 1 of dtype i64, or also i32 unless `i64_only`.
void check_index(Op op, const Expr& arg, bool i64_only, std::vector<Diagnostic>& diags) {
  const TensorType& index = *arg->type()->as<TensorType>();
  const bool dtype_ok = i64_only ? index.dtype == DType::i64() : is_index_dtype(index.dtype);
  if (index.rank() == 1 && dtype_ok) return;
  diags.push_back(
      type_error(op, fmt::format("index must be a rank-1 {} tensor, got {}",
                                 i64_only ? "i64" : "i32 or i64", short_text(arg->type()))));
}

// A rank-0 i32 / i64 scalar (an InsertSlice offset).
bool is_index_scalar(const IRType& t) {
  const TensorType* tt = t->as<TensorType>();
  return tt != nullptr && tt->rank() == 0 && is_index_dtype(tt->dtype);
}

// An i32 scalar of CacheUpdate: rank 0, or every extent the static 1.
bool is_i32_scalar(const TensorType& t) {
  if (t.dtype != DType::i32()) return false;
  for (const ShapeDim& d : t.shape)
    if (!(d.is_static() && d.value() == 1)) return false;
  return true;
}

// IndexAdd and IndexCopy (they differ only in the index dtypes).
Result<IRType> index_update_type(Op op, const std::vector<Expr>& args,
                                 const std::vector<AttrValue>& attrs, bool i64_only) {
  TF_CHECK(args.size() == 3 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* dst = tensor_operand(op, args, 0, diags);
  const TensorType* index = tensor_operand(op, args, 1, diags);
  const TensorType* src = tensor_operand(op, args, 2, diags);
  if (dst == nullptr || index == nullptr || src == nullptr) return diags;
  const std::int64_t dim = int_attr(attrs[0]);
  const std::optional<int> d = normalize_axis(dim, dst->rank());
  if (!d) diags.push_back(axis_error(op, "dim", dim, dst->rank()));
  check_index(op, args[1], i64_only, diags);
  if (src->dtype != dst->dtype)
    diags.push_back(type_error(op, fmt::format("src dtype {} differs from dst dtype {}",
                                               src->dtype.name(), dst->dtype.name())));
  if (src->rank() != dst->rank()) {
    diags.push_back(
        type_error(op, fmt::format("src has rank {}, dst has rank {}", src->rank(), dst->rank())));
  } else if (d) {
    for (int k = 0; k < dst->rank(); ++k)
      if (k != *d && !(src->shape[k] == dst->shape[k]))
        diags.push_back(
            type_error(op, fmt::format("src extent {} on axis {} differs from dst "
                                       "extent {}",
                                       to_string(src->shape[k]), k, to_string(dst->shape[k]))));
    if (index->rank() == 1 && !(index->shape[0] == src->shape[*d]))
      diags.push_back(
          type_error(op, fmt::format("index has {} entries but src has extent {} on "
                                     "dim {}",
                                     to_string(index->shape[0]), to_string(src->shape[*d]), *d)));
  }
  const char* names[] = {"dst", "index", "src"};
  for (int i = 0; i < 3; ++i) {
    const TensorType& t = *args[i]->type()->as<TensorType>();
    reject_partial(op, names[i], t, diags);
    if (shard_facts(t).split_count > 0)
      diags.push_back(type_error(op, fmt::format("{} is Split across the mesh; {} takes "
                                                 "unsplit operands",
                                                 names[i], op.name())));
  }
  if (!diags.empty()) return diags;
  return args[0]->type();
}

// The layout of a Where result (as Binary's): input's and other's common layout when an
// operand carrying it has the result's shape, else None. A rank-0 operand's EMPTY_LAYOUT is
// "no layout" (tensor_type.h) and abstains.
std::optional<LayoutBase> anchored_layout(const TensorType& a, const TensorType& b,
                                          const std::vector<ShapeDim>& shape) {
  const std::optional<LayoutBase> la = a.rank() > 0 ? a.layout : std::nullopt;
  const std::optional<LayoutBase> lb = b.rank() > 0 ? b.layout : std::nullopt;
  if (la && lb && !(*la == *lb)) return std::nullopt;
  if (la && a.shape == shape) return la;
  if (lb && b.shape == shape) return lb;
  return std::nullopt;
}

// The Partial attrs of `a` and `b` agree (InsertSlice, CacheUpdate).
void check_same_partials(Op op, const char* an, const TensorType& a, const char* bn,
                         const TensorType& b, std::vector<Diagnostic>& diags) {
  const std::vector<std::string> pa = shard_facts(a).partials, pb = shard_facts(b).partials;
  if (pa == pb) return;
  diags.push_back(type_error(op, fmt::format("{} and {} carry different Partial attrs ({} and {})",
                                             an, bn, pa.size(), pb.size())));
}

}  // namespace

Result<IRType> infer_index_add_type(Op op, const std::vector<Expr>& args,
                                    const std::vector<AttrValue>& attrs) {
  return index_update_type(op, args, attrs, false);
}

Result<IRType> infer_index_copy_type(Op op, const std::vector<Expr>& args,
                                     const std::vector<AttrValue>& attrs) {
  return index_update_type(op, args, attrs, true);
}

Result<IRType> infer_index_select_type(Op op, const std::vector<Expr>& args,
                                       const std::vector<AttrValue>& attrs) {
  TF_CHECK(args.size() == 2 && attrs.size() == 1, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* x = tensor_operand(op, args, 0, diags);
  const TensorType* index = tensor_operand(op, args, 1, diags);
  if (x == nullptr || index == nullptr) return diags;
  const std::int64_t dim = int_attr(attrs[0]);
  const std::optional<int> d = normalize_axis(dim, x->rank());
  if (!d) diags.push_back(axis_error(op, "dim", dim, x->rank()));
  check_index(op, args[1], false, diags);
  const ShardFacts shard = shard_facts(*x);
  if (d && shard.splits(*d) && shard.split_count > 1)
    diags.push_back(type_error(op, fmt::format("x has {} Splits, one of them on dim {}; a Split "
                                               "dim must be the only Split",
                                               shard.split_count, *d)));
  if (!diags.empty()) return diags;
  std::vector<ShapeDim> shape = x->shape;
  shape[*d] = index->shape[0];
  std::optional<LayoutBase> layout = fresh_layout({x}, shape);
  Result<TensorTypeRef> t = make_result_tensor(op, std::move(shape), x->dtype, layout, x->storage);
  TF_TRY(t);
  return IRType(*t);
}

Result<IRType> infer_insert_slice_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 3, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* dst = tensor_operand(op, args, 0, diags);
  const TensorType* update = tensor_operand(op, args, 1, diags);
  if (dst == nullptr || update == nullptr) return diags;
  const int r = dst->rank();
  if (update->rank() != r)
    diags.push_back(
        type_error(op, fmt::format("update has rank {}, dst has rank {}", update->rank(), r)));
  if (update->dtype != dst->dtype)
    diags.push_back(type_error(op, fmt::format("update dtype {} differs from dst dtype {}",
                                               update->dtype.name(), dst->dtype.name())));
  // The offsets: one expression per axis when they are spelt out (literals are checked).
  const IRType& ot = args[2]->type();
  std::vector<Expr> literal(r);
  if (const TupleType* tt = ot->as<TupleType>()) {
    if (static_cast<int>(tt->fields.size()) != r)
      diags.push_back(type_error(
          op, fmt::format("offsets has {} entries, dst has rank {}", tt->fields.size(), r)));
    for (std::size_t i = 0; i < tt->fields.size(); ++i)
      if (!is_index_scalar(tt->fields[i]))
        diags.push_back(type_error(op, fmt::format("offset {} must be a rank-0 i32 or i64 "
                                                   "scalar, got {}",
                                                   i, to_string(tt->fields[i]))));
    if (const Tuple* t = args[2]->as<Tuple>(); t && static_cast<int>(t->elements.size()) == r)
      literal = t->elements;
  } else if (!is_index_scalar(ot)) {
    diags.push_back(type_error(op, fmt::format("offsets must be a Tuple of rank-0 i32 / i64 "
                                               "scalars or one such scalar, got {}",
                                               to_string(ot))));
  } else if (r != 1) {
    diags.push_back(type_error(op, fmt::format("a bare scalar offset needs a rank-1 dst, got "
                                               "rank {}",
                                               r)));
  } else {
    literal[0] = args[2];
  }
  if (update->rank() == r)
    for (int a = 0; a < r; ++a) {
      const ShapeDim &u = update->shape[a], &e = dst->shape[a];
      if (u.is_static() && e.is_static() && u.value() > e.value())
        diags.push_back(type_error(op, fmt::format("update extent {} on axis {} exceeds dst "
                                                   "extent {}",
                                                   u.value(), a, e.value())));
      const Constant* c = literal[a] ? literal[a]->as<Constant>() : nullptr;
      if (c == nullptr || !c->is_int()) continue;
      if (c->int_value() < 0)
        diags.push_back(
            type_error(op, fmt::format("offset {} on axis {} is negative", c->int_value(), a)));
      else if (u.is_static() && e.is_static() && u.value() <= e.value() &&
               c->int_value() > e.value() - u.value())
        diags.push_back(type_error(
            op, fmt::format("the window [{}, {}) on axis {} leaves dst extent {}", c->int_value(),
                            sum_text(c->int_value(), u.value()), a, e.value())));
    }
  check_same_partials(op, "dst", *dst, "update", *update, diags);
  if (!diags.empty()) return diags;
  return args[0]->type();
}

Result<IRType> infer_cache_update_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 4, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* cache = tensor_operand(op, args, 0, diags);
  const TensorType* cur_pos = tensor_operand(op, args, 1, diags);
  const TensorType* s = tensor_operand(op, args, 2, diags);
  const TensorType* fresh = tensor_operand(op, args, 3, diags);  // `new` is a C++ keyword
  if (cache == nullptr || cur_pos == nullptr || s == nullptr || fresh == nullptr) return diags;
  if (cache->rank() != 4)
    diags.push_back(type_error(
        op, fmt::format("cache must be rank 4 [B, len, H, D], got rank {}", cache->rank())));
  if (fresh->rank() != 4)
    diags.push_back(type_error(
        op, fmt::format("new must be rank 4 [B, len, H, D], got rank {}", fresh->rank())));
  if (fresh->dtype != cache->dtype)
    diags.push_back(type_error(op, fmt::format("new dtype {} differs from cache dtype {}",
                                               fresh->dtype.name(), cache->dtype.name())));
  if (cache->rank() == 4 && fresh->rank() == 4) {
    for (auto [k, name] : {std::pair{0, "B"}, {2, "H"}, {3, "D"}})
      if (!(cache->shape[k] == fresh->shape[k]))
        diags.push_back(
            type_error(op, fmt::format("{} differs: cache has {}, new has {}", name,
                                       to_string(cache->shape[k]), to_string(fresh->shape[k]))));
    const ShapeDim &cl = cache->shape[1], &nl = fresh->shape[1];
    if (cl.is_static() && nl.is_static() && nl.value() > cl.value())
      diags.push_back(
          type_error(op, fmt::format("new.len {} exceeds cache.len {}", nl.value(), cl.value())));
  }
  for (auto [i, name] : {std::pair{1, "cur_pos"}, {2, "s"}})
    if (!is_i32_scalar(*args[i]->type()->as<TensorType>()))
      diags.push_back(type_error(op, fmt::format("{} must be an i32 scalar (rank 0 or every "
                                                 "extent 1), got {}",
                                                 name, short_text(args[i]->type()))));
  const ShardFacts cs = shard_facts(*cache), ns = shard_facts(*fresh);
  if (cache->rank() == 4 && fresh->rank() == 4) {
    if (cs.splits(1) || ns.splits(1))
      diags.push_back(type_error(op,
                                 "the row axis 1 is Split across the mesh; cache rows "
                                 "cannot be sharded"));
    else if (cs.splits_mapped && ns.splits_mapped && cs.split_axis != ns.split_axis)
      diags.push_back(type_error(op,
                                 "cache and new are Split on different axes (a Split on "
                                 "one side only)"));
  }
  check_same_partials(op, "cache", *cache, "new", *fresh, diags);
  if (!diags.empty()) return diags;
  return args[0]->type();
}

Result<IRType> infer_where_type(Op op, const std::vector<Expr>& args) {
  TF_CHECK(args.size() == 3, "{}: malformed Call", op.name());
  std::vector<Diagnostic> diags;
  const TensorType* cond = tensor_operand(op, args, 0, diags);
  const TensorType* in = tensor_operand(op, args, 1, diags);
  const TensorType* other = tensor_operand(op, args, 2, diags);
  if (cond == nullptr || in == nullptr || other == nullptr) return diags;
  if (!cond->dtype.is_bool())
    diags.push_back(
        type_error(op, fmt::format("condition must be bool, got {}", cond->dtype.name())));
  if (in->dtype != other->dtype)
    diags.push_back(type_error(op, fmt::format("input dtype {} differs from other dtype {} (no "
                                               "implicit promotion; use cast)",
                                               in->dtype.name(), other->dtype.name())));
  Result<std::vector<ShapeDim>> shape = broadcast_shapes(in->shape, other->shape);
  if (shape.ok()) shape = broadcast_shapes(cond->shape, *shape);
  if (!shape.ok()) diags.push_back(type_error(op, shape.diagnostics()[0].message));
  reject_partial(op, "condition", *cond, diags);
  reject_partial(op, "input", *in, diags);
  reject_partial(op, "other", *other, diags);
  Result<std::optional<StorageKind>> storage = anchor_storage(op, *in, *other);
  if (!storage.ok()) diags.push_back(storage.diagnostics()[0]);
  if (!diags.empty()) return diags;
  std::optional<LayoutBase> layout = anchored_layout(*in, *other, *shape);
  Result<TensorTypeRef> t = make_result_tensor(op, *shape, in->dtype, layout, *storage);
  TF_TRY(t);
  return IRType(*t);
}

}  // namespace tf::hir
