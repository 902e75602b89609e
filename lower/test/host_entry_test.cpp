// The host-entry and named-barriers passes: the entry's name, parameters (the hidden extents
// left out) and launch geometry; kernels already launched keep their host; a sixteenth named
// barrier is refused by its rule; a parameter that reads as a hidden extent is refused.
#include <gtest/gtest.h>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "lower/host_entry.h"
#include "lower/named_barrier_pass.h"
#include "lower/pipeline.h"
#include "lower/workspace_pass.h"

namespace tf::lower {
namespace {

const Context& ctx() { return text::standard_context(); }

struct Read {
  text::ReadFile file;
  ModuleRef module;
};

Read read(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.diagnostics().front().render());
  return {*f, f->module};
}

std::string text_of(const Read& r, const Module& m) { return text::print_derived_module(r.file, m); }

const char* kKernels = R"(tfir 1
dim N = DimVar("N", 1, 64)
mesh g = Mesh((Topology("cta", 4), Topology("thread", 32)), Layout((4, 32), (32, 1)), names=("c", "t"))

prim_func scale_kernel(x: Tensor[(N,), f32], x_shape_0: Tensor[(), i64], out: Tensor[(N,), f32]) outputs=1 target=cuda {
    with g as p {
        with g[0:1, 0:1] as first {
            copy(x, out)
        }
    }
}

prim_func scale(y: Tensor[(2,), f32]) outputs=0 target=host {
}

prim_func launched(a: Tensor[(2,), f32]) outputs=0 target=cuda {
}

prim_func host(a: Tensor[(2,), f32]) outputs=0 target=host {
    launch(@launched, 1, 1, 1, 1, 1, 1, a)
}
)";

TEST(HostEntryPass, EntriesLeaveOutHiddenExtentsAndLaunchTheKernelsMeshes) {
  const Read r = read(kKernels);
  Result<ModuleRef> out = HostEntryPass().run(r.module, ctx());
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().render();
  const std::string text = text_of(r, **out);
  // `scale` is taken, so the entry of scale_kernel is scale_kernel_host; `launched` has a host.
  EXPECT_NE(text.find(R"(prim_func scale_kernel_host(x: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=host {
    launch(@scale_kernel, 4, 1, 1, 32, 1, 1, x, out)
})"), std::string::npos) << text;
  EXPECT_EQ(text.find("launched_host"), std::string::npos) << text;
  EXPECT_EQ((*out)->functions().size(), 5u);
  EXPECT_EQ((*out)->functions()[1]->name(), "scale_kernel_host");  // right after its kernel
}

TEST(HostEntryPass, AModuleWhoseKernelsAllHaveHostsIsReturnedAsItIs) {
  const Read r = read(R"(tfir 1
prim_func k(a: Tensor[(2,), f32]) outputs=0 target=cuda {
}

prim_func h(a: Tensor[(2,), f32]) outputs=0 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, a)
}
)");
  Result<ModuleRef> out = HostEntryPass().run(r.module, ctx());
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->get(), r.module.get());
}

// Target lowering refuses a launch its target (sm_90) cannot make, placed at the launch: a
// cluster of 16 blocks is past the portable 8 (issue 42: no product code called the check).
// covers: TIR.2.3.LAUNCH.unsupported-config-rejected
TEST(HostEntryPass, ALaunchTheTargetCannotMakeIsRefusedByItsRule) {
  const Read r = read(R"(tfir 1
prim_func k(a: Tensor[(2,), f32]) outputs=0 target=cuda {
}

prim_func h(a: Tensor[(2,), f32]) outputs=0 target=host {
    launch(@k, 16, 1, 1, 1, 1, 1, a, cluster=(16, 1, 1))
}
)");
  Result<ModuleRef> out = HostEntryPass().run(r.module, ctx());
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.diagnostics().front().render(),
            "t.tfir:6:5: error[TIR.2.3.LAUNCH.unsupported-config-rejected]: cluster=(16, 1, 1) has 16 blocks; sm_90 supports "
            "at most 8 per cluster");
}

