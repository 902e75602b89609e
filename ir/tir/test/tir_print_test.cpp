// The tfir printer of TIR (tir_print.h), against docs/tfir.md section 6.
#include "ir/tir/tir_print.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/terminators.h"
#include "ir/tir/test/tir_test_util.h"

namespace tf::tir {
namespace {

using namespace test;

Stmt eval(std::string_view name, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) {
  return ok(Evaluate::make_op(op(name), std::move(args), std::move(attrs)));
}
CallRef value(TirOp which, std::vector<Expr> args, std::vector<NamedAttr> attrs = {}) {
  return ok(make_value_call(which, std::move(args), std::move(attrs), tables().handlers()));
}

// The declarations of docs/tfir.md section 2 used by section 6.
struct Decls {
  Mesh cta1 = mesh("cta", 128, IntTuple::tuple({128}), IntTuple::tuple({1}));
  ShardLayout lg = ok(ShardLayout::make(
      tf::test::layout(IntTuple::tuple({128, 12}), IntTuple::tuple({12, 1})), {S(0)}, cta1));
  ShardLayout lr = ok(ShardLayout::make(
      tf::test::layout(IntTuple::tuple({128, 12}), IntTuple::tuple({0, 1})), {S(0)}, cta1));
  PrintNames names{{{"Lg", lg}, {"Lr", lr}}, {{"warp", warp()}, {"cta1", cta1}}, {}};
};

// covers: TIR.1.3.PRIMFN.fields
TEST(TirPrint, TheTfirSection6Example) {
  Decls d;
  VarRef a = f32g("a", {128, 12});
  VarRef out = f32g("out", {128, 12});
  TensorTypeRef rt = tensor({128, 12}, DType::f32(), StorageKind::Rmem, LayoutBase(d.lr));
  CallRef view_out = value(TirOp::TensorView, {out}, {{"layout", LayoutBase(d.lg)}});
  CallRef view_a = value(TirOp::TensorView, {a}, {{"layout", LayoutBase(d.lg)}});
  CallRef alloc = value(TirOp::AllocTensor, {}, {{"tensor_type", IRType(rt)}});
  VarRef va = var("va", view_a->type());
  VarRef r = var("r", alloc->type());
  VarRef s = var("s", alloc->type());
  VarRef vo = var("vo", view_out->type());
  // Each let is the last statement of its block, so it prints flat.
  Stmt tail = ok(LetStmt::make(vo, view_out, seq({eval("tir.memory.Copy", {s, vo})})));
  Stmt let_s = ok(LetStmt::make(
      s, alloc, seq({eval("tir.arith.Binary", {r, r, s}, {kind_attr(BinaryKind::Mul)}), tail})));
  Stmt let_r = ok(LetStmt::make(r, alloc, seq({eval("tir.memory.Copy", {va, r}), let_s})));
  Stmt let_va = ok(LetStmt::make(va, view_a, seq({let_r})));
  Stmt scope = ok(MeshScope::make(d.cta1, mesh_binding("c"), seq({let_va})));
  PrimFunctionRef double_rows = ok(PrimFunction::make("double_rows", {a, out}, seq({scope})));

  VarRef ha = f32g("a", {128, 12});
  VarRef hout = f32g("out", {128, 12});
  Stmt launch = eval("tir.Launch", {ok(SymbolRef::to(*double_rows)), i64c(128), i64c(1), i64c(1),
                                    i64c(1), i64c(1), i64c(1), ha, hout});
  PrimFunctionRef main_fn =
      ok(PrimFunction::make("main", {ha, hout}, seq({launch}), 1, Target::Host));

  EXPECT_EQ(print_prim_function(*double_rows, d.names),
            "prim_func double_rows(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) "
            "outputs=1 target=cuda {\n"
            "    with cta1 as c {\n"
            "        let va = tensor_view(a, layout=Lg)\n"
            "        let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, "
            "storage=rmem])\n"
            "        copy(va, r)\n"
            "        let s = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, "
            "storage=rmem])\n"
            "        binary(r, r, s, kind=mul)\n"
            "        let vo = tensor_view(out, layout=Lg)\n"
            "        copy(s, vo)\n"
            "    }\n"
            "}\n");
  EXPECT_EQ(print_prim_function(*main_fn, d.names),
            "prim_func main(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 "
            "target=host {\n"
            "    launch(@double_rows, 128, 1, 1, 1, 1, 1, a, out)\n"
            "}\n");
}

// covers: TIR.1.6.DISPATCH.source-order-preserved
TEST(TirPrint, TheDispatchBlockKeepsItsCasesInOrder) {
  VarRef a = f32g("a", {dim("N", 1, 129)});
  VarRef out = f32g("out", {dim("N", 1, 129)});
  auto callee = [&](const std::string& name) {
    PrimFunctionRef fn = ok(PrimFunction::make(name, {a, out}, seq({})));
    return ok(SymbolRef::to(*fn));
  };
  std::vector<std::vector<Pattern>> rows = {{ok(DimVarRangePat::make("N", 65, 129))},
                                            {ok(DimVarRangePat::make("N", 1, 65))}};
  std::vector<EvaluateRef> calls = {ok(Evaluate::make_symbol(callee("f_big"), {a, out})),
                                    ok(Evaluate::make_symbol(callee("f_small"), {a, out}))};
  Stmt d =
      ok(DispatchCall::make("f", {ok(ShapeOf::make(a, 0))}, rows, calls, seq({ok(Abort::make())})));
  EXPECT_EQ(print_stmt(d),
            "dispatch \"f\" on (ShapeOf(a, 0)) {\n"
            "    case (DimVarRangePat(\"N\", 65, 129)) => @f_big(a, out)\n"
            "    case (DimVarRangePat(\"N\", 1, 65)) => @f_small(a, out)\n"
            "    fallback { abort }\n"
            "}\n");
}

TEST(TirPrint, ControlFlowAndBlocks) {
  VarRef i = i64v("i");
  VarRef c = var("c", scalar(DType::boolean()));
  VarRef x = f32g("x", {4});
  VarRef y = f32g("y", {4});
  Stmt relu = eval("tir.nn.ReLU", {x, y});
  Stmt loop = ok(For::make(i, i64c(0), i64c(8), i64c(2), seq({relu})));
  Stmt branch = ok(If::make(c, seq({ok(Return::make())}), seq({ok(Abort::make("bad \"x\""))})));
  Stmt only_then = ok(If::make(c, seq({relu})));
  Stmt spin = ok(While::make(c, seq({relu})));
  EXPECT_EQ(print_stmt(seq({loop, branch, only_then, spin})),
            "for i in range(0, 8, 2) {\n"
            "    relu(x, y)\n"
            "}\n"
            "if c {\n"
            "    return\n"
            "} else {\n"
            "    abort \"bad \\\"x\\\"\"\n"
            "}\n"
            "if c {\n"
            "    relu(x, y)\n"
            "}\n"
            "while c {\n"
            "    relu(x, y)\n"
            "}\n");
}

TEST(TirPrint, ALetThatIsNotLastTakesABlock) {
  VarRef x = f32g("x", {4});
  TensorTypeRef rt = tensor({4}, DType::f32(), StorageKind::Rmem);
  CallRef alloc = value(TirOp::AllocTensor, {}, {{"tensor_type", IRType(rt)}});
  VarRef t = var("t", alloc->type());
  Stmt let_t = ok(LetStmt::make(t, alloc, seq({eval("tir.memory.Copy", {x, t})})));
  EXPECT_EQ(print_stmt(seq({let_t, ok(Return::make())})),
            "let t = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem]) {\n"
            "    copy(x, t)\n"
            "}\n"
            "return\n");
  // An ill-typed let shows its declared type; a keyword name is backquoted.
  VarRef kw = var("for", tensor({4}, DType::f16(), StorageKind::Rmem));
  EXPECT_EQ(print_stmt(ok(LetStmt::make(kw, alloc, seq({})))),
            "let `for`: Tensor[(4,), f16, storage=rmem] = alloc_tensor(tensor_type=Tensor[(4,), "
            "f32, storage=rmem])\n");
}

TEST(TirPrint, AttributesMeshesAndAtoms) {
  Decls d;
  Mesh block = threads(128);
  PrintNames names = d.names;
  names.meshes.emplace_back("blk", block);
  MmaAtomRef atom = ok(mma_atom("SM80_16x8x16_F32BF16BF16F32_TN"));
  names.atoms.emplace_back("A0", Atom(atom));
  EXPECT_EQ(print_stmt(eval("tir.sync.Sync", {}, {{"mesh", block}}), names), "sync(blk)\n");
  Mesh part = ok(slice(block, {SliceKey::range(32, 96)}));
  EXPECT_EQ(print_stmt(eval("tir.sync.Sync", {}, {{"mesh", part}}), names), "sync(blk[32:96])\n");
  EXPECT_EQ(
      print_tir_mesh(ok(slice(d.names.meshes[0].second, {SliceKey::all(), SliceKey::range(0, 4)})),
                     names),
      "warp[:, 0:4]");
  EXPECT_EQ(print_stmt(eval("tir.sync.Sync", {}, {{"mesh", threads(64)}})),
            "sync(Mesh((Topology(\"thread\", 64),), Layout((64,), (1,))))\n");

  VarRef acc = var("acc", tensor({16, 8}, DType::f32(), StorageKind::Rmem, LayoutBase(atom->C())));
  VarRef fa = var("fa", tensor({16, 16}, DType::bf16(), StorageKind::Rmem, LayoutBase(atom->A())));
  VarRef fb = var("fb", tensor({16, 8}, DType::bf16(), StorageKind::Rmem, LayoutBase(atom->B())));
  EXPECT_EQ(print_stmt(eval("tir.cuda.nn.Mma", {acc, fa, fb}, {{"atom", Atom(atom)}}), names),
            "mma(acc, fa, fb, atom=A0)\n");
  EXPECT_EQ(print_stmt(eval("tir.cuda.nn.Mma", {acc, fa, fb}, {{"atom", Atom(atom)}})),
            "mma(acc, fa, fb, atom=cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN))\n");
  EXPECT_EQ(print_stmt(eval("tir.cuda.nn.Mma", {acc, fa, fb})), "mma(acc, fa, fb)\n");

  VarRef src = f32g("src", {4, 8});
  VarRef dst = f32g("dst", {4});
  VarRef ws = f32g("ws", {8});
  std::vector<NamedAttr> red = {{"axes", std::vector<std::int64_t>{1}},
                                kind_attr(ReduceKind::AbsMax)};
  EXPECT_EQ(print_stmt(eval("tir.tensor.Reduce", {src, dst, no_workspace()}, red)),
            "reduce(src, dst, axes=(1,), kind=abs_max)\n");
  EXPECT_EQ(print_stmt(eval("tir.tensor.Reduce", {src, dst, ws}, red)),
            "reduce(src, dst, ws, axes=(1,), kind=abs_max)\n");
  EXPECT_EQ(print_stmt(eval("tir.async.CpAsyncWait", {})), "cp_async_wait()\n");
  EXPECT_EQ(print_stmt(eval("tir.async.CpAsyncWait", {}, {{"n", std::int64_t{2}}})),
            "cp_async_wait(n=2)\n");
  EXPECT_EQ(print_stmt(eval("tir.nn.RMSNorm", {src, src, dst}, {{"eps", 1e-6}})),
            "rms_norm(src, src, dst, eps=1e-06)\n");
}

TEST(TirPrint, SymbolCallsIntrinsicsAndNesting) {
  IntrinsicRegistry registry;
  const IntrinsicDef* fence = ok(registry.add(
      "my_fence", {"x"}, [](const IntrinsicStmt&) { return std::vector<Diagnostic>{}; }));
  VarRef x = f32g("x", {4});
  PrimFunctionRef g = ok(PrimFunction::make("g", {x}, seq({})));
  Stmt call = ok(Evaluate::make_symbol(ok(SymbolRef::to(*g)), {x}));
  Stmt intrinsic = ok(Intrinsic::make(fence, {i64c(3)}));
  Stmt scope = ok(MeshScope::make(warp(), mesh_binding("w"), seq({call, intrinsic})));
  EXPECT_EQ(print_stmt(scope, Decls().names, 1),
            "    with warp as w {\n"
            "        @g(x)\n"
            "        my_fence(3)\n"
            "    }\n");
}

// A lowered kernel nests one LetStmt per binding; the printer runs an explicit stack, so 50,000
// nested lets print flat, one line each, without recursion.
TEST(TirPrint, FiftyThousandNestedLetsPrintFlat) {
  const LetChain chain(50'000, ok(Return::make()));
  const std::string text = print_stmt(chain.root, {}, 1);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 50'001);
  EXPECT_EQ(text.substr(0, 34), "    let v0 = 0\n    let v1 = 1\n    ");
  EXPECT_EQ(text.substr(text.size() - 34), "    let v49999 = 49999\n    return\n");
}

}  // namespace
}  // namespace tf::tir
