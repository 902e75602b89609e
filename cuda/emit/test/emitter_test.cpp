// The text the emitter writes for single TIR constructs, checked statement by statement: Abort,
// the hidden extent parameters, the arithmetic families, cp.async and the MMA atom. (That the text
// computes what the machine model computes is fuzz/test/emit_emu_test.cpp's check.)
#include "cuda/emit/emitter.h"

#include <gtest/gtest.h>

#include <vector>

#include "cuda/emit/test/emit_test_support.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_visitor.h"
#include "ir/tir/tir_ops.h"
#include "ir/tir/tir_print.h"
#include "lower/pipeline.h"

namespace tf::cuda {
namespace {

// covers: TIR.1.7.ABORT.device-trap
// An Abort in a kernel is the runtime's trap at that statement (tf_rt::prim::trap is __trap()
// under nvcc, cuda/runtime/prim.h; the PTX's `trap;` is checked in fuzz/test/emit_emu_test.cpp),
// with or without a message, straight-line or as a device dispatch's fallback.
TEST(EmitAbort, AnAbortInAKernelIsATrapAtItsStatement) {
  const std::string source = emitted(module_of(R"(tfir 1
dim N = DimVar("N", 1, 9)

prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(a, out)
    abort "unreachable"
}

prim_func small(a: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=cuda {
    copy(a, out)
}

prim_func d(a: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=cuda {
    dispatch "d" on (ShapeOf(a, 0)) {
        case (DimVarRangePat("N", 1, 5)) => @small(a, out)
        fallback { abort }
    }
}
)"));
  const std::string k = function_text(source, "k");
  EXPECT_NE(k.find("  // copy(a, out)\n  tf_rt::copy(tf_u_a, tf_u_out);\n  tf_rt::prim::trap(\"abort: unreachable\");\n}\n"), std::string::npos)
      << k;
  const std::string d = function_text(source, "d");
  EXPECT_NE(d.find("    } else {\n      tf_rt::prim::trap(\"abort\");\n    }\n"), std::string::npos) << d;
  EXPECT_EQ(count(source, "tf_rt::prim::trap("), 2u);
}

// Not the rule TIR.1.7.ABORT.host-assert (docs/cuda-backend.md, "Decided here"): an Abort in a
// host entry returns its message as the entry's error, and no assert is emitted.
TEST(EmitAbort, AnAbortInAHostEntryReturnsItsMessage) {
  const std::string source = emitted(module_of(R"(tfir 1
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(a, out)
}

prim_func h(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, a, out)
    abort "never"
}
)"));
  const std::string h = function_text(source, "h");
  EXPECT_NE(h.find(", static_cast<float*>(buffers[0]), static_cast<float*>(buffers[1]))) return e;\n  return \"abort: never\";\n}\n"),
            std::string::npos)
      << h;
  EXPECT_EQ(source.find("assert("), std::string::npos);
}

// Not the rule TIR.2.2.SHAPEOF.kernel-param-name as written (docs/decisions.md D11): a kernel
// whose loop runs to ShapeOf(x, 1) takes the hidden extent as the i32 scalar x_shape_1, spelled
// tf_u_x_shape_1 as every IR name is in the emitted C++, in its signature (and its launch
// shim's), binds N from it, and the loop bound reads it; the host entry passes x's axis-1 extent.
TEST(EmitShapeOf, AKernelTakesTheExtentAsTheScalarParamShapeAxis) {
  const std::string source = emitted(module_of(R"(tfir 1
dim N = DimVar("N", 1, 65)

prim_func k(x: Tensor[(4, N), f32], x_shape_1: Tensor[(), i32, storage=None], out: Tensor[(4, N), f32]) outputs=1 target=cuda {
    for i in range(0, ShapeOf(x, 1), 1) {
        relu(x, out)
    }
}

prim_func h(x: Tensor[(4, N), f32], out: Tensor[(4, N), f32]) outputs=1 target=host {
    launch(@k, 1, 1, 1, 1, 1, 1, x, out)
}
)"));
  const std::string k = function_text(source, "k");
  EXPECT_NE(k.find("TF_GLOBAL void tf_u_k(float* tf_u_x_ptr, std::int32_t tf_u_x_shape_1, float* tf_u_out_ptr, unsigned char* tf_gmem) {\n"),
            std::string::npos)
      << k;
  EXPECT_NE(k.find("  const std::int64_t tf_u_dim_N = tf_u_x_shape_1;  // DimVar N\n"), std::string::npos) << k;
  EXPECT_NE(k.find("  for (std::int64_t tf_u_i = 0; tf_u_i < tf_u_dim_N; tf_u_i += 1) {\n"), std::string::npos) << k;
  EXPECT_NE(source.find("tf_launch_k(tf_rt::Dim3 grid, tf_rt::Dim3 block, const tf_rt::LaunchConfig& config, float* a0, "
                        "std::int32_t a1, float* a2)"),
            std::string::npos);
  EXPECT_NE(function_text(source, "h").find("static_cast<float*>(buffers[0]), static_cast<std::int32_t>(shapes[0][1]), "
                                            "static_cast<float*>(buffers[1])))"),
            std::string::npos)
      << function_text(source, "h");
}

// Beside the rule: a kernel that does not declare the hidden extent (the verifier accepts it) is
// given an i64 scalar named after the DimVar after its parameters (docs/cuda-backend.md).
TEST(EmitShapeOf, AKernelWithoutTheHiddenParameterTakesTheDimVarAfterItsParameters) {
  const std::string source = emitted(module_of(R"(tfir 1
dim N = DimVar("N", 1, 65)

prim_func k(x: Tensor[(4, N), f32], out: Tensor[(4, N), f32]) outputs=1 target=cuda {
    for i in range(0, ShapeOf(x, 1), 1) {
        relu(x, out)
    }
}
)"));
  const std::string k = function_text(source, "k");
  EXPECT_NE(k.find("TF_GLOBAL void tf_u_k(float* tf_u_x_ptr, float* tf_u_out_ptr, std::int64_t tf_u_dim_N, unsigned char* tf_gmem) {\n"),
            std::string::npos)
      << k;
  EXPECT_EQ(k.find("x_shape_1"), std::string::npos) << k;
}

// covers: TIR.2.2.SHAPEOF.abi-producer-independent
// One kernel over x: (4, N) (a symbolic trailing extent: the serial rule), written as a prim_func (the text `tf lower` prints) and lowered from
// HIR by HirToTirPass: the same hidden parameter (x_shape_1, a rank-0 i32 after x), and the same
// emitted translation unit, byte for byte: kernel signature, launch shim and host entry.
TEST(EmitShapeOf, AHandWrittenAndALoweredKernelHaveTheSameHiddenExtentAbi) {
  const ModuleRef written = module_of(R"(tfir 1
dim N = DimVar("N", 1, 65)
mesh lower_serial = Mesh((Topology("cta", 1), Topology("thread", 1)), Layout((1, 1), (1, 1)), names=("c", "t"))

prim_func f_kernel(x: Tensor[(4, N), f32], x_shape_1: Tensor[(), i32, storage=None], out: Tensor[(4, N), f32]) outputs=1 target=cuda {
    with lower_serial as p {
        let y = alloc_tensor(tensor_type=Tensor[(4, N), f32, storage=rmem])
        unary(x, y, kind=neg)
        copy(y, out)
    }
}

prim_func f(x: Tensor[(4, N), f32], out: Tensor[(4, N), f32]) outputs=1 target=host {
    launch(@f_kernel, 1, 1, 1, 1, 1, 1, x, out)
}
)");
  const ModuleRef lowered = module_of(R"(tfir 1
dim N = DimVar("N", 1, 65)

func f(x: Tensor[(4, N), f32]) -> Tensor[(4, N), f32] {
    y = neg(x)
    return y
}
)", /*lower=*/true);
  ASSERT_TRUE(written && lowered);
  const auto* a = function_as<tir::PrimFunction>(written->find("f_kernel"));
  const auto* b = function_as<tir::PrimFunction>(lowered->find("f_kernel"));
  ASSERT_TRUE(a != nullptr && b != nullptr);
  ASSERT_EQ(a->params().size(), 3u);
  ASSERT_EQ(b->params().size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(a->params()[i]->name, b->params()[i]->name);
    EXPECT_EQ(tir::print_tir_type(a->params()[i]->type()), tir::print_tir_type(b->params()[i]->type()));
  }
  EXPECT_EQ(a->params()[1]->name, "x_shape_1");
  EXPECT_EQ(tir::print_tir_type(a->params()[1]->type()), "Tensor[(), i32, storage=None]");
  const std::vector<std::optional<tir::HiddenShapeSource>> ha = tir::hidden_shape_params(*a), hb = tir::hidden_shape_params(*b);
  ASSERT_TRUE(ha[1] && hb[1]);
  EXPECT_FALSE(ha[0] || ha[2] || hb[0] || hb[2]);
  EXPECT_EQ(ha[1]->tensor_param, 0u);
  EXPECT_EQ(hb[1]->tensor_param, 0u);
  EXPECT_EQ(ha[1]->axis, 1);
  EXPECT_EQ(hb[1]->axis, 1);

  const std::string sa = emitted(written), sb = emitted(lowered);
  EXPECT_NE(sa.find("TF_GLOBAL void tf_u_f_kernel(float* tf_u_x_ptr, std::int32_t tf_u_x_shape_1, float* tf_u_out_ptr, unsigned char* tf_gmem) {\n"),
            std::string::npos)
      << sa;
  EXPECT_NE(function_text(sa, "f").find("static_cast<std::int32_t>(shapes[0][1])"), std::string::npos) << sa;
  EXPECT_EQ(sa, sb);
}

// covers: TIR.2.2.SHAPEOF.first-occurrence
// x: (N, 4) and y: (8, N) lowered and emitted: one hidden scalar, x_shape_0; y's extent is the
// same DimVar, bound from it; the host entry fills it from x's axis 0.
TEST(EmitShapeOf, ADynamicDimensionIsTheExtentOfItsFirstOccurrence) {
  const std::string source = emitted(module_of(R"(tfir 1
dim N = DimVar("N", 1, 64)
func f(x: Tensor[(N, 4), f32], y: Tensor[(8, N), f32]) -> Tensor[(N, 4), f32] {
    t = transpose(y, perm=(1, 0))
    s = add(x, x)
    return s
}
)", /*lower=*/true));
  const std::string k = function_text(source, "f_kernel");
  EXPECT_NE(k.find("TF_GLOBAL void tf_u_f_kernel(float* tf_u_x_ptr, float* tf_u_y_ptr, std::int32_t tf_u_x_shape_0, float* tf_u_out_ptr, "
                   "unsigned char* tf_gmem) {\n  TF_SHARED_ARENA(tf_smem);\n"),
            std::string::npos)
      << k;
  EXPECT_NE(k.find("  const std::int64_t tf_u_dim_N = tf_u_x_shape_0;  // DimVar N\n"), std::string::npos) << k;
  EXPECT_NE(k.find("  const std::int64_t tf_u_y_shape[] = {8, tf_u_dim_N};\n"), std::string::npos) << k;
  EXPECT_EQ(source.find("y_shape_1"), std::string::npos);
  EXPECT_EQ(count(source, "static_cast<std::int32_t>(shapes["), 1u);
  EXPECT_NE(function_text(source, "f").find("static_cast<std::int32_t>(shapes[0][0])"), std::string::npos) << source;
}

// covers: TIR.2.3.ARITH.runtime-family
// Binary and Unary of any kind are one runtime entry each, tf_rt::binary and tf_rt::unary, the
// kind a tag type; no per-kind function.
TEST(EmitArith, EveryKindCallsItsFamilysOneEntryWithItsTag) {
  const std::string source = emitted(module_of(R"(tfir 1
prim_func k(a: Tensor[(4,), f32], b: Tensor[(4,), f32], i: Tensor[(4,), i32], s: Tensor[(4,), f32], p: Tensor[(4,), f32], q: Tensor[(4,), i32], e: Tensor[(4,), f32], n: Tensor[(4,), f32]) outputs=5 target=cuda {
    binary(a, b, s, kind=add)
    binary(a, b, p, kind=mul)
    binary(i, i, q, kind=add)
    unary(a, e, kind=exp)
    unary(a, n, kind=neg)
}
)"));
  const std::string k = function_text(source, "k");
  EXPECT_NE(k.find("  // binary(a, b, s, kind=add)\n  tf_rt::binary(tf_u_a, tf_u_b, tf_u_s, tf_rt::Add{});\n"
                   "  // binary(a, b, p, kind=mul)\n  tf_rt::binary(tf_u_a, tf_u_b, tf_u_p, tf_rt::Mul{});\n"
                   "  // binary(i, i, q, kind=add)\n  tf_rt::binary(tf_u_i, tf_u_i, tf_u_q, tf_rt::IAdd{});\n"
                   "  // unary(a, e, kind=exp)\n  tf_rt::unary(tf_u_a, tf_u_e, tf_rt::Exp{});\n"
                   "  // unary(a, n, kind=neg)\n  tf_rt::unary(tf_u_a, tf_u_n, tf_rt::Neg{});\n}\n"),
            std::string::npos)
      << k;
  EXPECT_EQ(count(k, "tf_rt::binary("), 3u);
  EXPECT_EQ(count(k, "tf_rt::unary("), 2u);
}

const char* kStage = R"(tfir 1
mesh m = Mesh((Topology("thread", 32),), Layout((32,), (1,)))
layout T = ShardLayout(layout=Layout((32,), (1,)), attrs=(S(0),), mesh=m)

prim_func stage(a: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=cuda {
    with m as t {
        let s = alloc_tensor(tensor_type=Tensor[(32,), f32, storage=smem])
        let g = tensor_view(a, layout=T)
        let d = tensor_view(s, layout=T)
        copy_async(g, d)
        cp_async_commit()
        cp_async_wait(n=0)
        let o = tensor_view(out, layout=T)
        copy(d, o)
    }
}
)";

// covers: TIR.2.3.ASYNC.copyasync-lowering
// copy_async(g, d) is the runtime's copy_async(src, dst) on the two views, in that order (the
// runtime's namespace is tf_rt: docs/cuda-backend.md, "Decided here").
TEST(EmitAsync, CopyAsyncIsTheRuntimesCopyAsyncOfSourceAndDestination) {
  const std::string k = function_text(emitted(module_of(kStage)), "stage");
  EXPECT_NE(k.find("    // copy_async(g, d)\n    tf_rt::copy_async(tf_u_g, tf_u_d);\n    // cp_async_commit()\n"
                   "    tf_rt::prim::cp_async_commit();\n    // cp_async_wait()\n    tf_rt::prim::cp_async_wait<0>();\n"),
            std::string::npos)
      << k;
  EXPECT_EQ(count(k, "copy_async("), 2u);  // the comment and the call
}

// The seed's calling convention for the SM80 atom (conformance/cases/tir/mma.tfir): load, fill,
// compute, store.
const char* kMma = R"(tfir 1
mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
layout FA = ShardLayout(layout=Layout(((8, 2), (2, 4, 2)), ((0, 2), (1, 0, 4))), attrs=(S(3), S(0)), mesh=warp)
layout FB = ShardLayout(layout=Layout(((2, 4, 2), 8), ((1, 0, 2), 0)), attrs=(S(1), S(3)), mesh=warp)
layout FC = ShardLayout(layout=Layout(((8, 2), (2, 4)), ((0, 2), (1, 0))), attrs=(S(3), S(0)), mesh=warp)
atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)

prim_func mma16816(a: Tensor[(16, 16), bf16], b: Tensor[(16, 8), bf16], c: Tensor[(16, 8), f32]) outputs=1 target=cuda {
    with warp as w {
        let a_frag = alloc_tensor(tensor_type=Tensor[(16, 16), bf16, layout=FA, storage=rmem])
        let b_frag = alloc_tensor(tensor_type=Tensor[(16, 8), bf16, layout=FB, storage=rmem])
        let acc = alloc_tensor(tensor_type=Tensor[(16, 8), f32, layout=FC, storage=rmem])
        let av = tensor_view(a, layout=FA)
        copy(av, a_frag)
        let bv = tensor_view(b, layout=FB)
        copy(bv, b_frag)
        fill(acc, 0.0)
        mma(acc, a_frag, b_frag, atom=A0)
        let cv = tensor_view(c, layout=FC)
        copy(acc, cv)
    }
}
)";

// The effect ops of a function in statement order, with their operands' names.
class EffectOps : public tir::StmtVisitor {
 public:
  std::vector<std::string> ops;

 protected:
  void visit_node(const tir::Evaluate& ev) override {
    if (!ev.is_op()) return;
    std::string s = std::string(ev.op().name()) + "(";
    for (std::size_t i = 0; i < ev.args().size(); ++i) s += (i == 0 ? "" : ", ") + tir::print_tir_expr(ev.args()[i]);
    ops.push_back(s + ")");
  }
};

// covers: TIR.2.3.MMACALL.no-fusion
// The canonical example through the default pipeline and the emitter: the Mma's operands stay
// exactly (acc, a_frag, b_frag), and the loads, the fill and the store stay statements of their
// own, in TIR and in the emitted kernel.
TEST(EmitMma, TheMmaFusesNeitherItsLoadsNorItsStore) {
  const ModuleRef m = module_of(kMma);
  ASSERT_TRUE(m);
  Result<std::unique_ptr<lower::PassManager>> pm = lower::make_pipeline(lower::default_pipeline(), {});
  ASSERT_TRUE(pm.ok());
  Result<ModuleRef> lowered = (*pm)->run(m, ctx());
  ASSERT_TRUE(lowered.ok()) << lowered.diagnostics().front().render();
  const auto* fn = function_as<tir::PrimFunction>((*lowered)->find("mma16816"));
  ASSERT_NE(fn, nullptr);
  EffectOps effects;
  effects.visit(fn->body());
  EXPECT_EQ(effects.ops, (std::vector<std::string>{"tir.memory.Copy(av, a_frag)", "tir.memory.Copy(bv, b_frag)",
                                                   "tir.memory.Fill(acc, 0.0)", "tir.cuda.nn.Mma(acc, a_frag, b_frag)",
                                                   "tir.memory.Copy(acc, cv)"}));
  const std::string k = function_text(emitted(*lowered), "mma16816");
  const std::vector<std::string> calls = {"    tf_rt::copy(tf_u_av, tf_u_a_frag);\n", "    tf_rt::copy(tf_u_bv, tf_u_b_frag);\n",
                                          "    tf_rt::fill(tf_u_acc, ", "    tf_rt::mma_m16n8k16(tf_u_acc, tf_u_a_frag, tf_u_b_frag);\n",
                                          "    tf_rt::copy(tf_u_acc, tf_u_cv);\n"};
  std::size_t at = 0;
  for (const std::string& c : calls) {
    at = k.find(c, at);
    ASSERT_NE(at, std::string::npos) << "no `" << c << "` after the previous call in\n" << k;
  }
  EXPECT_EQ(count(k, "tf_rt::mma_m16n8k16("), 1u);
  EXPECT_EQ(count(k, "tf_rt::copy("), 3u);
}

// covers: TIR.2.3.MMAVERIFY.ptx-dispatch-on-atom
// The instruction follows the atom: the bf16 SM80 atom is the runtime's m16n8k16 bf16 routine
// (whose PTX, mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32, fuzz/test/emit_emu_test.cpp
// checks); the f16 atom of the same shape, which verifies too, is refused by its name rather than
// given the bf16 instruction.
TEST(EmitMma, TheInstructionIsTheAtomsOwn) {
  EXPECT_NE(emitted(module_of(kMma)).find("tf_rt::mma_m16n8k16(tf_u_acc, tf_u_a_frag, tf_u_b_frag);"), std::string::npos);
  std::string f16 = kMma;
  for (std::size_t at = f16.find("bf16"); at != std::string::npos; at = f16.find("bf16", at)) f16.replace(at, 4, "f16");
  f16.replace(f16.find("F32BF16BF16F32"), 14, "F32F16F16F32");
  const ModuleRef m = module_of(f16);
  ASSERT_TRUE(m);
  Result<std::string> source = emit_module(*m);
  ASSERT_FALSE(source.ok());
  EXPECT_NE(source.diagnostics().front().message.find("the MMA instruction SM80_16x8x16_F32F16F16F32_TN"), std::string::npos)
      << source.diagnostics().front().render();
}

}  // namespace
}  // namespace tf::cuda
