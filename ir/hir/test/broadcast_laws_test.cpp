// The broadcasting law: hir.math.Binary's type inference agrees with a brute-force
// NumPy-style broadcast on generated static shapes.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <optional>
#include <vector>

#include "ir/support/testing/law_runner.h"
#include "ir/hir/broadcast.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/test/hir_test_util.h"

namespace tf::hir {
namespace {

using Shape = std::vector<std::int64_t>;

// NumPy's definition by enumeration: a result shape R (each extent one of the two operands'
// extents on that axis, after left-padding with 1) is valid when each operand's extent on
// every axis equals R's or is 1. Broadcasting succeeds iff exactly one such R exists.
std::optional<Shape> brute_force_broadcast(const Shape& a, const Shape& b) {
  const std::size_t rank = std::max(a.size(), b.size());
  Shape pa(rank - a.size(), 1), pb(rank - b.size(), 1);
  pa.insert(pa.end(), a.begin(), a.end());
  pb.insert(pb.end(), b.begin(), b.end());
  std::vector<Shape> valid;
  for (std::size_t mask = 0; mask < (std::size_t{1} << rank); ++mask) {
    Shape r(rank);
    bool ok = true;
    for (std::size_t i = 0; i < rank; ++i) {
      r[i] = (mask >> i & 1) ? pb[i] : pa[i];
      ok = ok && (pa[i] == r[i] || pa[i] == 1) && (pb[i] == r[i] || pb[i] == 1);
    }
    if (ok && std::find(valid.begin(), valid.end(), r) == valid.end()) valid.push_back(r);
  }
  RC_ASSERT(valid.size() <= 1u);
  if (valid.empty()) return std::nullopt;
  return valid[0];
}

rc::Gen<Shape> gen_shape() {
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, 5), [](std::size_t rank) {
    return rc::gen::container<Shape>(rank, rc::gen::element<std::int64_t>(0, 1, 2, 3, 4));
  });
}

std::vector<ShapeDim> dims(const Shape& s) {
  return std::vector<ShapeDim>(s.begin(), s.end());
}

TF_LAW(HirLaws, BinaryBroadcastAgreesWithBruteForce, ()) {
  Shape a = *gen_shape();
  // Half the time derive b from a's suffix with some extents set to 1, so that most pairs
  // broadcast; otherwise draw it independently.
  Shape b;
  if (*rc::gen::arbitrary<bool>()) {
    const std::size_t keep = *rc::gen::inRange<std::size_t>(0, a.size() + 1);
    b.assign(a.end() - static_cast<std::ptrdiff_t>(keep), a.end());
    for (std::int64_t& e : b)
      if (*rc::gen::arbitrary<bool>()) e = 1;
    if (*rc::gen::arbitrary<bool>()) std::swap(a, b);
  } else {
    b = *gen_shape();
  }
  const std::optional<Shape> expected = brute_force_broadcast(a, b);
  RC_CLASSIFY(expected.has_value(), "broadcasts");
  const OpHandlers& h = test::hir_handlers();
  VarRef x = test::var("x", test::tensor(dims(a), DType::f32()));
  VarRef y = test::var("y", test::tensor(dims(b), DType::f32()));
  Result<CallRef> c = make_binary(BinaryKind::Add, x, y, h);
  RC_ASSERT(c.ok() == expected.has_value());
  if (!expected) {
    RC_ASSERT(c.diagnostics().size() == 1u);
    return;
  }
  const TensorType* t = (*c)->type()->as<TensorType>();
  RC_ASSERT(t != nullptr);
  RC_ASSERT(t->shape == dims(*expected));
  RC_ASSERT(t->dtype == DType::f32());
  // The comparison kinds broadcast the same way and yield bool.
  Result<CallRef> lt = make_binary(BinaryKind::Lt, x, y, h);
  RC_ASSERT(lt.ok());
  RC_ASSERT((*lt)->type()->as<TensorType>()->shape == dims(*expected));
  RC_ASSERT((*lt)->type()->as<TensorType>()->dtype == DType::boolean());
  // Broadcasting is symmetric.
  Result<std::vector<ShapeDim>> swapped = broadcast_shapes(dims(b), dims(a));
  RC_ASSERT(swapped.ok());
  RC_ASSERT(*swapped == dims(*expected));
}

TEST(HirBroadcast, ShapeTextAndZeroExtents) {
  EXPECT_EQ(shape_text({}), "()");
  EXPECT_EQ(shape_text({3}), "(3,)");
  EXPECT_EQ(shape_text({2, 3}), "(2, 3)");
  EXPECT_EQ(broadcast_shapes({1, 0}, {5, 1}).value(), (std::vector<ShapeDim>{5, 0}));
  EXPECT_EQ(broadcast_shapes({0}, {3}).diagnostics()[0].message,
            "shapes (0,) and (3,) do not broadcast: axis -1 has extents 0 and 3");
}

}  // namespace
}  // namespace tf::hir
