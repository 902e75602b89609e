// Reading `prim_func` bodies: docs/tfir.md section 6 reads into PrimFunctions of the expected
// shape, statements of every kind read, and bad bodies fail at a position.
#include <gtest/gtest.h>

#include "ir/text/standard_context.h"

#include "ir/core/core_ops.h"
#include "ir/text/file_reader.h"
#include "ir/text/test/tfir_contract_examples.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/tir_ops.h"

namespace tf::text {
namespace {

/// Every op family and the MMA atoms (text::standard_context()).
const Context& tables() { return standard_context(); }

const Context& options() {
  return tables();
}

// docs/tfir.md section 2 without its `entry main` line (the tests name their own functions).
std::string declarations() {
  std::string s = testing::kSection2;
  return s.substr(0, s.find("entry main"));
}

Result<ReadFile> read(const std::string& src) {
  return read_file(declarations() + src, "t.tfir", options());
}

std::string first_error(const std::string& src) {
  Result<ReadFile> f = read(src);
  return f.ok() ? "read" : f.diagnostics()[0].render();
}

const tir::PrimFunction& prim(const ReadFile& f, const std::string& name) {
  return *f.module->find(name)->as<tir::PrimFunction>();
}

TEST(TirReader, ContractSection6Reads) {
  Result<ReadFile> f = read(std::string("entry main\n\n") + testing::kDoubleRows + "\n\n" + testing::kMain + "\n");
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const tir::PrimFunction& k = prim(*f, "double_rows");
  EXPECT_EQ(k.target(), tir::Target::Cuda);
  EXPECT_EQ(k.output_count(), 1);
  ASSERT_EQ(k.body()->size(), 1u);
  const auto* scope = k.body()->body[0]->as<tir::MeshScope>();
  ASSERT_NE(scope, nullptr);
  EXPECT_EQ(scope->binding->name, "c");
  // let va = ... takes the rest of the block as its body: the chain nests.
  ASSERT_EQ(scope->body->size(), 1u);
  const auto* va = scope->body->body[0]->as<tir::LetStmt>();
  ASSERT_NE(va, nullptr);
  EXPECT_EQ(va->var->name, "va");
  const auto* r = va->body->body[0]->as<tir::LetStmt>();
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->body->size(), 2u);  // copy(va, r), then let s = ... over the rest
  EXPECT_TRUE(r->body->body[0]->is<tir::Evaluate>());
  const tir::PrimFunction& host = prim(*f, "main");
  EXPECT_EQ(host.target(), tir::Target::Host);
  const auto* launch = host.body()->body[0]->as<tir::Evaluate>();
  ASSERT_NE(launch, nullptr);
  ASSERT_TRUE(launch->is_op());
  EXPECT_EQ(launch->call().op.name(), "tir.Launch");
  EXPECT_EQ(launch->call().args.size(), 9u);
}

TEST(TirReader, EveryStatementKindReads) {
  Result<ReadFile> f = read(R"(
prim_func k(a: Tensor[(N, 12), f32], out: Tensor[(N, 12), f32]) outputs=1 target=cuda {
    with warp as w {
        for i in range(0, 4, 1) {
            sync(w)
            sync(w[0:2, :])
        }
        let t = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem]) {
            fill(t, 0.0)
        }
        cp_async_commit()
        cp_async_wait(n=1)
    }
    return
}

prim_func host(a: Tensor[(N, 12), f32], out: Tensor[(N, 12), f32]) outputs=1 target=host {
    dispatch "k" on (ShapeOf(a, 0)) {
        case (DimVarRangePat("N", 1, 65)) => @k(a, out)
        fallback { abort }
    }
    abort "unreachable"
}
)");
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const tir::PrimFunction& host = prim(*f, "host");
  const auto* d = host.body()->body[0]->as<tir::DispatchCall>();
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->callee_name, "k");
  EXPECT_EQ(d->case_calls.size(), 1u);
  EXPECT_EQ(d->fallback->size(), 1u);
}

