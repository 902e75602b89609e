// verify_prim_function: invocations (seed 002 sections 1.3-1.6, 2.1, 2.3): function calls and
// their resolution, Sync legality and named barriers, DispatchCall, Launch and Mma with an atom.
#include <gtest/gtest.h>

#include "ir/core/structural.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/layout/topology.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/terminators.h"
#include "ir/type/callable_type.h"
#include "ir/type/unit_type.h"
#include "ir/support/testing/ok.h"
#include "ir/verify/test/tir_verify_test_util.h"

namespace tf::tir_verify_test {
namespace {

using tf::testing::ok;

// Meshes and the SM80 fragment layouts, spelled as mma_atom.h derives them.
const char* const kDecls = R"(
mesh m128 = Mesh((Topology("thread", 128),), Layout((4, 32), (32, 1)))
mesh flat128 = Mesh((Topology("thread", 128),), Layout((128,), (1,)))
mesh cta8 = Mesh((Topology("cta", 8),), Layout((8,), (1,)))
layout FA = ShardLayout(layout=Layout(((8, 2), (2, 4, 2)), ((0, 2), (1, 0, 4))), attrs=(S(3), S(0)), mesh=warp)
layout FB = ShardLayout(layout=Layout(((2, 4, 2), 8), ((1, 0, 2), 0)), attrs=(S(1), S(3)), mesh=warp)
layout FC = ShardLayout(layout=Layout(((8, 2), (2, 4)), ((0, 2), (1, 0))), attrs=(S(3), S(0)), mesh=warp)
)";

text::ReadFile read_with_decls(const std::string& functions) {
  return read(kDecls + functions);
}

// A kernel whose body is `body`, with the m128 block in scope unless `scope` is empty.
std::string sync_kernel(const std::string& body, const std::string& scope = "m128") {
  if (scope.empty())
    return "prim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n" + body + "\n}\n";
  return "prim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n    with " + scope +
         " as m {\n" + body + "\n    }\n}\n";
}

std::vector<Diagnostic> verify_sync(const std::string& body, const std::string& scope = "m128") {
  text::ReadFile f = read_with_decls(sync_kernel(body, scope));
  return verify(f, "k");
}

// covers: TIR.1.3.VERIFY.callee-arity, TIR.2.1.SYMREF.name-mangled-allowed
TEST(TirVerifyCalls, ACallPassesOneArgumentPerCalleeParameter) {
  text::ReadFile f = read(R"(
prim_func f__N_1_64(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(a, out)
}
prim_func good(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    @f__N_1_64(a, out)
}
prim_func short(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    @f__N_1_64(a)
}
)");
  EXPECT_TRUE(verify(f, "good").empty()) << rendered(verify(f, "good"));
  std::vector<Diagnostic> d = verify(f, "short");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.callee-arity"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "short.body[0]");
}

// covers: TIR.1.4.EVAL.dispatch-on-callable-type
TEST(TirVerifyCalls, AnOpCallableReachesItsHandlerAndASymbolReachesResolution) {
  text::ReadFile f = read(R"(
prim_func g(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(a, out)
}
prim_func k(acc: Tensor[(4,), f32], v: Tensor[(4,), f32]) outputs=1 target=cuda {
    fill(acc, v)
    @g(acc)
}
)");
  std::vector<Diagnostic> d = verify(f, "k");
  EXPECT_EQ(rule_ids(d),
            (Strings{"TIR.2.3.MEMORY.fill-rank0-value", "TIR.1.3.VERIFY.callee-arity"}))
      << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0]");
  EXPECT_EQ(d[1].ir_path, "k.body[1]");
}

