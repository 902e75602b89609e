#include "ir/type/size.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/dtype/compound.h"
#include "ir/dtype/storage_bytes.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_functor.h"
#include "ir/type/type_print.h"

namespace tf {

namespace {

Diagnostic too_large(const TensorType& t, const char* what) {
  return category_error(DiagCategory::Type,
                        fmt::format("the {} of {} exceeds int64", what,
                                    short_text(IRType(Ref<const TensorType>(&t)))));
}

Result<std::int64_t> leaf_numel(const TensorType& t, const std::vector<std::int64_t>& shape) {
  std::int64_t n = 1;
  for (std::int64_t extent : shape)
    if (__builtin_mul_overflow(n, extent, &n)) return too_large(t, "element count");
  return n;
}

Result<std::int64_t> leaf_bytes(const TensorType& t, const DimBinding& binding) {
  Result<std::vector<std::int64_t>> shape = concrete_shape(t, binding);
  TF_TRY(shape);
  Result<std::int64_t> n = leaf_numel(t, *shape);
  if (!n.ok() || *n == 0) return n;
  if (t.dtype.is_compound()) return compound_storage_bytes(t.dtype.compound(), *shape);
  const __int128 bits = static_cast<__int128>(*n) * t.dtype.bit_width();
  const __int128 bytes = (bits + 7) / 8;
  if (bytes > INT64_MAX) return too_large(t, "byte size");
  return static_cast<std::int64_t>(bytes);
}

// Sums `leaf` over the tensor leaves of a type (a unit or callable type has none).
template <typename Leaf>
class LeafSum final : public TypeFunctor<Result<std::int64_t>> {
 public:
  explicit LeafSum(const Leaf& leaf) : leaf_(leaf) {}

 protected:
  Result<std::int64_t> on(const TensorType& t) override { return leaf_(t); }
  Result<std::int64_t> on(const TupleType& t) override {
    std::int64_t total = 0;
    for (const IRType& field : t.fields) {
      Result<std::int64_t> part = dispatch(*field);
      if (!part.ok()) return part;
      if (__builtin_add_overflow(total, *part, &total))
        return category_error(DiagCategory::Type,
                              fmt::format("the size of {} exceeds int64", short_text(IRType(&t))));
    }
    return total;
  }
  Result<std::int64_t> on(const UnitType&) override { return std::int64_t{0}; }
  Result<std::int64_t> on(const CallableType&) override { return std::int64_t{0}; }

 private:
  const Leaf& leaf_;
};

template <typename Leaf>
Result<std::int64_t> sum_leaves(const IRType& type, const Leaf& leaf) {
  TF_CHECK(type, "the size of a null type");
  return LeafSum<Leaf>(leaf).dispatch(*type);
}

}  // namespace

Result<std::vector<std::int64_t>> concrete_shape(const TensorType& t, const DimBinding& binding) {
  std::vector<std::int64_t> shape;
  shape.reserve(t.shape.size());
  for (std::size_t axis = 0; axis < t.shape.size(); ++axis) {
    const ShapeDim& d = t.shape[axis];
    if (d.is_static()) {
      shape.push_back(d.value());
      continue;
    }
    for (const DimVarRef& v : free_dim_vars(d.expr()))
      if (!binding.lookup(*v))
        return rule_error("TYPES.2.2.SIZE.reject-symbolic-extent",
                          fmt::format("extent {} (axis {}) is symbolic: DimVar {} [{}, {}) is "
                                      "not bound, so the size is unknown",
                                      to_string(d), axis, v->name, v->lo, v->hi));
    Result<std::int64_t> value = evaluate_dim(d.expr(), binding);
    TF_TRY(value);
    if (*value < 0)
      return rule_error("TYPES.2.2.SIZE.reject-negative-extent",
                        fmt::format("extent {} (axis {}) evaluates to {}, which is negative",
                                    to_string(d), axis, *value));
    shape.push_back(*value);
  }
  return shape;
}

Result<std::int64_t> numel(const IRType& type, const DimBinding& binding) {
  return sum_leaves(type, [&](const TensorType& t) -> Result<std::int64_t> {
    Result<std::vector<std::int64_t>> shape = concrete_shape(t, binding);
    TF_TRY(shape);
    return leaf_numel(t, *shape);
  });
}

Result<std::int64_t> tensor_bytes(const IRType& type, const DimBinding& binding) {
  return sum_leaves(type, [&](const TensorType& t) { return leaf_bytes(t, binding); });
}

}  // namespace tf
