// What the surface reader builds, checked against the seeds' rules on the parsed form: literals
// are umat, statement-position invocations are Evaluate, the TIR containers and op sets, mesh
// slices that never become values.
#include <gtest/gtest.h>

#include "ir/text/standard_context.h"

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/core_ops.h"
#include "ir/core/var.h"
#include "ir/hir/function.h"
#include "ir/hir/math_ops.h"
#include "ir/text/file_reader.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/sync.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/unit_type.h"

namespace tf::text {
namespace {

/// Every op family and the MMA atoms (text::standard_context()).
const Context& tables() { return standard_context(); }

ReadFile read(const std::string& src) {
  Result<ReadFile> f = read_file("tfir 1\nmesh warp = Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, 4)))\n" + src,
                                 "s.tfir", tables());
  EXPECT_TRUE(f.ok()) << f.diagnostics()[0].render();
  return *f;
}

std::string first_error(const std::string& src) {
  Result<ReadFile> f = read_file("tfir 1\n" + src, "s.tfir", tables());
  return f.ok() ? "read" : f.diagnostics()[0].render();
}

// A prim_func exercising every effect op and value op that needs no atom.
const char* const kOps = R"(
prim_func k(a: Tensor[(32,), f32], w: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=cuda {
    with warp as t {
        let p = ptr_of(a)
        let m = memory_span(a)
        let v = tensor_view(a, layout=Layout((32,), (1,)))
        let r = alloc_tensor(tensor_type=Tensor[(32,), f32, storage=rmem])
        let s = alloc_tensor(tensor_type=Tensor[(1,), f32, storage=rmem])
        copy(v, r)
        fill(r, 0.0)
        relu(r, r)
        rms_norm(r, r, w, eps=0.000001)
        reduce(r, s, axes=(0,), kind=sum)
        sync(t)
        sync(t[0:2, :])
        @k(a, w, out)
    }
}
)";

TEST(SurfaceRules, HirLiteralsAreUnmaterialized) {
  // covers: TYPES.2.STORAGE.literal-is-umat
  ReadFile f = read("func g(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = add(x, 1.0)\n    return y\n}\n");
  const auto& g = *f.module->find("g")->as<hir::Function>();
  const Call& add = *g.body()->as<Call>();
  const Constant* one = add.args[1]->as<Constant>();
  ASSERT_NE(one, nullptr);
  EXPECT_EQ(one->type()->as<TensorType>()->storage, StorageKind::Umat);
  EXPECT_EQ(one->float_value(), 1.0);
}

TEST(SurfaceRules, PrimFuncParsesToTirWithSequentialBodiesOfStatements) {
  // covers: TIR.0.INTRO.prim-func-parses-to-tir, TIR.0.INTRO.container
  ReadFile f = read(kOps);
  const auto& k = *f.module->find("k")->as<tir::PrimFunction>();
  EXPECT_EQ(k.name(), "k");
  EXPECT_EQ(k.params().size(), 3u);
  EXPECT_EQ(k.output_count(), 1);
  ASSERT_TRUE(k.body());
  EXPECT_EQ(k.body()->kind(), tir::StmtKind::Sequential);
}

TEST(SurfaceRules, EffectOpsAreEvaluatesAndValueOpsAreLetAnchored) {
  // covers: TIR.0.INTRO.effect-op-set, TIR.0.INTRO.value-op-set, TYPES.6.UNIT.evaluate-in-stmt-position
  // covers: TIR.1.4.EVAL.sole-wrapper
  ReadFile f = read(kOps);
  const auto& k = *f.module->find("k")->as<tir::PrimFunction>();
  std::vector<std::string> evaluated, anchored;
  int symbol_calls = 0;
  tir::walk(k.body(), [&](const tir::StmtNode& s) {
    if (const auto* e = s.as<tir::Evaluate>()) {
      if (!e->is_op()) {
        ++symbol_calls;
        return;
      }
      EXPECT_EQ(e->call().op.form(), OpForm::Effect);
      EXPECT_TRUE(e->call().type()->is<UnitType>());
      evaluated.emplace_back(e->call().op.name());
    }
    if (const auto* let = s.as<tir::LetStmt>()) {
      const Call* c = let->value->as<Call>();
      ASSERT_NE(c, nullptr);
      EXPECT_EQ(c->op.form(), OpForm::Value);
      EXPECT_TRUE(c->type()->is<TensorType>());
      anchored.emplace_back(c->op.name());
    }
  });
  EXPECT_EQ(evaluated, (std::vector<std::string>{"tir.memory.Copy", "tir.memory.Fill", "tir.nn.ReLU",
                                                 "tir.nn.RMSNorm", "tir.tensor.Reduce", "tir.sync.Sync",
                                                 "tir.sync.Sync"}));
  EXPECT_EQ(anchored, (std::vector<std::string>{"tir.memory.PtrOf", "tir.memory.MemorySpan",
                                                "tir.memory.TensorView", "tir.memory.AllocTensor",
                                                "tir.memory.AllocTensor"}));
  EXPECT_EQ(symbol_calls, 1);
}

TEST(SurfaceRules, AMeshSliceIsOnlyTheSyncAttribute) {
  // covers: TIR.1.5.SYNC.slice-not-ssa
  ReadFile f = read(kOps);
  const auto& k = *f.module->find("k")->as<tir::PrimFunction>();
  std::vector<Mesh> synced;
  int lets = 0;
  tir::walk(k.body(), [&](const tir::StmtNode& s) {
    if (s.is<tir::LetStmt>()) ++lets;
    if (const auto* e = s.as<tir::Evaluate>(); e && e->is_op() && tir::is_sync(*e)) {
      EXPECT_TRUE(e->call().args.empty());  // no operand: the mesh is not a value
      synced.push_back(tir::sync_mesh(e->call()));
    }
  });
  EXPECT_EQ(lets, 5);  // the five value ops, nothing for the slice
  ASSERT_EQ(synced.size(), 2u);
  const Mesh& warp = std::get<Mesh>(*f.file.environment.layouts().find("warp"));
  EXPECT_TRUE(synced[0] == warp);  // sync(t): the scope's mesh itself
  EXPECT_NE(to_string(synced[1]), to_string(synced[0]));  // the slice m[0:2, :] is its own Mesh
}

TEST(SurfaceRules, ABareValueIsNotAStatement) {
  // covers: TIR.0.INTRO.stmts-only
  EXPECT_EQ(first_error("prim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n    a\n}\n"),
            "s.tfir:3:5: error[parse]: expected a statement, found the value 'a'");
  // A value op in statement position: its result would have no handle.
  EXPECT_EQ(first_error("prim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n    ptr_of(a)\n}\n"),
            "s.tfir:3:5: error[TIR.1.4.EVAL.callable-kinds]: tir.memory.PtrOf is a value-form op: its Call "
            "has a result and is anchored by a LetStmt; an Evaluate takes an effect-form op or a "
            "function symbol");
}

}  // namespace
}  // namespace tf::text