// covers: TIR.1.3.VERIFY.callee-unique, TIR.2.1.SYMREF.name-canonical,
// covers: TIR.2.1.SYMREF.variants-distinct-names
TEST(TirVerifyCalls, ACalleeResolvesToExactlyOnePrimFunction) {
  text::ReadFile f = read(R"(
prim_func g(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    fill(a, 0.0)
}
prim_func G(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    fill(a, 1.0)
}
prim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {
    @g(a)
}
)");
  const tir::PrimFunction& k = prim(f, "k");
  // In the file's module @g is the second function: exactly one match, case-sensitive.
  EXPECT_TRUE(verify(f, "k").empty());
  // A module without g: no PrimFunction of that name.
  ModuleRef without = ok(Module::make("m", {FunctionRef(&k)}));
  std::vector<Diagnostic> d = verify(k, without.get());
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.callee-unique"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0]");
  // Only a name differing in case: names are exact.
  ModuleRef only_upper = ok(Module::make("m", {FunctionRef(f.module->find("G")), FunctionRef(&k)}));
  EXPECT_EQ(rule_ids(verify(k, only_upper.get())), Strings{"TIR.2.1.SYMREF.name-canonical"});
  // Two functions of one name cannot make a Module, so a lookup never finds two.
  EXPECT_EQ(rule_ids(Module::make(
                "m", {FunctionRef(f.module->find("g")), FunctionRef(f.module->find("g"))})),
            Strings{"TIR.2.1.SYMREF.resolution-unique"});
}

// covers: TIR.1.3.VERIFY.callee-type, TIR.2.1.SYMREF.verify-never-backfills
TEST(TirVerifyCalls, ASymbolRefIsTypedWithItsCalleesCallableType) {
  text::ReadFile f = read(R"(
prim_func g(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(a, out)
}
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    @g(a, out)
}
)");
  // The same call, its SymbolRef typed as if g took an f16 tensor.
  const tir::PrimFunction& k = prim(f, "k");
  const auto* call = k.body()->body[0]->as<tir::Evaluate>();
  IRType f16 = tf::test::tensor({4}, DType::f16());
  IRType wrong = ok(CallableType::make(UnitType::make(), {f16, k.params()[1]->type()}));
  SymbolRefRef ref = ok(SymbolRef::make("g", wrong));
  tir::Stmt bad_call = ok(tir::Evaluate::make_symbol(ref, call->args()));
  tir::PrimFunctionRef bad =
      ok(tir::PrimFunction::make("bad", k.params(), ok(tir::Sequential::make({bad_call})), 1));
  std::vector<Diagnostic> d = verify(*bad, f.module.get());
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.3.VERIFY.callee-type"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "bad.body[0]");
  EXPECT_TRUE(structural_equal(IRType(ref->type()), wrong));  // verify reports, never back-fills
}

// covers: TIR.1.5.SYNC.surface, TIR.1.5.SYNC.legal-slice-accepted, TIR.1.5.SYNC.full-mesh-equal
TEST(TirVerifyCalls, ASyncOverTheScopedMeshOrASliceOfItVerifies) {
  EXPECT_TRUE(verify_sync("        sync(m)\n        sync(m[1:3, :])\n        sync(m128)").empty());
  // A hand-built record identical to m[1:3, :].
  EXPECT_TRUE(
      verify_sync("        sync(Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, "
                  "offset=32, outer=Layout((2, 32), (32, 1)))))")
          .empty());
}

struct SyncCase {
  const char* rule;
  const char* body;
  const char* scope;
};