TEST(NamedBarrierPass, FifteenSitesFitASixteenthIsRefusedByItsRule) {
  const std::string head = R"(tfir 1
mesh m = Mesh((Topology("thread", 128),), Layout((4, 32), (32, 1)), names=("warp", "lane"))

prim_func k(a: Tensor[(2,), f32]) outputs=0 target=cuda {
    with m as t {
        with m[0:2, :] as low {
)";
  const std::string tail = "        }\n    }\n}\n";
  std::string fifteen, sixteen;
  for (int i = 0; i < 15; ++i) fifteen += "            sync(low)\n";
  sixteen = fifteen + "            sync(low)\n";
  const Read ok = read(head + fifteen + tail);
  Result<ModuleRef> passed = NamedBarrierPass().run(ok.module, ctx());
  ASSERT_TRUE(passed.ok()) << passed.diagnostics().front().render();
  EXPECT_EQ(passed->get(), ok.module.get());
  const Read over = read(head + sixteen + tail);
  Result<ModuleRef> refused = NamedBarrierPass().run(over.module, ctx());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.diagnostics().front().rule_id, "TIR.1.5.NAMEDBAR.over-fifteen-errors");
}

const char* kReduces = R"(tfir 1
mesh m64 = Mesh((Topology("thread", 64),), Layout((64,), (1,)))
mesh m32 = Mesh((Topology("thread", 32),), Layout((32,), (1,)))
layout L64 = ShardLayout(layout=Layout((64, 2), (0, 1)), attrs=(S(0),), mesh=m64)
layout L32 = ShardLayout(layout=Layout((32, 2), (0, 1)), attrs=(S(0),), mesh=m32)

prim_func across_warps(a: Tensor[(128,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    with m64 as t {
        let src = tensor_view(a, layout=L64)
        let s = alloc_tensor(tensor_type=Tensor[(2,), f32, storage=rmem])
        reduce(src, s, axes=(0,), kind=sum)
        let reduce_ws = alloc_tensor(tensor_type=Tensor[(2,), f32, storage=rmem])
        with m64[0:1] as first {
            copy(s, out)
        }
    }
}

prim_func within_a_warp(a: Tensor[(64,), f32], out: Tensor[(2,), f32]) outputs=1 target=cuda {
    with m32 as t {
        let src = tensor_view(a, layout=L32)
        let s = alloc_tensor(tensor_type=Tensor[(2,), f32, storage=rmem])
        reduce(src, s, axes=(0,), kind=sum)
        with m32[0:1] as first {
            copy(s, out)
        }
    }
}
)";

TEST(ReduceWorkspacePass, AReduceAcrossWarpsGetsOnePartialPerWarpAndResultElement) {
  const Read r = read(kReduces);
  Result<ModuleRef> out = ReduceWorkspacePass().run(r.module, ctx());
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().render();
  const std::string text = text_of(r, **out);
  // 64 threads are 2 warps, the result 2 elements: 4 partials; `reduce_ws` is taken.
  EXPECT_NE(text.find("        let reduce_ws_1 = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=smem]) {\n"
                      "            reduce(src, s, reduce_ws_1, axes=(0,), kind=sum)\n"
                      "        }\n"),
            std::string::npos)
      << text;
  // Within one warp there is nothing to stage.
  EXPECT_NE(text.find("        reduce(src, s, axes=(0,), kind=sum)\n        with m32[0:1] as first"), std::string::npos) << text;
  // A second run finds every cross-warp Reduce staged and changes nothing.
  Result<ModuleRef> again = ReduceWorkspacePass().run(*out, ctx());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), out->get());
}

TEST(HirToTirPass, AParameterThatReadsAsAHiddenExtentIsRefused) {
  const Read r = read(R"(tfir 1
dim N = DimVar("N", 1, 64)
func f(x: Tensor[(N,), f32], x_shape_0: Tensor[(), i32]) -> Tensor[(N,), f32] {
    y = neg(x)
    return y
}
)");
  Result<std::unique_ptr<PassManager>> pm = make_pipeline(default_pipeline(), {});
  ASSERT_TRUE(pm.ok());
  Result<ModuleRef> out = (*pm)->run(r.module, ctx());
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.diagnostics().front().rule_id, "TIR.2.2.SHAPEOF.host-no-user-scalar");
  EXPECT_NE(out.diagnostics().front().message.find(
                "cannot lower the parameter `x_shape_0` in @f to TIR: in TIR `x_shape_0` names the hidden extent of `x` "
                "axis 0"),
            std::string::npos)
      << out.diagnostics().front().render();
}

// TIR.2.2.SHAPEOF.device-hidden-param, TIR.2.2.SHAPEOF.first-occurrence,
// TIR.2.2.SHAPEOF.host-no-user-scalar, TIR.2.3.LAUNCH.no-hidden-shape-args: one i32 scalar per
// dynamic dimension, at the first parameter axis that is it (an output's only when no input has
// it), before the outputs; the host entry takes the tensors alone and forwards no hidden scalar.
TEST(HirToTirPass, EachDynamicDimensionGetsOneHiddenExtentAtItsFirstOccurrence) {
  const Read r = read(R"(tfir 1
dim N = DimVar("N", 1, 64)
dim M = DimVar("M", 1, 64)
func f(x: Tensor[(N, 2), f32], y: Tensor[(3, N), f32]) -> Tensor[(N, 2), f32] {
    t = transpose(y, perm=(1, 0))
    s = add(x, x)
    return s
}
)");
  Result<std::unique_ptr<PassManager>> pm = make_pipeline(default_pipeline(), {});
  ASSERT_TRUE(pm.ok());
  Result<ModuleRef> out = (*pm)->run(r.module, ctx());
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().render();
  const std::string text = text_of(r, **out);
  EXPECT_NE(text.find("prim_func f_kernel(x: Tensor[(N, 2), f32], y: Tensor[(3, N), f32], x_shape_0: Tensor[(), i32, "
                      "storage=None], out: Tensor[(N, 2), f32]) outputs=1 target=cuda"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("prim_func f(x: Tensor[(N, 2), f32], y: Tensor[(3, N), f32], out: Tensor[(N, 2), f32]) outputs=1 "
                      "target=host {\n    launch(@f_kernel, 1, 1, 1, 32, 1, 1, x, y, out)"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace tf::lower