TEST(TirReader, BadBodiesFailAtAPosition) {
  EXPECT_EQ(first_error("\nprim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n    frob(a)\n}\n"),
            "t.tfir:11:5: error[parse]: no op is spelled 'frob' in a prim_func (`tf ops` lists them)");
  EXPECT_EQ(first_error("\nprim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n    with Lg as m {\n    }\n}\n"),
            "t.tfir:11:10: error[parse]: with takes a mesh, found the shard layout 'Lg'");
  EXPECT_EQ(first_error("\nprim_func k(a: Tensor[(4,), f32]) outputs=1 target=cuda {\n    @nope(a)\n}\n"),
            "t.tfir:11:5: error[TIR.1.3.VERIFY.callee-unique]: no function @nope in this file");
  // covers: TIR.2.1.SYMREF.resolution-unique
  const std::string launch = first_error(
      "\nprim_func h(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 {\n"
      "    launch(@nokernel, 1, 1, 1, 1, 1, 1, a, out)\n}\n");
  EXPECT_EQ(launch.substr(0, launch.find(": no function")), "t.tfir:11:12: error[TIR.2.1.SYMREF.resolution-unique]") << launch;
}

// `n` lets in a row, each the body of the one before (a lowered kernel's shape), then `return`.
std::string let_chain(int n) {
  std::string s = "\nprim_func k(out: Tensor[(), i64]) outputs=1 target=cuda {\n";
  for (int i = 0; i < n; ++i)
    s += "    let v" + std::to_string(i) + " = alloc_tensor(tensor_type=Tensor[(), i64, storage=rmem])\n";
  return s + "    return\n}\n";
}

// Finding 7 of issue 34: what `tf lower` printed did not read back once its lets nested past the
// reader's limit. A let without braces takes the rest of its block and is read without recursion;
// lets nest up to tir::kMaxLetNesting (2,000, for the passes that still recurse once per let; the
// lowering refuses deeper kernels), and the next one is refused where it stands.
TEST(TirReader, TwoThousandLetsInARowReadAndTheNextIsRefusedWhereItStands) {
  Result<ReadFile> f = read(let_chain(2000));
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  EXPECT_EQ(tir::let_nesting(tir::Stmt(prim(*f, "k").body().get())), 2000u);
  EXPECT_EQ(first_error(let_chain(2001)),
            "t.tfir:2011:5: error[parse]: lets nested deeper than 2000 levels (each let's body is the rest of its "
            "block)");
}

// Lets without braces in a block that holds other statements and a braced let: each takes the
// rest of its own block, and their names resolve where they are in scope.
TEST(TirReader, LetsTakeTheRestOfTheirOwnBlock) {
  Result<ReadFile> f = read(R"(
prim_func k(out: Tensor[(4,), f32]) outputs=1 target=cuda {
    with warp as w {
        let a = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem])
        for i in range(0, 2, 1) {
            let b = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem])
            copy(a, b)
        }
        let c = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem]) {
            copy(a, c)
        }
        let d = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem])
        copy(d, out)
    }
}
)");
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const auto* scope = prim(*f, "k").body()->body[0]->as<tir::MeshScope>();
  ASSERT_NE(scope, nullptr);
  ASSERT_EQ(scope->body->size(), 1u);
  const auto* a = scope->body->body[0]->as<tir::LetStmt>();
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->body->size(), 3u);  // the loop, the braced let, the let d taking the rest
  EXPECT_TRUE(a->body->body[0]->is<tir::For>());
  EXPECT_EQ(a->body->body[1]->as<tir::LetStmt>()->var->name, "c");
  const auto* d = a->body->body[2]->as<tir::LetStmt>();
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->body->size(), 1u);
  EXPECT_EQ(first_error("\nprim_func k(out: Tensor[(4,), f32]) outputs=1 target=cuda {\n    with warp as w {\n"
                        "        let c = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem]) {\n        }\n"
                        "        copy(c, out)\n    }\n}\n"),
            "t.tfir:14:14: error[parse]: 'c' is not defined here");
}

}  // namespace
}  // namespace tf::text