// covers: TIR.1.5.SYNC.forged-slice-strides, TIR.1.5.SYNC.forged-slice-extents
// covers: TIR.1.5.SYNC.forged-slice-offset, TIR.1.5.SYNC.forged-slice-topology
// covers: TIR.1.5.SYNC.full-mesh-unequal, TIR.1.5.SYNC.non-contiguous-rejected
// covers: TIR.1.5.SYNC.unaligned-cross-warp-rejected, TIR.1.5.SYNC.dynamic-mesh-rejected
// covers: TIR.1.5.SYNC.inconsistent-mesh-rejected, TIR.1.5.SYNC.unsupported-topology-rejected
// covers: TIR.1.5.BARRIER.cta-slice-rejected
TEST(TirVerifyCalls, EachIllegalSyncIsRejectedWithItsRule) {
  const SyncCase cases[] = {
      {"TIR.1.5.SYNC.forged-slice-strides",
       "sync(Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, offset=32, "
       "outer=Layout((2, 32), (64, 1)))))",
       "m128"},
      {"TIR.1.5.SYNC.forged-slice-extents",
       "sync(Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, offset=0, "
       "outer=Layout((5, 32), (32, 1)))))",
       "m128"},
      {"TIR.1.5.SYNC.forged-slice-offset",
       "sync(Mesh((Topology(\"thread\", 128),), ComposedLayout(inner=None, offset=16, "
       "outer=Layout((2, 32), (32, 1)))))",
       "m128"},
      {"TIR.1.5.SYNC.forged-slice-topology",
       "sync(Mesh((Topology(\"thread\", 256),), ComposedLayout(inner=None, offset=32, "
       "outer=Layout((2, 32), (32, 1)))))",
       "m128"},
      {"TIR.1.5.SYNC.full-mesh-unequal", "sync(flat128)", "m128"},
      {"TIR.1.5.SYNC.full-mesh-unequal", "sync(m128)", ""},
      {"TIR.1.5.SYNC.non-contiguous-rejected", "sync(m[:, 0:16])", "m128"},
      {"TIR.1.5.SYNC.unaligned-cross-warp-rejected", "sync(m[16:48])", "flat128"},
      {"TIR.1.5.SYNC.inconsistent-mesh-rejected", "sync(m)",
       "Mesh((Topology(\"thread\", 64),), Layout((4, 8), (1, 4)))"},
      {"TIR.1.5.SYNC.unsupported-topology-rejected", "sync(m)", "grid"},
      {"TIR.1.5.BARRIER.cta-slice-rejected", "sync(m[0:4])", "cta8"},
  };
  for (const SyncCase& c : cases) {
    std::vector<Diagnostic> d = verify_sync(std::string("        ") + c.body, c.scope);
    const std::string path = std::string(c.scope).empty() ? "k.body[0]" : "k.body[0].body[0]";
    EXPECT_EQ(paths_of(d, c.rule), Strings{path}) << c.rule << ": " << c.body << "\n"
                                                  << rendered(d);
  }
  // A full cta mesh is the grid barrier: fine.
  EXPECT_TRUE(verify_sync("        sync(m)\n        sync(m[0:8])", "cta8").empty());
}

// A rejected sync names its mesh as the program does, through the enclosing scope's binding
// (issue 42: it printed upstream's T.sync(Mesh(...ComposedLayout...)) spelling); a mesh that no
// scope names is written out.
TEST(TirVerifyCalls, ARejectedSyncIsNamedAsTheProgramNamesIt) {
  const auto message = [](const std::string& body, const std::string& scope) {  // the barrier's refusal
    for (const Diagnostic& d : verify_sync("        " + body, scope))
      if (d.message.find(" has no barrier") != std::string::npos) return d.message;
    return std::string();
  };
  EXPECT_EQ(message("sync(m[:, 0:16])", "m128").rfind("sync(m[:, 0:16]) has no barrier: its 64 participants", 0), 0u)
      << message("sync(m[:, 0:16])", "m128");
  EXPECT_EQ(message("sync(m[16:48])", "flat128").rfind("sync(m[16:48]) has no barrier: threads [16, 48)", 0), 0u)
      << message("sync(m[16:48])", "flat128");
  EXPECT_EQ(message("sync(m)", "grid").rfind("sync(m) has no barrier", 0), 0u) << message("sync(m)", "grid");
  EXPECT_EQ(message("sync(cta8[0:4])", "m128").rfind("sync(Mesh((Topology(\"cta\", 8),), ComposedLayout(", 0), 0u)
      << message("sync(cta8[0:4])", "m128");
}

// A mesh of `threads` (symbolic) threads over `axes`: what tfir cannot spell (its meshes are
// static).
Mesh dynamic_mesh(IntTuple axes_shape, IntTuple axes_stride) {
  return ok(Mesh::make({ok(Topology::make("thread", IntSymbol{"T", 1, 1025}))},
                       ok(Layout::make(std::move(axes_shape), std::move(axes_stride)))));
}

