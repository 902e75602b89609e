// Where threads stand: MeshIndex (instances tiling the launch, slices, two levels, a level larger
// than the launch) and Distribution (blocked placement of two bindings on one axis, replicas,
// the local box and its global indices).
#include <gtest/gtest.h>

#include "eval/tir/distribution.h"
#include "eval/tir/thread_position.h"
#include "ir/layout/mesh_slice.h"

namespace tf::eval::tir {
namespace {

Mesh mesh(std::vector<Topology> levels, Layout layout, std::vector<std::string> names = {}) {
  return Mesh::make(std::move(levels), std::move(layout), std::move(names)).value();
}
Topology level(const char* name, std::int64_t n) { return Topology::make(name, IntTuple(n)).value(); }
Layout layout(IntTuple shape, IntTuple stride) { return Layout::make(std::move(shape), std::move(stride)).value(); }

TEST(MeshIndex, AWarpMeshTilesABlockIntoInstances) {
  const Mesh warp = mesh({level("thread", 32)}, layout(IntTuple::tuple({4, 8}), IntTuple::tuple({1, 4})));
  const MeshIndex x = MeshIndex::make(warp).value();
  // Thread 45 of a 128-thread block: warp 1, lane 13 = t + 4 g with t = 1, g = 3.
  std::optional<MeshPlace> p = x.place(ThreadPos{0, 45, 1, 128}).value();
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->instance, 1);
  EXPECT_EQ(p->device_index, 13);
  EXPECT_EQ(p->coord, (std::vector<std::int64_t>{1, 3}));
  // A 48-thread block holds one whole warp: thread 40 is in no instance.
  EXPECT_FALSE(x.place(ThreadPos{0, 40, 1, 48}).value().has_value());
  // A block smaller than the mesh is an error, not a silent skip.
  EXPECT_FALSE(x.place(ThreadPos{0, 3, 1, 16}).ok());
}

TEST(MeshIndex, SlicesHoldOnlyTheirPositions) {
  const Mesh m = mesh({level("thread", 128)}, layout(IntTuple::tuple({4, 32}), IntTuple::tuple({32, 1})));
  const Mesh upper = slice(m, {SliceKey::range(2, 4), SliceKey::all()}).value();
  const MeshIndex x = MeshIndex::make(upper).value();
  EXPECT_FALSE(x.place(ThreadPos{0, 63, 1, 128}).value().has_value());
  std::optional<MeshPlace> p = x.place(ThreadPos{0, 100, 1, 128}).value();
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->coord, (std::vector<std::int64_t>{1, 4}));  // warp 3 is row 1 of the slice, lane 4
  EXPECT_EQ(x.positions().size(), 64u);
  EXPECT_EQ(x.positions().front(), 64);
}

TEST(MeshIndex, TwoLevelsNumberCtasOutermost) {
  const Mesh grid = mesh({level("cta", 4), level("thread", 8)}, layout(IntTuple::tuple({4, 8}), IntTuple::tuple({8, 1})));
  const MeshIndex x = MeshIndex::make(grid).value();
  std::optional<MeshPlace> p = x.place(ThreadPos{2, 5, 4, 8}).value();
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->device_index, 21);
  EXPECT_EQ(p->coord, (std::vector<std::int64_t>{2, 5}));
  EXPECT_FALSE(MeshIndex::make(mesh({level("warp", 4)}, layout(IntTuple::tuple({4}), IntTuple::tuple({1})))).ok());
}

// Axis 0 of extent 16 bound by two mesh axes (2 then 4): blocks of 8, then of 2; axis 1
// replicated (B) over the third mesh axis.
TEST(Distribution, TwoBindingsOnOneAxisPlaceBlocksOutermostFirst) {
  const Mesh m = mesh({level("thread", 16)}, layout(IntTuple::tuple({2, 4, 2}), IntTuple::tuple({8, 2, 1})));
  const ShardLayout sl =
      ShardLayout::make(LayoutBase(layout(IntTuple::tuple({16, 3}), IntTuple::tuple({3, 1}))),
                        {ShardAttr::make_split(0).value(), ShardAttr::make_split(0).value(), ShardAttr::broadcast()}, m)
          .value();
  const std::shared_ptr<const Distribution> d = Distribution::make(sl, {16, 3}).value();
  EXPECT_EQ(d->local_shape(), (Shape{2, 3}));
  // Thread 13 = 8 * 1 + 2 * 2 + 1: coordinates (1, 2, 1): rows 8 * 1 + 2 * 2 = 12 .. 13.
  const LocalBox box = d->place(ThreadPos{0, 13, 1, 16}).value().value();
  EXPECT_EQ(d->global_indices(box), (std::vector<std::int64_t>{36, 37, 38, 39, 40, 41}));
  EXPECT_TRUE(d->owns(box, 12 * 3 + 2));
  EXPECT_FALSE(d->owns(box, 14 * 3));
  // Thread 12 differs only on the replicated axis: the same rows.
  EXPECT_EQ(d->global_indices(d->place(ThreadPos{0, 12, 1, 16}).value().value()), d->global_indices(box));
}

}  // namespace
}  // namespace tf::eval::tir
