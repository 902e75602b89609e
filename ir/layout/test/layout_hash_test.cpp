// Structural hashes of the layout family: consistent with operator== on generated values (a
// value rebuilt field by field hashes as the original), and different on hand-picked values that
// differ in one field.
#include "ir/layout/layout_hash.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "ir/layout/shard_layout.h"
#include "ir/layout/testing/layout_gen.h"
#include "ir/layout/testing/mesh_gen.h"
#include "ir/layout/testing/shard_gen.h"
#include "ir/support/testing/law_runner.h"

namespace tf {
namespace {

TF_LAW(LayoutHashLaws, ARebuiltLayoutIsEqualAndHashesEqual, ()) {
  const Layout l = *fuzz::gen_nested_layout();
  const Layout copy = Layout::make(l.shape(), l.stride()).value();
  RC_ASSERT(copy == l);
  RC_ASSERT(structural_hash(copy) == structural_hash(l));
  RC_ASSERT(structural_hash(LayoutBase(copy)) == structural_hash(LayoutBase(l)));
}

TF_LAW(LayoutHashLaws, ARebuiltMeshIsEqualAndHashesEqual, ()) {
  const Mesh m = *fuzz::gen_multilevel_mesh();
  const Mesh copy = Mesh::make(m.topologies(), m.layout(), m.names()).value();
  RC_ASSERT(copy == m);
  RC_ASSERT(structural_hash(copy) == structural_hash(m));
}

TF_LAW(LayoutHashLaws, ARebuiltShardLayoutIsEqualAndHashesEqual, ()) {
  const ShardLayout s = *fuzz::gen_shard_layout();
  const ShardLayout copy = ShardLayout::make(s.layout(), s.attrs(), s.mesh()).value();
  RC_ASSERT(copy == s);
  RC_ASSERT(structural_hash(copy) == structural_hash(s));
  RC_ASSERT(structural_hash(LayoutBase(copy)) == structural_hash(LayoutBase(s)));
}

Layout layout(IntTuple shape, IntTuple stride) {
  return Layout::make(std::move(shape), std::move(stride)).value();
}

TEST(LayoutHash, ValuesThatDifferInOneFieldHashDifferently) {
  const Layout a = layout(IntTuple::tuple({4, 8}), IntTuple::tuple({8, 1}));
  const Layout b = layout(IntTuple::tuple({4, 8}), IntTuple::tuple({1, 4}));
  const Layout c = layout(IntTuple::tuple({8, 4}), IntTuple::tuple({8, 1}));
  const Layout nested = layout(IntTuple::tuple({IntTuple::tuple({4, 8})}), IntTuple::tuple({IntTuple::tuple({8, 1})}));
  EXPECT_NE(structural_hash(a), structural_hash(b));
  EXPECT_NE(structural_hash(a), structural_hash(c));
  EXPECT_NE(structural_hash(a), structural_hash(nested));
  const ComposedLayout composed = ComposedLayout::make(std::nullopt, 0, a).value();
  EXPECT_NE(structural_hash(LayoutBase(a)), structural_hash(LayoutBase(composed)));
  const ComposedLayout shifted = ComposedLayout::make(std::nullopt, 1, a).value();
  EXPECT_NE(structural_hash(composed), structural_hash(shifted));
  EXPECT_EQ(structural_hash(a), structural_hash(layout(IntTuple::tuple({4, 8}), IntTuple::tuple({8, 1}))));
}

}  // namespace
}  // namespace tf