// covers: TIR.1.5.SYNC.dynamic-mesh-rejected
TEST(TirVerifyCalls, ASyncOverADynamicMeshIsRejected) {
  Mesh m = dynamic_mesh(IntTuple::tuple({IntSymbol{"T", 1, 1025}}), IntTuple::tuple({1}));
  Op sync = tables().registry().find("tir.sync.Sync").value();
  tir::Stmt s = ok(tir::Evaluate::make_op(sync, {}, {{"mesh", AttrValue(m)}}));
  tir::Stmt scope =
      ok(tir::MeshScope::make(m, tir::mesh_binding("m"), ok(tir::Sequential::make({s}))));
  tir::PrimFunctionRef k =
      ok(tir::PrimFunction::make("k", {}, ok(tir::Sequential::make({scope})), 0));
  std::vector<Diagnostic> d = verify(*k);
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.5.SYNC.dynamic-mesh-rejected"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0].body[0]");
}

// covers: TIR.1.5.SYNC.no-receiver-form
TEST(TirVerifyCalls, ThereIsNoReceiverSyncForm) {
  EXPECT_TRUE(refused_by_the_reader(kDecls + sync_kernel("        m.sync()")));
}

// covers: TIR.1.5.NAMEDBAR.over-fifteen-errors
TEST(TirVerifyCalls, SixteenNamedBarrierSitesInOneKernelAreRejected) {
  std::string body;
  for (int i = 0; i < 15; ++i) body += "        sync(m[1:3, :])\n";
  EXPECT_TRUE(verify_sync(body).empty()) << rendered(verify_sync(body));
  body += "        for i in range(0, 2, 1) {\n            sync(m[2:4, :])\n        }\n";
  std::vector<Diagnostic> d = verify_sync(body);
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.5.NAMEDBAR.over-fifteen-errors"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0].body[15].body[0]");
}

