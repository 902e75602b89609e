// Sync's classifier wrappers (sync.h) and per-kernel named-barrier allocation
// (named_barriers.h).
#include <gtest/gtest.h>

#include <set>

#include "ir/layout/mesh_slice.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sync.h"
#include "ir/tir/test/tir_test_util.h"

namespace tf::tir {
namespace {

using namespace test;

Mesh block() {
  return threads(128);
}
Mesh sliced(std::int64_t a, std::int64_t b) {
  return ok(slice(block(), {SliceKey::range(a, b)}));
}
EvaluateRef sync(const Mesh& m) {
  return ok(Evaluate::make_op(op("tir.sync.Sync"), {}, {{"mesh", m}}));
}
PrimFunctionRef kernel(const std::string& name, std::vector<Stmt> body) {
  SequentialRef inner = ok(Sequential::make(std::move(body)));
  MeshScopeRef scope = ok(MeshScope::make(block(), mesh_binding("m"), inner));
  return ok(PrimFunction::make(name, {f32g("out", {4})}, ok(Sequential::make({scope}))));
}

// covers: TIR.1.5.SYNC.shared-classifier, TIR.1.5.SYNC.effect-op
TEST(TirSync, TheWrappersReadTheMeshOffTheCall) {
  EvaluateRef whole = sync(block());
  EXPECT_TRUE(is_sync(*whole));
  EXPECT_EQ(sync_mesh(whole->call()), block());
  EXPECT_EQ(ok(classify_sync(whole->call())), ok(classify_barrier(block())));
  EXPECT_EQ(ok(classify_sync(whole->call())).kind, BarrierKind::SyncThreads);
  EXPECT_EQ(ok(classify_sync(sync(sliced(32, 96))->call())).kind, BarrierKind::Named);
  const OpHandlers& h = tables().handlers();
  EXPECT_TRUE(h.get<VerifyHandler>(whole->op())(whole->call()).empty());
  EvaluateRef unaligned = sync(sliced(16, 48));
  EXPECT_EQ(rule_ids(h.get<VerifyHandler>(unaligned->op())(unaligned->call())),
            Ids{"TIR.1.5.SYNC.unaligned-cross-warp-rejected"});
  // In scope: a legal slice of the enclosing mesh, then the classifier.
  EXPECT_TRUE(check_sync_in_scope(sync(sliced(32, 96))->call(), {block()}).empty());
  EXPECT_EQ(rule_ids(check_sync_in_scope(sync(threads(64))->call(), {block()})),
            Ids{"TIR.1.5.SYNC.full-mesh-unequal"});
  EXPECT_EQ(rule_ids(check_sync_in_scope(unaligned->call(), {block()})),
            Ids{"TIR.1.5.SYNC.unaligned-cross-warp-rejected"});
}

// covers: TIR.1.5.NAMEDBAR.next-free-id, TIR.1.5.NAMEDBAR.id-required
// covers: TIR.1.5.NAMEDBAR.id0-reserved, TIR.1.5.NAMEDBAR.range-1-15
TEST(TirNamedBarriers, SitesTakeTheNextFreeIdInEmissionOrder) {
  EvaluateRef s1 = sync(sliced(32, 96));
  EvaluateRef whole = sync(block());
  EvaluateRef lanes = sync(sliced(4, 12));
  EvaluateRef s2 = sync(sliced(0, 64));
  EvaluateRef s3 = sync(sliced(64, 128));
  PrimFunctionRef k = kernel("k", {s1, whole, lanes, s2, s3});
  NamedBarrierIds ids = ok(allocate_named_barriers(*k));
  ASSERT_EQ(ids.sites().size(), 3u);
  EXPECT_EQ(ids.id_of(*s1), 1);
  EXPECT_EQ(ids.id_of(*s2), 2);
  EXPECT_EQ(ids.id_of(*s3), 3);
  EXPECT_EQ(ids.id_of(*whole), std::nullopt);  // __syncthreads: id 0 is never handed out
  EXPECT_EQ(ids.id_of(*lanes), std::nullopt);  // __syncwarp(mask): no id
  EXPECT_EQ(ids.sites()[1].barrier.base, 0);
  EXPECT_EQ(ids.sites()[1].barrier.count, 64);
  for (const NamedBarrierSite& s : ids.sites()) {
    EXPECT_GE(s.id, 1);
    EXPECT_LE(s.id, 15);
  }
}

// covers: TIR.1.5.NAMEDBAR.loop-reuses-id
TEST(TirNamedBarriers, ALoopBodySiteKeepsOneId) {
  EvaluateRef in_loop = sync(sliced(32, 96));
  EvaluateRef after = sync(sliced(32, 96));
  ForRef loop =
      ok(For::make(i64v("i"), i64c(0), i64c(8), i64c(1), ok(Sequential::make({in_loop}))));
  NamedBarrierIds ids = ok(allocate_named_barriers(*kernel("k", {loop, after})));
  EXPECT_EQ(ids.id_of(*in_loop), 1);
  EXPECT_EQ(ids.id_of(*after), 2);
  // The same node placed twice is one site.
  NamedBarrierIds again = ok(allocate_named_barriers(*kernel("k", {in_loop, in_loop, after})));
  EXPECT_EQ(again.sites().size(), 2u);
}

// covers: TIR.1.5.NAMEDBAR.implicit-per-kernel
TEST(TirNamedBarriers, EachKernelStartsAtOne) {
  EvaluateRef a = sync(sliced(32, 96));
  EvaluateRef b = sync(sliced(0, 64));
  EXPECT_EQ(ok(allocate_named_barriers(*kernel("k1", {a}))).id_of(*a), 1);
  EXPECT_EQ(ok(allocate_named_barriers(*kernel("k2", {b}))).id_of(*b), 1);
}

// covers: TIR.1.5.NAMEDBAR.fifteen-allowed, TIR.1.5.NAMEDBAR.over-fifteen-errors,
// covers: TIR.1.5.NAMEDBAR.no-reuse-across-sites
TEST(TirNamedBarriers, FifteenSitesFitAndASixteenthIsAnError) {
  std::vector<Stmt> body;
  for (int i = 0; i < 15; ++i) body.push_back(sync(sliced(32, 96)));
  NamedBarrierIds ids = ok(allocate_named_barriers(*kernel("k", body)));
  ASSERT_EQ(ids.sites().size(), 15u);
  std::set<int> distinct;
  for (const NamedBarrierSite& s : ids.sites()) distinct.insert(s.id);
  EXPECT_EQ(distinct.size(), 15u);
  EXPECT_EQ(*distinct.begin(), 1);
  EXPECT_EQ(*distinct.rbegin(), 15);
  body.push_back(sync(sliced(0, 64)));
  Result<NamedBarrierIds> over = allocate_named_barriers(*kernel("k", body));
  EXPECT_EQ(rule_ids(over), Ids{"TIR.1.5.NAMEDBAR.over-fifteen-errors"});
}

}  // namespace
}  // namespace tf::tir
