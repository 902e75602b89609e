// The TIR machine model on small kernels: exact results, and each planted bug reported with its
// kind.
#include <gtest/gtest.h>

#include "eval/tir/test/tir_eval_testing.h"

namespace tf::eval::tir {
namespace {

using eval::testing::f32;
using eval::testing::same_tensor;
using testing::outcome;
using testing::run_tir;

std::vector<double> iota(int n, double scale = 1) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i * scale);
  return v;
}

// The contract example: 128 CTAs of one thread, each doubling its row (r * r).
constexpr std::string_view kDoubleRows = R"(
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
layout Lg = ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), mesh=cta1)
layout Lr = ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)
prim_func double_rows(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    with cta1 as c {
        let va = tensor_view(a, layout=Lg)
        let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        copy(va, r)
        let s = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        binary(r, r, s, kind=mul)
        let vo = tensor_view(out, layout=Lg)
        copy(s, vo)
    }
}
prim_func main(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=host {
    launch(@double_rows, 128, 1, 1, 1, 1, 1, a, out)
}
)";

TEST(TirMachine, ContractExampleSquaresEveryElement) {
  std::vector<double> in = iota(128 * 12, 0.5), expected;
  for (double x : in) expected.push_back(x * x);
  for (const char* fn : {"double_rows", "main"}) {
    Result<TirRun> r = run_tir(kDoubleRows, fn, {f32({128, 12}, in)});
    ASSERT_TRUE(r.ok()) << fn << ": " << outcome(r);
    ASSERT_EQ(r->outputs.size(), 1u);
    EXPECT_TRUE(same_tensor(r->outputs[0], f32({128, 12}, expected))) << fn;
  }
}

// 128 threads stage a row through smem and read it reversed.
constexpr std::string_view kReverse = R"(
mesh m = Mesh((Topology("thread", 128),), Layout((128,), (1,)))
layout T = ShardLayout(layout=Layout((128,), (1,)), attrs=(S(0),), mesh=m)
layout R = ShardLayout(layout=Layout((128,), (-1,)), attrs=(S(0),), mesh=m)
prim_func reverse(a: Tensor[(128,), f32], out: Tensor[(128,), f32]) outputs=1 target=cuda {
    with m as t {
        let s = alloc_tensor(tensor_type=Tensor[(128,), f32, storage=smem])
        let mine = tensor_view(s, layout=T)
        let src = tensor_view(a, layout=T)
        copy(src, mine)
        SYNC
        let rev = tensor_view(s, layout=ComposedLayout(inner=None, offset=127, outer=Layout((128,), (1,))))
        let o = tensor_view(out, layout=T)
        copy(mine, o)
    }
}
)";

// Threads write their own smem slot, then (after a barrier or not) read their neighbour's.
std::string neighbour(std::string_view sync) {
  std::string s = R"(
mesh m = Mesh((Topology("thread", 128),), Layout((128,), (1,)))
layout T = ShardLayout(layout=Layout((128,), (1,)), attrs=(S(0),), mesh=m)
layout N = ShardLayout(layout=Layout((128,), (1,)), attrs=(S(0),), mesh=m)
prim_func shift(a: Tensor[(128,), f32], out: Tensor[(128,), f32]) outputs=1 target=cuda {
    with m as t {
        let s = alloc_tensor(tensor_type=Tensor[(256,), f32, storage=smem])
        let lo = tensor_view(s, layout=ComposedLayout(inner=None, offset=0, outer=Layout((128,), (1,))))
        let hi = tensor_view(s, layout=ComposedLayout(inner=None, offset=1, outer=Layout((128,), (1,))))
        let mine = tensor_view(lo, layout=T)
        let next = tensor_view(hi, layout=N)
        let src = tensor_view(a, layout=T)
        copy(src, mine)
        fill(next, 0.0)
        SYNC
        let o = tensor_view(out, layout=T)
        copy(next, o)
    }
}
)";
  const std::size_t at = s.find("SYNC");
  s.replace(at, 4, sync);
  return s;
}

TEST(TirMachine, BarrierOrdersNeighbourExchange) {
  // With fill(next) overwriting the neighbour's slot the exchange races; the point here is the
  // race report on a write-after-write between thread t (copy) and t-1 (fill).
  Result<TirRun> r = run_tir(neighbour("sync(t)"), "shift", {f32({128}, iota(128))});
  EXPECT_EQ(outcome(r), "ub.race");
}

}  // namespace
}  // namespace tf::eval::tir