const char* const kDispatchCallees = R"(
prim_func f_small(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=cuda {
    copy(a, out)
}
prim_func f_big(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=cuda {
    copy(a, out)
}
)";

std::vector<Diagnostic> verify_dispatch(const std::string& dispatch) {
  text::ReadFile f = read(std::string(kDispatchCallees) +
                          "prim_func f(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 "
                          "target=cuda {\n" +
                          dispatch + "\n}\n");
  return verify(f, "f");
}

// covers: TIR.1.6.DISPATCH.verify-well-formed, TIR.1.6.DISPATCH.verify-one-subject
// covers: TIR.1.6.DISPATCH.verify-subject-shapeof, TIR.1.6.DISPATCH.verify-pattern-arity
// covers: TIR.1.6.DISPATCH.verify-fallback-abort
TEST(TirVerifyCalls, ADispatchHasOneShapeOfSubjectRangeRowsAndAnAbortFallback) {
  const std::string cases =
      "        case (DimVarRangePat(\"N\", 1, 65)) => @f_small(a, out)\n"
      "        case (DimVarRangePat(\"N\", 65, 4097)) => @f_big(a, out)\n";
  std::vector<Diagnostic> d = verify_dispatch("    dispatch \"f\" on (ShapeOf(a, 0)) {\n" + cases +
                                              "        fallback { abort }\n    }");
  EXPECT_TRUE(d.empty()) << rendered(d);
  d = verify_dispatch("    dispatch \"f\" on (ShapeOf(a, 0), ShapeOf(a, 1)) {\n" + cases +
                      "        fallback { abort }\n    }");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.6.DISPATCH.verify-one-subject"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "f.body[0]");
  d = verify_dispatch("    dispatch \"f\" on (a) {\n" + cases +
                      "        fallback { abort }\n    }");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.6.DISPATCH.verify-subject-shapeof"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "f.body[0].subjects[0]");
  d = verify_dispatch(
      "    dispatch \"f\" on (ShapeOf(a, 0)) {\n"
      "        case (DimVarRangePat(\"N\", 1, 65), DimVarRangePat(\"N\", 1, 65)) => @f_small(a, "
      "out)\n"
      "        fallback { abort }\n    }");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.6.DISPATCH.verify-pattern-arity"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "f.body[0].case_patterns[0]");
  for (const char* fallback :
       {"", "        fallback { abort\n return }\n", "        fallback { return }\n"}) {
    d = verify_dispatch("    dispatch \"f\" on (ShapeOf(a, 0)) {\n" + cases + fallback + "    }");
    EXPECT_EQ(rule_ids(d), Strings{"TIR.1.6.DISPATCH.verify-fallback-abort"})
        << fallback << rendered(d);
    EXPECT_EQ(d[0].ir_path, "f.body[0].fallback");
  }
}

// covers: TIR.1.6.DISPATCH.verify-parallel-table
TEST(TirVerifyCalls, ADispatchHasOneCallPerPatternRow) {
  text::ReadFile f = read(std::string(kDispatchCallees) + R"(
prim_func f(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=cuda {
    dispatch "f" on (ShapeOf(a, 0)) {
        case (DimVarRangePat("N", 1, 65)) => @f_small(a, out)
        fallback { abort }
    }
}
)");
  const tir::PrimFunction& fn = prim(f, "f");
  const auto& d0 = *fn.body()->body[0]->as<tir::DispatchCall>();
  std::vector<std::vector<Pattern>> rows = {d0.case_patterns[0], d0.case_patterns[0]};
  tir::Stmt two_rows =
      ok(tir::DispatchCall::make("f", d0.subjects, rows, d0.case_calls, d0.fallback));
  tir::PrimFunctionRef bad =
      ok(tir::PrimFunction::make("bad", fn.params(), ok(tir::Sequential::make({two_rows})), 1));
  std::vector<Diagnostic> d = verify(*bad, f.module.get());
  EXPECT_EQ(rule_ids(d), Strings{"TIR.1.6.DISPATCH.verify-parallel-table"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "bad.body[0]");
}

// covers: TIR.1.6.DISPATCH.verify-dimvarrangepat
TEST(TirVerifyCalls, ADispatchPatternIsADimVarRangePat) {
  // DimVarRangePat is the only Pattern kind, and the reader builds a case row only from one.
  EXPECT_EQ(pattern_kind_name(PatternKind::DimVarRangePat), "DimVarRangePat");
  EXPECT_TRUE(refused_by_the_reader(std::string(kDispatchCallees) + R"(
prim_func f(a: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=cuda {
    dispatch "f" on (ShapeOf(a, 0)) {
        case (5) => @f_small(a, out)
        fallback { abort }
    }
}
)"));
}

const char* const kLaunchKernels = R"(
prim_func kern(x: Tensor[(N, 4), f32], x_shape_0: Tensor[(), i32, storage=None], out: Tensor[(N, 4), f32]) outputs=1 target=cuda {
    copy(x, out)
}
prim_func helper(x: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=host {
    copy(x, out)
}
)";

std::vector<Diagnostic> verify_launch(const std::string& statement,
                                      const std::string& target = "host") {
  text::ReadFile f =
      read(std::string(kLaunchKernels) +
           "prim_func main(x: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 "
           "target=" +
           target + " {\n    " + statement + "\n}\n");
  return verify(f, "main");
}

// covers: TIR.2.3.LAUNCH.extent-exprs, TIR.2.3.LAUNCH.no-hidden-shape-args
// covers: TIR.2.3.LAUNCH.forwarded-args-order
TEST(TirVerifyCalls, ALaunchForwardsTheHostVisibleParametersOnly) {
  std::vector<Diagnostic> d =
      verify_launch("launch(@kern, (ShapeOf(x, 0) + 127) // 128, 1, 1, 128, 1, 1, x, out)");
  EXPECT_TRUE(d.empty()) << rendered(d);
  d = verify_launch("launch(@kern, 1, 1, 1, 32, 1, 1, x, ShapeOf(x, 0), out)");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.LAUNCH.no-hidden-shape-args"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "main.body[0].args[8]");
  d = verify_launch("launch(@kern, 1, 1, 1, 32, 1, 1, x)");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.LAUNCH.forwarded-args-order"}) << rendered(d);
}

// covers: TIR.2.3.LAUNCH.host-only
TEST(TirVerifyCalls, ALaunchAppearsOnlyInAHostFunction) {
  std::vector<Diagnostic> d = verify_launch("launch(@kern, 1, 1, 1, 32, 1, 1, x, out)", "cuda");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.LAUNCH.host-only"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "main.body[0]");
}

// covers: TIR.2.3.LAUNCH.callee-symbolref, TIR.2.3.LAUNCH.callee-device-cuda
TEST(TirVerifyCalls, ALaunchRunsACudaPrimFunctionNamedByASymbolRef) {
  std::vector<Diagnostic> d = verify_launch("launch(x, 1, 1, 1, 32, 1, 1, x, out)");
  EXPECT_EQ(paths_of(d, "TIR.2.3.LAUNCH.callee-symbolref"), Strings{"main.body[0]"}) << rendered(d);
  d = verify_launch("launch(@helper, 1, 1, 1, 32, 1, 1, x, out)");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.LAUNCH.callee-device-cuda"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "main.body[0].args[0]");
}

// covers: TIR.2.1.SYMREF.resolution-unique
TEST(TirVerifyCalls, ALaunchCalleeResolvesInTheModule) {
  text::ReadFile f = read(std::string(kLaunchKernels) + R"(
prim_func main(x: Tensor[(N, 4), f32], out: Tensor[(N, 4), f32]) outputs=1 target=host {
    launch(@kern, 1, 1, 1, 32, 1, 1, x, out)
}
)");
  ModuleRef alone = ok(Module::make("m", {FunctionRef(f.module->find("main"))}));
  std::vector<Diagnostic> d = verify(prim(f, "main"), alone.get());
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.1.SYMREF.resolution-unique"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "main.body[0].args[0]");
}

// The hand-written SM80 calling convention of seed 002 section 2.3, under `scope`.
std::string mma_kernel(const std::string& scope, const std::string& acc_layout = "FC") {
  return R"(
prim_func mma_tile(a: Tensor[(16, 16), bf16], b: Tensor[(16, 8), bf16], c: Tensor[(16, 8), f32]) outputs=1 target=cuda {
    with )" +
         scope + R"( {
        let a_frag = alloc_tensor(tensor_type=Tensor[(16, 16), bf16, layout=FA, storage=rmem])
        let b_frag = alloc_tensor(tensor_type=Tensor[(16, 8), bf16, layout=FB, storage=rmem])
        let acc = alloc_tensor(tensor_type=Tensor[(16, 8), f32, layout=)" +
         acc_layout + R"(, storage=rmem])
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
}

// covers: TIR.2.3.MMACALL.example-accepted, TIR.2.3.MMAVERIFY.identity-independent
// covers: TIR.2.3.MMAVERIFY.name-independent, TIR.2.3.MMAVERIFY.scope-any-on-stack
TEST(TirVerifyCalls, TheHandWrittenMmaConventionVerifies) {
  for (const char* scope :
       {"warp as w", "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, 4))) as warp2",
        "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, 4)), names=(\"x\", \"y\")) as lanes",
        "warp as w {\n with Mesh((Topology(\"thread\", 32),), Layout((32,), (1,))) as flat"}) {
    std::string src = mma_kernel(scope);
    if (std::string(scope).find("flat") != std::string::npos) src.insert(src.rfind('}'), "}\n");
    text::ReadFile f = read_with_decls(src);
    std::vector<Diagnostic> d = verify(f, "mma_tile");
    EXPECT_TRUE(d.empty()) << scope << "\n" << rendered(d);
  }
}

// covers: TIR.2.3.MMAVERIFY.acc-layout
TEST(TirVerifyCalls, AnMmaAccumulatorHasTheAtomsCLayout) {
  text::ReadFile f = read_with_decls(mma_kernel("warp as w", "FA"));
  std::vector<Diagnostic> d = verify(f, "mma_tile");
  EXPECT_EQ(paths_of(d, "TIR.2.3.MMAVERIFY.acc-layout"),
            Strings{"mma_tile.body[0].body[0].body[0].body[0].body[0].body[1].body[2]"})
      << rendered(d);
}

// A kernel over fragments passed as parameters (their meshes are then in scope) with `body`.
std::string mma_params_kernel(const std::string& body) {
  return "prim_func k(a_frag: Tensor[(16, 16), bf16, layout=FA, storage=rmem], b_frag: Tensor[(16, "
         "8), "
         "bf16, layout=FB, storage=rmem], acc: Tensor[(16, 8), f32, layout=FC, storage=rmem]) "
         "outputs=1 "
         "target=cuda {\n" +
         body + "\n}\n";
}

// The Mma of mma_params_kernel under `scope` (none when empty).
std::vector<Diagnostic> verify_mma_under(const std::string& scope) {
  const std::string mma = "mma(acc, a_frag, b_frag, atom=A0)";
  const std::string body =
      scope.empty() ? "    " + mma : "    with " + scope + " as s {\n        " + mma + "\n    }";
  text::ReadFile f = read_with_decls(mma_params_kernel(body));
  return verify(f, "k");
}

// covers: TIR.2.3.MMAVERIFY.scope-required, TIR.2.3.MMAVERIFY.same-topology-level
// covers: TIR.2.3.MMAVERIFY.static-domains, TIR.2.3.MMAVERIFY.self-consistent
// covers: TIR.2.3.MMAVERIFY.inverse-projectable, TIR.2.3.MMAVERIFY.exact-decomposition
// covers: TIR.2.3.MMAVERIFY.flat-lane-rejected
TEST(TirVerifyCalls, AnMmaWithAnAtomRunsUnderItsRequiredScope) {
  EXPECT_TRUE(verify_mma_under("warp").empty()) << rendered(verify_mma_under("warp"));
  std::vector<Diagnostic> d = verify_mma_under("");
  EXPECT_EQ(rule_ids(d), Strings{"TIR.2.3.MMAVERIFY.scope-required"}) << rendered(d);
  EXPECT_EQ(d[0].ir_path, "k.body[0]");
  const std::pair<const char*, const char*> cases[] = {
      {"TIR.2.3.MMAVERIFY.same-topology-level",
       "Mesh((Topology(\"cta\", 32),), Layout((4, 8), (1, 4)))"},
      {"TIR.2.3.MMAVERIFY.self-consistent",
       "Mesh((Topology(\"thread\", 64),), Layout((4, 8), (1, 4)))"},
      {"TIR.2.3.MMAVERIFY.inverse-projectable",
       "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (0, 4)))"},
      {"TIR.2.3.MMAVERIFY.exact-decomposition",
       "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (8, 1)))"},
      {"TIR.2.3.MMAVERIFY.flat-lane-rejected",
       "Mesh((Topology(\"thread\", 32),), Layout((32,), (1,)))"},
  };
  for (const auto& [rule, scope] : cases) {
    d = verify_mma_under(scope);
    EXPECT_EQ(paths_of(d, rule), Strings{"k.body[0].body[0]"}) << rule << "\n" << rendered(d);
    EXPECT_EQ(paths_of(d, "TIR.2.3.MMAVERIFY.scope-required"), Strings{"k.body[0].body[0]"});
  }
  // A thread mesh of a symbolic size (tfir has no spelling for it): the MeshScope rebuilt.
  text::ReadFile f = read_with_decls(
      mma_params_kernel("    with warp as s {\n        mma(acc, a_frag, b_frag, atom=A0)\n    }"));
  const tir::PrimFunction& k = prim(f, "k");
  const auto& warp_scope = *k.body()->body[0]->as<tir::MeshScope>();
  Mesh dynamic = dynamic_mesh(IntTuple::tuple({4, 8}), IntTuple::tuple({1, 4}));
  tir::Stmt rescoped = ok(tir::MeshScope::make(dynamic, tir::mesh_binding("s"), warp_scope.body));
  tir::PrimFunctionRef dyn =
      ok(tir::PrimFunction::make("k", k.params(), ok(tir::Sequential::make({rescoped})), 1));
  d = verify(*dyn, f.module.get());
  EXPECT_EQ(paths_of(d, "TIR.2.3.MMAVERIFY.static-domains"), Strings{"k.body[0].body[0]"})
      << rendered(d);
}

}  // namespace
}  // namespace tf::tir_verify_test
